package tuner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/results"
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
	return fmt.Sprintf(`
name = "honest-best"
seed = %d
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [%s] }
[tournament]
format = %q
bootstrap = 200
`, seed, strings.Join(vals, ", "), format)
}

// equalSpace has 16 variants of equal strength (label changes nothing).
func equalSpace(format string, seed int) string {
	return fmt.Sprintf(`
name = "honest-equal"
seed = %d
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
label = { min = 0, max = 15 }
[tournament]
format = %q
bootstrap = 200
`, seed, format)
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
	sp, err := study.Parse("split.toml", []byte(equalSpace("race", 1)))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true}); err != nil {
		t.Fatal(err)
	}
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
