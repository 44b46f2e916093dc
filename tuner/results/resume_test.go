package results

import "testing"

func TestSameSpace(t *testing.T) {
	base := "# a comment\nname = \"s\"\n\n[params]\ndepth = [1, 2]\n[scenario]\nmaps = [\"a\"]\n"
	for _, c := range []struct {
		name, other string
		same        bool
		key         string
	}{
		{"identical", base, true, ""},
		{"comments and layout", "name = 's'   # renamed comment\n[scenario]\nmaps = ['a']\n[params]\n# depth\ndepth = [ 1,\n 2 ]\n", true, ""},
		{"a value", "name = \"s\"\n[params]\ndepth = [1, 3]\n[scenario]\nmaps = [\"a\"]\n", false, "params.depth"},
		{"a key more", base + "seed = 4\n", false, "scenario.seed"},
		{"not toml", "name = \n", false, ""},
	} {
		key, same := sameSpace([]byte(base), []byte(c.other))
		if same != c.same || key != c.key {
			t.Errorf("%s: got (%q, %v), want (%q, %v)", c.name, key, same, c.key, c.same)
		}
	}
}
