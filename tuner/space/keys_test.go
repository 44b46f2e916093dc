package space

import (
	"strings"
	"testing"
)

// TestIgnoredKeysAreErrors: a key the chosen method (or format) does not
// read is an error naming the method or format and the file:line:key,
// for every method (issue 31: format, max_games, group and advance under
// method = "spsa", samples with grid or factorial passed in silence);
// settings that conflict are an error, not an override.
func TestIgnoredKeysAreErrors(t *testing.T) {
	r := "[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"twelve.toml\"]\n[params]\nx1 = { min = -1.0, max = 1.0 }\n"
	d := "[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"twelve.toml\"]\n[params]\nx1 = { values = [0, 1] }\nx2 = { values = [0, 1] }\nx3 = { values = [0, 1] }\n"
	for _, c := range []struct{ text, want string }{
		{r + "[generate]\nmethod = \"spsa\"\n[tournament]\nformat = \"race\"\n", ":10:1: tournament.format: is a setting of methods grid, sweep, random, lhs, staged and factorial; method spsa ignores it"},
		{r + "[generate]\nmethod = \"spsa\"\n[tournament]\nmax_games = 400\n", "tournament.max_games: is a setting of formats knockout, race and halving; method spsa ignores it"},
		{r + "[generate]\nmethod = \"spsa\"\n[tournament]\ngroup = 4\n", "tournament.group: is a setting of format knockout; method spsa ignores it"},
		{r + "[generate]\nmethod = \"cmaes\"\n[tournament]\nadvance = 1\n", "tournament.advance: is a setting of format knockout; method cmaes ignores it"},
		{r + "[generate]\nmethod = \"cmaes\"\n[tournament]\neta = 3\n", "tournament.eta: is a setting of format halving; method cmaes ignores it"},
		{d + "[generate]\nmethod = \"grid\"\nsamples = 8\n", ":11:1: generate.samples: is a setting of methods random and lhs; method grid ignores it"},
		{d + "[generate]\nmethod = \"factorial\"\nsamples = 8\n", "generate.samples: is a setting of methods random and lhs; method factorial ignores it"},
		{d + "[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\nmax_games = 100\ngroup = 2\n", "tournament.group: is a setting of format knockout; format halving ignores it"},
		{d + "[tournament]\nformat = \"race\"\nrung_blocks = 2\n", "tournament.rung_blocks: is a setting of format halving; format race ignores it"},
		{d + "[tournament]\nformat = \"knockout\"\nbudget = 500\n", "tournament.budget: is a setting of format halving and methods spsa and cmaes; format knockout ignores it"},
		{d + "[generate]\nmethod = \"spsa\"\nsamples = 3\n", "generate.samples: is a setting of methods random and lhs; method spsa ignores it"},
		// conflicting settings
		{d + "[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\nbudget = 500\nrung_blocks = 2\n", ":14:1: tournament.rung_blocks: give budget or rung_blocks, not both"},
	} {
		_, err := Parse("../../configs/synthetic/k.toml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	// what a method reads passes
	for _, text := range []string{
		r + "[generate]\nmethod = \"spsa\"\niterations = 10\nfinal_games = 10\n[tournament]\nconfidence = 0.95\nholdout = true\nbootstrap = 200\n",
		d + "[generate]\nmethod = \"random\"\nsamples = 3\n[tournament]\nformat = \"knockout\"\ngroup = 2\nadvance = 1\nmax_games = 10\n",
		d + "[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\nbudget = 500\neta = 2\n",
	} {
		if _, err := Parse("../../configs/synthetic/k.toml", []byte(text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}

// TestNotASpace: a landscape or a bot config file given as a space says
// what it is (issue 31: "doc: unknown key").
func TestNotASpace(t *testing.T) {
	for path, want := range map[string]string{
		"../../configs/synthetic/twelve.toml": "this is a synthetic landscape",
		"../../configs/synthetic/peak8.toml":  "this is a synthetic landscape",
		"../../configs/groker/tuned.toml":     "this is a bot config file",
	} {
		_, err := Load(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), path+":") {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}
