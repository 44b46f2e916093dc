package space

import (
	"strings"
	"testing"
)

// TestGauntletErrors: a gauntlet ([tournament] gauntlet = true) without a
// field, without the defaults, in another format or under method staged
// is an error at file:line: tournament.gauntlet; with a field it parses.
func TestGauntletErrors(t *testing.T) {
	sc := func(field string) string {
		return "[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"twelve.toml\"]\n" + field +
			"[params]\nx1 = { values = [0, 1] }\nx2 = { values = [0, 1] }\n"
	}
	f := "field = [\"fixed\"]\n"
	for _, c := range []struct{ text, want string }{
		{sc("") + "[tournament]\nformat = \"halving\"\ngauntlet = true\n", ":10:1: tournament.gauntlet: needs a field in every scenario (the rungs after the first play the variants against the field only), and scenario 1 has none"},
		{"[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"twelve.toml\"]\n" + sc(f) + "[tournament]\nformat = \"halving\"\ngauntlet = true\n", "and scenario 1 has none"},
		{sc(f) + "[generate]\ninclude_defaults = false\n[tournament]\nformat = \"halving\"\ngauntlet = true\n", "tournament.gauntlet: rates every variant by its points against the field less the defaults'"},
		{sc(f) + "[tournament]\nformat = \"race\"\ngauntlet = true\n", "tournament.gauntlet: is a setting of format halving; format race ignores it"},
		{sc(f) + "[tournament]\ngauntlet = true\n", "tournament.gauntlet: is a setting of format halving; format knockout ignores it"},
		{sc(f) + "[tournament]\nformat = \"halving\"\ngauntlet = 1\n", "tournament.gauntlet"},
	} {
		_, err := Parse("../../configs/synthetic/k.toml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "../../configs/synthetic/k.toml:") {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	s, err := Parse("../../configs/synthetic/k.toml", []byte(sc(f)+"[tournament]\nformat = \"halving\"\ngauntlet = true\n"))
	if err != nil || !s.Tournament.Gauntlet {
		t.Fatalf("%v, gauntlet %v", err, s != nil && s.Tournament.Gauntlet)
	}
}
