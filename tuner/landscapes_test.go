package tuner

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/engines/game"
	"tourney/engines/synthetic"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// drawnSweepSpace is a space tuning drawn landscape d with method,
// generate appended to [generate].
func drawnSweepSpace(tb testing.TB, d *synthetic.Drawn, method, generate string) *study.Study {
	tb.Helper()
	return drawnStudy(tb, d, fmt.Sprintf("name = \"drawn\"\nseed = %d\n\n[[scenario]]\ngame = \"synthetic\"\nbot = %q\nmaps = [\"drawn.toml\"]\n\n%s\n[generate]\nmethod = %q\n%s\n",
		d.Seed, d.Bot(), d.Params(), method, generate))
}

// drawnMethod is a continuous method and the keys a sweep appends to its
// [generate] table.
type drawnMethod struct{ method, generate string }

// drawnMethods are SPSA and CMA-ES for full sweeps on drawn landscapes:
// at the shipped defaults when set (the seeds were asked for), else in
// CI's short runs; the environment variable env, when set, keeps the one
// method it names.
func drawnMethods(env string, set bool) []drawnMethod {
	var ms []drawnMethod
	for _, m := range []drawnMethod{{"spsa", "iterations = 200\nfinal_games = 200"}, {"cmaes", "generations = 4\nblocks = 1\nfinal_games = 200"}} {
		if e := os.Getenv(env); e != "" && e != m.method {
			continue
		}
		if set {
			m.generate = ""
		}
		ms = append(ms, m)
	}
	return ms
}

// drawnStudy is the space text parsed as space.toml of a new directory
// that holds drawn landscape d as the map file drawn.toml.
func drawnStudy(tb testing.TB, d *synthetic.Drawn, text string) *study.Study {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "drawn.toml"), []byte(d.Text()), 0o644); err != nil {
		tb.Fatal(err)
	}
	sp, err := study.Parse(filepath.Join(dir, "space.toml"), []byte(text))
	if err != nil {
		tb.Fatalf("%v\n%s", err, text)
	}
	return sp
}

// TestDrawnNulls (issue 41): full sweeps of SPSA and CMA-ES on flat
// landscapes of both families (the defaults are the peak) and on
// near-nulls (the same draws scaled to a peak 1 .. 5 Elo above the
// defaults): "better than the defaults" on at most 2 % of the flats in
// CI's check (flatFails; the measured figure is what the record gives),
// and a near-null's "better" never on a winner truly below the defaults
// more often than the flats' "better". CI plays one short run of each;
// TOURNEY_NULLS_SEEDS=n plays n of each at the shipped defaults (seeds
// from 1001, or TOURNEY_NULLS_FIRST), TOURNEY_NULLS_METHOD one method,
// TOURNEY_NULLS_FAMILY one family (drawn, ridges), TOURNEY_NULLS_NEAR=0
// the flats alone, TOURNEY_NULLS_FLAT=0 the near-nulls alone.
func TestDrawnNulls(t *testing.T) {
	runs, set := sweepSeeds("TOURNEY_NULLS_SEEDS", 1)
	first, _ := sweepSeeds("TOURNEY_NULLS_FIRST", 1001)
	families := []struct {
		name string
		draw func(uint64, bool) *synthetic.Drawn
	}{{"drawn", synthetic.DrawLandscape}, {"ridges", synthetic.DrawRidges}}
	for _, fam := range families {
		if f := os.Getenv("TOURNEY_NULLS_FAMILY"); f != "" && f != fam.name || !set && fam.name == "drawn" {
			continue // CI: the ridges (TestFamilyFlat has the first family's flats)
		}
		for _, m := range drawnMethods("TOURNEY_NULLS_METHOD", set) {
			method, gen := m.method, m.generate
			var flatBetter, nearBetter, nearFalse, nearWorse int
			for seed := first; seed < first+runs; seed++ {
				if os.Getenv("TOURNEY_NULLS_FLAT") != "0" {
					res, _ := sweepSpace(t, drawnSweepSpace(t, fam.draw(uint64(seed), true), method, gen), 2, RunOptions{NoRecords: true})
					if res.Verdict.Better {
						flatBetter++
						t.Logf("%s %s, flat %d: %q", fam.name, method, seed, res.Verdict.Text)
					}
				}
				if os.Getenv("TOURNEY_NULLS_NEAR") == "0" {
					continue // the flats alone
				}
				d := fam.draw(uint64(seed), false)
				d = d.Scaled(1 + 4*game.NewRand(game.Mix(uint64(seed), 0x4ea7)).Float64())
				sp := drawnSweepSpace(t, d, method, gen)
				res, _ := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
				land := sp.Scenarios[0].Maps[0].(*synthetic.Landscape)
				p, err := sp.BotParams(0, space.Variant{Values: res.Summary.WinnerParams})
				if err != nil {
					t.Fatal(err)
				}
				truth := land.Value(p)
				if truth < 0 {
					nearWorse++
				}
				if res.Verdict.Better {
					nearBetter++
					if truth <= 0 {
						nearFalse++
						t.Logf("%s %s, near-null %d (peak %.1f Elo): %q on a winner %.1f Elo", fam.name, method, seed, d.Gain, res.Verdict.Text, truth)
					}
				}
			}
			t.Logf("%s %s: flats %d .. %d: \"better than the defaults\" in %d of %d (%.1f %%); near-nulls (1 .. 5 Elo): \"better\" in %d, on a winner not above the defaults in %d, winner below the defaults in %d",
				fam.name, method, first, first+runs-1, flatBetter, runs, 100*float64(flatBetter)/float64(runs), nearBetter, nearFalse, nearWorse)
			if flatFails(runs, flatBetter) {
				t.Errorf("%s %s on flats: \"better than the defaults\" in %d of %d runs", fam.name, method, flatBetter, runs)
			}
			if nearFalse > flatBetter && flatFails(runs, nearFalse) {
				t.Errorf("%s %s on near-nulls: \"better\" on a winner not above the defaults in %d of %d runs (flats %d)", fam.name, method, nearFalse, runs, flatBetter)
			}
		}
	}
}

// twoValueSpace is the two-value version of drawn landscape d: every knob
// at its default or its best value (an integer knob at its best integer;
// a knob whose best is its default at the middle of its range), a
// factorial design and halving (with local refinement).
func twoValueSpace(t *testing.T, d *synthetic.Drawn, extra string) (*study.Study, *synthetic.Landscape) {
	t.Helper()
	l, err := d.Landscape()
	if err != nil {
		t.Fatal(err)
	}
	bp, _ := l.Best()
	var params strings.Builder
	params.WriteString("[params]\n")
	for _, k := range d.Knobs {
		def := synthetic.KnobDefault(k.Name)
		v := space.ToFloat(bp[k.Name])
		if v == def {
			v = (k.Min + k.Max) / 2
			if k.Log {
				v = math.Sqrt(k.Min * k.Max)
			}
			if k.Integer {
				v = math.Round(v)
			}
			if v == def { // an integer range centred on its default
				v = k.Max
			}
		}
		if k.Integer && synthetic.KnobInteger(k.Name) {
			fmt.Fprintf(&params, "%s = { values = [%d, %d] }\n", k.Name, int(def), int(v))
		} else {
			fmt.Fprintf(&params, "%s = { values = [%s, %s] }\n", k.Name, fmtTOMLFloat(def), fmtTOMLFloat(v))
		}
	}
	text := fmt.Sprintf("name = \"two-value\"\nseed = %d\n\n[[scenario]]\ngame = \"synthetic\"\nbot = %q\nmaps = [\"drawn.toml\"]\n\n%s\n[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\nbootstrap = 200\n%s",
		d.Seed, d.Bot(), params.String(), extra)
	sp := drawnStudy(t, d, text)
	land := sp.Scenarios[0].Maps[0].(*synthetic.Landscape)
	return sp, land
}

func fmtTOMLFloat(x float64) string {
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// TestRidgesHalving (issue 41): factorial + halving on the two-value
// version of the ridge family (twoValueSpace): the winner within 15 Elo
// of the grid's best in at least 95 %. CI runs 2 seeds (at least one);
// TOURNEY_RIDGES_HALVING=n runs n (seeds from 1001, or
// TOURNEY_RIDGES_FIRST), TOURNEY_HALVING_BUDGET=N with budget = N,
// TOURNEY_RIDGES_HALVING_FLAT=1 on the flats (every value but the
// defaults' worse or equal: "better than the defaults" in at most 2 %),
// TOURNEY_RIDGES_HALVING_NEAR=1 on the near-nulls (the draw scaled to a
// peak 1 .. 5 Elo above the defaults, as TestDrawnNulls: "better" on a
// winner not above the defaults counted as false).
func TestRidgesHalving(t *testing.T) {
	runs, set := sweepSeeds("TOURNEY_RIDGES_HALVING", 2)
	if !set && raceEnabled {
		runs = 1 // a refining halving of 9 000 games: 15–40 s under the race detector
	}
	first, _ := sweepSeeds("TOURNEY_RIDGES_FIRST", 1001)
	extra := ""
	if b := os.Getenv("TOURNEY_HALVING_BUDGET"); b != "" {
		extra = "budget = " + b + "\n"
	}
	flat := os.Getenv("TOURNEY_RIDGES_HALVING_FLAT") != "" // the flats' two-value version: the defaults are the grid's best
	near := os.Getenv("TOURNEY_RIDGES_HALVING_NEAR") != ""
	hits, games, better, falseBetter := 0, 0, 0, 0
	worst := 0.0
	for seed := first; seed < first+runs; seed++ {
		d := synthetic.DrawRidges(uint64(seed), flat)
		if near {
			d = d.Scaled(1 + 4*game.NewRand(game.Mix(uint64(seed), 0x4ea7)).Float64())
		}
		sp, land := twoValueSpace(t, d, extra)
		res, _ := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
		gap, best, bv := gridGap(t, sp, land, res)
		games += res.Summary.Games
		if res.Verdict.Better {
			better++
			if got := best - gap; near && got <= 0 {
				falseBetter++
				t.Logf("near-null %d (peak %.1f Elo): %q on a winner %.1f Elo", seed, d.Gain, res.Verdict.Text, got)
			}
		}
		if gap <= 15 {
			hits++
		} else {
			off := ""
			for _, k := range d.Knobs {
				if space.ToFloat(res.Variants[res.Winner].Values[k.Name]) != space.ToFloat(bv.Values[k.Name]) {
					off += " " + k.Name
				}
			}
			t.Logf("seed %d (class %s, %d knobs): the winner %.1f Elo below the grid's best (%.1f); off:%s", seed, d.Class, len(d.Knobs), gap, best, off)
		}
		worst = max(worst, gap)
	}
	t.Logf("halving on the two-value ridge landscapes %d .. %d (flat %v, near-null %v): within 15 Elo of the grid's best in %d of %d (%.1f %%), worst %.1f Elo, %d games a run; \"better than the defaults\" in %d, on a winner not above the defaults in %d",
		first, first+runs-1, flat, near, hits, runs, 100*float64(hits)/float64(runs), worst, games/runs, better, falseBetter)
	switch {
	case near:
		if flatFails(runs, falseBetter) {
			t.Errorf("near-nulls: \"better\" on a winner not above the defaults in %d of %d", falseBetter, runs)
		}
	case flat:
		if flatFails(runs, better) {
			t.Errorf("flats: \"better than the defaults\" in %d of %d", better, runs)
		}
	case set && runs >= 20 && 20*hits < 19*runs:
		t.Errorf("within 15 Elo of the grid's best in %d of %d, want at least 95 %%", hits, runs)
	case !set && 2*hits < runs:
		// CI's check with margin (the figure asked is 95 %; measured 89–90 %)
		t.Errorf("within 15 Elo of the grid's best in %d of %d, want at least half", hits, runs)
	}
}

// TestRidgesHalvingFlip (issue 41): on the two-value version of ridge
// landscapes 13 and 90 (training seeds) the refinement of before left one
// knob at its default (13: x4 of a ridge, 469 Elo below the grid's best;
// 90: x1, 111 Elo below): its grid-averaged main effect says "bad" with
// certainty, so it never entered the local rung. The flip round
// (refine_flip.go) measures it in the leader's context (after it: 0 and
// 17.5 Elo below; asserted with margin, within 30).
func TestRidgesHalvingFlip(t *testing.T) {
	heavyUnderRace(t)
	halvingNearGridBest(t, 13, 90)
}

// halvingNearGridBest sweeps the two-value version of each of the ridge
// landscapes seeds (twoValueSpace) and fails a seed whose winner is more
// than 30 Elo below the grid's best.
func halvingNearGridBest(t *testing.T, seeds ...uint64) {
	t.Helper()
	for _, seed := range seeds {
		sp, land := twoValueSpace(t, synthetic.DrawRidges(seed, false), "")
		res, _ := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
		if gap, _, _ := gridGap(t, sp, land, res); gap > 30 {
			t.Errorf("seed %d: the winner %.1f Elo below the grid's best, want within 30", seed, gap)
		}
	}
}

// gridGap is how far the winner of sweep res of space sp is below the
// best of its variants on landscape land (their bot's parameters'
// values), with that best value and variant (the first of them).
func gridGap(t *testing.T, sp *study.Study, land *synthetic.Landscape, res *Outcome) (gap, best float64, bv space.Variant) {
	t.Helper()
	val := func(v space.Variant) float64 {
		p, err := sp.BotParams(0, v)
		if err != nil {
			t.Fatal(err)
		}
		return land.Value(p)
	}
	best = math.Inf(-1)
	for _, v := range res.Variants {
		if x := val(v); x > best {
			best, bv = x, v
		}
	}
	return best - val(res.Variants[res.Winner]), best, bv
}
