package space

import (
	"strings"
	"testing"
)

// Deeply nested or huge TOML is refused before it is decoded, with the
// file and line; ordinary nesting passes.
func TestTOMLLimits(t *testing.T) {
	deep := "name = \"x\"\nv = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n"
	dotted := "name = \"x\"\n" + strings.Repeat("a.", 100000) + "b = 1\n"
	header := "name = \"x\"\n[" + strings.Repeat("a.", 40) + "b]\n"
	big := "name = \"x\"\n#" + strings.Repeat("x", MaxTOMLBytes) + "\n"
	for what, src := range map[string]string{"nested arrays": deep, "dotted key": dotted, "header": header, "size": big} {
		_, err := Parse("deep.toml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), "deep.toml") {
			t.Errorf("%s: %v", what, err)
		}
	}
	ok := "# a [[ comment ] {\nname = \"x\" # ]]]]\ns = \"[[[[\"\nm = '''\n[[[\n'''\nv = [[1, 2], [3, [4]]]\nt = { a = { b = 1.5 } }\n"
	if err := checkTOMLLimits("ok.toml", []byte(ok)); err != nil {
		t.Error(err)
	}
}
