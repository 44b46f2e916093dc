package results

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"tourney/tuner/plan"
	"tourney/tuner/stats"
)

// flatDiffs says whether every bootstrap refit gave the same difference:
// every block gave the same result, and the interval is the observed
// information's (stats.Bootstrap), not the blocks' spread.
func flatDiffs(diffs []float64) bool {
	if len(diffs) == 0 {
		return false
	}
	return slices.Max(diffs)-slices.Min(diffs) < stats.TieTolerance
}

// worse says whether the winner's interval against the defaults lies
// below 0: the tournament chose a variant the defaults beat.
func (v Verdict) worse() bool {
	return !math.IsNaN(v.Hi) && v.Hi < 0 && !(v.Elo == 0 && v.Lo == 0 && v.Hi == 0)
}

// String is the verdict for people: every line a sweep prints about its
// winner (cmd/tourney prints it whole; a warning goes above it). Every
// number in it is in the results files (TestSweepStdoutContract).
func (v Verdict) String() string {
	pbest := v.pbestText()
	s := ""
	switch {
	case !math.IsNaN(v.Elo) && v.Elo == 0 && v.Lo == 0 && v.Hi == 0:
		s = fmt.Sprintf("winner %d (the defaults), %s", v.Winner, pbest)
	case !math.IsNaN(v.Elo) && v.Distinct < 2 && (math.IsNaN(v.Lo) || v.Flat):
		// a bootstrap of one block is that block again
		s = fmt.Sprintf("winner %d: %s Elo against the defaults (no variation: deterministic games; distinct blocks: %d), P(best) not estimated: one distinct block",
			v.Winner, plan.FmtRound(v.Elo, 1), v.Distinct)
	case !math.IsNaN(v.Elo):
		head := fmt.Sprintf("winner %d: %s Elo against the defaults", v.Winner, plan.FmtRound(v.Elo, 1))
		if v.worse() {
			head = fmt.Sprintf("winner %d is worse than the defaults: %s Elo", v.Winner, plan.FmtRound(v.Elo, 1))
		}
		var notes []string
		if v.Held && v.FieldGain != nil && v.FieldGain.Paired {
			head = fmt.Sprintf("winner %d: %s Elo against the defaults, scored against the field", v.Winner, plan.FmtRound(v.Elo, 1))
			notes = append(notes, fmt.Sprintf("the Elo of the paired score ½ + (winner − defaults)/2 on %d hold-out deals that played no part in the choice", v.HeldDistinct))
		} else if v.Held {
			notes = append(notes, fmt.Sprintf("on %d hold-out blocks that played no part in the choice", v.HeldDistinct))
		}
		if v.Flat {
			// the games differ, their results do not (the two play alike)
			notes = append(notes, fmt.Sprintf("no variation: every block gave the same result; distinct blocks: %d; the interval is the games' information", v.Distinct))
		}
		s = fmt.Sprintf("%s [%s, %s]", head, plan.FmtRound(v.Lo, 1), plan.FmtRound(v.Hi, 1))
		if len(notes) > 0 {
			s += " (" + joinWith(notes, "; ") + ")"
		}
		s += ", " + pbest
		if !v.Held && !math.IsNaN(v.LoAdjusted) {
			// without a hold-out the tournament's bound decides; with one
			// the hold-out does and the bound is only in summary.json
			s += fmt.Sprintf("\nthe tournament's lower bound after paying for choosing the best of %d variants: %s Elo (\"better\" needs it above 0)",
				v.M, plan.FmtRound(v.LoAdjusted, 1))
		}
	default:
		s = fmt.Sprintf("winner %d: %s", v.Winner, pbest)
	}
	if len(v.Inseparable) > 0 {
		ids := make([]string, len(v.Inseparable))
		sort.Ints(v.Inseparable)
		for i, x := range v.Inseparable {
			ids[i] = strconv.Itoa(x)
		}
		s += fmt.Sprintf("\ncannot be separated from: %s", joinMax(ids, 20))
	} else if v.Played > 1 || v.Variants == 0 {
		s += "\nseparated from every other variant"
	}
	s += "\nverdict: " + v.Text
	for _, l := range v.GainLines() {
		s += "\n" + l
	}
	for _, b := range v.Bounds {
		s += "\n" + b.Text
	}
	return s
}

// pbestText is P(best) with the variants it is taken among: those that
// played (a variant rated only by prediction cannot be best in a refit).
func (v Verdict) pbestText() string {
	p := fmt.Sprintf("P(best) %.2f", v.PBest)
	switch {
	case v.Variants == 0: // a verdict made by hand (tests)
		return p
	case v.Played <= 1:
		return "P(best) not estimated: one variant played"
	case v.Played < v.Variants:
		return fmt.Sprintf("%s among the %d of %d variants that played (the others are predictions only)", p, v.Played, v.Variants)
	}
	return fmt.Sprintf("%s among the %d variants", p, v.Played)
}

func joinWith(xs []string, sep string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += sep
		}
		out += x
	}
	return out
}
