package plan

import (
	"fmt"
	"strconv"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/space"
	"tourney/tuner/study"
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
// values on the opposite bound (x1, x2) or inside (x3, x4), CMA-ES's
// final point is within 30 Elo of the peak in every seed, and x3 and x4
// end inside their ranges. Without the bound handling (boxTransform;
// noBoxTransform: candidates clipped when played) the mean drifts past a
// bound, where every candidate on that side plays the bound and nothing
// pulls it back: before the spread's floor it stuck on the starting
// bound (36 Elo below the peak); with the floor it overshoots to the far
// bound and ends there (seed 4: x3 = 100, x4 = 1, 20 Elo below the peak;
// seed 8 too; with the final point as played, x3 = 100, x4 = 0.96, 18
// Elo below it), and the test fails (issue 32).
func TestCMAESBoundOpposite(t *testing.T) {
	d := &synthetic.Drawn{Seed: 0, Knobs: []synthetic.FamilyKnob{
		{Name: "x1", Min: 0, Max: 10}, {Name: "x2", Min: 0, Max: 1}, {Name: "x3", Min: 0, Max: 100}, {Name: "x4", Min: 0, Max: 1}}}
	land, err := synthetic.ParseLandscape("edge.toml", []byte(edgeLandscape))
	if err != nil {
		t.Fatal(err)
	}
	_, peak := land.Best()
	seeds := []int{1, 2, 3, 4}
	if n := envSeeds("TOURNEY_FAMILY_SEEDS", 0); n > 0 {
		seeds = seeds[:0]
		for s := 1; s <= n; s++ {
			seeds = append(seeds, s)
		}
	} else if raceEnabled {
		seeds = []int{4} // without the bound handling, x3 and x4 end on the far bound
	}
	for _, seed := range seeds {
		s := familySpaceText(t, edgeLandscape, d.Params(), uint64(seed), "method = \"cmaes\"", "")
		h := simRun(t, s)
		v := h.values[len(h.values)-1]
		p, err := s.BotParams(0, space.Variant{Values: v})
		if err != nil {
			t.Fatal(err)
		}
		got := land.Value(p)
		t.Logf("seed %d (noBoxTransform %v): %.1f Elo below the peak (%.1f):%s", seed, noBoxTransform, peak-got, peak, fmtValues(s, v))
		for _, k := range []string{"x3", "x4"} {
			if x := v[k].(float64); x <= 0 || x >= d.Knobs[map[string]int{"x3": 2, "x4": 3}[k]].Max {
				t.Errorf("seed %d: %s ends on a bound (%g); its best value is inside", seed, k, x)
			}
		}
		if got < peak-30 {
			t.Errorf("seed %d: %.1f Elo below the peak, want within 30", seed, peak-got)
		}
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
// peaks, near the defaults) at the default length is "settled": SPSA's
// of seed 2, and CMA-ES's in at least 7 of seeds 1-8 (the floor under its
// spread keeps the mean of a knob that matters little wandering, and the
// diagnostic sometimes sees a drift there: seed 2's x6, 6 % of its
// range in each of the last two quarters, 1.6 Elo from its best).
// convergence.csv has a row per knob with its range, start and final
// point.
func TestConvergence(t *testing.T) {
	diag := func(s *study.Study) [][]string {
		_, pl := simPlanner(t, s)
		for _, tb := range pl.(interface{ Tables() []Table }).Tables() {
			if tb.Name == ConvergenceFile {
				return tb.Rows
			}
		}
		return nil
	}
	isMoving := func(conv [][]string) bool {
		for _, r := range conv[1:] {
			if r[7] == "moving" {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		method, generate string
	}{{"spsa", "iterations = 1000"}, {"cmaes", "generations = 12"}} {
		conv := diag(familySpaceText(t, edgeLandscape, edgeParams, 2, "method = \""+c.method+"\"\n"+c.generate, ""))
		num := func(r, c int) float64 { x, _ := strconv.ParseFloat(conv[r][c], 64); return x }
		if len(conv) != 5 || conv[0][3] != "start" || num(1, 1) != 0 || num(1, 2) != 10 || num(3, 2) != 100 || conv[1][3] != "0.000000" {
			t.Fatalf("%s %q: convergence.csv %v", c.method, c.generate, conv)
		}
		if !isMoving(conv) {
			t.Errorf("%s %q: settled, want moving: %v", c.method, c.generate, conv)
		}
	}
	if raceEnabled { // full-length searches: without the race detector
		return
	}
	if conv := diag(loadSeed(t, peak8SPSA, 2, nil)); isMoving(conv) {
		t.Errorf("spsa on peak8: moving, want settled: %v", conv)
	}
	settled := 0
	for seed := uint64(1); seed <= 8; seed++ {
		if !isMoving(diag(loadSeed(t, peak8CMAES, seed, nil))) {
			settled++
		}
	}
	if settled < 7 {
		t.Errorf("cmaes on peak8: settled in %d of 8 seeds, want at least 7", settled)
	}
}
