package results

import (
	"fmt"
	"strings"

	"tourney/tuner/space"
)

// Effects against a default that only the defaults played.
//
// A main effect in effects.csv is a knob value against the knob's
// default. When a design never plays a knob's default outside the
// defaults' own variant (a two-level factorial on {10, 50} around a
// default of 25), that knob's default level is seen in the defaults'
// games alone, together with every other such knob's default level: the
// games measure the sum of those levels, not each one, and the prior
// splits the sum among them (issue 31: aspiration_width = 10 came out
// 0.0 [−11.6, 11.6] twice, on ten such knobs of twelve). What the games
// do measure is the differences between each such knob's other values:
// its rows in effects.csv are against its first value instead, and
// effects.csv, summary.json, stdout and the report say so. With one such
// knob its level is the defaults' games' own (it is identified, on those
// games only).

// unidentifiedKnobs names the discrete knobs whose default value no
// variant but the defaults played in the games the effects rest on, when
// there are two or more of them (none otherwise).
func (r *Sweep) unidentifiedKnobs() []string {
	recs, _ := r.designGames()
	played := make([]bool, len(r.variants))
	for _, g := range recs {
		for _, p := range g.Players {
			if p < len(played) {
				played[p] = true
			}
		}
	}
	def := r.s.DefaultPoint()
	var out []string
	for i, p := range r.s.Params {
		if len(p.Values) == 0 || p.Continuous {
			continue
		}
		seen := false
		for v, ok := range played {
			if ok && !r.variants[v].Default && space.ValueEqual(r.variants[v].Values[p.Name], def[i]) {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, p.Name)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// effects.csv's averaged_over for the rows of such a knob: its values
// against its first value (the reference, 0), its default's row without
// an effect, and its interactions without one.
const (
	avgDefaultUnidentified = "not identified: only the defaults' variant played it, with the other such knobs' defaults"
	avgReference           = "the reference of this knob's rows (its default is not identified)"
	avgPairsUnidentified   = "not identified: a knob's default played only by the defaults' variant"
)

func avgAgainst(ref string) string {
	return "other knobs; against " + ref + ", not the default (not identified)"
}

// UnidentifiedLine is the summary's line on those knobs (empty when
// there are none).
func UnidentifiedLine(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("effects against the default: not identified for %s (their defaults were played only by the defaults' variant, all at once: the games measure the differences between each knob's other values, and the prior splits the rest: effects.csv gives their values against each one's first value)", strings.Join(names, ", "))
}
