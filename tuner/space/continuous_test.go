package space

import (
	"strings"
	"testing"
)

const contHead = `name = "c"
[[scenario]]
game = "synthetic"
bot  = "landscape"
maps = ["peak8.toml"]
`

func parseCont(text string) (*Space, error) {
	return Parse("../../configs/synthetic/c.toml", []byte(contHead+text))
}

func TestContinuousDefaults(t *testing.T) {
	s, err := parseCont("[params]\nx1 = { min = -1.0, max = 1.0 }\nx2 = { min = -0.5, max = 1.5, c_end = 0.1, r_end = 0.002 }\n[generate]\nmethod = \"spsa\"\n")
	if err != nil {
		t.Fatal(err)
	}
	c := s.Generate.Continuous
	if c.Iterations != DefaultIterations || c.A != DefaultIterations/10 || c.Alpha != 0.602 || c.Gamma != 0.101 || c.FinalGames != 1000 {
		t.Errorf("defaults: %+v", c)
	}
	if p := s.Params[0]; p.CEnd != 0.4 || p.REnd != DefaultREnd || !p.Continuous {
		t.Errorf("x1: c_end %g r_end %g", p.CEnd, p.REnd)
	}
	if p := s.Params[1]; p.CEnd != 0.1 || p.REnd != 0.002 {
		t.Errorf("x2: c_end %g r_end %g", p.CEnd, p.REnd)
	}
	if s.Tournament.Confidence != 0.99 {
		t.Errorf("confidence %g, want 0.99 for spsa", s.Tournament.Confidence)
	}
	if vs := s.Variants(); len(vs) != 1 || !vs[0].Default {
		t.Errorf("variants %v, want the defaults alone", vs)
	}
	if x := s.PointValues([]float64{2, -0.25}); x["x1"] != 1.0 || x["x2"] != -0.25 {
		t.Errorf("PointValues: %v", x)
	}
}

func TestContinuousErrors(t *testing.T) {
	r := "[params]\nx1 = { min = -1.0, max = 1.0 }\n"
	for _, c := range []struct{ text, want string }{
		{r + "[generate]\nmethod = \"spsa\"\nsamples = 4\n", "generate.samples: is a setting of methods random and lhs; method spsa ignores it"},
		{r + "[generate]\nmethod = \"grid\"\niterations = 4\n", "generate.iterations: is a setting of method spsa; method grid ignores it"},
		{r + "[generate]\nmethod = \"spsa\"\ngenerations = 4\n", "generate.generations: is a setting of method cmaes; method spsa ignores it"},
		{r + "[generate]\nmethod = \"spsa\"\niterations = 0\n", "generate.iterations: must be between 1"},
		{"[params]\nx1 = { values = [0.0, 1.0] }\n[generate]\nmethod = \"spsa\"\n", "method spsa moves through a range"},
		{"[params]\nx1 = { min = -1.0, max = 1.0, c_end = 2.0 }\n[generate]\nmethod = \"spsa\"\n", "c_end: must be above 0 and at most half the range"},
		{"[params]\nx1 = { min = -1.0, max = 1.0, r_end = 0.1 }\n[generate]\nmethod = \"random\"\nsamples = 3\n", "r_end: is a setting of method spsa, not of random"},
		{r + "[generate]\nmethod = \"cmaes\"\npopulation = 1\n", "generate.population: must be at least 2"},
		{"[params]\nx1 = { min = -1.0, max = 1.0, start = 0.5 }\n[generate]\nmethod = \"random\"\nsamples = 3\n", "start: is a setting of methods spsa and cmaes, not of random"},
		{"[params]\nx1 = { min = -1.0, max = 1.0, start = \"a\" }\n[generate]\nmethod = \"spsa\"\n", "params.x1.start"},
		{r + "[generate]\nmethod = \"spsa\"\niterations = 50\n[tournament]\nbudget = 1000\n", "tournament.budget: sets the length of method spsa's search: give the budget or [generate] iterations/generations, not both"},
		{r + "[generate]\nmethod = \"cmaes\"\n[tournament]\nbudget = \"1 hour\"\n", "tournament.budget: want a CPU time"},
		{r + "[generate]\nmethod = \"random\"\nsamples = 3\n[tournament]\nbudget = 1000\n", "tournament.budget: is a setting of format halving and methods spsa and cmaes; format knockout ignores it"},
	} {
		_, err := parseCont(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

// TestContinuousStart: start sets where the search starts (clipped to the
// range); the default otherwise; validate's warnings name a range that
// excludes the default and a start outside the range; a budget is read.
func TestContinuousStart(t *testing.T) {
	s, err := parseCont("[params]\nx1 = { min = 0.0, max = 10.0, start = 3.0 }\nx2 = { min = 0.5, max = 1.0 }\nx3 = { min = -1.0, max = 1.0, start = 4.0 }\nx4 = { min = -1.0, max = 1.0 }\n[generate]\nmethod = \"cmaes\"\n[tournament]\nbudget = 30000\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Start(); got[0] != 3 || got[1] != 0.5 || got[2] != 1 || got[3] != 0 {
		t.Errorf("Start %v, want [3 0.5 1 0]", got)
	}
	if s.Tournament.BudgetGames != 30000 {
		t.Errorf("budget %d games, want 30000", s.Tournament.BudgetGames)
	}
	w := strings.Join(s.StartWarnings(), "\n")
	for _, want := range []string{"x2: the range 0.5 .. 1.0 excludes the default 0.0: the search starts at 0.5", "x3: start 4.0 is outside the range -1.0 .. 1.0"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings %q: no %q", w, want)
		}
	}
	if strings.Contains(w, "x1") || strings.Contains(w, "x4") {
		t.Errorf("warnings %q name x1 or x4", w)
	}
}
