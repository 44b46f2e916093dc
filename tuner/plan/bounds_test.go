package plan

import (
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
