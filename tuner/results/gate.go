package results

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"tourney/tuner/plan"
)

// GateCheck is the promotion gate's result (a space's [gate], issue 44):
// the winner and the defaults under the gate's conditions — the contest's
// clock, maps the tuning did not use, opponents it did not meet — with a
// GSPRT. Only H1 passes: the verdict says "better than the defaults" only
// when the tournament, its confirmation and the gate all say so.
type GateCheck struct {
	// Against lists the opponents (none: the winner played the defaults
	// head to head, as a confirmation does).
	Against []string `json:"against,omitempty"`
	Maps    []string `json:"maps"`
	Budget  string   `json:"budget"`
	Games   int      `json:"games"` // every game the gate played
	// Deals are the distinct deals the paired test rests on (with
	// Against; a deal whose games repeat an earlier deal's counts once).
	Deals int `json:"deals,omitempty"`
	// Elo is the winner against the defaults: head to head, or (with
	// Against) the Elo of the deals' paired scores ½ + (winner's points −
	// defaults' points)/2.
	EloInterval
	// Winner and Defaults are their points a game against the opponents,
	// Diff the paired difference with its interval (with Against).
	Winner   *float64 `json:"winner_points,omitempty"`
	Defaults *float64 `json:"defaults_points,omitempty"`
	Diff     *float64 `json:"difference,omitempty"`
	DiffLo   *float64 `json:"difference_lo,omitempty"`
	DiffHi   *float64 `json:"difference_hi,omitempty"`

	GSPRTEnd        // State continue: max_games came first
	Passed   bool   `json:"passed"`
	Dir      string `json:"dir,omitempty"`
}

// What says how the gate ended, for the verdict's text.
func (g *GateCheck) What() string {
	where := g.Where()
	switch g.State {
	case "H1":
		return fmt.Sprintf("passed the promotion gate: %s, GSPRT %s, LLR %.2f → H1 after %d games", where, g.SPRT, g.LLR, g.Games)
	case "H0":
		return fmt.Sprintf("the promotion gate rejected the winner: %s, GSPRT %s, LLR %.2f → H0 after %d games", where, g.SPRT, g.LLR, g.Games)
	}
	return fmt.Sprintf("the promotion gate could not decide: %s, GSPRT %s, LLR %.2f in [%.2f, %.2f] after %d games", where, g.SPRT, g.LLR, g.Bounds[0], g.Bounds[1], g.Games)
}

// Where names the gate's conditions.
func (g *GateCheck) Where() string {
	s := ""
	if len(g.Against) > 0 {
		s = "against " + strings.Join(g.Against, ", ") + ", "
	}
	maps := strings.Join(g.Maps, ", ")
	if len(g.Maps) > 4 {
		maps = fmt.Sprintf("%d maps", len(g.Maps))
	}
	return s + "on " + maps + ", budget " + g.Budget
}

// Apply makes the gate part of the verdict: a "better" that the gate did
// not pass (H0, or undecided when max_games came first) becomes "keep the
// defaults"; a verdict that kept the defaults stays as it was (the gate's
// figures are shown beside it).
func (g *GateCheck) Apply(v *Verdict) {
	v.Gate = g
	if !v.Better {
		return
	}
	if g.Passed {
		v.Text += "; " + g.What()
		return
	}
	v.Better = false
	v.Text = verdictKeep + " (" + g.What() + ")"
}

// FieldGain is the winner's points a game against the field bots of the
// sweep's own games less the defaults' (the hold-out rung and repeated
// blocks aside), with an interval over the blocks (each block's mean
// points; the two sides' blocks are not paired, a Welch interval).
type FieldGain struct {
	Field        []string `json:"field"`
	Winner       float64  `json:"winner_points"`
	Defaults     float64  `json:"defaults_points"`
	WinnerGames  int      `json:"winner_games"`
	DefaultGames int      `json:"defaults_games"`
	Diff         float64  `json:"difference"`
	Lo           *float64 `json:"difference_lo,omitempty"`
	Hi           *float64 `json:"difference_hi,omitempty"`
	// Paired: a gauntlet's hold-out rung, the winner and the defaults on
	// the same Deals (distinct blocks), the interval a paired t's.
	Paired bool `json:"paired,omitempty"`
	Deals  int  `json:"deals,omitempty"`
}

// SelfPlay is a gauntlet winner's self-play figure: the tournament's
// ratings (every game on one scale), winner less defaults; the choice
// inflates it (the gauntlet's verdict rests on the field).
type SelfPlay struct{ EloInterval }

// FieldGain measures the winner's gain against the field (nil when the
// space has no field, or the winner or the defaults never met it).
func (r *Sweep) FieldGain(winner int) *FieldGain {
	type side struct {
		points float64
		games  int
		blocks map[int][2]float64 // block → points, games
	}
	sides := [2]*side{{blocks: map[int][2]float64{}}, {blocks: map[int][2]float64{}}}
	names := r.fieldSeats(false, winner, r.ents.def, func(_, block, i int, pts float64) {
		s := sides[i]
		s.points += pts
		s.games++
		b := s.blocks[block]
		s.blocks[block] = [2]float64{b[0] + pts, b[1] + 1}
	})
	if len(names) == 0 {
		return nil
	}
	if sides[0].games == 0 || sides[1].games == 0 {
		return nil
	}
	fg := &FieldGain{Field: names, WinnerGames: sides[0].games, DefaultGames: sides[1].games,
		Winner: sides[0].points / float64(sides[0].games), Defaults: sides[1].points / float64(sides[1].games)}
	fg.Diff = fg.Winner - fg.Defaults
	var mv [2][2]float64 // mean and variance of the mean over blocks
	ok := true
	for i, s := range sides {
		var xs []float64
		for _, b := range s.blocks {
			xs = append(xs, b[0]/b[1])
		}
		if len(xs) < 2 {
			ok = false
			break
		}
		sort.Float64s(xs) // the same sums whatever the map's order
		m, sd := meanSD(xs)
		mv[i] = [2]float64{m, sd * sd / float64(len(xs))}
	}
	if ok && mv[0][1]+mv[1][1] > 0 {
		z := distuv.UnitNormal.Quantile(0.5 + r.s.Tournament.Confidence/2)
		half := z * math.Sqrt(mv[0][1]+mv[1][1])
		fg.Lo, fg.Hi = OptFloat(fg.Diff-half, 3), OptFloat(fg.Diff+half, 3)
	}
	fg.Winner, fg.Defaults, fg.Diff = math.Round(fg.Winner*1000)/1000, math.Round(fg.Defaults*1000)/1000, math.Round(fg.Diff*1000)/1000
	return fg
}

// fieldSeats calls visit(rec, block, side, points) for every seat of w
// (side 0) and d (side 1) in a game against the field of a block that
// repeats no earlier one: the hold-out rung's games (rung), or the
// others. It returns the field's bot names, sorted (none: no field).
func (r *Sweep) fieldSeats(rung bool, w, d int, visit func(rec, block, side int, pts float64)) []string {
	isField := map[int]bool{}
	for _, e := range r.ents.field {
		isField[e] = true
	}
	if len(isField) == 0 {
		return nil
	}
	for i, g := range r.recs {
		inRung := r.rungFrom >= 0 && g.Block >= r.rungFrom
		if r.dup[g.Block] || inRung != rung || !slices.ContainsFunc(g.Players, func(p int) bool { return isField[p] }) {
			continue
		}
		for seat, p := range g.Players {
			for side, who := range [2]int{w, d} {
				if p == who {
					visit(i, g.Block, side, plan.Points(g.Ranks, seat))
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(r.ents.field))
}

func meanSD(xs []float64) (float64, float64) {
	m := 0.0
	for _, x := range xs {
		m += x / float64(len(xs))
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m) / float64(len(xs)-1)
	}
	return m, math.Sqrt(v)
}

// GainLines are the winner's three gains over the defaults side by side
// (printed under the verdict when the space has a gate): in self-play (the
// hold-out rung, or the confirmation), against the sweep's field, and
// under the gate's held-out conditions.
func (v Verdict) GainLines() []string {
	gauntlet := v.FieldGain != nil && v.FieldGain.Paired
	if v.Gate == nil && !gauntlet {
		return nil
	}
	out := []string{"gains over the defaults, side by side:"}
	self := "not measured"
	switch {
	case gauntlet && (v.Confirm == nil || v.Confirm.Elo == nil):
		if sp := v.SelfPlay; sp != nil && sp.complete() {
			self = sp.text() + " (the tournament's ratings, self-play rung and field rungs on one scale; the choice inflates it)"
		}
	case v.Confirm != nil && v.Confirm.complete():
		self = v.Confirm.text() + " (the confirmation on fresh seeds)"
	case !math.IsNaN(v.Elo) && !math.IsNaN(v.Lo):
		from := "the tournament's games"
		if v.Held {
			from = "the hold-out rung"
		}
		self = fmt.Sprintf("%s Elo [%s, %s] (%s)", signedElo(v.Elo), plan.FmtRound(v.Lo, 1), plan.FmtRound(v.Hi, 1), from)
	}
	out = append(out, "  self-play: "+self)
	field := "not measured (no field bot played the winner and the defaults)"
	if f := v.FieldGain; f != nil && f.Paired {
		field = fmt.Sprintf("%+.3f points a game %s against %s (the gauntlet's hold-out rung: winner %.3f, defaults %.3f on the same %d fresh deals, paired)",
			f.Diff, ivText(f.Lo, f.Hi), strings.Join(f.Field, ", "), f.Winner, f.Defaults, f.Deals)
	} else if f != nil {
		field = fmt.Sprintf("%+.3f points a game %s against %s (the sweep's games: winner %.3f in %d, defaults %.3f in %d)",
			f.Diff, ivText(f.Lo, f.Hi), strings.Join(f.Field, ", "), f.Winner, f.WinnerGames, f.Defaults, f.DefaultGames)
	}
	out = append(out, "  field:     "+field)
	g := v.Gate
	if g == nil {
		return append(out, "  held-out:  not measured (no [gate])")
	}
	held := ""
	if g.Diff != nil {
		held = fmt.Sprintf("%+.3f points a game %s (winner %.3f, defaults %.3f on %d deals), ", *g.Diff, ivText(g.DiffLo, g.DiffHi), *g.Winner, *g.Defaults, g.Deals)
	}
	if g.complete() {
		held += g.text() + ", "
	}
	verdict := "failed"
	if g.Passed {
		verdict = "passed"
	}
	out = append(out, fmt.Sprintf("  held-out:  %s%s: GSPRT %s, LLR %.2f → %s after %d games (%s)", held, g.Where(), g.SPRT, g.LLR, g.State, g.Games, verdict))
	return out
}

// complete says whether e has its figure and both ends.
func (e EloInterval) complete() bool { return e.Elo != nil && e.Lo != nil && e.Hi != nil }

// text writes a complete e: "+12.3 Elo [1.5, 23.0]".
func (e EloInterval) text() string {
	return fmt.Sprintf("%s Elo [%s, %s]", signedElo(*e.Elo), plan.FmtRound(*e.Lo, 1), plan.FmtRound(*e.Hi, 1))
}

// signedElo writes an Elo figure with its sign.
func signedElo(x float64) string {
	s := plan.FmtRound(x, 1)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// ivText writes an interval of points a game.
func ivText(lo, hi *float64) string {
	if lo == nil || hi == nil {
		return "(no interval)"
	}
	return fmt.Sprintf("[%+.3f, %+.3f]", *lo, *hi)
}

// GainLines are the three gains of a verdict read back from summary.json
// (the report's).
func (vj VerdictJSON) GainLines() []string {
	v := Verdict{Gate: vj.Gate, FieldGain: vj.FieldGain, SelfPlay: vj.SelfPlay, Confirm: vj.Confirm, Held: vj.HoldOut, Elo: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if vj.Elo != nil && vj.Lo != nil && vj.Hi != nil {
		v.Elo, v.Lo, v.Hi = *vj.Elo, *vj.Lo, *vj.Hi
	}
	return v.GainLines()
}
