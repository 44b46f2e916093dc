package plan

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"tourney/engines/game"
	"tourney/tuner/space"
	"tourney/tuner/stats"
	"tourney/tuner/study"
)

// Local refinement (statistics.md §7): successive halving of a factorial
// design on maps of two seats. A main-effects model cannot see
// interactions: a knob that is bad on average can pay in the company of
// the best's other values (and the reverse), and the predicted best of
// the design misses by such in-context effects. So, after the design:
//
//  1. The design rung (every run against its mirror, every knob flipped:
//     each game informs every main effect) gives the main effects and
//     their standard errors (maximum likelihood on the rung's games,
//     Fisher information). The predicted best P takes each knob's better
//     value (exact ties by a seeded coin).
//  2. The uncertain knobs U are those whose |effect| < RefineZ·se, at
//     most RefineKnobs of them, the least certain first (at least one).
//  3. The local rung is the full factorial over U with every other knob
//     at P's value, each local run against its local mirror (every knob
//     of U flipped), so each game informs every local effect; the local
//     effects are fitted on the local games alone: they are effects in
//     P's context, interactions with the fixed knobs included.
//  4. A local effect that agrees with the design's (their difference
//     within refinePool standard errors) is pooled with it (inverse
//     variance); one that disagrees is an interaction and stands alone.
//  5. The leader W is P with every knob of U at its better value: a
//     local run, played for real.
//  6. The flip round (refine_flip.go, issue 41): W against each of its
//     one-knob flips, the best flip taken when it is clearly better
//     (refineFlipRounds such rounds). Every game of steps 1–4 is a run
//     against its mirror, where two-way interactions cancel: a knob whose
//     grid-averaged effect says "bad" with certainty can win in W's
//     context (its ridge partner raised); a flip game sees it. When a
//     flip round takes no flip, the pair round (refine_pairs.go) plays
//     W against the two-knob flips of the pairs whose interaction in
//     W's context outweighs their main effects, and against the best
//     one-knob flips again.
//  7. The winner goes to the hold-out rung against the defaults like any
//     winner (the verdict comes from that rung alone).
//
// The main effects the sweep reports (effects.csv) rest on the design
// rung alone (tuner/effects.go, designGames). A run against its mirror
// differs by Σ z_i·(a_i + half of each interaction of knob i) in ±1
// coding: the interactions cancel, and the main-effects model is then
// exact for the grid-averaged main effects. The local rung's effects are
// in-context ones and would bias them: they steer the choice only.
// Measured over 300 seeds of the twelve-knob landscape: per knob |bias|
// ≤ 1.2 Elo against a spread of 9–12 Elo, and the refits' spread equals
// the estimates' (10.6 Elo both); the intervals' shortfall (93.3 %) came
// from resampling 36 blocks, which stats.Effects now corrects.
//
// The budget is split between the design (refineDesignShare) and the
// local rung; rung_blocks, when given, fixes the design's blocks and the
// local rung gets the matching share (1.5 times the design's cost). Ties never go by variant
// number, and every choice depends only on the results and the seed.

// RefineKnobs is the most knobs of the local rung (a full factorial of
// at most 2^RefineKnobs runs). On twelve.toml at 92 games a candidate,
// seeds 1–300, within 15 Elo of the best: 4 knobs 272 (93, 95, 84 a hundred seeds), 5 knobs 269
// (92, 88, 89), 6 knobs 253: 4 and 5 are within noise of each other;
// seeds 301–500: 4 knobs 169, 5 knobs 178 of 200 (5 knobs: 447 of 500,
// 89.4 %).
//
// At that budget it was limited by the games and by the structure. More
// games help (seeds 1–200: a budget of 4 000 games 186, of 5 500 games
// 190 of 200; 180 a candidate, DefaultRefineGames, 292 of seeds 1–300);
// an earlier figure of 179 with 4 400 games was not reproduced. In a
// game between a run and its mirror every two-way interaction cancels,
// so when both knobs of an interacting pair are uncertain (x1 and x3,
// x12 and x2 on twelve.toml) the local rung sees each averaged over the
// other, not in the best's context; x3 was wrong in 27 of the 31 misses
// of seeds 1–300. Measured alternatives at 92 games a candidate (seeds
// 1–200, the shipped rule 180): no
// pooling with the design 181; 4 knobs without pooling 187, but 250 of
// seeds 201–500 (the shipped rule 267); 6 knobs without pooling 171; two
// local rounds 180, the second round's estimates alone 173; two rounds
// without pooling 169–175; a design share of 0.5: 175, of 0.3 with 4
// knobs 180; RefineZ 1.0, 1.3, 1.6 with 6 knobs (seeds 1–300) 263, 269,
// 262 against 269; the right five uncertain knobs given by an oracle
// (x2 x3 x4 x7 x8: x1 then rests on the design) 169. Estimating the
// interactions instead needs games between runs that share one knob
// of a pair: with half the local games spent so, an in-context effect's
// standard error grows from 8 to about 14 Elo (computed, not run).
const RefineKnobs = 5

// RefineZ: a knob whose effect is within RefineZ standard errors of 0 is
// uncertain.
const RefineZ = 2.5

// refinePool: a local effect within refinePool standard errors (of the
// difference) of the design's is pooled with it.
const refinePool = 1.5

// refineDesignShare is the design rung's share of the budget.
const refineDesignShare = 0.4

// refineRounds is the number of local rounds, each centred on the best
// so far, sharing the local budget equally (on twelve.toml two rounds
// did no better than one: 181 of 200 seeds within 15 Elo against 187).
const refineRounds = 1

// DefaultRefineGames is the budget per candidate of a refining halving
// tournament that names none: 180 games, 5 760 for a 32-run design (with
// the hold-out rung 6 336 games: 2.2 % of the 287 404 a knockout of the
// 4 096 grid points of twelve.toml played with the shipped
// twelve-space.toml settings, 8.8 % of the least such a knockout could
// play). On twelve.toml, within 15 Elo of the best in 486 of seeds 1–500
// (94, 100, 98 a hundred, then 194 of 200); at 92 games a candidate (3 238 games a run)
// 447 of 500 (89.4 %): the small knobs' local standard errors (8 Elo)
// against effects of 5 and 10 Elo. (Those figures are from before the
// flip rounds, which add refineFlipShare of these games on top when no
// budget is named: refine_flip.go.)
const DefaultRefineGames = 180

const seedTagRefine = 0x10ca1

// refineOK says whether a halving tournament refines locally: a
// factorial design with two-level knobs, every map of two seats.
func refineOK(s *study.Study) bool {
	f := s.Factorial()
	if f == nil || len(f.TwoLevel) == 0 {
		return false
	}
	for _, sc := range s.Scenarios {
		for _, m := range sc.Maps {
			if m.Players() != 2 {
				return false
			}
		}
	}
	return true
}

// refineLocalRuns is the local rung's runs when every two-level knob
// could be uncertain (the plan's bound).
func refineLocalRuns(s *study.Study) int {
	return 1 << min(RefineKnobs, len(s.Factorial().TwoLevel))
}

// refineBlockGames counts the games of one block of m local (or design)
// runs paired with their mirrors, on the scenarios in use.
func refineBlockGames(s *study.Study, m int, perMap [][]int, use []bool) int {
	return halvingBlockGames(s, m, perMap, use, 0)
}

// refineSchedule sizes the design rung (blocks) and the local rung (its
// budget in cost units, and its games at the plan's bound).
func refineSchedule(s *study.Study, n int) (design rungPlan, localBudget float64, localGames int) {
	t := &s.Tournament
	costs, known := scenarioCosts(s)
	def := float64(DefaultRefineGames * n)
	if flips(s) {
		def *= 1 + refineFlipRounds*refineFlipShare + pairShare() // the flip and pair rounds come on top (refine_flip.go, refine_pairs.go)
	}
	budget := rungsBudget(s, known, def)
	if flips(s) {
		budget /= 1 + refineFlipRounds*refineFlipShare + pairShare() // the flip and pair rounds' share set aside
	}
	use := rungScenarios(s, 0, 1)
	gpb := halvingBlockGames(s, n, nil, use, 0)
	cpb := halvingBlockCost(s, n, use, costs, 0)
	b := max(1, int(refineDesignShare*budget/cpb))
	if t.RungBlocks > 0 {
		b = t.RungBlocks
	}
	design = rungPlan{survivors: n, blocks: b, games: b * gpb, scens: use}
	localBudget = budget - float64(b)*cpb
	if t.RungBlocks > 0 {
		localBudget = float64(b) * cpb * (1 - refineDesignShare) / refineDesignShare
	}
	runs := refineLocalRuns(s)
	lcpb := halvingBlockCost(s, runs, nil, costs, 0)
	lb := max(1, int(localBudget/lcpb))
	return design, localBudget, lb * halvingBlockGames(s, runs, nil, nil, 0)
}

// refineTotal is the design's and the local rung's cost (units of
// scenarioCosts) of a refining tournament of n candidates.
func refineTotal(s *study.Study, n int) float64 {
	costs, _ := scenarioCosts(s)
	design, local, _ := refineSchedule(s, n)
	return float64(design.blocks)*halvingBlockCost(s, n, design.scens, costs, 0) + local
}

// planRefine bounds a refining tournament's games.
func planRefine(s *study.Study, n int, pl Plan) Plan {
	design, _, local := refineSchedule(s, n)
	per := s.PerMap()
	halvingBlockGames(s, n, per, design.scens, 0)
	for si := range per {
		for mi := range per[si] {
			pl.PerMap[si][mi] += per[si][mi] * design.blocks
		}
	}
	runs := refineLocalRuns(s)
	per = s.PerMap()
	gpb := halvingBlockGames(s, runs, per, nil, 0)
	for si := range per {
		for mi := range per[si] {
			pl.PerMap[si][mi] += per[si][mi] * (local / max(gpb, 1))
		}
	}
	pl.GamesPerRound = append(pl.GamesPerRound, design.games, local)
	pl.MinGames += design.games + local
	pl.MaxGames += design.games + local
	pl.Rounds = 2
	if flips(s) {
		// the first flip round always, the later ones when the one
		// before took a flip
		total := refineTotal(s, n)
		for fr, k := 0, len(s.Factorial().TwoLevel); fr < refineFlipRounds; fr++ {
			nb := flipBlocks(s, total, k)
			per = s.PerMap()
			g := flipBlockGames(s, k, per) * nb
			for si := range per {
				for mi := range per[si] {
					pl.PerMap[si][mi] += per[si][mi] * nb
				}
			}
			pl.GamesPerRound = append(pl.GamesPerRound, g)
			if fr == 0 {
				pl.MinGames += g
			}
			pl.MaxGames += g
			pl.Rounds++
		}
		if pairsOn() {
			// the pair round when a flip round took no flip
			// (refine_pairs.go)
			nb := pairBlocks(s, total, refinePairs+refineSingles)
			per = s.PerMap()
			g := flipBlockGames(s, refinePairs+refineSingles, per) * nb
			for si := range per {
				for mi := range per[si] {
					pl.PerMap[si][mi] += per[si][mi] * nb
				}
			}
			pl.GamesPerRound = append(pl.GamesPerRound, g)
			pl.MaxGames += g
			pl.Rounds++
		}
	}
	return pl
}

// refine is the state of a refining halving tournament.
type refine struct {
	h      *halving
	design rungPlan
	budget float64 // the local rung's, in cost units

	params []int   // discrete knobs (indices of s.Params)
	base   [][]int // per param: its value indices; base[i][0] is the baseline
	feat   [][]int // per param and value index: its feature (−1: the baseline)
	nfeat  int
	two    []int // params with two values (the two-level knobs)
	idx    map[string]int
	point  [][]int // per variant: its value index of each param (nil: off the grid)

	phase       int // 0 design, 1 .. rounds local, rounds+1 the flip round (refine_flip.go), then done
	rounds      int // local rounds
	c           *contest
	designGames []stats.Game
	est, se     []float64 // the design's effects (per feature)
	lw, lwe     []float64 // per feature: the local rounds' Σ 1/se², Σ est/se²
	p           []int     // the predicted best (value index per param)
	u           []int     // the local knobs (params)
	runs        []int     // the local runs' variants
	winner      int
	blockBase   int
	flip        bool     // a flip round after the local rounds
	flipKnobs   []int    // the flip round's knobs (params), in the order of runs[1:]
	pairKnobs   [][2]int // the pair round's pairs (params), in the order of runs[1:] (refine_pairs.go); nil before it
}

func newRefine(h *halving) *refine {
	s := h.s
	r := &refine{h: h, winner: -1, rounds: refineRounds, flip: flips(s)}
	r.design, r.budget, _ = refineSchedule(s, h.n)
	def := s.DefaultPoint()
	r.base = make([][]int, len(s.Params))
	r.feat = make([][]int, len(s.Params))
	for i, p := range s.Params {
		r.params = append(r.params, i)
		b := 0
		for j, v := range p.Values {
			if space.ValueEqual(v, def[i]) {
				b = j
				break
			}
		}
		r.feat[i] = make([]int, len(p.Values))
		for j := range p.Values {
			if j == b {
				r.feat[i][j] = -1
				continue
			}
			r.feat[i][j] = r.nfeat
			r.nfeat++
		}
		order := []int{b}
		for j := range p.Values {
			if j != b {
				order = append(order, j)
			}
		}
		r.base[i] = order
		if len(p.Values) == 2 {
			r.two = append(r.two, i)
		}
	}
	vs := s.Variants()
	r.idx = map[string]int{}
	r.point = make([][]int, len(vs))
	for v, va := range vs {
		pt := make([]int, len(s.Params))
		ok := true
		for i, p := range s.Params {
			pt[i] = -1
			for j, x := range p.Values {
				if space.ValueEqual(x, va.Values[p.Name]) {
					pt[i] = j
					break
				}
			}
			ok = ok && pt[i] >= 0
		}
		if !ok {
			continue
		}
		r.point[v] = pt
		if _, dup := r.idx[keyOf(pt)]; !dup {
			r.idx[keyOf(pt)] = v
		}
	}
	return r
}

func keyOf(pt []int) string {
	var b strings.Builder
	for _, x := range pt {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(',')
	}
	return b.String()
}

// row is a variant's features, restricted to those in keep (nil: all),
// renumbered in keep's order.
func (r *refine) row(v int, keep map[int]int) []stats.Feature {
	pt := r.point[v]
	if pt == nil {
		return nil
	}
	var row []stats.Feature
	for i, j := range pt {
		k := r.feat[i][j]
		if k < 0 {
			continue
		}
		if keep != nil {
			kk, ok := keep[k]
			if !ok {
				continue
			}
			k = kk
		}
		row = append(row, stats.Feature{K: k, V: 1})
	}
	return row
}

// fit fits the features in keep (nil: all) on games by maximum
// likelihood (stats.FitEffects, Elo) with standard errors from the
// Fisher information at the estimate.
func (r *refine) fit(games []stats.Game, keep map[int]int) (est, se []float64, err error) {
	nf := r.nfeat
	if keep != nil {
		nf = len(keep)
	}
	n := len(r.point)
	rows := make([][]stats.Feature, n)
	for v := range rows {
		rows[v] = r.row(v, keep)
	}
	prior := make([]float64, nf)
	for k := range prior {
		prior[k] = 1
	}
	e, err := stats.FitEffects(games, stats.Design{Rows: rows, Prior: prior}, 0, 0.95, 0)
	if err != nil {
		return nil, nil, err
	}
	c := math.Ln10 / 400
	info := mat.NewSymDense(nf, nil)
	for k := range nf {
		info.SetSym(k, k, prior[k]*0.25*c*c)
	}
	d := make([]float64, nf)
	for _, g := range games {
		if len(g.Players) != 2 {
			continue
		}
		clear(d)
		for _, f := range rows[g.Players[0]] {
			d[f.K] += f.V
		}
		for _, f := range rows[g.Players[1]] {
			d[f.K] -= f.V
		}
		delta := 0.0
		for k, x := range d {
			delta += x * e.Theta[k]
		}
		p := 1 / (1 + math.Pow(10, -delta/400))
		w := g.Weight
		if w == 0 {
			w = 1
		}
		w *= p * (1 - p) * c * c
		for a, xa := range d {
			if xa == 0 {
				continue
			}
			for b := a; b < nf; b++ {
				if d[b] != 0 {
					info.SetSym(a, b, info.At(a, b)+w*xa*d[b])
				}
			}
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(info); err != nil {
		return nil, nil, fmt.Errorf("local refinement: Fisher information: %w", err)
	}
	se = make([]float64, nf)
	for k := range se {
		se[k] = math.Sqrt(math.Max(inv.At(k, k), 0))
	}
	return e.Theta, se, nil
}

// record keeps the two-seat games between variants of the blocks
// (identical blocks count once).
func (r *refine) record(blocks []*Block, results [][]Result, round int) []stats.Game {
	var out []stats.Game
	for bi, b := range blocks {
		if b.Dup {
			continue
		}
		for gi, gp := range b.Games {
			if len(gp.Seats) != 2 || gp.Seats[0].Kind != SeatVariant || gp.Seats[1].Kind != SeatVariant ||
				r.point[gp.Seats[0].Variant] == nil || r.point[gp.Seats[1].Variant] == nil {
				continue // a field bot, or a variant off the grid (the defaults)
			}
			out = append(out, stats.Game{Block: round<<24 | b.Number, Players: []int{gp.Seats[0].Variant, gp.Seats[1].Variant},
				Ranks: slices.Clone(results[bi][gi].Ranks)})
		}
	}
	return out
}

func (r *refine) Next(host Host) ([]*Block, error) {
	h := r.h
	switch r.phase {
	case 0:
		c := newContest(1, 1, h.alive, false)
		c.halving = true
		c.scens = r.design.scens
		c.status = "rung"
		r.c = c
		var blocks []*Block
		for ; c.blocks < r.design.blocks; c.blocks++ {
			blocks = append(blocks, newBlock(h.s, c, c.blocks))
		}
		return blocks, nil
	default:
		if r.flip && r.phase > r.rounds {
			pair := r.pairKnobs != nil // the pair round (refine_pairs.go)
			if r.winner >= 0 || r.phase > r.rounds+refineFlipRounds && !pair {
				return nil, nil
			}
			c := newContest(r.phase+1, 1, r.runs, false)
			c.status = "flip"
			r.c = c
			nb := flipBlocks(h.s, refineTotal(h.s, h.n), len(r.runs)-1)
			if pair {
				c.status = "pair"
				nb = pairBlocks(h.s, refineTotal(h.s, h.n), len(r.runs)-1)
			}
			var blocks []*Block
			for ; c.blocks < nb; c.blocks++ {
				blocks = append(blocks, r.flipBlock(c, c.blocks))
			}
			return blocks, nil
		}
		if r.phase > r.rounds {
			return nil, nil
		}
		s := h.s
		c := newContest(r.phase+1, 1, r.runs, false)
		c.status = "local"
		r.c = c
		costs, _ := scenarioCosts(s)
		nb := max(1, int(r.budget/float64(r.rounds)/halvingBlockCost(s, len(r.runs), nil, costs, 0)))
		var blocks []*Block
		for ; c.blocks < nb; c.blocks++ {
			blocks = append(blocks, r.localBlock(c, c.blocks))
		}
		return blocks, nil
	}
}

// localTables pairs every local run with its local mirror (the runs are
// numbered so that run i's mirror is i XOR (len − 1)), in a seeded
// order, and seats each against every field bot.
func (r *refine) localTables(sc, p int, seed uint64) [][]SeatRef {
	m := len(r.runs)
	var first []int
	for i := range m {
		if i < i^(m-1) {
			first = append(first, i)
		}
	}
	rng := game.NewRand(seed)
	rng.Shuffle(len(first), func(i, j int) { first[i], first[j] = first[j], first[i] })
	var tables [][]SeatRef
	for _, i := range first {
		a, b := r.runs[i], r.runs[i^(m-1)]
		if rng.IntN(2) == 1 {
			a, b = b, a
		}
		tables = append(tables, []SeatRef{{Kind: SeatVariant, Variant: a}, {Kind: SeatVariant, Variant: b}})
	}
	return append(tables, fieldTables(r.h.s, sc, p, r.runs)...)
}

// localBlock schedules block b of the local rung (newBlock with the
// local rung's tables and seeds).
func (r *refine) localBlock(c *contest, b int) *Block {
	return r.tableBlock(c, b, []uint64{seedTagRefine}, r.localTables)
}

// tableBlock schedules block b of a refinement round: on every map of
// every scenario a deal seeded from tag, the round, the scenario, the
// map and b, whose tables(scenario, seats, seed) each play once per
// seating.
func (r *refine) tableBlock(c *contest, b int, tag []uint64, tables func(sc, p int, seed uint64) [][]SeatRef) *Block {
	s := r.h.s
	for len(c.x) <= b {
		c.x = append(c.x, make([]float64, len(c.cols)))
	}
	var plans []GamePlan
	for si := range s.Scenarios {
		sc := &s.Scenarios[si]
		for mi, m := range sc.Maps {
			seed := game.Mix(s.Seed, append(slices.Clone(tag), uint64(c.round), uint64(si), uint64(mi), uint64(b))...)
			for gi, seats := range rotate(tables(si, m.Players(), game.Mix(seed, 0x7ab1e))) {
				plans = append(plans, GamePlan{Scenario: si, Map: mi, Block: b, Number: gi, Seed: GameSeed(seed), Seats: seats})
			}
		}
	}
	return blockOf(s, c, b, plans)
}

// blockOf is newBlock for plans made elsewhere.
func blockOf(s *study.Study, c *contest, b int, plans []GamePlan) *Block {
	wsum := 0.0
	for _, sc := range s.Scenarios {
		wsum += sc.Weight
	}
	type key struct{ sc, m, v int }
	count := map[key]int{}
	for _, gp := range plans {
		for _, ref := range gp.Seats {
			if ref.Kind == SeatVariant {
				count[key{gp.Scenario, gp.Map, ref.Variant}]++
			}
		}
	}
	blk := &Block{Round: c.round, Encounter: c.index, Number: b, Games: plans, c: c,
		col: make([][]int, len(plans)), weight: make([][]float64, len(plans))}
	for i, gp := range plans {
		sc := &s.Scenarios[gp.Scenario]
		p := len(gp.Seats)
		blk.col[i], blk.weight[i] = make([]int, p), make([]float64, p)
		for j, ref := range gp.Seats {
			blk.col[i][j] = -1
			if ref.Kind == SeatVariant {
				blk.col[i][j] = c.col[ref.Variant]
				blk.weight[i][j] = sc.Weight / wsum / float64(len(sc.Maps)) / float64(count[key{gp.Scenario, gp.Map, ref.Variant}])
			}
		}
	}
	c.games += len(plans)
	return blk
}

// coin is a seeded fair coin for exact ties (never the variant number).
func (r *refine) coin(parts ...uint64) bool {
	return game.Mix(r.h.s.Seed, append([]uint64{seedTagRefine, 0xc01}, parts...)...)&1 == 1
}

func (r *refine) Look(host Host, blocks []*Block, results [][]Result) error {
	h := r.h
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	switch r.phase {
	case 0:
		r.designGames = append(r.designGames, r.record(blocks, results, 1)...)
		if err := r.afterDesign(host); err != nil {
			return err
		}
	default:
		games := r.record(blocks, results, r.phase+1)
		if r.flip && r.phase > r.rounds && r.pairKnobs != nil {
			if err := r.afterPairs(host, games); err != nil {
				return err
			}
			break
		}
		if r.flip && r.phase > r.rounds {
			if err := r.afterFlips(host, games); err != nil {
				return err
			}
			break
		}
		if err := r.afterLocal(host, games); err != nil {
			return err
		}
	}
	r.phase++
	h.rounds = r.phase
	return nil
}

// afterDesign fits the design's effects, predicts the best and lays out
// the first local round.
func (r *refine) afterDesign(host Host) error {
	h, s := r.h, r.h.s
	est, se, err := r.fit(r.designGames, nil)
	if err != nil {
		return fmt.Errorf("rung 1: %w", err)
	}
	r.est, r.se = est, se
	r.lw, r.lwe = make([]float64, len(est)), make([]float64, len(est))
	// the predicted best: every knob at its better value
	r.p = make([]int, len(s.Params))
	for i := range s.Params {
		best, bestV := r.base[i][0], 0.0
		for _, j := range r.base[i][1:] {
			v := est[r.feat[i][j]]
			if v > bestV || v == bestV && r.coin(1, uint64(i), uint64(j)) {
				best, bestV = j, v
			}
		}
		r.p[i] = best
	}
	c := r.c
	if err := r.layout(); err != nil {
		return fmt.Errorf("rung 1: %w", err)
	}
	for col := range c.cols {
		h.outRound[c.cols[col]] = 1
		h.bracketRow(c, col, slices.Contains(r.runs, c.cols[col]))
	}
	h.decided["rung"]++
	pv := r.idx[keyOf(r.p)]
	host.Logf("rung 1: %d candidates, %d blocks; predicted best variant %d; local round over %s (%d runs)\n",
		len(c.cols), c.blocks, pv, r.names(), len(r.runs))
	host.Status(fmt.Sprintf("rung 1 done; local round over %d knobs", len(r.u)))
	return nil
}

func (r *refine) names() string {
	var names []string
	for _, u := range r.u {
		names = append(names, r.h.s.Params[u].Name)
	}
	return strings.Join(names, " ")
}

// current is the estimate of feature k: the local rounds' (inverse
// variance), pooled with the design's when the two agree within
// refinePool standard errors of their difference; the design's alone
// before any local round.
func (r *refine) current(k int) (est, se float64, pooled bool) {
	if r.lw[k] == 0 {
		return r.est[k], r.se[k], false
	}
	l, lse := r.lwe[k]/r.lw[k], 1/math.Sqrt(r.lw[k])
	g := r.est[k]
	if math.Abs(l-g) <= refinePool*math.Hypot(lse, r.se[k]) {
		wl, wg := r.lw[k], 1/(r.se[k]*r.se[k])
		return (wl*l + wg*g) / (wl + wg), 1 / math.Sqrt(wl+wg), true
	}
	return l, lse, false
}

// layout chooses the uncertain knobs (|effect| < RefineZ·se, the least
// certain first, at most RefineKnobs, at least one; a seeded order for
// equal t) and the local runs: the full factorial over them, the others
// at P; run i's knob u[b] takes its second value when bit b of i is set
// (run i's mirror is i XOR (runs − 1)).
func (r *refine) layout() error {
	s := r.h.s
	type knob struct {
		i int
		t float64
	}
	var ks []knob
	for _, i := range r.two {
		e, se, _ := r.current(r.feat[i][r.base[i][1]])
		ks = append(ks, knob{i, math.Abs(e) / se})
	}
	rng := game.NewRand(game.Mix(s.Seed, seedTagRefine, 0x5eed, uint64(r.phase)))
	rng.Shuffle(len(ks), func(a, b int) { ks[a], ks[b] = ks[b], ks[a] })
	slices.SortStableFunc(ks, func(a, b knob) int {
		switch {
		case a.t < b.t:
			return -1
		case a.t > b.t:
			return 1
		}
		return 0
	})
	r.u = nil
	for _, k := range ks {
		if len(r.u) < RefineKnobs && (k.t < RefineZ || len(r.u) == 0) {
			r.u = append(r.u, k.i)
		}
	}
	m := 1 << len(r.u)
	r.runs = make([]int, m)
	for i := range m {
		pt := slices.Clone(r.p)
		for b, u := range r.u {
			pt[u] = r.base[u][i>>b&1]
		}
		v, ok := r.idx[keyOf(pt)]
		if !ok {
			return fmt.Errorf("local run %v is not a variant", pt)
		}
		r.runs[i] = v
	}
	return nil
}

// afterLocal fits a local round's effects on its games alone, moves P
// and lays out the next round, or chooses the winner after the last.
func (r *refine) afterLocal(host Host, games []stats.Game) error {
	h := r.h
	round := r.phase + 1
	keep := map[int]int{}
	for j, u := range r.u {
		keep[r.feat[u][r.base[u][1]]] = j
	}
	le, lse, err := r.fit(games, keep)
	if err != nil {
		return fmt.Errorf("local round %d: %w", r.phase, err)
	}
	var pooled []string
	for j, u := range r.u {
		k := r.feat[u][r.base[u][1]]
		r.lw[k] += 1 / (lse[j] * lse[j])
		r.lwe[k] += le[j] / (lse[j] * lse[j])
		e, _, pool := r.current(k)
		if pool {
			pooled = append(pooled, r.h.s.Params[u].Name)
		}
		switch {
		case e > 0 || e == 0 && r.coin(2, uint64(r.phase), uint64(u)):
			r.p[u] = r.base[u][1]
		default:
			r.p[u] = r.base[u][0]
		}
	}
	w, ok := r.idx[keyOf(r.p)]
	if !ok || !slices.Contains(r.runs, w) {
		return fmt.Errorf("local round %d: the chosen point %v is not a local run", r.phase, r.p)
	}
	c := r.c
	last := r.phase >= r.rounds
	done := r.u
	switch {
	case !last:
		if err := r.layout(); err != nil {
			return fmt.Errorf("local round %d: %w", r.phase, err)
		}
	case r.flip:
		if err := r.layoutFlips(); err != nil {
			return fmt.Errorf("local round %d: %w", r.phase, err)
		}
	default:
		r.winner = w
		r.runs = []int{w}
	}
	h.bookAdvance(c, round, r.runs)
	h.decided["local"]++
	names := make([]string, len(done))
	for j, u := range done {
		names[j] = h.s.Params[u].Name
	}
	if last && r.flip {
		host.Logf("local round %d over %s: %d blocks; pooled with the design: %s; leader variant %d; flip round over %d knobs\n",
			r.phase, strings.Join(names, " "), c.blocks, strings.Join(pooled, " "), w, len(r.flipKnobs))
		host.Status(fmt.Sprintf("local rounds done: leader variant %d", w))
	} else if last {
		host.Logf("local round %d over %s: %d blocks; pooled with the design: %s; winner variant %d\n",
			r.phase, strings.Join(names, " "), c.blocks, strings.Join(pooled, " "), w)
		host.Status(fmt.Sprintf("local rounds done: variant %d", w))
	} else {
		host.Logf("local round %d over %s: %d blocks; pooled with the design: %s; best so far variant %d; next over %s\n",
			r.phase, strings.Join(names, " "), c.blocks, strings.Join(pooled, " "), w, r.names())
		host.Status(fmt.Sprintf("local round %d done", r.phase))
	}
	return nil
}

// Refines reports whether a halving tournament of s refines locally
// (a factorial design of two-level knobs, every map of two seats).
func Refines(s *study.Study) bool { return s.Tournament.Format == "halving" && refineOK(s) }

// RefineRounds names a refining halving's rounds after the design and
// the local rung, in the order of its plan's GamesPerRound (the flip
// rounds, then the pair round), each with when it is played ("" always).
func RefineRounds(s *study.Study) (names, when []string) {
	if !flips(s) {
		return nil, nil
	}
	for fr := range refineFlipRounds {
		names = append(names, fmt.Sprintf("flip round %d (every knob flipped alone around the leader, each against it)", fr+1))
		w := ""
		if fr > 0 {
			w = "when the one before took a flip"
		}
		when = append(when, w)
	}
	if pairsOn() {
		names = append(names, fmt.Sprintf("pair round (the two-knob flips of at most %d interacting pairs and the %d best single flips again, each against the leader)", refinePairs, refineSingles))
		when = append(when, "when a flip round took no flip")
	}
	return names, when
}

// bookAdvance writes the bracket rows of contest c's columns, those in
// runs advancing, and marks the others out in round.
func (h *halving) bookAdvance(c *contest, round int, runs []int) {
	for col, v := range c.cols {
		adv := slices.Contains(runs, v)
		if adv {
			delete(h.outRound, v)
		} else {
			h.outRound[v] = round
		}
		h.bracketRow(c, col, adv)
	}
}
