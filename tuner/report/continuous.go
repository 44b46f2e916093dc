package report

import (
	"fmt"
	"html/template"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// The continuous methods' sections (spsa.csv, cmaes.csv): the path of
// every parameter within its range to the final point, under the
// summary's verdict on that point.

// spsaSection draws spsa.csv when the directory has one: θ of every
// parameter over the iterations within its range (the final point's
// value marked), and θ+'s share of the points over the iterations (a
// moving mean over 2 % of them; 0.5 is a tie). The verdict is the
// summary's.
func (d *Data) spsaSection() template.HTML {
	t, ranges, ok := d.continuousTable("spsa.csv", "iteration")
	if !ok {
		return ""
	}
	var iters []float64
	for _, r := range t.Rows {
		k, _ := strconv.Atoi(t.Get(r, "iteration"))
		iters = append(iters, float64(k))
	}
	var b strings.Builder
	d.finalHead(&b)
	for _, col := range t.Head {
		name, ok := strings.CutPrefix(col, "theta_")
		if !ok {
			continue
		}
		ys := make([]float64, len(t.Rows))
		for i, r := range t.Rows {
			ys[i], _ = num(t, r, col)
		}
		rg := rangeOf(ranges, name, ys, ys)
		title := fmt.Sprintf("%s: θ over the iterations (range %s … %s, final %s)", name, fmtNum(rg[0]), fmtNum(rg[1]), fmtNum(ys[len(ys)-1]))
		b.WriteString(lineSVG(title, iters, ys, rg[0], rg[1], math.NaN()))
	}
	if t.Has("score") && len(t.Rows) > 2 {
		w := max(1, len(t.Rows)/50)
		var xs, ys []float64
		sum, n := 0.0, 0
		var win []float64
		for i, r := range t.Rows {
			s, ok := num(t, r, "score")
			if !ok || math.IsNaN(s) {
				continue
			}
			win = append(win, s)
			sum += s
			n++
			if len(win) > w {
				sum -= win[0]
				win = win[1:]
				n--
			}
			if len(win) == w {
				xs, ys = append(xs, iters[i]), append(ys, sum/float64(n))
			}
		}
		title := fmt.Sprintf("θ+ against θ−: share of the points (moving mean over %d iterations; 0.5 is a tie)", w)
		b.WriteString(lineSVG(title, xs, ys, 0, 1, 0.5))
	}
	return template.HTML(b.String())
}

// lineSVG is a small line chart of ys over xs on [lo, hi] with an
// optional reference line at ref.
func lineSVG(title string, xs, ys []float64, lo, hi, ref float64) string {
	if len(xs) == 0 {
		return ""
	}
	const width, height, left = 640, 120, 50
	sx := scale{xs[0], xs[len(xs)-1], left, width - 10}
	sy := scale{lo, hi, height - 20, 8}
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><figcaption>%s</figcaption><svg class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		template.HTMLEscapeString(title), width, height, width, height, template.HTMLEscapeString(title))
	for _, v := range []float64{lo, hi} {
		y := sy.at(v)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="tick">%s</text>`, left, y, width-10, y, 2, y+4, fmtTick(v))
	}
	if !math.IsNaN(ref) {
		y := sy.at(ref)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="ci"/>`, left, y, width-10, y)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="tick">%s</text><text x="%d" y="%d" class="tick">%s</text>`, left, height-4, fmtTick(xs[0]), width-60, height-4, fmtTick(xs[len(xs)-1]))
	// at most 400 points on the line
	step := max(1, len(xs)/400)
	var pts []string
	for i := 0; i < len(xs); i += step {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx.at(xs[i]), sy.at(min(max(ys[i], lo), hi))))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#c33" stroke-width="1.2"/></svg></figure>`, strings.Join(pts, " "))
	return b.String()
}

// cmaesSection draws cmaes.csv when the directory has one: for every
// parameter the mean CMA-ES moved to over the generations within the
// parameter's range, the band ± the spread of the generation's
// candidates (sd_), and the final point (a line); sigma over the
// generations; and the generation's scores: the best candidate's, the
// candidates' average and the defaults' mean points (0.5 is an average
// entrant). The verdict is the summary's.
func (d *Data) cmaesSection() template.HTML {
	t, ranges, ok := d.continuousTable("cmaes.csv", "generation")
	if !ok {
		return ""
	}
	var gens []float64
	var rows, final [][]string
	for _, r := range t.Rows {
		if t.Get(r, "generation") == "final" {
			final = append(final, r)
			continue
		}
		g, err := strconv.Atoi(t.Get(r, "generation"))
		if err != nil {
			continue
		}
		gens, rows = append(gens, float64(g)), append(rows, r)
	}
	if len(rows) == 0 {
		return ""
	}
	var b strings.Builder
	d.finalHead(&b)
	b.WriteString("<p>The mean of the search distribution after each generation (red; generation 0 is the start), the band ± the spread of the generation's candidates, and the final point (blue: the mean over the last half of the generations of each generation's best half as played, weighted as CMA-ES recombines it), within each parameter's range.</p>\n")
	for _, col := range t.Head {
		name, ok := strings.CutPrefix(col, "theta_")
		if !ok {
			continue
		}
		ys, lo, hi := make([]float64, len(rows)), make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			ys[i], _ = num(t, r, col)
			sd, ok := num(t, r, "sd_"+name)
			if !ok {
				sd = 0
			}
			lo[i], hi[i] = ys[i]-sd, ys[i]+sd
		}
		rg := rangeOf(ranges, name, lo, hi)
		fin := math.NaN()
		if len(final) > 0 {
			fin, _ = num(t, final[0], col)
		}
		title := fmt.Sprintf("%s: the mean over the generations (range %s … %s, final %s)", name, fmtNum(rg[0]), fmtNum(rg[1]), fmtNum(fin))
		b.WriteString(chartSVG(title, gens, []series{{ys: ys, color: "#c33"}}, &band{lo, hi}, rg[0], rg[1], fin))
	}
	if t.Has("sigma") {
		ys := make([]float64, len(rows))
		top := 0.0
		for i, r := range rows {
			ys[i], _ = num(t, r, "sigma")
			top = max(top, ys[i])
		}
		b.WriteString(chartSVG("sigma: the spread of the candidates (geometric mean over the parameters, in units of half their ranges)", gens, []series{{ys: ys, color: "#c33"}}, nil, 0, top, math.NaN()))
	}
	var ss []series
	for _, c := range []struct{ col, name, color string }{{"best", "best candidate", "#c33"}, {"candidates", "candidates' average", "#888"}, {"defaults", "defaults", "#2456a8"}} {
		if !t.Has(c.col) {
			continue
		}
		s := series{name: c.name, color: c.color}
		for _, r := range rows {
			y, ok := num(t, r, c.col)
			if !ok {
				y = math.NaN()
			}
			s.ys = append(s.ys, y)
		}
		ss = append(ss, s)
	}
	if len(ss) > 0 && len(rows) > 1 {
		b.WriteString(chartSVG("the generation's scores: mean points per game (0.5: an average entrant of the generation)", gens, ss, nil, 0, 1, 0.5))
	}
	return template.HTML(b.String())
}

// continuousTable reads a continuous method's table from the directory
// (file, with the column col) and the parameters' ranges (paramRanges);
// false when there is none.
func (d *Data) continuousTable(file, col string) (*table, map[string][2]float64, bool) {
	t, err := readTable(filepath.Join(d.Dir, file))
	if err != nil || !t.Has(col) {
		return nil, nil, false
	}
	return t, d.paramRanges(), true
}

// finalHead writes the summary's verdict on the final point and the
// knob table.
func (d *Data) finalHead(b *strings.Builder) {
	if vd, ok := d.Summary["verdict"].(map[string]any); ok {
		fmt.Fprintf(b, "<p>verdict on the final point: <b>%s</b></p>\n", template.HTMLEscapeString(summaryText(vd["text"])))
	}
	b.WriteString(d.knobTable())
}

// rangeOf is parameter name's range from ranges, else the span of what
// was drawn (lo[i] … hi[i]).
func rangeOf(ranges map[string][2]float64, name string, lo, hi []float64) [2]float64 {
	if rg, ok := ranges[name]; ok {
		return rg
	}
	rg := [2]float64{math.Inf(1), math.Inf(-1)}
	for i := range lo {
		rg = [2]float64{min(rg[0], lo[i]), max(rg[1], hi[i])}
	}
	return rg
}

// paramRanges is every numeric parameter's range (min, max) from the
// directory's space.toml: from the space when it loads, else from its
// [params] table alone (a space whose maps are files next to the
// original does not load from a results directory).
func (d *Data) paramRanges() map[string][2]float64 {
	ranges := map[string][2]float64{}
	path := filepath.Join(d.Dir, "space.toml")
	if sp, err := LoadSpace(path); err == nil {
		for _, p := range sp.Params {
			if p.Continuous {
				lo, hi := p.Bounds()
				ranges[p.Name] = [2]float64{lo, hi}
			}
		}
		return ranges
	}
	var raw struct {
		Params map[string]any `toml:"params"`
	}
	if _, err := toml.DecodeFile(path, &raw); err != nil {
		return ranges
	}
	for name, v := range raw.Params {
		m, ok := v.(map[string]any)
		if !ok {
			continue
		}
		lo, ok1 := tomlNumber(m["min"])
		hi, ok2 := tomlNumber(m["max"])
		if ok1 && ok2 {
			ranges[name] = [2]float64{lo, hi}
		}
	}
	return ranges
}

func tomlNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// series is a line of chartSVG (points with a NaN y are left out); name
// goes to the legend when not empty.
type series struct {
	name  string
	ys    []float64
	color string
}

// band is a shaded area between lo and hi.
type band struct{ lo, hi []float64 }

// chartSVG is a small line chart of series over xs on [lo, hi], with an
// optional band under them and a reference line at ref (NaN: none).
func chartSVG(title string, xs []float64, ss []series, bd *band, lo, hi, ref float64) string {
	if len(xs) == 0 {
		return ""
	}
	if !(hi > lo) {
		lo, hi = lo-1, hi+1
	}
	const width, height, left = 640, 120, 50
	sx := scale{xs[0], xs[len(xs)-1], left, width - 10}
	sy := scale{lo, hi, height - 20, 8}
	y := func(v float64) float64 { return sy.at(min(max(v, lo), hi)) }
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><figcaption>%s</figcaption><svg class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		template.HTMLEscapeString(title), width, height, width, height, template.HTMLEscapeString(title))
	for _, v := range []float64{lo, hi} {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="tick">%s</text>`, left, sy.at(v), width-10, sy.at(v), 2, sy.at(v)+4, fmtTick(v))
	}
	if bd != nil {
		var pts []string
		for i := range xs {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx.at(xs[i]), y(bd.hi[i])))
		}
		for i := len(xs) - 1; i >= 0; i-- {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx.at(xs[i]), y(bd.lo[i])))
		}
		fmt.Fprintf(&b, `<polygon points="%s" fill="#c33" fill-opacity="0.12" stroke="none"/>`, strings.Join(pts, " "))
	}
	if !math.IsNaN(ref) {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="ci"/>`, left, y(ref), width-10, y(ref))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="tick">%s</text><text x="%d" y="%d" class="tick">%s</text>`, left, height-4, fmtTick(xs[0]), width-60, height-4, fmtTick(xs[len(xs)-1]))
	legend := left + 60
	for _, s := range ss {
		var pts []string
		for i := range xs {
			if i < len(s.ys) && !math.IsNaN(s.ys[i]) {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx.at(xs[i]), y(s.ys[i])))
			}
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.2"/>`, strings.Join(pts, " "), s.color)
		if s.name != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" class="tick" style="fill:%s">%s</text>`, legend, height-4, s.color, template.HTMLEscapeString(s.name))
			legend += 6*len(s.name) + 20
		}
	}
	b.WriteString(`</svg></figure>`)
	return b.String()
}
