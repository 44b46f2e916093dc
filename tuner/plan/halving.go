package plan

import (
	"fmt"
	"math"
	"slices"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// Successive halving (statistics.md §7; Hyperband's and ASHA's inner
// loop): many candidates, a small budget each. Rung r seats every
// survivor at seeded tables of the map's size (pairs on two seats; the
// default configuration fills a last, short table) for its blocks; then
// the best 1/eta of them by the effects-informed ratings (Host.Rate: the
// parameter effects fitted on every game so far, plus each variant's
// shrunk residual) go on, and the next rung gives each of them eta times
// the blocks. When at most `finalists` are left, the last rung is a race
// (F-race, as format = "race") of the finalists, the defaults and the
// two grid points the effects model predicts best (played for real: a
// prediction is a hypothesis, never a verdict), on seeds of its own; its
// winner goes to the verdict against the defaults.
//
// Every rung costs about the same (survivors fall by eta, blocks grow by
// eta). The budget ([tournament] budget = N games, or a CPU time that
// the sweep turns into games from measured CPU per game; by default
// DefaultHalvingGames per candidate) is shared equally by the rungs and
// the final race (a CPU budget less the winner's hold-out rung: budgetCPU); rung_blocks, when given, fixes rung r at
// rung_blocks·eta^r blocks instead, and max_games the final race.
// Ties in the ratings go by a seeded coin, never by variant number.
//
// A factorial design whose maps all have two seats is refined locally
// instead (refine.go): the design rung, then a full factorial over the
// knobs the design leaves uncertain in the predicted best's context, then
// a flip round around the leader (each knob flipped alone, against it);
// by default DefaultRefineGames per candidate and half as much again for
// the flip round. Rungs that rank design runs
// add little there: the runs are far from the best, and their ranking
// cannot see the interactions that decide between the best and its
// neighbours.

// DefaultHalvingGames is the budget per candidate when a halving
// tournament names none (200 games); a refining one (refine.go) has
// DefaultRefineGames.
const DefaultHalvingGames = 200

const (
	seedTagHalving = 0x4a1f
	seedTagFinal   = 0xf1a1
)

// rungPlan is one rung of the schedule.
type rungPlan struct {
	survivors, blocks, games int
	seated                   int    // survivors and the predictions that join them
	scens                    []bool // the scenarios it plays
}

// scenarioCosts is the cost of one game of each scenario: its declared
// CPU time when every scenario declares one (or the sweep measured
// them), else 1 (a budget in games).
func scenarioCosts(s *study.Study) ([]float64, bool) {
	c := make([]float64, len(s.Scenarios))
	all := true
	for i, sc := range s.Scenarios {
		c[i] = sc.Cost.Seconds()
		all = all && sc.Cost > 0
	}
	if !all {
		for i := range c {
			c[i] = 1
		}
	}
	return c, all
}

// rungScenarios picks the scenarios of rung r of R (then the final
// race): the cheapest first, ceil(S·(r+1)/(R+1)) of them; all of them
// when the costs are not known.
func rungScenarios(s *study.Study, r, rungs int) []bool {
	n := len(s.Scenarios)
	use := make([]bool, n)
	costs, known := scenarioCosts(s)
	if !known || r >= rungs {
		for i := range use {
			use[i] = true
		}
		return use
	}
	order := seq(n)
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case costs[a] < costs[b]:
			return -1
		case costs[a] > costs[b]:
			return 1
		}
		return 0
	})
	k := (n*(r+1) + rungs) / (rungs + 1)
	for _, i := range order[:max(1, k)] {
		use[i] = true
	}
	return use
}

// finalEntrants is the most entrants of the final race: the finalists,
// the defaults and, when the space has grid points that only the effects
// predict (method factorial), two predictions (startFinal). The race's
// share of the budget becomes games at the mean cost of a block of them.
func finalEntrants(s *study.Study, n int) int {
	k := s.Tournament.Finalists + 1
	if predicts(s) {
		k += 2
	}
	return min(n, k)
}

// predicts says whether the space has grid points that never play as
// candidates (method factorial): the effects model's best predictions
// join the later rungs and the final race.
func predicts(s *study.Study) bool { return s.Candidates() < len(s.Variants()) }

// halvingSchedule sizes the rungs for n candidates; final is the final
// race's game budget.
func halvingSchedule(s *study.Study, n int) (rungs []rungPlan, final int) {
	t := &s.Tournament
	var sizes []int
	for m := n; m > t.Finalists; m = (m + t.Eta - 1) / t.Eta {
		sizes = append(sizes, m)
	}
	finalN := finalEntrants(s, n)
	costs, known := scenarioCosts(s)
	budget := rungsBudget(s, known, float64(DefaultHalvingGames*n))
	// the first rung (every candidate: the design the effects rest on)
	// gets two shares, every later rung and the final race one
	share := budget / float64(len(sizes)+2)
	gFinal := 0.0 // a gauntlet's final field rung plays at least MinDistinct blocks
	if t.Gauntlet {
		gFinal = float64(MinDistinct * gauntletBlockGames(s, finalN, nil, nil))
		if known {
			gFinal *= halvingBlockCost(s, finalN, nil, costs, 1) / float64(max(1, gauntletBlockGames(s, finalN+1, nil, nil)))
		}
		if share < gFinal { // its least first, the rest shared by the rungs
			share = max(budget-gFinal, 0) / float64(len(sizes)+1)
		}
	}
	for r, m := range sizes {
		use := rungScenarios(s, r, len(sizes))
		seated := m
		if r > 0 && predicts(s) {
			seated += 2 // the effects model's two best predictions join (Look)
		}
		gpb := halvingBlockGames(s, seated, nil, use, r)
		cpb := halvingBlockCost(s, seated, use, costs, r)
		b := max(1, int(share/cpb))
		if r == 0 {
			b = max(1, int(2*share/cpb))
		}
		if t.RungBlocks > 0 { // given: rung r plays rung_blocks·eta^r
			b = t.RungBlocks
			for range r {
				b *= t.Eta
			}
		}
		rungs = append(rungs, rungPlan{survivors: m, seated: seated, blocks: b, games: b * gpb, scens: use})
	}
	// the final race's share in games, at the mean cost of its games
	fb := finalBlockGames(s, finalN, nil)
	per := s.PerMap()
	finalBlockGames(s, finalN, per)
	cost := perMapCost(per, costs)
	final = max(int(share/(cost/float64(max(fb, 1)))), fb)
	if t.MaxGames > 0 {
		final = t.MaxGames
	}
	return rungs, final
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// halvingTables splits the survivors into seeded tables of p seats (the
// default configuration fills the last table's empty seats), and seats
// each against every field bot.
func halvingTables(s *study.Study, sc, p int, alive []int, seed uint64, mirrors bool) [][]SeatRef {
	order := slices.Clone(alive)
	rng := game.NewRand(seed)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	var tables [][]SeatRef
	if f := s.Factorial(); mirrors && f != nil && p == 2 {
		// a factorial's first rung on two seats: every run against its
		// mirror (each game then informs every main effect)
		in := map[int]bool{}
		for _, v := range alive {
			in[v] = true
		}
		var rest []int
		paired := map[int]bool{}
		for _, v := range order {
			if paired[v] {
				continue
			}
			if m := f.Mirror(v); m >= 0 && in[m] && !paired[m] && m != v {
				paired[v], paired[m] = true, true
				tables = append(tables, []SeatRef{{Kind: SeatVariant, Variant: v}, {Kind: SeatVariant, Variant: m}})
				continue
			}
			rest = append(rest, v)
		}
		order = rest
	}
	for lo := 0; lo < len(order); lo += p {
		var seats []SeatRef
		for _, v := range order[lo:min(lo+p, len(order))] {
			seats = append(seats, SeatRef{Kind: SeatVariant, Variant: v})
		}
		for len(seats) < p {
			seats = append(seats, SeatRef{Kind: SeatFiller})
		}
		tables = append(tables, seats)
	}
	return append(tables, fieldTables(s, sc, p, alive)...)
}

// finalBlockGames counts the games of a block of the final (a race of
// n entrants; a gauntlet's final field rung of n entrants, gauntlet.go).
func finalBlockGames(s *study.Study, n int, perMap [][]int) int {
	if s.Tournament.Gauntlet {
		return gauntletBlockGames(s, n, perMap, nil)
	}
	return blockGames(s, seq(n), true, perMap)
}

// halvingBlockCost is the cost of a rung's block of m survivors.
func halvingBlockCost(s *study.Study, m int, use []bool, costs []float64, rung int) float64 {
	per := s.PerMap()
	halvingBlockGames(s, m, per, use, rung)
	return max(perMapCost(per, costs), 1e-9)
}

// perMapCost is the cost of per's games (per scenario and map) at the
// scenarios' costs.
func perMapCost(per [][]int, costs []float64) float64 {
	c := 0.0
	for si := range per {
		for _, g := range per[si] {
			c += float64(g) * costs[si]
		}
	}
	return c
}

// rungsBudget is what a tournament's rungs may spend, in cost units:
// the CPU budget when the costs are known (the hold-out rung's share set
// aside, budgetCPU), else budget_games, else def (the method's default).
func rungsBudget(s *study.Study, known bool, def float64) float64 {
	t := &s.Tournament
	switch {
	case t.BudgetCPU > 0 && known:
		return budgetCPU(s)
	case t.BudgetGames == 0:
		return def
	}
	return float64(t.BudgetGames)
}

// halvingBlockGames counts the games of rung rung's (0-based) block of m
// survivors on the scenarios in use.
func halvingBlockGames(s *study.Study, m int, perMap [][]int, use []bool, rung int) int {
	if s.Tournament.Gauntlet {
		if rung == 0 {
			return selfBlockGames(s, m, perMap, use)
		}
		return gauntletBlockGames(s, m+1, perMap, use) // the defaults play every field rung
	}
	return s.Count(use, perMap, func(c study.Cell) int {
		p := c.Seats
		return (m+p-1)/p*p + m*c.Field*p
	})
}

// planHalving bounds a halving tournament's games.
func planHalving(s *study.Study, n int, pl Plan) Plan {
	if n < 2 {
		return pl
	}
	if refineOK(s) && !s.Tournament.Gauntlet {
		return planRefine(s, n, pl) // refine.go
	}
	rungs, final := halvingSchedule(s, n)
	for ri, r := range rungs {
		per := s.PerMap()
		halvingBlockGames(s, r.seated, per, r.scens, ri)
		for si := range per {
			for mi := range per[si] {
				pl.PerMap[si][mi] += per[si][mi] * r.blocks
			}
		}
		pl.GamesPerRound = append(pl.GamesPerRound, r.games)
		pl.MinGames += r.games
		pl.MaxGames += r.games
	}
	if s.Tournament.Gauntlet {
		return planGauntletFinal(s, n, final, rungs, pl) // gauntlet.go
	}
	// the final race: at least its first look, at most its budget
	fn := finalEntrants(s, n)
	gpb := blockGames(s, seq(fn), true, nil)
	first := min(s.Tournament.FirstLook()*gpb, final)
	pl.MinGames += first
	pl.MaxGames += final
	per := s.PerMap()
	blockGames(s, seq(fn), true, per)
	for si := range per {
		for mi := range per[si] {
			pl.PerMap[si][mi] += int(math.Round(float64(per[si][mi]) / float64(gpb) * float64(final)))
		}
	}
	pl.GamesPerRound = append(pl.GamesPerRound, final)
	pl.Rounds = len(rungs) + 1
	return pl
}

type halving struct {
	base
	rungs   []rungPlan
	final   int
	alive   []int
	rung    int // rungs played
	c       *contest
	fin     *race
	started bool
	tried   map[int]bool // variants that were candidates (or predictions)
	played  map[int]int  // distinct rung blocks each variant played
	ref     *refine      // a factorial design on two seats: refine.go
	// a gauntlet's final field rung (gauntlet.go): played, and its winner
	gFinal  bool
	gWinner int
}

func (h *halving) start() {
	h.alive = seq(h.n)
	if refineOK(h.s) && !h.s.Tournament.Gauntlet && h.n >= 2 {
		h.ref = newRefine(h)
		return
	}
	h.rungs, h.final = halvingSchedule(h.s, h.n)
	h.tried = map[int]bool{}
	h.played = map[int]int{}
	for _, v := range h.alive {
		h.tried[v] = true
	}
}

func (h *halving) Next(host Host) ([]*Block, error) {
	if !h.started {
		h.started = true
		h.start()
		if h.n < 2 {
			return nil, nil
		}
	}
	if h.ref != nil {
		return h.ref.Next(host)
	}
	if h.fin != nil {
		return h.fin.Next(host)
	}
	if h.s.Tournament.Gauntlet && (h.rung > 0 || h.rung >= len(h.rungs)) {
		return h.gauntletNext(host) // gauntlet.go
	}
	if h.rung >= len(h.rungs) {
		return h.startFinal(host)
	}
	r := h.rungs[h.rung]
	c := newContest(h.rung+1, 1, h.alive, false)
	c.halving = true
	c.self = h.s.Tournament.Gauntlet // a gauntlet's first rung: self-play only
	c.scens = r.scens
	c.status = "rung"
	h.c = c
	var blocks []*Block
	for ; c.blocks < r.blocks; c.blocks++ {
		blocks = append(blocks, newBlock(h.s, c, c.blocks))
	}
	return blocks, nil
}

func (h *halving) Look(host Host, blocks []*Block, results [][]Result) error {
	if h.ref != nil {
		return h.ref.Look(host, blocks, results)
	}
	if h.fin != nil {
		return h.fin.Look(host, blocks, results)
	}
	if h.c != nil && h.c.field {
		return h.gauntletLook(host, blocks, results) // gauntlet.go
	}
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	rating, err := host.Rate()
	if err != nil {
		return fmt.Errorf("rung %d: %w", h.rung+1, err)
	}
	keep := h.s.Tournament.Finalists
	if h.rung+1 < len(h.rungs) {
		keep = h.rungs[h.rung+1].survivors
	}
	keep = min(keep, len(h.alive))
	order := h.c.orderByRating(rating, game.Mix(h.s.Seed, seedTagHalving, 0xc01, uint64(h.rung)))
	adv := map[int]bool{}
	var next []int
	for _, col := range order[:keep] {
		adv[h.c.cols[col]] = true
		next = append(next, h.c.cols[col])
	}
	// the effects model's best predictions that never played join the
	// next rung, to be played for real
	if h.rung+1 < len(h.rungs) {
		next = append(next, h.predictions(rating, next, 2)...)
	}
	slices.Sort(next)
	h.c.status = "rung"
	nb := len(h.c.rows())
	for col, v := range h.c.cols {
		h.played[v] += nb
		if !adv[v] {
			h.outRound[v] = h.rung + 1
			// cut because it was rated among the worst of the rung's
			// len(h.alive): its blocks are those that made it look
			// worst; its upper bound holds for every variant the rung
			// ranked at once (tuner/ratings.go, stoppedBounds)
			h.stopped[v] = Stop{Ranked: len(h.alive), Blocks: h.played[v]}
		}
		h.bracketRow(h.c, col, adv[v])
	}
	h.decided["rung"]++
	host.Logf("rung %d: %d candidates, %d blocks, %d go on\n", h.rung+1, len(h.alive), h.c.blocks, len(next))
	host.Status(fmt.Sprintf("rung %d done, %d candidates left%s", h.rung+1, len(next), host.Leader(next)))
	h.alive = next
	h.rung++
	h.rounds = h.rung
	return nil
}

// predictions are the k variants rated best by the effects that are not
// in have and have never been candidates (seeded ties).
func (h *halving) predictions(rating []float64, have []int, k int) []int {
	all := seq(len(rating))
	fake := &contest{cols: all, alive: make([]bool, len(all))}
	for i := range fake.alive {
		fake.alive[i] = !math.IsNaN(rating[i])
	}
	var out []int
	for _, col := range fake.orderByRating(rating, game.Mix(h.s.Seed, seedTagFinal, 0xc01, uint64(h.rung))) {
		if len(out) == k {
			break
		}
		if v := all[col]; !h.tried[v] && !slices.Contains(have, v) {
			out = append(out, v)
		}
	}
	for _, v := range out {
		h.tried[v] = true
	}
	for _, v := range have {
		h.tried[v] = true
	}
	return out
}

// startFinal sets up the final race: the finalists, the defaults and the
// two best predictions not among them.
func (h *halving) startFinal(host Host) ([]*Block, error) {
	entrants := slices.Clone(h.alive)
	has := func(v int) bool { return slices.Contains(entrants, v) }
	if vs := h.s.Variants(); len(vs) > 0 && vs[0].Default && !has(0) {
		entrants = append(entrants, 0)
	}
	rating, err := host.Rate()
	if err != nil {
		return nil, fmt.Errorf("final: %w", err)
	}
	entrants = append(entrants, h.predictions(rating, entrants, 2)...)
	slices.Sort(entrants)
	for _, v := range entrants {
		// the defaults, cut at a rung, play on: their later blocks were
		// not chosen by the cut
		delete(h.stopped, v)
	}
	h.fin = &race{base: newBase(h.s, h.n)}
	h.fin.cands = entrants
	h.fin.seedTag = seedTagFinal
	h.fin.roundBase = h.rung
	h.fin.budgetOverride = h.final
	blocks, err := h.fin.Next(host)
	h.rounds = h.rung + h.fin.rounds
	return blocks, err
}

func (h *halving) Winner(host Host) (int, error) {
	if h.ref != nil && h.ref.winner >= 0 {
		return h.ref.winner, nil
	}
	if h.gFinal {
		return h.gWinner, nil
	}
	if h.fin == nil {
		if len(h.alive) == 1 {
			return h.alive[0], nil
		}
		return 0, nil
	}
	return h.fin.Winner(host)
}

func (h *halving) Report() Report {
	r := h.base.Report()
	if h.fin != nil {
		r.Rounds = h.rung + h.fin.rounds
		r.Bracket = append(slices.Clone(h.bracket), h.fin.bracket...)
		for v, rd := range h.fin.outRound {
			r.OutRound[v] = rd
		}
		for k, n := range h.fin.decided {
			r.Decisions[k] += n
		}
	}
	return r
}
