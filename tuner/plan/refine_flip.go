package plan

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"tourney/engines/game"
	"tourney/tuner/stats"
	"tourney/tuner/study"
)

// The flip round (issue 41): after the local rounds, the leader W (P
// with the local knobs at their better values) plays each of its
// one-knob flips (every two-level knob at its other value, the others at
// W's), each against W, on fresh seeds. Both rungs before it compare
// runs with their mirrors, so every two-way interaction cancels there:
// a knob whose grid-averaged main effect says "bad" with certainty never
// enters the local rung, though in W's context (its ridge partner
// raised) its other value wins. A flip game measures the knob's effect
// in W's context, interactions with every other knob at W's values
// included. The flip whose score against W is highest replaces W when
// it is above W's by refineFlipZ standard errors (under the null of no
// difference, each game scored 1, ½, 0; a seeded coin for exact ties);
// only one flip is taken, since two flips that each win alone (the two
// knobs of a ridge, each back onto it) can lose together. The winner
// then goes to the hold-out rung against the defaults as before: the
// verdict never rests on this round's games.
//
// Each round's budget is refineFlipShare of the design's and the local
// rung's: by default (no budget named) it adds that share to the sweep;
// a [tournament] budget holds it (the design and the local rung then
// share budget/(1 + refineFlipRounds·refineFlipShare + refinePairShare),
// the pair round's share in refine_pairs.go). Chosen on the ridge family's
// two-value version, training seeds (results/measurements.md,
// "Continuous knobs, II").

// refineFlipShare is the flip round's budget as a share of the design's
// and the local rung's.
const refineFlipShare = 0.5

// refineFlipZ: a flip replaces the leader when its score against the
// leader is this many standard errors above a half.
const refineFlipZ = 2.0

// refineFlipRounds is the most flip rounds: a round after the first is
// played only when the one before took a flip (around the new leader,
// the flip back included). On the ridge family's two-value version,
// training seeds 1 .. 100, within 15 Elo of the grid's best: one round
// 98 (7 217 games a run), two rounds 95 (7 613), two rounds with
// refineFlipZ 1.5 96 (8 007): a second round finds a second flip where
// two are needed (seeds 41, 82) but takes more near-null flips on noise
// (seeds 19, 22, 90). Those were measured before the round number joined
// the flip blocks' seeds. On today's seeds, with the pair round after a
// round that took no flip (refine_pairs.go): one round with pairs only
// 93 of 100 (7 352 games a run), with pairs and singles 94 (8 184), two
// rounds with pairs and singles 96 (8 737): shipped.
const refineFlipRounds = 2

// refineFlipOn turns the flip round on (a variable for the ground-truth
// tests: the refinement of before issue 41 without it).
var refineFlipOn = true

// flips says whether s's refinement plays a flip round.
func flips(s *study.Study) bool {
	f := s.Factorial()
	return refineFlipOn && f != nil && len(f.TwoLevel) > 0
}

// flipBlockGames counts the games of one flip block with k flips (k
// tables of a flip against the leader, every table on both seats, and
// the leader and the flips against every field bot).
func flipBlockGames(s *study.Study, k int, perMap [][]int) int {
	return s.Count(nil, perMap, func(c study.Cell) int { return k*c.Seats + (k+1)*c.Field*c.Seats })
}

// flipBlockCost is flipBlockGames in cost units.
func flipBlockCost(s *study.Study, k int, costs []float64) float64 {
	per := s.PerMap()
	flipBlockGames(s, k, per)
	return max(perMapCost(per, costs), 1e-9)
}

// flipBlocks is the flip round's blocks for the design's and the local
// rung's cost total (cost units) and k flips.
func flipBlocks(s *study.Study, total float64, k int) int {
	costs, _ := scenarioCosts(s)
	return max(1, int(refineFlipShare*total/flipBlockCost(s, k, costs)))
}

// layoutFlips lays out a flip round around the leader r.p: r.runs is
// the leader, then its flips in the order of r.two (in a second round
// the flip back too: a flip taken on noise can be undone).
func (r *refine) layoutFlips() error {
	w, ok := r.idx[keyOf(r.p)]
	if !ok {
		return fmt.Errorf("the leader %v is not a variant", r.p)
	}
	r.runs = []int{w}
	r.flipKnobs = nil
	for _, u := range r.two {
		pt := slices.Clone(r.p)
		r.toggle(pt, u)
		v, ok := r.idx[keyOf(pt)]
		if !ok {
			return fmt.Errorf("flip %v is not a variant", pt)
		}
		r.runs = append(r.runs, v)
		r.flipKnobs = append(r.flipKnobs, u)
	}
	return nil
}

// flipBlock schedules block b of the flip round.
func (r *refine) flipBlock(c *contest, b int) *Block {
	return r.tableBlock(c, b, []uint64{seedTagRefine, 0xf11b}, r.flipTables)
}

// flipTables seats every flip against the leader (each on a seeded seat)
// in a seeded order, and the leader and the flips against every field
// bot.
func (r *refine) flipTables(si, p int, seed uint64) [][]SeatRef {
	rng := game.NewRand(seed)
	var tables [][]SeatRef
	for _, v := range r.runs[1:] {
		a, o := SeatRef{Kind: SeatVariant, Variant: v}, SeatRef{Kind: SeatVariant, Variant: r.runs[0]}
		if rng.IntN(2) == 1 {
			a, o = o, a
		}
		tables = append(tables, []SeatRef{a, o})
	}
	rng.Shuffle(len(tables), func(i, j int) { tables[i], tables[j] = tables[j], tables[i] })
	return append(tables, fieldTables(r.h.s, si, p, r.runs)...)
}

// afterFlips scores every flip against the leader on the round's games
// and moves the leader, then lays out the next flip round when it took
// a flip, or chooses the winner.
func (r *refine) afterFlips(host Host, games []stats.Game) error {
	h := r.h
	w := r.runs[0]
	pts, n := map[int]float64{}, map[int]float64{}
	for _, g := range games {
		tallyAgainst(w, g, pts, n)
	}
	best, bestZ, bestK := r.bestAgainst(w, pts, n, 3)
	c := r.c
	round := r.phase + 1
	var names []string
	for _, u := range r.flipKnobs {
		names = append(names, h.s.Params[u].Name)
	}
	took := "none"
	if bestK >= 0 {
		u := r.flipKnobs[bestK]
		took = fmt.Sprintf("%s (%.1f standard errors above the leader)", h.s.Params[u].Name, bestZ)
		r.toggle(r.p, u)
	}
	flipRound := r.phase - r.rounds
	pairs := false
	if bestK >= 0 && flipRound < refineFlipRounds {
		if err := r.layoutFlips(); err != nil {
			return fmt.Errorf("flip round %d: %w", flipRound, err)
		}
	} else if bestK < 0 && r.layoutPairs(pts, n) {
		pairs = true // the pair round next (refine_pairs.go)
	} else {
		r.winner = best
		r.runs = []int{best}
	}
	h.bookAdvance(c, round, r.runs)
	h.decided["flip"]++
	if r.winner >= 0 {
		host.Logf("flip round %d over %s: %d blocks; flip taken: %s; winner variant %d\n", flipRound, strings.Join(names, " "), c.blocks, took, best)
		host.Status(fmt.Sprintf("flip rounds done: variant %d", best))
	} else if pairs {
		host.Logf("flip round %d over %s: %d blocks; flip taken: %s; leader variant %d; pair round over %d pairs\n", flipRound, strings.Join(names, " "), c.blocks, took, best, len(r.pairKnobs))
		host.Status(fmt.Sprintf("flip round %d done", flipRound))
	} else {
		host.Logf("flip round %d over %s: %d blocks; flip taken: %s; leader variant %d\n", flipRound, strings.Join(names, " "), c.blocks, took, best)
		host.Status(fmt.Sprintf("flip round %d done", flipRound))
	}
	return nil
}

// bestAgainst is the run of r.runs[1:] whose score against the leader w
// (pts and n, tallyAgainst's) is the most standard errors above ½,
// when that is at least refineFlipZ (a seeded coin, tagged tag, for
// exact ties): the run, its z and its index k in r.runs[1:] (w and
// k = −1 when none is).
func (r *refine) bestAgainst(w int, pts, n map[int]float64, tag uint64) (best int, bestZ float64, bestK int) {
	best, bestZ, bestK = w, refineFlipZ, -1
	for k, v := range r.runs[1:] {
		if n[v] == 0 {
			continue
		}
		z := (pts[v]/n[v] - 0.5) / math.Sqrt(0.25/n[v])
		if z > bestZ || z == bestZ && best != w && r.coin(tag, uint64(k)) {
			best, bestZ, bestK = v, z, k
		}
	}
	return best, bestZ, bestK
}

// toggle sets knob u of the point pt to its other two-level value.
func (r *refine) toggle(pt []int, u int) {
	if pt[u] == r.base[u][0] {
		pt[u] = r.base[u][1]
	} else {
		pt[u] = r.base[u][0]
	}
}

// tallyAgainst books a two-seat game of the leader w: the other entrant's
// score against w in pts, a game in n (a game without w books nothing).
func tallyAgainst(w int, g stats.Game, pts, n map[int]float64) {
	a, b := g.Players[0], g.Players[1]
	var sa float64
	switch {
	case g.Ranks[0] < g.Ranks[1]:
		sa = 1
	case g.Ranks[0] == g.Ranks[1]:
		sa = 0.5
	}
	switch w {
	case b:
		pts[a] += sa
		n[a]++
	case a:
		pts[b] += 1 - sa
		n[b]++
	}
}
