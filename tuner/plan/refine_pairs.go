package plan

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"tourney/tuner/stats"
	"tourney/tuner/study"
)

// The pair round (issue 41): when the flip round took no flip, the
// leader W plays the two-knob flips of the pairs whose interaction, in
// W's context, outweighs their main effects. A one-knob flip of a ridge
// pair's knob loses (its partner left behind), and so does the other's:
// each alone is worse, together they win, and no flip round (one knob
// at a time) can find that. The flip round measured each knob's effect
// in W's context (e_u, Elo, from its score against W); the design rung
// measured its grid-averaged main effect (m_u, the flip's sign: towards
// the knob's other value). Their difference D_u = e_u − m_u is what the
// interactions with W's other values add. In a two-value model with one
// interaction I_ab between knobs a and b, D_a = D_b = −2·I_ab·z_a·z_b,
// and flipping both gains m_a + m_b (their interaction, unchanged by a
// double flip, stays): e_a + e_b − D_a − D_b. The prediction taken is
// e_a + e_b − 2·max(D_a, D_b) (the weaker of the two discrepancies: a
// knob whose flip is bad on its own main effect, D near 0, pairs with
// nothing), for the pairs with both D_u < 0. The refinePairs pairs of
// the largest positive predictions, and the refineSingles one-knob flips
// of the best scores the flip round could not take (a flip of 50 Elo
// has about 240 games there, a standard error of 22 Elo: it misses the
// 2 standard errors a quarter of the time), play W (each against it,
// both seats, fresh seeds; refinePairShare of the design's and the local
// rung's games); the best replaces W when its score against W on the
// pair round's games alone is refineFlipZ standard errors above a half.
// The verdict, as before, comes from the hold-out rung alone.

// refinePairs is the most pairs of the pair round.
const refinePairs = 3

// refineSingles is the most one-knob flips of the pair round: the flip
// round's best ones, played again when above refineSingleZ standard
// errors there (below refineFlipZ: not taken).
const refineSingles = 2

// refineSingleZ: a one-knob flip is played again in the pair round when
// its score in the flip round was this many standard errors above a half.
const refineSingleZ = 0.0

// refinePairShare is the pair round's budget as a share of the design's
// and the local rung's.
const refinePairShare = 0.25

// refinePairOn turns the pair round on (a variable for the ground-truth
// tests: the refinement without it).
var refinePairOn = true

// pairsOn says whether a refinement with flips plays a pair round when
// its flip round takes none.
func pairsOn() bool { return refinePairOn && refinePairs > 0 }

// pairShare is the pair round's share of the design's and the local
// rung's budget (0 when it is off).
func pairShare() float64 {
	if !pairsOn() {
		return 0
	}
	return refinePairShare
}

// pairBlocks is the pair round's blocks for the design's and the local
// rung's cost total (cost units) and k pairs.
func pairBlocks(s *study.Study, total float64, k int) int {
	costs, _ := scenarioCosts(s)
	return max(1, int(refinePairShare*total/flipBlockCost(s, k, costs)))
}

// flipElo is the Elo of a score of pts in n games (each 1, ½, 0) against
// the leader, the score kept half a game from 0 and 1.
func flipElo(pts, n float64) float64 {
	s := min(max(pts/n, 0.5/n), 1-0.5/n)
	return 400 * math.Log10(s/(1-s))
}

// layoutPairs lays out the pair round around the leader r.p (the flip
// round's leader, which took no flip) from the flip round's scores (pts,
// n: per variant of r.runs[1:], against r.runs[0]); it reports false
// when no pair is predicted to gain (r.runs untouched).
func (r *refine) layoutPairs(pts, n map[int]float64) bool {
	if !pairsOn() {
		return false
	}
	type knob struct {
		u       int
		e, d, z float64
		v       int // the flip's variant
	}
	var ks []knob
	for j, v := range r.runs[1:] {
		u := r.flipKnobs[j]
		if n[v] == 0 {
			continue
		}
		m := r.est[r.feat[u][r.base[u][1]]] // the main effect of the knob's second value
		if r.p[u] != r.base[u][0] {
			m = -m // the flip goes back to the baseline
		}
		e := flipElo(pts[v], n[v])
		ks = append(ks, knob{u, e, e - m, (pts[v]/n[v] - 0.5) / math.Sqrt(0.25/n[v]), v})
	}
	type pair struct {
		a, b int // params
		gain float64
		v    int
	}
	var ps []pair
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			a, b := ks[i], ks[j]
			if a.d >= 0 || b.d >= 0 {
				continue
			}
			g := a.e + b.e - 2*max(a.d, b.d)
			if g <= 0 {
				continue
			}
			pt := slices.Clone(r.p)
			for _, u := range []int{a.u, b.u} {
				r.toggle(pt, u)
			}
			v, ok := r.idx[keyOf(pt)]
			if !ok {
				continue
			}
			ps = append(ps, pair{a.u, b.u, g, v})
		}
	}
	// the largest predictions first; equal ones in the knobs' order
	slices.SortStableFunc(ps, func(x, y pair) int { return descending(x.gain, y.gain) })
	ps = ps[:min(len(ps), refinePairs)]
	// and the best one-knob flips the flip round could not take, played
	// again (b −1)
	slices.SortStableFunc(ks, func(x, y knob) int { return descending(x.z, y.z) })
	for _, k := range ks[:min(len(ks), refineSingles)] {
		if k.z > refineSingleZ {
			ps = append(ps, pair{k.u, -1, k.e, k.v})
		}
	}
	if len(ps) == 0 {
		return false
	}
	r.runs = r.runs[:1]
	r.flipKnobs = nil
	r.pairKnobs = nil
	for _, p := range ps {
		r.runs = append(r.runs, p.v)
		r.pairKnobs = append(r.pairKnobs, [2]int{p.a, p.b})
	}
	return true
}

// afterPairs scores every pair flip against the leader on the pair
// round's games and chooses the winner.
func (r *refine) afterPairs(host Host, games []stats.Game) error {
	h := r.h
	w := r.runs[0]
	pts, n := flipScores(w, games)
	best, bestZ, bestK := r.bestAgainst(w, pts, n, 4)
	var names []string
	for _, p := range r.pairKnobs {
		names = append(names, r.pairName(p))
	}
	took := "none"
	if bestK >= 0 {
		p := r.pairKnobs[bestK]
		took = fmt.Sprintf("%s (%.1f standard errors above the leader)", r.pairName(p), bestZ)
		for _, u := range p {
			if u < 0 {
				continue
			}
			r.toggle(r.p, u)
		}
	}
	r.winner = best
	r.runs = []int{best}
	h.bookAdvance(r.c, r.phase+1, r.runs)
	h.decided["pair"]++
	host.Logf("pair round over %s: %d blocks; pair taken: %s; winner variant %d\n", strings.Join(names, " "), r.c.blocks, took, best)
	host.Status(fmt.Sprintf("pair round done: variant %d", best))
	return nil
}

// pairName names a pair round's flip: a+b, or a.
func (r *refine) pairName(p [2]int) string {
	if p[1] < 0 {
		return r.h.s.Params[p[0]].Name
	}
	return r.h.s.Params[p[0]].Name + "+" + r.h.s.Params[p[1]].Name
}

// flipScores is each variant's points and games against w (each game
// scored 1, ½, 0) on games of two seats.
func flipScores(w int, games []stats.Game) (pts, n map[int]float64) {
	pts, n = map[int]float64{}, map[int]float64{}
	for _, g := range games {
		if len(g.Players) != 2 {
			continue
		}
		tallyAgainst(w, g, pts, n)
	}
	return pts, n
}

// descending orders a sort by x, largest first (0 for equal ones, and
// for a NaN).
func descending(x, y float64) int {
	switch {
	case x > y:
		return -1
	case x < y:
		return 1
	}
	return 0
}
