package tuner

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/space"
)

// nullSpace has 16 variants: the defaults best (0 Elo), the others 1 to
// 15 Elo worse: a valid null, where "better than the defaults" is false.
func nullSpace(format string, seed int) string {
	var vals []string
	for e := -15; e <= -1; e++ {
		vals = append(vals, fmt.Sprint(e))
	}
	return strings.Replace(bestSpace(format, seed), `elo = { values = [-280, -260, -240, -220, -200, -180, -160, -140, -120, -100, -80, -60, -40, -20, 30] }`,
		"elo = { values = ["+strings.Join(vals, ", ")+"] }", 1)
}

// coverage runs a space over seeds and counts how often the printed
// intervals hold the truth (the variant's elo; the defaults are 0), for
// every variant and for the winner, and the winner's mean bias.
type coverage struct {
	n, held, nw, wHeld, better, found, games int
	// interval: the hold-out's 95 % interval excluded 0 (what "better"
	// would be without the one-sided 99 % bound)
	interval int
	bias     float64
	seeds    int
}

func measure(t *testing.T, text func(int) string, seeds int) coverage {
	c := coverage{seeds: seeds}
	for seed := seed0() + 1; seed <= seed0()+seeds; seed++ {
		res := runText(t, text(seed))
		for i, v := range res.Variants {
			truth := 0.0
			if e, ok := v.Values["elo"]; ok {
				truth = space.ToFloat(e)
			}
			if i == 0 || math.IsNaN(res.Lo[i]) {
				continue // the anchor; no interval
			}
			c.n++
			in := res.Lo[i] <= truth && truth <= res.Hi[i]
			if in {
				c.held++
			}
			if i == res.Winner {
				c.nw++
				if in {
					c.wHeld++
				}
				c.bias += res.Verdict.Elo - truth
			}
		}
		if res.Verdict.Better {
			c.better++
		}
		if v := res.Verdict; v.Held && v.Lo > 0 && !v.Flat && v.HeldDistinct >= plan.MinDistinct {
			c.interval++
		}
		if e, ok := res.Variants[res.Winner].Values["elo"]; ok && space.ToFloat(e) == 30 {
			c.found++
		}
		c.games += res.Summary.Games
	}
	return c
}

func (c coverage) String() string {
	return fmt.Sprintf("intervals hold the truth %.1f %% (%d of %d), the winner's %.1f %% (%d of %d), winner bias %+.1f Elo, \"better\" %d (%d with the 95 %% interval alone), the +30 variant won %d, %d games a sweep",
		100*float64(c.held)/float64(max(c.n, 1)), c.held, c.n, 100*float64(c.wHeld)/float64(max(c.nw, 1)), c.wHeld, c.nw,
		c.bias/float64(max(c.nw, 1)), c.better, c.interval, c.found, c.games/max(c.seeds, 1))
}

// TestHonestCoverage: the 95 % intervals of the synthetic check space
// hold the truth about 95 % of the time, the winner's included
// (statistics.md §8), and at least 94 % on the null (the defaults best
// by 1 to 15 Elo), where "better" is rare. TOURNEY_HONEST_SEEDS=200
// gives the full figures. Halving's intervals hold more often than 95 %
// (98.5 % of the check space's, seeds 1..200): its variants cut at the
// first rung with certainty (−140 Elo and below) have intervals at the
// ratings' level, 1 − (1 − confidence)/2.5, with no selection to pay
// for; its bound is 94 % to 99 %.
func TestHonestCoverage(t *testing.T) {
	if raceEnabled && os.Getenv("TOURNEY_HONEST_SEEDS") == "" {
		t.Skip("figures, not races: too dear under the race detector")
	}
	n := cheapSeeds()
	for _, format := range []string{"knockout", "race", "halving"} {
		t.Run(format, func(t *testing.T) {
			c := measure(t, func(seed int) string { return bestSpace(format, seed) }, n)
			t.Logf("%s, check space, %d seeds: %s", format, n, c)
			z := measure(t, func(seed int) string { return nullSpace(format, seed) }, n)
			t.Logf("%s, null space, %d seeds: %s", format, n, z)
			if n >= 100 {
				// halving's intervals hold more often than asked (98.5 %
				// on seeds 1–200; 97.1 % before its cut variants' upper
				// bounds): those cut with certainty have intervals at the
				// ratings' level, made for the knockout's and the race's
				// stops
				hi := map[string]float64{"knockout": 0.96, "race": 0.96, "halving": 0.99}[format]
				if r := float64(c.held) / float64(c.n); r < 0.94 || r > hi {
					t.Errorf("%s: coverage %.3f", format, r)
				}
				if r := float64(z.held) / float64(z.n); r < 0.94 {
					t.Errorf("%s: coverage on the null %.3f", format, r)
				}
				if r := float64(c.wHeld) / float64(c.nw); r < 0.93 {
					t.Errorf("%s: the winner's coverage %.3f", format, r)
				}
				if b := c.bias / float64(c.nw); math.Abs(b) > 5 {
					t.Errorf("%s: the winner's bias %.1f", format, b)
				}
				if z.better > n/50 {
					t.Errorf("%s: \"better\" on the null in %d of %d seeds", format, z.better, n)
				}
			} else if z.better > max(1, n/12) || float64(c.held) < 0.7*float64(c.n) { // few seeds: a collapse only
				t.Errorf("%s: %s; null: %s", format, c, z)
			}
		})
	}
}

// seed0 is TOURNEY_HONEST_SEED0 (default 0): the coverage runs seeds
// seed0+1 .. seed0+n, so that a change can be developed on other seeds
// than the 1..200 of the reported figures.
func seed0() int {
	n, _ := strconv.Atoi(os.Getenv("TOURNEY_HONEST_SEED0"))
	return max(n, 0)
}

// cheapSeeds is TOURNEY_HONEST_SEEDS when set (200: the figures), else 3
// (4 under the race detector): a collapse only. These tests play four or
// two whole sweeps a seed, and go test ./... must stay short.
func cheapSeeds() int {
	if n, err := strconv.Atoi(os.Getenv("TOURNEY_HONEST_SEEDS")); err == nil && n > 0 {
		return n
	}
	if raceEnabled {
		return 4
	}
	return 3
}

// TestKnockoutStoppedBounds: a variant that went out of a knockout on
// evidence is rated from the blocks that made it look worst (rated too
// low, issue 31): its upper bound must still hold. Over 32 seeds of the
// check space (448 variants that are neither the anchor nor the winner)
// the truth lies above the interval of at most 3.5 % (about 2.5 % is
// wanted; the lower ends miss rarely): 10 of 448 with the upper bounds of
// stoppedBounds (9 when they were read from the refits' far tail); with the bootstrap's plain upper quantile 21 of 448
// (4.7 %; 7.9 % over 1 400 variants of 100 other seeds), and this test
// failed. About 11 s of CPU. A race's drops are the same kind of stop
// (TestRaceStoppedBounds).
func TestKnockoutStoppedBounds(t *testing.T) { stoppedBoundsHold(t, "knockout", 32) }

// TestRaceStoppedBounds: the variants a race dropped on evidence, as
// TestKnockoutStoppedBounds over 64 seeds (a race's misses vary more
// from seed to seed: 16 of 448 over the first 32): the truth above the
// interval of 23 of 896 with stoppedBounds, 45 of 896 with the plain
// quantile (this test failed). About 35 s of CPU.
func TestRaceStoppedBounds(t *testing.T) { stoppedBoundsHold(t, "race", 64) }

func stoppedBoundsHold(t *testing.T, format string, seeds int) {
	if raceEnabled {
		t.Skip("figures, not races: too dear under the race detector")
	}
	n, above := 0, 0
	for seed := 501; seed <= 500+seeds; seed++ {
		res := runText(t, bestSpace(format, seed))
		for i, v := range res.Variants {
			if i == 0 || i == res.Winner {
				continue // the anchor; the winner is rated by its hold-out rung
			}
			truth := space.ToFloat(v.Values["elo"])
			if math.IsNaN(res.Hi[i]) {
				t.Fatalf("seed %d: variant %d has no interval", seed, i)
			}
			n++
			if truth > res.Hi[i] {
				above++
			}
		}
	}
	t.Logf("%s: the truth above the interval of %d of %d variants", format, above, n)
	if float64(above) > 0.035*float64(n) {
		t.Errorf("%s: the truth above the interval of %d of %d variants (more than 3.5 %%): the stop's selection is not in the upper bounds", format, above, n)
	}
}

// TestHalvingCutBounds: a variant cut at a rung of successive halving
// was rated among the worst of the rung's variants, from the blocks that
// made it look worst (rated too low, issue 31): its upper bound must
// still hold. On the null space (the defaults best, the others 1 to 15
// Elo worse: the cut is mostly luck, and the selection bites hardest)
// over 32 seeds the truth lies above the interval of at most 4 % of the
// variants cut at the first rung (about 2.5 % is wanted; the lower ends
// miss never): 6 of 305 with the upper bounds of stoppedBounds; with the
// bootstrap's plain upper quantile 19 of 305 (6.2 %; 7.6 % of the 1 894
// of seeds 1..200), and this test failed. About 9 s of CPU.
func TestHalvingCutBounds(t *testing.T) {
	heavyUnderRace(t)
	n, above := 0, 0
	for seed := 501; seed <= 532; seed++ {
		res, out := sweepText(t, "honest.toml", nullSpace("halving", seed))
		tab, err := results.ReadTable(filepath.Join(out, "variants.csv"))
		if err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(out)
		for _, row := range tab.Rows {
			if tab.Get(row, "out_round") != "1" {
				continue // not cut at the first rung
			}
			i, err := strconv.Atoi(tab.Get(row, "variant"))
			if err != nil || i < 0 || i >= len(res.Variants) {
				t.Fatalf("seed %d: variants.csv: variant %q", seed, tab.Get(row, "variant"))
			}
			if i == 0 {
				continue // the anchor (it plays the final race all the same)
			}
			if math.IsNaN(res.Hi[i]) {
				t.Fatalf("seed %d: variant %d has no interval", seed, i)
			}
			n++
			if space.ToFloat(res.Variants[i].Values["elo"]) > res.Hi[i] {
				above++
			}
		}
	}
	t.Logf("the truth above the interval of %d of %d variants cut at the first rung", above, n)
	if n < 32*8 {
		t.Fatalf("only %d variants cut at the first rung in 32 seeds (10 of 16 each)", n)
	}
	if float64(above) > 0.04*float64(n) {
		t.Errorf("the truth above the interval of %d of %d variants cut at the first rung (more than 4 %%): the rung's selection is not in the upper bounds", above, n)
	}
}
