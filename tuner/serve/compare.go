package serve

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"tourney/tuner/results"
)

// comparison is the compare page: runs of one space side by side.
type comparison struct {
	Runs    []compareRun
	Params  []string
	Effects []compareRow // parameter value → effect [lo, hi] per run
	Ratings []compareRow // variant (by its values) → rating [lo, hi] per run
	Problem string       // why the runs do not compare ("" when they do)
}

type compareRun struct {
	Run
	WinnerElo, PBest, Elapsed string
	Label                     string // the folder's name (runs of one space often share a name)
}

type compareRow struct {
	Label string
	Cells []string
	Best  []bool // the run's winner (ratings)
}

// fmtInterval writes x [lo, hi] in Elo ("–" when x is not a number).
func fmtInterval(x, lo, hi float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	s := fmt.Sprintf("%+.1f", x)
	if !math.IsNaN(lo) && !math.IsNaN(hi) {
		s += fmt.Sprintf(" [%+.1f, %+.1f]", lo, hi)
	}
	return s
}

func cell(t *results.Table, r []string, col string) float64 {
	v, err := strconv.ParseFloat(t.Get(r, col), 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

// compare builds the comparison of runs (of the same space: the same
// varied parameters).
func compare(runs []Run) *comparison {
	c := &comparison{}
	if len(runs) < 2 {
		c.Problem = "choose two or more runs to compare"
		return c
	}
	c.Params = runs[0].Params
	for _, r := range runs[1:] {
		if r.SpaceKey() != runs[0].SpaceKey() {
			c.Problem = fmt.Sprintf("%s varies %q, %s varies %q: a comparison needs runs of the same space", runs[0].Name, runs[0].SpaceKey(), r.Name, r.SpaceKey())
			return c
		}
	}
	effects := map[string][]string{}
	var effOrder []string
	ratings := map[string][]string{}
	best := map[string][]bool{}
	top := map[string]float64{}
	for i, r := range runs {
		cr := compareRun{Run: r, WinnerElo: "–", PBest: "–", Label: filepath.Base(filepath.Clean(r.Dir))}
		if sum, _, err := readSummary(r.Dir); err == nil {
			v := sum.Verdict
			f := func(p *float64) float64 {
				if p == nil {
					return math.NaN()
				}
				return *p
			}
			cr.WinnerElo = fmtInterval(f(v.Elo), f(v.Lo), f(v.Hi))
			if v.HoldOut {
				cr.WinnerElo += " (hold-out)"
			}
			cr.PBest = strconv.FormatFloat(v.PBest, 'f', 3, 64)
			cr.Elapsed = fmtDuration(secs(sum.Elapsed))
		}
		c.Runs = append(c.Runs, cr)
		if t, err := results.ReadTable(filepath.Join(r.Dir, "effects.csv")); err == nil {
			for _, row := range t.Rows {
				k := t.Get(row, "parameter") + " = " + t.Get(row, "value")
				if sc := t.Get(row, "scenario"); sc != "" && sc != "all" {
					k = "scenario " + sc + ": " + k
				}
				if effects[k] == nil {
					effects[k] = make([]string, len(runs))
					effOrder = append(effOrder, k)
				}
				effects[k][i] = fmtInterval(cell(t, row, "effect"), cell(t, row, "effect_lo"), cell(t, row, "effect_hi"))
			}
		}
		t, err := results.ReadTable(filepath.Join(r.Dir, "variants.csv"))
		if err != nil {
			continue
		}
		for _, row := range t.Rows {
			var kv []string
			for _, p := range c.Params {
				kv = append(kv, p+"="+t.Get(row, p))
			}
			k := strings.Join(kv, " ")
			if ratings[k] == nil {
				ratings[k] = make([]string, len(runs))
				best[k] = make([]bool, len(runs))
				top[k] = math.Inf(-1)
			}
			if g, _ := strconv.Atoi(t.Get(row, "games")); g == 0 {
				if p := cell(t, row, "predicted"); !math.IsNaN(p) {
					ratings[k][i] = "predicted " + fmtInterval(p, cell(t, row, "predicted_lo"), cell(t, row, "predicted_hi"))
				}
				continue
			}
			x := cell(t, row, "rating")
			ratings[k][i] = fmtInterval(x, cell(t, row, "rating_lo"), cell(t, row, "rating_hi")) + " (" + t.Get(row, "games") + " games)"
			if t.Get(row, "winner") == "1" {
				best[k][i] = true
				top[k] = math.Inf(1)
			}
			if !math.IsNaN(x) {
				top[k] = math.Max(top[k], x)
			}
		}
	}
	for _, k := range effOrder {
		c.Effects = append(c.Effects, compareRow{Label: k, Cells: effects[k]})
	}
	keys := make([]string, 0, len(ratings))
	for k := range ratings {
		if !math.IsInf(top[k], -1) {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if top[keys[i]] != top[keys[j]] {
			return top[keys[i]] > top[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if len(keys) > 25 {
		keys = keys[:25]
	}
	for _, k := range keys {
		c.Ratings = append(c.Ratings, compareRow{Label: k, Cells: ratings[k], Best: best[k]})
	}
	return c
}
