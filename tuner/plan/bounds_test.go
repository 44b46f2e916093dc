package plan

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/space"
)

// edgeLandscape has every default on the lower bound of its range and
// every best value elsewhere: x1 and x2 on the opposite bound, x3 and x4
// inside (200 Elo above the defaults).
const edgeLandscape = `doc     = "defaults on a bound, best values on the opposite bound and inside"
players = 2

[peak]
x1 = { best = 10, k = 0.6 }
x2 = { best = 1, k = 60 }
x3 = { best = 60, k = 0.006 }
x4 = { best = 0.7, k = 120 }
`

// TestCMAESBoundOpposite: with every default on a bound and the best
// values on the opposite bound or inside, CMA-ES's final point is within
// 10 Elo of the peak in every seed. Without the bound handling (fold;
// noBoxTransform) the mean drifts past the starting bound, where every
// candidate plays the bound and nothing pulls it back, and the test fails
// (issue 32).
func TestCMAESBoundOpposite(t *testing.T) {
	d := &synthetic.Drawn{Seed: 0, Knobs: []synthetic.FamilyKnob{
		{Name: "x1", Min: 0, Max: 10}, {Name: "x2", Min: 0, Max: 1}, {Name: "x3", Min: 0, Max: 100}, {Name: "x4", Min: 0, Max: 1}}}
	land, err := synthetic.ParseLandscape("edge.toml", []byte(edgeLandscape))
	if err != nil {
		t.Fatal(err)
	}
	_, peak := land.Best()
	seeds := envSeeds("TOURNEY_FAMILY_SEEDS", 4)
	if raceEnabled && os.Getenv("TOURNEY_FAMILY_SEEDS") == "" {
		seeds = 2 // seeds 1, 2: without the fold seed 2 ends 36 Elo below the peak
	}
	hits := 0
	for seed := 1; seed <= seeds; seed++ {
		s := familySpaceText(t, edgeLandscape, d.Params(), uint64(seed), "method = \"cmaes\"", "")
		h := simRun(t, s)
		p, err := s.BotParams(0, space.Variant{Values: h.values[len(h.values)-1]})
		if err != nil {
			t.Fatal(err)
		}
		got := land.Value(p)
		if got >= peak-30 {
			hits++
		} else {
			t.Logf("seed %d: %.1f Elo below the peak (%.1f):%s", seed, peak-got, peak, fmtValues(s, h.values[len(h.values)-1]))
		}
	}
	t.Logf("cmaes, defaults on a bound (noBoxTransform %v): within 30 Elo of the peak in %d of %d seeds", noBoxTransform, hits, seeds)
	if hits < seeds {
		t.Errorf("cmaes: within 30 Elo of the peak in %d of %d seeds, want all", hits, seeds)
	}
}

// edgeParams are edgeLandscape's ranges: every default on the lower bound.
const edgeParams = "[params]\nx1 = { min = 0.0, max = 10.0 }\nx2 = { min = 0.0, max = 1.0 }\nx3 = { min = 0.0, max = 100.0 }\nx4 = { min = 0.0, max = 1.0 }\n"

// TestContinuousBudget: [tournament] budget sets SPSA's iterations (2
// games each on one two-seat map) and CMA-ES's generations (a round
// robin of the 12 candidates and the defaults, both seatings, 4 blocks:
// 624 games), and the plan's search stays within it.
func TestContinuousBudget(t *testing.T) {
	for _, c := range []struct {
		method string
		budget int
		want   int
	}{{"spsa", 3001, 1500}, {"cmaes", 10000, 16}} {
		s := familySpaceText(t, edgeLandscape, edgeParams, 1, "method = \""+c.method+"\"", fmt.Sprintf("budget = %d", c.budget))
		cfg := ContinuousConfig(s)
		got := cfg.Iterations
		if c.method == "cmaes" {
			got = cfg.Generations
		}
		if got != c.want {
			t.Errorf("%s, budget %d games: %d rounds, want %d", c.method, c.budget, got, c.want)
		}
		if c.method == "spsa" && cfg.A != float64(c.want)/10 {
			t.Errorf("spsa: A %g, want %g", cfg.A, float64(c.want)/10)
		}
		if g := PlanTournament(s, 1).GamesPerSearch; g > c.budget || g < c.budget*9/10 {
			t.Errorf("%s: the search plays %d games, budget %d", c.method, g, c.budget)
		}
	}
}

// TestConvergence: a search stopped early on edgeLandscape (its best
// values far from the defaults) is "moving"; a search of peak8 (sharper
// peaks, near the defaults) at the default length is "settled".
// convergence.csv has a row per knob with its range, start and final
// point.
func TestConvergence(t *testing.T) {
	for _, c := range []struct {
		method, generate, want string
	}{
		{"spsa", "iterations = 1000", "moving"},
		{"spsa", "", "settled"},
		{"cmaes", "generations = 12", "moving"},
		{"cmaes", "", "settled"},
	} {
		if raceEnabled && c.want == "settled" { // full-length searches: without the race detector
			continue
		}
		s := familySpaceText(t, edgeLandscape, edgeParams, 2, "method = \""+c.method+"\"\n"+c.generate, "")
		if c.want == "settled" {
			s = loadSeed(t, map[string]string{"spsa": peak8SPSA, "cmaes": peak8CMAES}[c.method], 2, nil)
		}
		_, pl := simPlanner(t, s)
		var conv [][]string
		for _, tb := range pl.(interface{ Tables() []Table }).Tables() {
			if tb.Name == ConvergenceFile {
				conv = tb.Rows
			}
		}
		num := func(r, c int) float64 { x, _ := strconv.ParseFloat(conv[r][c], 64); return x }
		if c.want == "moving" && (len(conv) != 5 || conv[0][3] != "start" || num(1, 1) != 0 || num(1, 2) != 10 || num(3, 2) != 100 || conv[1][3] != "0.000000") {
			t.Fatalf("%s %q: convergence.csv %v", c.method, c.generate, conv)
		}
		moving := false
		for _, r := range conv[1:] {
			moving = moving || r[7] == "moving"
		}
		if got := map[bool]string{true: "moving", false: "settled"}[moving]; got != c.want {
			t.Errorf("%s %q: %s, want %s: %v", c.method, c.generate, got, c.want, conv)
		}
	}
}
