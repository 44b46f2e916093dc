package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"tourney/tuner/results"
)

// The parameter effects of effects.csv (statistics.md §7): each knob
// value's effect against the defaults' value, with its interval, pooled
// and per scenario; and the variant the effects predict best
// (variants.csv's predicted column), played or not.

// EffectRow is one row of effects.csv.
type EffectRow struct {
	Scope, Param, Value string
	Effect, Lo, Hi      float64
	Games               int
}

func loadEffects(dir string) []EffectRow {
	t, err := readTable(filepath.Join(dir, "effects.csv"))
	if err != nil {
		return nil
	}
	var out []EffectRow
	for _, r := range t.Rows {
		e := EffectRow{Scope: t.Get(r, "scenario"), Param: t.Get(r, "parameter"), Value: t.Get(r, "value"),
			Effect: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		e.Effect = numOr(t, r, "effect", e.Effect)
		e.Lo = numOr(t, r, "effect_lo", e.Lo)
		e.Hi = numOr(t, r, "effect_hi", e.Hi)
		g, _ := strconv.Atoi(t.Get(r, "games"))
		e.Games = g
		out = append(out, e)
	}
	return out
}

// effectsView is the page's effects section.
type effectsView struct {
	Scopes    []effectScope
	Predicted string
	// Knobs: the knobs that changed no game, and those the design could
	// not tell (summary.json's knobs, results.KnobLines).
	Knobs []string
}

type effectScope struct {
	Title string
	SVG   template.HTML
	Rows  []EffectRow
}

func (d *Data) effectsView() *effectsView {
	if len(d.Effects) == 0 {
		return nil
	}
	v := &effectsView{Knobs: knobLines(d.Summary)}
	var order []string
	by := map[string][]EffectRow{}
	for _, e := range d.Effects {
		if _, ok := by[e.Scope]; !ok {
			order = append(order, e.Scope)
		}
		by[e.Scope] = append(by[e.Scope], e)
	}
	for _, sc := range order {
		title := "all scenarios"
		if sc != "all" {
			title = "scenario " + sc
		}
		v.Scopes = append(v.Scopes, effectScope{Title: title, SVG: template.HTML(effectIntervalSVG(by[sc])), Rows: by[sc]})
	}
	best := -1
	for i, x := range d.Variants {
		if !math.IsNaN(x.Pred) && (best < 0 || x.Pred > d.Variants[best].Pred) {
			best = i
		}
	}
	if best >= 0 {
		b := d.Variants[best]
		var kv []string
		for i, p := range d.Params {
			kv = append(kv, p+"="+b.Params[i])
		}
		played := "played"
		if b.Games == 0 {
			played = "never played: a hypothesis"
		}
		v.Predicted = fmt.Sprintf("variant %d (%s): %s Elo [%s, %s], %s (%d games)", b.ID, strings.Join(kv, " "),
			fmtNum(b.Pred), fmtNum(b.PredLo), fmtNum(b.PredHi), played, b.Games)
	}
	return v
}

// effectIntervalSVG draws each knob value's effect with its interval
// around a zero line (the defaults' values, without an interval).
func effectIntervalSVG(rows []EffectRow) string {
	lo, hi := 0.0, 0.0
	for _, e := range rows {
		for _, x := range []float64{e.Effect, e.Lo, e.Hi} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	const row, left, width = 16, 190, 640
	h := row*len(rows) + 30
	sx := scale{lo, hi, left + 10, width - 20}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="effects">`, width, h, width, h)
	for _, t := range ticks(lo, hi, 6) {
		x := sx.at(t)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="%d" class="grid"/><text x="%.1f" y="%d" class="tick">%s</text>`, x, x, h-18, x, h-4, fmtTick(t))
	}
	z := sx.at(0)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="%d" stroke="#888"/>`, z, z, h-18)
	for i, e := range rows {
		y := float64(i*row + row/2 + 2)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="lab">%s = %s</text>`, left-4, y+4, template.HTMLEscapeString(e.Param), template.HTMLEscapeString(e.Value))
		if !math.IsNaN(e.Lo) && !math.IsNaN(e.Hi) {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="ci"/>`, sx.at(e.Lo), y, sx.at(e.Hi), y)
		}
		if !math.IsNaN(e.Effect) {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" class="pt"><title>%s = %s: %s Elo [%s, %s], %d games</title></circle>`,
				sx.at(e.Effect), y, template.HTMLEscapeString(e.Param), template.HTMLEscapeString(e.Value), fmtNum(e.Effect), fmtNum(e.Lo), fmtNum(e.Hi), e.Games)
		}
	}
	b.WriteString("</svg>")
	return b.String()
}

// knobLines are the summary's lines on the knobs that changed no game
// and on the effects the games do not identify (summary.json's knobs
// and effects_unidentified; none in a directory of an older version).
func knobLines(summary map[string]any) []string {
	var out []string
	if raw, ok := summary["knobs"]; ok {
		var ks []results.KnobChange
		if b, err := json.Marshal(raw); err == nil && json.Unmarshal(b, &ks) == nil {
			out = results.KnobLines(ks)
		}
	}
	if names, ok := summary["effects_unidentified"].([]any); ok {
		var ns []string
		for _, n := range names {
			if s, ok := n.(string); ok {
				ns = append(ns, s)
			}
		}
		if l := results.UnidentifiedLine(ns); l != "" {
			out = append(out, l)
		}
	}
	return out
}
