package report

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
)

// value is the variant's y value in charts: the rating when the file has
// one, else points per game; NaN for a variant that played no game (a
// factorial run's predicted-only grid points: variants.csv gives them
// the prior's 0, which no game measured).
func (d *Data) value(v Variant) float64 {
	if v.Games <= 0 {
		return math.NaN()
	}
	if d.HasRating && !math.IsNaN(v.Rating) {
		return v.Rating
	}
	return v.Score
}

func (d *Data) valueName() string {
	if d.HasRating {
		return "rating"
	}
	return "points per game"
}

// ranked returns the variants that played, best first (a factorial
// space lists every grid point; those that never played have only a
// prediction: predicted).
func (d *Data) ranked() []Variant {
	var vs []Variant
	for _, v := range d.Variants {
		if v.Games > 0 {
			vs = append(vs, v)
		}
	}
	sort.SliceStable(vs, func(i, j int) bool { return d.value(vs[i]) > d.value(vs[j]) })
	return vs
}

// maxPredicted bounds the predicted-only variants the ratings chart and
// table list (a 4 096-point grid would bury the played ones).
const maxPredicted = 200

// predicted returns the variants that played no game but have a rating
// the parameter effects predict, best prediction first (none when there
// are more than maxPredicted): they are drawn marked as predicted, never
// as measured.
func (d *Data) predicted() []Variant {
	var vs []Variant
	for _, v := range d.Variants {
		if v.Games <= 0 && !math.IsNaN(v.Pred) {
			vs = append(vs, v)
		}
	}
	if len(vs) > maxPredicted {
		return nil
	}
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].Pred > vs[j].Pred })
	return vs
}

func fmtNum(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	switch a := math.Abs(x); {
	case a >= 1000:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case a >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	default:
		return strconv.FormatFloat(x, 'f', 3, 64)
	}
}

// fmtTick writes an axis value in its shortest form.
func fmtTick(x float64) string {
	v := math.Round(x*1e9) / 1e9
	if v == 0 {
		v = 0 // not "-0"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// scale maps [lo, hi] to [a, b] pixels.
type scale struct{ lo, hi, a, b float64 }

func (s scale) at(x float64) float64 {
	if s.hi == s.lo {
		return (s.a + s.b) / 2
	}
	return s.a + (x-s.lo)/(s.hi-s.lo)*(s.b-s.a)
}

// ratingSVG draws every variant's rating (or points per game) with its
// interval, best first.
func (d *Data) ratingSVG() string {
	vs, pred := d.ranked(), d.predicted()
	if len(vs)+len(pred) == 0 {
		return ""
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		for _, x := range []float64{d.value(v), v.Lo, v.Hi} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	for _, v := range pred {
		for _, x := range []float64{v.Pred, v.PredLo, v.PredHi} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	const row, left, width = 16, 90, 640
	n := len(vs) + len(pred)
	h := row*n + 30
	sx := scale{lo, hi, left + 10, width - 20}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s per variant">`, width, h, width, h, d.valueName())
	for _, t := range ticks(lo, hi, 6) {
		x := sx.at(t)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="%d" class="grid"/><text x="%.1f" y="%d" class="tick">%s</text>`, x, x, h-18, x, h-4, fmtTick(t))
	}
	for i, v := range vs {
		y := float64(i*row + row/2 + 2)
		cls := "pt"
		if v.Out == "winner" {
			cls = "pt win"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="lab">variant %d</text>`, left-4, y+4, v.ID)
		if !math.IsNaN(v.Lo) && !math.IsNaN(v.Hi) {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="ci"/>`, sx.at(v.Lo), y, sx.at(v.Hi), y)
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" class="%s"><title>variant %d: %s %s [%s, %s]</title></circle>`,
			sx.at(d.value(v)), y, cls, v.ID, d.valueName(), fmtNum(d.value(v)), fmtNum(v.Lo), fmtNum(v.Hi))
	}
	// predicted only: hollow, dashed interval, "(pred.)" in the label
	for i, v := range pred {
		y := float64((len(vs)+i)*row + row/2 + 2)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="lab pred">variant %d (pred.)</text>`, left-4, y+4, v.ID)
		if !math.IsNaN(v.PredLo) && !math.IsNaN(v.PredHi) {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="ci pred"/>`, sx.at(v.PredLo), y, sx.at(v.PredHi), y)
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" class="pt pred"><title>variant %d: not played; predicted rating %s [%s, %s]</title></circle>`,
			sx.at(v.Pred), y, v.ID, fmtNum(v.Pred), fmtNum(v.PredLo), fmtNum(v.PredHi))
	}
	b.WriteString("</svg>")
	return b.String()
}

// ticks returns about n round values covering [lo, hi].
func ticks(lo, hi float64, n int) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/float64(n))))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(step*m) <= float64(n) {
			step *= m
			break
		}
	}
	var out []float64
	for t := math.Ceil(lo/step) * step; t <= hi+step*1e-9; t += step {
		out = append(out, t)
	}
	return out
}

// Effect is one varied parameter's main effect: the mean value of the
// variants at each of its values.
type Effect struct {
	Param  string
	Levels []string
	Means  []float64
	Counts []int
	SVG    string
}

// effects computes every parameter's main effect.
func (d *Data) effects() []Effect {
	var out []Effect
	for pi, p := range d.Params {
		groups := map[string][]float64{}
		for _, v := range d.Variants {
			x := d.value(v)
			if !math.IsNaN(x) {
				groups[v.Params[pi]] = append(groups[v.Params[pi]], x)
			}
		}
		levels := levelOrder(groups)
		e := Effect{Param: p, Levels: levels}
		for _, l := range levels {
			e.Means = append(e.Means, mean(groups[l]))
			e.Counts = append(e.Counts, len(groups[l]))
		}
		e.SVG = effectSVG(p, levels, groups, e.Means, d.valueName())
		out = append(out, e)
	}
	return out
}

// levelOrder sorts parameter values numerically when they all are
// numbers, else as text.
func levelOrder[V any](m map[string]V) []string {
	keys := sortedKeys(m)
	num := true
	for _, k := range keys {
		if _, err := strconv.ParseFloat(k, 64); err != nil {
			num = false
		}
	}
	if num {
		sort.Slice(keys, func(i, j int) bool {
			a, _ := strconv.ParseFloat(keys[i], 64)
			b, _ := strconv.ParseFloat(keys[j], 64)
			return a < b
		})
	}
	return keys
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func effectSVG(param string, levels []string, groups map[string][]float64, means []float64, yname string) string {
	const w, h, left, bottom = 300, 180, 46, 30
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range levels {
		for _, x := range groups[l] {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if math.IsInf(lo, 0) {
		return ""
	}
	sy := scale{lo, hi, h - bottom, 10}
	sx := scale{0, float64(max(len(levels)-1, 1)), left + 15, w - 15}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart effect" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s against %s">`, w, h, w, h, yname, html.EscapeString(param))
	for _, t := range ticks(lo, hi, 4) {
		y := sy.at(t)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>`, left, y, w-5, y, left-3, y+3, fmtTick(t))
	}
	var path []string
	for i, l := range levels {
		x := sx.at(float64(i))
		if len(levels) == 1 {
			x = (left + w) / 2
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>`, x, h-bottom+14, html.EscapeString(l))
		for _, v := range groups[l] {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" class="dot"/>`, x, sy.at(v))
		}
		if !math.IsNaN(means[i]) {
			path = append(path, fmt.Sprintf("%.1f,%.1f", x, sy.at(means[i])))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" class="pt"><title>%s = %s: mean %s over %d variants</title></circle>`, x, sy.at(means[i]), html.EscapeString(param), html.EscapeString(l), fmtNum(means[i]), len(groups[l]))
		}
	}
	if len(path) > 1 {
		fmt.Fprintf(&b, `<polyline points="%s" class="mean"/>`, strings.Join(path, " "))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>`, (left+w)/2, h-4, html.EscapeString(param))
	b.WriteString("</svg>")
	return b.String()
}

// Cross is a table of mean points per game: variants × maps or
// scenarios.
type Cross struct {
	Title string
	Cols  []string
	Rows  []CrossRow
}

// CrossRow is one variant's row.
type CrossRow struct {
	Variant int
	Cells   []string
	Heat    []float64 // 0..1 for the cell colour; NaN: empty
}

// crosses returns the per-map and per-scenario tables.
func (d *Data) crosses() []Cross {
	if d.Games == nil {
		return nil
	}
	t := d.Games
	var out []Cross
	for _, by := range []string{"map", "scenario"} {
		if !t.Has(by) || !t.Has("points") {
			continue
		}
		sum := map[int]map[string]float64{}
		cnt := map[int]map[string]int{}
		cols := map[string]bool{}
		for _, r := range t.Rows {
			v := seatVariant(t, r)
			if v < 0 {
				continue
			}
			p, ok := num(t, r, "points")
			if !ok {
				continue
			}
			k := t.Get(r, by)
			if by == "scenario" && t.Has("game_type") {
				k = k + " " + t.Get(r, "game_type")
			}
			if sum[v] == nil {
				sum[v], cnt[v] = map[string]float64{}, map[string]int{}
			}
			sum[v][k] += p
			cnt[v][k]++
			cols[k] = true
		}
		c := Cross{Title: "points per game by " + by, Cols: levelOrder(cols)}
		for _, v := range d.ranked() {
			row := CrossRow{Variant: v.ID}
			for _, k := range c.Cols {
				if n := cnt[v.ID][k]; n > 0 {
					m := sum[v.ID][k] / float64(n)
					row.Cells = append(row.Cells, fmt.Sprintf("%.3f (%d)", m, n))
					row.Heat = append(row.Heat, m)
				} else {
					row.Cells = append(row.Cells, "")
					row.Heat = append(row.Heat, math.NaN())
				}
			}
			c.Rows = append(c.Rows, row)
		}
		out = append(out, c)
	}
	return out
}

// Forfeit is one forfeiting seat.
type Forfeit struct {
	Game, Round, Seat, Map, Who, End string
}

func (d *Data) forfeits() (list []Forfeit, total int) {
	if d.Games == nil {
		return nil, 0
	}
	t := d.Games
	for _, r := range t.Rows {
		end := t.Get(r, "end")
		if !strings.HasPrefix(end, "forfeit") {
			continue
		}
		total++
		if len(list) >= 200 {
			continue
		}
		who := t.Get(r, "variant")
		if role := t.Get(r, "role"); role != "" && role != "variant" {
			who = role + ":" + t.Get(r, "bot")
		}
		list = append(list, Forfeit{Game: t.Get(r, "game"), Round: t.Get(r, "round"), Seat: t.Get(r, "seat"),
			Map: t.Get(r, "map"), Who: who, End: end})
	}
	return list, total
}

// tele accumulates per-move telemetry.
type tele struct {
	moves, searched int
	depth, nodes    float64
	timeMS          float64
	games           int
	diff            float64 // score minus the mean of the other seats, per game
}

func (a *tele) row() []string {
	if a.moves == 0 {
		return []string{"", "", "", "", ""}
	}
	depth, nodes := "–", "–"
	if a.searched > 0 {
		depth = fmt.Sprintf("%.2f", a.depth/float64(a.searched))
		nodes = fmtNum(a.nodes / float64(a.searched))
	}
	return []string{strconv.Itoa(a.moves), depth, fmt.Sprintf("%.3f", a.timeMS/float64(a.moves)), nodes,
		fmt.Sprintf("%+.2f", a.diff/float64(max(a.games, 1)))}
}

// TeleTable is telemetry grouped by a key (variant and map, or a
// parameter's value and map).
type TeleTable struct {
	Title  string
	Keys   []string // column names of the key part
	Rows   [][]string
	Charts []string // SVG bar charts (on/off parameters)
}

var teleCols = []string{"moves", "depth reached", "ms per move", "nodes per move", "score difference"}

// telemetry groups the records' moves of variant seats by variant and
// map, and, for every parameter with two values, by value and map (the
// ReversiXT report's §4 figures: depth, time, nodes and score difference
// with a feature on and off).
func (d *Data) telemetry() []TeleTable {
	if len(d.Records) == 0 {
		return nil
	}
	params := map[int][]string{}
	for _, v := range d.Variants {
		params[v.ID] = v.Params
	}
	type key struct {
		a string
		m string
	}
	byVar := map[key]*tele{}
	byParam := make([]map[key]*tele, len(d.Params))
	for i := range byParam {
		byParam[i] = map[key]*tele{}
	}
	add := func(m map[key]*tele, k key) *tele {
		if m[k] == nil {
			m[k] = &tele{}
		}
		return m[k]
	}
	for _, g := range d.Records {
		n := len(g.Seats)
		total := 0.0
		for _, s := range g.Scores {
			total += s
		}
		for seat, s := range g.Seats {
			vid, err := strconv.Atoi(s.ID)
			if err != nil {
				continue
			}
			accs := []*tele{add(byVar, key{s.ID, g.Map})}
			if ps, ok := params[vid]; ok {
				for i := range d.Params {
					accs = append(accs, add(byParam[i], key{ps[i], g.Map}))
				}
			}
			diff := 0.0
			if n > 1 && seat < len(g.Scores) {
				diff = g.Scores[seat] - (total-g.Scores[seat])/float64(n-1)
			}
			for _, a := range accs {
				a.games++
				a.diff += diff
			}
			for _, mv := range g.Moves {
				if mv.Seat != seat {
					continue
				}
				for _, a := range accs {
					a.moves++
					a.timeMS += float64(mv.Time.Microseconds()) / 1000
					if mv.Depth > 0 || mv.Nodes > 0 {
						a.searched++
						a.depth += float64(mv.Depth)
						a.nodes += float64(mv.Nodes)
					}
				}
			}
		}
	}
	var out []TeleTable
	vt := TeleTable{Title: "per variant and map", Keys: []string{"variant", "map"}}
	keys := make([]key, 0, len(byVar))
	for k := range byVar {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := strconv.Atoi(keys[i].a)
		b, _ := strconv.Atoi(keys[j].a)
		return a < b || a == b && keys[i].m < keys[j].m
	})
	for _, k := range keys {
		vt.Rows = append(vt.Rows, append([]string{k.a, k.m}, byVar[k].row()...))
	}
	out = append(out, vt)
	for i, p := range d.Params {
		vals := map[string]bool{}
		maps := map[string]bool{}
		for k := range byParam[i] {
			vals[k.a] = true
			maps[k.m] = true
		}
		if len(vals) < 2 || len(vals) > 6 {
			continue
		}
		levels := levelOrder(vals)
		tt := TeleTable{Title: "by " + p + " and map", Keys: []string{p, "map"}}
		for _, m := range sortedKeys(maps) {
			for _, l := range levels {
				if a := byParam[i][key{l, m}]; a != nil {
					tt.Rows = append(tt.Rows, append([]string{l, m}, a.row()...))
				}
			}
		}
		tt.Charts = teleCharts(p, levels, sortedKeys(maps), func(l, m string) *tele { return byParam[i][key{l, m}] })
		out = append(out, tt)
	}
	return out
}

// teleCharts draws, per metric, grouped bars: one group per map, one bar
// per parameter value.
func teleCharts(param string, levels, maps []string, get func(l, m string) *tele) []string {
	metrics := []struct {
		name string
		f    func(*tele) float64
	}{
		{"depth reached", func(a *tele) float64 { return a.depth / float64(max(a.searched, 1)) }},
		{"ms per move", func(a *tele) float64 { return a.timeMS / float64(max(a.moves, 1)) }},
		{"nodes per move", func(a *tele) float64 { return a.nodes / float64(max(a.searched, 1)) }},
		{"score difference", func(a *tele) float64 { return a.diff / float64(max(a.games, 1)) }},
	}
	var out []string
	for _, mt := range metrics {
		lo, hi := 0.0, 0.0
		for _, m := range maps {
			for _, l := range levels {
				if a := get(l, m); a != nil && a.moves > 0 {
					x := mt.f(a)
					lo, hi = min(lo, x), max(hi, x)
				}
			}
		}
		if hi == lo {
			continue
		}
		// the legend: "param:" then the values, wrapped to the width
		const w, left = 280, 44
		type entry struct {
			x, row int
			text   string
		}
		var legend []entry
		lx, row := 4+6*(len(param)+1)+4, 0
		for _, l := range levels {
			ew := 11 + 6*len([]rune(l)) + 10
			if lx+ew > w && lx > 4 {
				lx, row = 4, row+1
			}
			legend = append(legend, entry{lx, row, l})
			lx += ew
		}
		bottom := 40 + 12*row
		h := 130 + bottom
		sy := scale{lo, hi, float64(h - bottom), 18}
		gw := float64(w-left-10) / float64(len(maps))
		bw := gw * 0.8 / float64(len(levels))
		var b strings.Builder
		fmt.Fprintf(&b, `<svg class="chart bars" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s by %s and map">`, w, h, w, h, mt.name, html.EscapeString(param))
		fmt.Fprintf(&b, `<text x="%d" y="12" class="axis">%s</text>`, left, mt.name)
		for _, t := range ticks(lo, hi, 4) {
			y := sy.at(t)
			fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>`, left, y, w-5, y, left-3, y+3, fmtTick(t))
		}
		for mi, m := range maps {
			gx := float64(left) + float64(mi)*gw + gw*0.1
			for li, l := range levels {
				a := get(l, m)
				if a == nil || a.moves == 0 {
					continue
				}
				x := mt.f(a)
				y0, y1 := sy.at(0), sy.at(x)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="bar s%d"><title>%s=%s on %s: %s</title></rect>`,
					gx+float64(li)*bw, min(y0, y1), bw-1, math.Abs(y1-y0), li%8, html.EscapeString(param), html.EscapeString(l), html.EscapeString(m), fmtNum(x))
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>`, gx+gw*0.4, h-bottom+12, html.EscapeString(m))
		}
		ly := h - bottom + 26
		fmt.Fprintf(&b, `<text x="4" y="%d" class="tick">%s:</text>`, ly+8, html.EscapeString(param))
		for li, e := range legend {
			y := ly + 12*e.row
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="8" height="8" class="bar s%d"/><text x="%d" y="%d" class="tick">%s</text>`,
				e.x, y, li%8, e.x+11, y+8, html.EscapeString(e.text))
		}
		b.WriteString("</svg>")
		out = append(out, b.String())
	}
	return out
}
