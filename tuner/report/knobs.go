package report

import (
	"fmt"
	"html/template"
	"path/filepath"
	"strings"
)

// knobTable is convergence.csv (an spsa or cmaes run's diagnostic) as a
// table: per knob its range, where the search started, the final point,
// how far it moved in the last quarter of the search (a share of the
// range), its last step and whether it had settled. "" when the run has
// none (a run stopped before the end of its search, or older).
func (d *Data) knobTable() string {
	t, err := readTable(filepath.Join(d.Dir, "convergence.csv"))
	if err != nil || !t.Has("param") || !t.Has("start") {
		return ""
	}
	var b strings.Builder
	b.WriteString("<table class=\"knobs\"><tr><th>knob</th><th>range</th><th>start</th><th>final point</th><th>moved in the last quarter</th><th>last step</th><th>status</th></tr>\n")
	moving := 0
	for _, r := range t.Rows {
		lo, _ := num(t, r, "min")
		hi, _ := num(t, r, "max")
		st, _ := num(t, r, "start")
		fin, _ := num(t, r, "final")
		mv, _ := num(t, r, "moved_last_quarter")
		step, _ := num(t, r, "step")
		status := t.Get(r, "status")
		if status == "moving" {
			moving++
			status = "<b>moving</b>"
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s … %s</td><td>%s</td><td>%s</td><td>%+.1f %%</td><td>%.2f %%</td><td>%s</td></tr>\n",
			template.HTMLEscapeString(t.Get(r, "param")), fmtNum(lo), fmtNum(hi), fmtNum(st), fmtNum(fin), 100*mv, 100*step, status)
	}
	b.WriteString("</table>\n")
	if moving > 0 {
		fmt.Fprintf(&b, "<p><b>%d knob(s) still moving</b> at the end of the search: a larger budget may find more.</p>\n", moving)
	}
	return b.String()
}
