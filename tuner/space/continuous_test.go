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
	if c.Iterations != 2000 || c.A != 200 || c.Alpha != 0.602 || c.Gamma != 0.101 || c.FinalGames != 1000 {
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
	} {
		_, err := parseCont(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}
