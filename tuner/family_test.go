package tuner

import (
	"fmt"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/study"
)

// familyFlatSpace is a space tuning drawn flat landscape seed (its peak at
// the defaults) with method, generate appended to [generate].
func familyFlatSpace(t *testing.T, seed uint64, method, generate string) *study.Study {
	t.Helper()
	d := synthetic.DrawLandscape(seed, true)
	return drawnStudy(t, d, fmt.Sprintf("name = \"family-flat\"\nseed = %d\n\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"drawn.toml\"]\n\n%s\n[generate]\nmethod = %q\n%s\n",
		seed, d.Params(), method, generate))
}

// TestFamilyFlat: full sweeps (arena, final point, hold-out, verdict) of
// SPSA and CMA-ES on drawn flat landscapes (engines/synthetic/family.go,
// the defaults are the peak): "better than the defaults" in at most 2 %.
// CI plays 2 short runs of each; TOURNEY_FAMILY_SEEDS=n plays n drawn
// landscapes (held-out seeds from 1001, or TOURNEY_FAMILY_FIRST) at the
// shipped defaults.
func TestFamilyFlat(t *testing.T) {
	runs, set := sweepSeeds("TOURNEY_FAMILY_SEEDS", 2)
	for _, m := range drawnMethods("TOURNEY_FAMILY_METHOD", set) {
		method, gen := m.method, m.generate
		better, games := 0, 0
		first, _ := sweepSeeds("TOURNEY_FAMILY_FIRST", 1001)
		for seed := first; seed < first+runs; seed++ {
			sp := familyFlatSpace(t, uint64(seed), method, gen)
			res, _ := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
			if res.Verdict.Better {
				better++
				t.Logf("%s, flat landscape %d: %q", method, seed, res.Verdict.Text)
			}
			games += res.Summary.Games
		}
		t.Logf("%s on drawn flat landscapes %d .. %d: %d games each, \"better than the defaults\" in %d (%.1f %%)", method, first, first+runs-1, games/runs, better, 100*float64(better)/float64(runs))
		if flatFails(runs, better) {
			t.Errorf("%s on drawn flat landscapes: \"better than the defaults\" in %d of %d runs", method, better, runs)
		}
	}
}
