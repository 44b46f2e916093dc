package space

import (
	"strings"
	"testing"
)

// TestRepeatsNotForExternalBots: a scenario of Connect Four (which draws
// nothing from the seed) without opening plies warns that deterministic
// bots repeat their games when its bot is built-in (deterministic), but
// not when it is an external bot that nothing declares deterministic
// (main warned for every external-bot space). The bot is not started:
// its parameters are declared in the file.
func TestRepeatsNotForExternalBots(t *testing.T) {
	const ext = `
[bots.mine]
game = "connect4"
cmd = ["/nonexistent/mybot"]
params = { depth = { type = "int", default = 3, min = 1, max = 9 } }
`
	for _, c := range []struct {
		name, src string
		warn      bool
	}{
		{"built-in", "[[scenario]]\ngame = \"connect4\"\nopening_plies = 0\n[params]\ndepth = { values = [1, 2] }\n", true},
		{"external", ext + "[[scenario]]\ngame = \"connect4\"\nbot = \"mine\"\n[params]\ndepth = { values = [1, 2] }\n", false},
		{"external, field built-in", ext + "[[scenario]]\ngame = \"connect4\"\nbot = \"mine\"\nfield = [\"random\"]\n[params]\ndepth = { values = [1, 2] }\n", false},
	} {
		s, err := Parse(c.name+".toml", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		why := s.Scenarios[0].Repeats()
		if got := strings.Contains(why, "deterministic bots play the same game"); got != c.warn {
			t.Errorf("%s: warning %v (%q), want %v", c.name, got, why, c.warn)
		}
	}
}
