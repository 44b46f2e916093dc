package tuner

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// The honesty tests (statistics.md §6): sweeps over the synthetic game,
// whose true strengths are known, run from many seeds. The full figures
// (200 seeds) come from TOURNEY_HONEST_SEEDS=200; these tests run fewer
// seeds and assert with a margin.

// bestSpace has 16 variants: the defaults (0 Elo), 14 weaker ones and,
// last, the best, 30 Elo above the second (the defaults).
func bestSpace(format string, seed int) string {
	var vals []string
	for e := -280; e <= -20; e += 20 {
		vals = append(vals, fmt.Sprint(e))
	}
	vals = append(vals, "30")
	return fixedSpace("honest-best", seed, fmt.Sprintf(`elo = { values = [%s] }
[tournament]
format = %q
bootstrap = 200
`, strings.Join(vals, ", "), format))
}

// equalSpace has 16 variants of equal strength (label changes nothing).
func equalSpace(format string, seed int) string {
	return fixedSpace("honest-equal", seed, fmt.Sprintf(`label = { min = 0, max = 15 }
[tournament]
format = %q
bootstrap = 200
`, format))
}

func runText(t *testing.T, text string) *Outcome {
	t.Helper()
	res, out := sweepText(t, "honest.toml", text)
	os.RemoveAll(out)
	return res
}

// sweepText plays the space text (read as if from path) on 2 workers,
// without game records (they are not what these tests look at, and
// their per-game flush is a sixth of a synthetic sweep's CPU), and
// returns its outcome and results directory.
func sweepText(t *testing.T, path, text string) (*Outcome, string) {
	t.Helper()
	sp, err := study.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	res, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true})
	if err != nil {
		t.Fatal(err)
	}
	return res, out
}

// honestSeeds is the number of seeds: TOURNEY_HONEST_SEEDS (the full
// figures: 200), else 8 (4 under the race detector): a collapse only;
// the figures are TOURNEY_HONEST_SEEDS's.
func honestSeeds() int {
	if n, err := strconv.Atoi(os.Getenv("TOURNEY_HONEST_SEEDS")); err == nil && n > 0 {
		return n
	}
	if raceEnabled {
		return 4 // the race detector slows games tenfold: catch a collapse only
	}
	return 8
}

func TestHonestBestIsFound(t *testing.T) {
	heavyUnderRace(t)
	for _, format := range []string{"knockout", "race"} {
		t.Run(format, func(t *testing.T) {
			n, found, games, better := honestSeeds(), 0, 0, 0
			for seed := 1; seed <= n; seed++ {
				res := runText(t, bestSpace(format, seed))
				if res.Variants[res.Winner].Values["elo"] == 30.0 {
					found++
				}
				if res.Verdict.Better {
					better++
				}
				games += res.Summary.Games
			}
			t.Logf("%s: the best won %d of %d seeds, \"better than the defaults\" (+30 Elo) in %d, %d games a sweep", format, found, n, better, games/n)
			// the full figure is ≥ 90 % of 200 seeds; here at least 75 %
			if float64(found) < 0.75*float64(n) {
				t.Errorf("%s: the best won %d of %d seeds", format, found, n)
			}
		})
	}
}

func TestHonestEqualPromotesNothing(t *testing.T) {
	heavyUnderRace(t)
	for _, format := range []string{"knockout", "race"} {
		t.Run(format, func(t *testing.T) {
			n, better, defaults, games := honestSeeds(), 0, 0, 0
			for seed := 1; seed <= n; seed++ {
				res := runText(t, equalSpace(format, seed))
				if res.Verdict.Better {
					better++
				}
				if res.Winner == 0 {
					defaults++
				}
				games += res.Summary.Games
			}
			// nothing decides by variant number: the defaults (variant 0)
			// win about 1/16 of the seeds
			t.Logf("%s: \"better than the defaults\" in %d of %d seeds; the defaults won %d; %d games a sweep", format, better, n, defaults, games/n)
			if n >= 24 && defaults > n/4 {
				t.Errorf("%s: the defaults (variant 0) won %d of %d seeds of equal variants", format, defaults, n)
			}
			if nullFails(n, better) {
				t.Errorf("%s: a space of equal variants claimed an improvement in %d of %d seeds", format, better, n)
			}
		})
	}
}

// nullFails is the null test's criterion: a space of equal variants may
// claim an improvement in at most 1 of 24 seeds here (the full figure is
// ≤ 2 % of 200 seeds).
func nullFails(n, better int) bool { return better > max(1, n/24) }

// The null test can fail (statistics.md §8): with the verdict broken on
// purpose (no price for choosing the best of 16, no hold-out) the same
// seeds of equal variants claim improvements and nullFails says so. The
// synthetic game draws every game independently: about half the blocks
// of two equal variants split 1–1.
func TestHonestNullCanFail(t *testing.T) {
	heavyUnderRace(t)
	eagerVerdict = true
	defer func() { eagerVerdict = false }()
	n := cheapSeeds()
	for _, format := range []string{"knockout", "race"} {
		better := 0
		for seed := 1; seed <= n; seed++ {
			if runText(t, equalSpace(format, seed)).Verdict.Better {
				better++
			}
		}
		t.Logf("%s, broken verdict: \"better than the defaults\" in %d of %d seeds of equal variants", format, better, n)
		if !nullFails(n, better) {
			t.Errorf("%s: the broken verdict claimed an improvement in %d of %d seeds: the null test cannot tell", format, better, n)
		}
	}
	// independent draws: the share of split blocks between equal variants
	_, out := sweepText(t, "split.toml", equalSpace("race", 1))
	games, _ := results.ReadDirGames(out)
	type pair struct{ enc, block, a, b string }
	pts := map[pair]float64{}
	for _, g := range games {
		if len(g.Seats) != 2 {
			continue
		}
		a, b, first := g.Seats[0], g.Seats[1], g.Ranks[0] == "1"
		if a > b {
			a, b, first = b, a, !first
		}
		k := pair{fmt.Sprint(g.Round, g.Enc), fmt.Sprint(g.Block), a, b}
		pts[k] += 0
		if first {
			pts[k]++
		}
	}
	split := 0
	for _, p := range pts {
		if p == 1 {
			split++
		}
	}
	share := float64(split) / float64(len(pts))
	t.Logf("equal variants: %d of %d blocks split 1–1 (%.2f)", split, len(pts), share)
	if share < 0.4 || share > 0.6 {
		t.Errorf("equal variants split %.2f of their blocks 1–1, want about half", share)
	}
}

// TestNoHoldOut: holdout = false plays no hold-out rung (no encounter 0
// rows) and never promotes, even a winner 400 Elo above the defaults;
// the same space with the rung says "better".
func TestNoHoldOut(t *testing.T) {
	space := func(hold string) string {
		return testspace.Text("no-holdout", 3, "synthetic", "fixed", `[params]
elo = { values = [0, 400] }
[tournament]
format = "race"
bootstrap = 200
`) + hold
	}
	with := runText(t, space(""))
	if !with.Verdict.Better {
		t.Fatalf("with the hold-out rung: %s", with.Verdict.Text)
	}
	path := writeSpace(t, space("holdout = false\n"))
	res, out := runSpace(t, path, 2, RunOptions{})
	if res.Verdict.Better || !strings.Contains(res.Verdict.Text, "holdout = false") {
		t.Fatalf("holdout = false: better %v, %q", res.Verdict.Better, res.Verdict.Text)
	}
	rows := readCSV(t, filepath.Join(out, "games.csv"))
	enc := slices.Index(rows[0], "encounter")
	for _, r := range rows[1:] {
		if r[enc] == "0" {
			t.Fatalf("a hold-out row with holdout = false: %v", r)
		}
	}
}

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

// unidLandscape: three knobs of three values; 0 is every knob's default
// (the defaults are 0 Elo); value 1 is worth a1, value 2 a2.
const unidLandscape = `doc = "three knobs of three values"
players = 2
[main]
x1 = { "0" = 0, "1" = 40, "2" = 80 }
x2 = { "0" = 0, "1" = -40, "2" = 0 }
x3 = { "0" = 0, "1" = 20, "2" = -20 }
`

// runUnid plays a grid over the three knobs with the given values (the
// defaults included) and returns the run's summary and effects.csv rows.
func runUnid(t *testing.T, values [3]string, seed int) (results.Summary, [][]string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "three.toml"), []byte(unidLandscape), 0o644); err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprintf(`name = "unid"
seed = %d
[[scenario]]
game = "synthetic"
bot = "landscape"
maps = ["three.toml"]
[params]
x1 = { values = [%s] }
x2 = { values = [%s] }
x3 = { values = [%s] }
[generate]
method = "grid"
include_defaults = true
[tournament]
format = "race"
bootstrap = 100
max_games = 3000
`, seed, values[0], values[1], values[2])
	res, out := sweepText(t, filepath.Join(dir, "space.toml"), text)
	return res.Summary, testspace.ReadCSV(t, filepath.Join(out, "effects.csv"))
}

// TestEffectsUnidentified: knobs whose default only the defaults' variant
// played are named (summary.json, effects.csv's averaged_over, the
// summary's line); a knob whose default other variants played is not,
// nor a lone such knob (the defaults' games identify it); and the
// differences between such a knob's other values are what the games
// measure.
func TestEffectsUnidentified(t *testing.T) {
	heavyUnderRace(t)
	for _, c := range []struct {
		values [3]string
		want   []string
	}{
		{[3]string{"1, 2", "1, 2", "1, 2"}, []string{"x1", "x2", "x3"}},
		{[3]string{"0, 2", "1, 2", "1, 2"}, []string{"x2", "x3"}},
		{[3]string{"0, 1, 2", "0, 2", "1, 2"}, nil},
	} {
		sum, rows := runUnid(t, c.values, 7)
		if !slices.Equal(sum.EffectsUnidentified, c.want) {
			t.Errorf("values %v: unidentified %v, want %v", c.values, sum.EffectsUnidentified, c.want)
		}
		if l := results.UnidentifiedLine(sum.EffectsUnidentified); (l != "") != (len(c.want) > 0) || !strings.Contains(l, strings.Join(c.want, ", ")) {
			t.Errorf("values %v: line %q", c.values, l)
		}
		// rows: a named knob's default row has no effect, its first
		// value is the reference (0), the others are against it; a knob
		// not named is against its default
		eff := map[string]string{}
		for _, r := range rows[1:] {
			if r[0] != "all" {
				continue
			}
			named := slices.Contains(c.want, r[1])
			switch {
			case r[2] == "0.0" && named:
				if r[3] != "" || r[7] != "not identified: only the defaults' variant played it, with the other such knobs' defaults" {
					t.Errorf("values %v: %s's default row %v", c.values, r[1], r)
				}
			case r[2] == "0.0":
				if r[3] != "0" || r[7] != "" {
					t.Errorf("values %v: %s's default row %v", c.values, r[1], r)
				}
			case named && r[3] == "0":
				if r[7] != "the reference of this knob's rows (its default is not identified)" {
					t.Errorf("values %v: %s's reference row %v", c.values, r[1], r)
				}
			case named:
				if !strings.Contains(r[7], "against ") || r[4] == "" {
					t.Errorf("values %v: %s = %s row %v", c.values, r[1], r[2], r)
				}
			default:
				if r[7] != "other knobs" {
					t.Errorf("values %v: %s = %s row %v", c.values, r[1], r[2], r)
				}
			}
			eff[r[1]+"="+r[2]] = r[3] + " [" + r[4] + ", " + r[5] + "]"
		}
		// what the rows say holds the truth (an interval may miss: at
		// most one of a run's)
		held, total := unidHeld(rows, func(r []string, ref string, truth float64) {
			t.Logf("values %v: %s = %s against %s: %s, truth %g", c.values, r[1], r[2], ref, eff[r[1]+"="+r[2]], truth)
		})
		miss := total - held
		if miss > 1 {
			t.Errorf("values %v: %d intervals miss the truth", c.values, miss)
		}
	}
}

// unidTruth is the true effect of a row of effects.csv: value v of knob
// x against ref (the landscape is additive: averaged over the other
// knobs it is the same).
func unidTruth(x, v, ref string) float64 {
	main := map[string]map[string]float64{
		"x1": {"0.0": 0, "1.0": 40, "2.0": 80},
		"x2": {"0.0": 0, "1.0": -40, "2.0": 0},
		"x3": {"0.0": 0, "1.0": 20, "2.0": -20},
	}
	return main[x][v] - main[x][ref]
}

// unidHeld counts the pooled rows of effects.csv with an interval and
// those whose interval holds the truth (missed, when set, is told of the
// others).
func unidHeld(rows [][]string, missed func(r []string, ref string, truth float64)) (held, total int) {
	ref := map[string]string{}
	for _, r := range rows[1:] {
		if r[0] == "all" && r[3] == "0" {
			ref[r[1]] = r[2]
		}
	}
	for _, r := range rows[1:] {
		if r[0] != "all" || r[4] == "" {
			continue
		}
		lo, _ := strconv.ParseFloat(r[4], 64)
		hi, _ := strconv.ParseFloat(r[5], 64)
		total++
		if truth := unidTruth(r[1], r[2], ref[r[1]]); lo <= truth && truth <= hi {
			held++
		} else if missed != nil {
			missed(r, ref[r[1]], truth)
		}
	}
	return held, total
}

// TestEffectsUnidentifiedCoverage: over seeds, how often the rows'
// intervals hold the truth (TOURNEY_UNID_SEEDS, default 0: skipped).
func TestEffectsUnidentifiedCoverage(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TOURNEY_UNID_SEEDS"))
	if n == 0 {
		t.Skip("TOURNEY_UNID_SEEDS=100: the figures")
	}
	for _, values := range [][3]string{{"1, 2", "1, 2", "1, 2"}, {"0, 2", "1, 2", "1, 2"}, {"0, 1, 2", "0, 2", "1, 2"}} {
		held, total := 0, 0
		for seed := 1; seed <= n; seed++ {
			_, rows := runUnid(t, values, seed)
			h, n := unidHeld(rows, nil)
			held, total = held+h, total+n
		}
		t.Logf("values %v, %d seeds: %d of %d intervals hold the truth (%.1f %%)", values, n, held, total, 100*float64(held)/float64(total))
	}
}
