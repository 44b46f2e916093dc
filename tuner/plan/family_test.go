package plan

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// familySpace is a space tuning drawn landscape d with a continuous
// method: generate is its [generate] table, tournament its [tournament]
// table ("" for none).
func familySpace(t testing.TB, d *synthetic.Drawn, seed uint64, generate, tournament string) *study.Study {
	t.Helper()
	return familySpaceBot(t, d.Bot(), d.Text(), d.Params(), seed, generate, tournament)
}

// familySpaceText is a space tuning the landscape file text in the ranges
// params (a [params] table).
func familySpaceText(t testing.TB, landscape, params string, seed uint64, generate, tournament string) *study.Study {
	t.Helper()
	return familySpaceBot(t, "landscape", landscape, params, seed, generate, tournament)
}

// familySpaceBot is familySpaceText for landscape bot bot.
func familySpaceBot(t testing.TB, bot, landscape, params string, seed uint64, generate, tournament string) *study.Study {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "drawn.toml"), []byte(landscape), 0o644); err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprintf("name = \"family\"\nseed = %d\n\n[[scenario]]\ngame = \"synthetic\"\nbot = %q\nmaps = [\"drawn.toml\"]\n\n%s\n[generate]\n%s\n", seed, bot, params, generate)
	if tournament != "" {
		text += "\n[tournament]\n" + tournament + "\n"
	}
	path := filepath.Join(dir, "space.toml")
	s, err := study.Parse(path, []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return s
}

// familyCell counts the runs of a breakdown's cell.
type familyCell struct{ runs, hits int }

func (c familyCell) String() string {
	if c.runs == 0 {
		return "    -    "
	}
	return fmt.Sprintf("%3d/%-3d", c.hits, c.runs)
}

// familyTable is a breakdown of hits by the defaults' placement (rows)
// and the best values' placement (columns).
type familyTable map[[2]string]familyCell

func (ft familyTable) add(d, b string, hit bool) {
	c := ft[[2]string{d, b}]
	c.runs++
	if hit {
		c.hits++
	}
	ft[[2]string{d, b}] = c
}

// total is the table's cells summed.
func (ft familyTable) total() familyCell {
	var all familyCell
	for _, c := range ft {
		all.runs += c.runs
		all.hits += c.hits
	}
	return all
}

func (ft familyTable) String() string {
	var sb strings.Builder
	sb.WriteString("defaults \\ best   interior   near      bound     all\n")
	cols := map[string]familyCell{}
	var all familyCell
	for _, d := range synthetic.Placements {
		var row familyCell
		fmt.Fprintf(&sb, "%-17s", d)
		for _, b := range synthetic.Placements {
			c := ft[[2]string{d, b}]
			fmt.Fprintf(&sb, "  %s", c)
			row.runs += c.runs
			row.hits += c.hits
			cc := cols[b]
			cc.runs += c.runs
			cc.hits += c.hits
			cols[b] = cc
		}
		all.runs += row.runs
		all.hits += row.hits
		fmt.Fprintf(&sb, "  %s\n", row)
	}
	fmt.Fprintf(&sb, "%-17s", "all")
	for _, b := range synthetic.Placements {
		fmt.Fprintf(&sb, "  %s", cols[b])
	}
	fmt.Fprintf(&sb, "  %s\n", all)
	return sb.String()
}

// familyFirst is the first held-out seed of the family: schedules were
// tuned on seeds 1 .. 1000 (TOURNEY_FAMILY_FIRST=1 runs those).
const familyFirst = 1001

// familyRun runs method at its shipped defaults on drawn landscapes
// first .. first+n−1 and returns the breakdown of final points within tol
// Elo of the peak, the worst shortfall and the search's games per run.
func familyRun(t *testing.T, method string, first, n int, tol float64, extra string) (familyTable, float64, float64) {
	t.Helper()
	ft, worst, games, _ := drawnRun(t, method, first, n, tol, extra, "", func(seed uint64) *synthetic.Drawn { return synthetic.DrawLandscape(seed, false) })
	return ft, worst, games
}

// drawnRun is familyRun on the landscapes draw gives, with [tournament]
// tournament; byClass is the breakdown by the drawn class (DrawRidges').
func drawnRun(t *testing.T, method string, first, n int, tol float64, extra, tournament string, draw func(uint64) *synthetic.Drawn) (familyTable, float64, float64, map[string]familyCell) {
	t.Helper()
	ft := familyTable{}
	byClass := map[string]familyCell{}
	worst, games := 0.0, 0.0
	for seed := first; seed < first+n; seed++ {
		d := draw(uint64(seed))
		s := familySpace(t, d, uint64(seed), "method = \""+method+"\"\n"+extra, tournament)
		h := simRun(t, s)
		land := s.Scenarios[0].Maps[0].(*synthetic.Landscape)
		p, err := s.BotParams(0, space.Variant{Values: h.values[len(h.values)-1]})
		if err != nil {
			t.Fatal(err)
		}
		got := land.Value(p) - d.Gain
		ft.add(d.DefaultAt, d.BestAt, got >= -tol)
		c := byClass[d.Class]
		c.runs++
		if got >= -tol {
			c.hits++
		}
		byClass[d.Class] = c
		worst = min(worst, got)
		games += float64(h.games) / float64(n)
		if testing.Verbose() && got < -tol {
			t.Logf("%s seed %d: %.1f Elo below the peak (%.1f; %d knobs, defaults %s, best %s, class %s)%s", method, seed, -got, d.Gain, len(d.Knobs), d.DefaultAt, d.BestAt, d.Class, fmtValues(s, h.values[len(h.values)-1]))
		}
	}
	return ft, worst, games, byClass
}

// tuneFromEnv sets the continuous methods' inner settings from the
// environment for a ground-truth run (TOURNEY_SPSA_CLIPPED=1: the clipped
// perturbation of before issue 41; TOURNEY_CMAES_MINSD, _AVERAGE, _CM, _FINISH) and
// returns the function that restores them.
func tuneFromEnv(t *testing.T) func() {
	clipped, minSD, avg, pow, savg, cpow, ramp := spsaClipped, cmaesMinSD, cmaesAverage, spsaREndPower, spsaAverage, spsaCEndPower, cmaesRamp
	cmaesRamp = os.Getenv("TOURNEY_CMAES_RAMP") != ""
	geo, anneal, cm, finish := cmaesFloorGeo, cmaesAnneal, cmaesCm, cmaesFinish
	cmaesAnneal = os.Getenv("TOURNEY_CMAES_ANNEAL") != ""
	cmaesFloorGeo = os.Getenv("TOURNEY_CMAES_FLOOR") == "geo"
	if os.Getenv("TOURNEY_SPSA_CLIPPED") != "" {
		spsaClipped = true
	}
	for _, v := range []struct {
		env string
		dst *float64
	}{{"TOURNEY_CMAES_MINSD", &cmaesMinSD}, {"TOURNEY_CMAES_CM", &cmaesCm}, {"TOURNEY_CMAES_FINISH", &cmaesFinish}, {"TOURNEY_CMAES_AVERAGE", &cmaesAverage}, {"TOURNEY_SPSA_REND_POWER", &spsaREndPower}, {"TOURNEY_SPSA_AVERAGE", &spsaAverage}, {"TOURNEY_SPSA_CEND_POWER", &spsaCEndPower}} {
		if x, err := strconv.ParseFloat(os.Getenv(v.env), 64); err == nil {
			*v.dst = x
			t.Logf("%s = %g", v.env, x)
		}
	}
	return func() {
		spsaClipped, cmaesMinSD, cmaesAverage, spsaREndPower, spsaAverage, spsaCEndPower, cmaesRamp = clipped, minSD, avg, pow, savg, cpow, ramp
		cmaesFloorGeo, cmaesAnneal, cmaesCm, cmaesFinish = geo, anneal, cm, finish
	}
}

// ridgesFirst is the first held-out seed of DrawRidges' family: choices
// were made on seeds 1 .. 1000 (TOURNEY_RIDGES_FIRST=1 runs those).
const ridgesFirst = 1001

// classTable writes a breakdown by DrawRidges' class.
func classTable(bc map[string]familyCell) string {
	var sb strings.Builder
	all := familyCell{}
	for _, g := range synthetic.Geometries {
		c := bc[g]
		fmt.Fprintf(&sb, "%-8s %s\n", g, c)
		all.runs += c.runs
		all.hits += c.hits
	}
	fmt.Fprintf(&sb, "%-8s %s\n", "all", all)
	return sb.String()
}

// TestRidgesPeak: SPSA and CMA-ES at their shipped defaults on landscapes
// of the second family (synthetic.DrawRidges: ridges, narrow peaks beside
// a bound, integer and log knobs): within 10 Elo of the peak in at least
// 90 %. CI runs a few seeds and asserts with margin (every final point
// within 30 Elo); TOURNEY_RIDGES_SEEDS=200 gives the figure and its
// breakdown by class (held-out seeds from 1001, or TOURNEY_RIDGES_FIRST);
// TOURNEY_RIDGES_BUDGET=5000 runs with that [tournament] budget (SPSA:
// at least 75 %), TOURNEY_RIDGES_SPSA / _CMAES append to [generate].
func TestRidgesPeak(t *testing.T) {
	n := raceSeeds("TOURNEY_RIDGES_SEEDS", 2)
	first := envSeeds("TOURNEY_RIDGES_FIRST", ridgesFirst)
	defer tuneFromEnv(t)()
	budget := envSeeds("TOURNEY_RIDGES_BUDGET", 0)
	tour := ""
	if budget > 0 {
		tour = fmt.Sprintf("budget = %d", budget)
	}
	for _, method := range []string{"spsa", "cmaes"} {
		if m := os.Getenv("TOURNEY_RIDGES_METHOD"); m != "" && m != method {
			continue
		}
		ft, worst, games, bc := drawnRun(t, method, first, n, 10, os.Getenv("TOURNEY_RIDGES_"+strings.ToUpper(method)), tour,
			func(seed uint64) *synthetic.Drawn { return synthetic.DrawRidges(seed, false) })
		all := ft.total()
		t.Logf("%s on ridge landscapes %d .. %d (budget %d): within 10 Elo of the peak in %d of %d (%.1f %%), worst %.1f Elo, %.0f games of the search\n%s",
			method, first, first+n-1, budget, all.hits, all.runs, 100*float64(all.hits)/float64(all.runs), -worst, games, classTable(bc))
		want := 9
		if budget > 0 {
			want = 7 // 75 %: checked as 4·hits < 3·runs below
		}
		switch {
		case n >= 20 && budget == 0 && 10*all.hits < want*all.runs:
			t.Errorf("%s: within 10 Elo of the peak in %d of %d ridge landscapes, want at least 90 %%", method, all.hits, all.runs)
		case n >= 20 && budget > 0 && method == "spsa" && 4*all.hits < 3*all.runs:
			t.Errorf("%s at budget %d: within 10 Elo of the peak in %d of %d ridge landscapes, want at least 75 %%", method, budget, all.hits, all.runs)
		case n < 20 && budget == 0 && worst < -30:
			t.Errorf("%s: a final point %.1f Elo below the peak, want within 30", method, -worst)
		}
	}
}

// TestFamilyPeak: SPSA and CMA-ES at their shipped defaults on drawn
// landscapes of the family (engines/synthetic/family.go) they were not
// tuned on: the final point within 10 Elo of the peak in at least 90 %.
// CI runs a few seeds and asserts with margin (every final point within
// 30 Elo); TOURNEY_FAMILY_SEEDS=200 gives the figure and its breakdown by
// where the defaults and the best values sit; TOURNEY_FAMILY_BUDGET=n
// runs with that [tournament] budget (no assertion).
func TestFamilyPeak(t *testing.T) {
	n := raceSeeds("TOURNEY_FAMILY_SEEDS", 3)
	first := envSeeds("TOURNEY_FAMILY_FIRST", familyFirst)
	defer tuneFromEnv(t)()
	for _, method := range []string{"spsa", "cmaes"} {
		if m := os.Getenv("TOURNEY_FAMILY_METHOD"); m != "" && m != method {
			continue
		}
		tour := ""
		if b := envSeeds("TOURNEY_FAMILY_BUDGET", 0); b > 0 {
			tour = fmt.Sprintf("budget = %d", b)
		}
		ft, worst, games, _ := drawnRun(t, method, first, n, 10, os.Getenv("TOURNEY_FAMILY_"+strings.ToUpper(method)), tour,
			func(seed uint64) *synthetic.Drawn { return synthetic.DrawLandscape(seed, false) })
		all := ft.total()
		t.Logf("%s on drawn landscapes %d .. %d: within 10 Elo of the peak in %d of %d (%.1f %%), worst %.1f Elo, %.0f games of the search\n%s",
			method, first, first+n-1, all.hits, all.runs, 100*float64(all.hits)/float64(all.runs), -worst, games, ft)
		switch {
		case tour != "":
		case n >= 20 && 10*all.hits < 9*all.runs:
			t.Errorf("%s: within 10 Elo of the peak in %d of %d drawn landscapes, want at least 90 %%", method, all.hits, all.runs)
		case n < 20 && worst < -30:
			t.Errorf("%s: a final point %.1f Elo below the peak, want within 30", method, -worst)
		}
	}
}
