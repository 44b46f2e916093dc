package report

import (
	"fmt"
	"html/template"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// spsaSection draws spsa.csv when the directory has one: θ of every
// parameter over the iterations within its range (the final point's
// value marked), and θ+'s share of the points over the iterations (a
// moving mean over 2 % of them; 0.5 is a tie). The verdict is the
// summary's.
func (d *Data) spsaSection() template.HTML {
	t, err := readTable(filepath.Join(d.Dir, "spsa.csv"))
	if err != nil || !t.Has("iteration") {
		return ""
	}
	ranges := d.paramRanges()
	var iters []float64
	for _, r := range t.Rows {
		k, _ := strconv.Atoi(t.Get(r, "iteration"))
		iters = append(iters, float64(k))
	}
	var b strings.Builder
	if vd, ok := d.Summary["verdict"].(map[string]any); ok {
		fmt.Fprintf(&b, "<p>verdict on the final point: <b>%s</b></p>\n", template.HTMLEscapeString(summaryText(vd["text"])))
	}
	b.WriteString(d.knobTable())
	for _, col := range t.Head {
		name, ok := strings.CutPrefix(col, "theta_")
		if !ok {
			continue
		}
		ys := make([]float64, len(t.Rows))
		for i, r := range t.Rows {
			ys[i], _ = num(t, r, col)
		}
		rg, ok := ranges[name]
		if !ok {
			rg = [2]float64{math.Inf(1), math.Inf(-1)}
			for _, y := range ys {
				rg = [2]float64{min(rg[0], y), max(rg[1], y)}
			}
		}
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
