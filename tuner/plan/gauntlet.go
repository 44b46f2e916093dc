package plan

import (
	"fmt"
	"slices"

	"tourney/engines/game"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// A gauntlet ([tournament] gauntlet = true, format halving; issue 44)
// rates the variants by what they score against the scenarios' field,
// not against each other:
//
//   - the first rung is self-play only (the survivors at seeded tables,
//     no field game): the cheap screen, cut by the effects-informed
//     ratings as in every halving;
//   - every later rung seats each survivor and the defaults against the
//     field only (fieldTables: one variant, the other seats field bots,
//     rotated), all of them on the same deals; the cut keeps the
//     survivors whose mean points a block against the field in this
//     rung are best (seeded ties, never the variant number). The
//     defaults play every field rung, cut or not: they are the pairing
//     every gain is measured against;
//   - the final is one more field rung of the finalists, the defaults
//     and the effects' best predictions, with the final race's share of
//     the budget (max_games when given); its winner is the entrant with
//     the best mean points against the field there, the defaults
//     included: when no finalist outscores them the winner is the
//     defaults (keep them);
//   - the winner's hold-out rung plays the winner and the defaults
//     against the field on fresh deals, and the verdict rests on the
//     paired difference of their points a block (results: the
//     gauntlet's verdict).
//
// Self-play and the field rungs stay on one rating scale in
// ratings.csv (every game is rated), but no cut after the first rung
// and no verdict reads it.

// selfBlockGames counts a gauntlet's first-rung block of m survivors:
// self-play tables only.
func selfBlockGames(s *study.Study, m int, perMap [][]int, use []bool) int {
	return s.Count(use, perMap, func(c study.Cell) int { return (m + c.Seats - 1) / c.Seats * c.Seats })
}

// gauntletBlockGames counts a field rung's block of m entrants: each
// against each field bot, rotated over the seats.
func gauntletBlockGames(s *study.Study, m int, perMap [][]int, use []bool) int {
	return s.Count(use, perMap, func(c study.Cell) int { return m * c.Field * c.Seats })
}

// gauntletFinalBlocks is the final field rung's blocks: its share of the
// budget (final games), at least MinDistinct blocks (a choice among a
// few; the verdict rests on the hold-out rung).
func gauntletFinalBlocks(s *study.Study, entrants, final int) int {
	gpb := gauntletBlockGames(s, entrants, nil, nil)
	return max(MinDistinct, final/max(gpb, 1))
}

// planGauntletFinal adds a gauntlet's final field rung to the plan.
func planGauntletFinal(s *study.Study, n, final int, rungs []rungPlan, pl Plan) Plan {
	fn := finalEntrants(s, n)
	if !slices.ContainsFunc(s.Variants(), func(v space.Variant) bool { return v.Default }) {
		fn++
	}
	b := gauntletFinalBlocks(s, fn, final)
	per := s.PerMap()
	g := gauntletBlockGames(s, fn, per, nil) * b
	for si := range per {
		for mi := range per[si] {
			pl.PerMap[si][mi] += per[si][mi] * b
		}
	}
	pl.GamesPerRound = append(pl.GamesPerRound, g)
	pl.MinGames += g
	pl.MaxGames += g
	pl.Rounds = len(rungs) + 1
	return pl
}

// withDefaults adds the defaults (variant 0, when a variant is the
// defaults) to vs.
func (h *halving) withDefaults(vs []int) []int {
	out := slices.Clone(vs)
	if d := h.defaults(); d >= 0 && !slices.Contains(out, d) {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// defaults is the variant that is the defaults, or −1.
func (h *halving) defaults() int {
	if vs := h.s.Variants(); len(vs) > 0 && vs[0].Default {
		return 0
	}
	return -1
}

// gauntletNext plays a field rung: a later rung, or the final.
func (h *halving) gauntletNext(host Host) ([]*Block, error) {
	if h.gFinal {
		return nil, nil
	}
	final := h.rung >= len(h.rungs)
	cols := h.withDefaults(h.alive)
	var blocks, scens = 0, []bool(nil)
	if final {
		rating, err := host.Rate()
		if err != nil {
			return nil, fmt.Errorf("final: %w", err)
		}
		cols = h.withDefaults(append(cols, h.predictions(rating, cols, 2)...))
		for _, v := range cols {
			delete(h.stopped, v) // the defaults, cut at a rung, play on
		}
		blocks = gauntletFinalBlocks(h.s, len(cols), h.final)
	} else {
		r := h.rungs[h.rung]
		blocks, scens = r.blocks, r.scens
	}
	c := newContest(h.rung+1, 1, cols, false)
	c.halving, c.field, c.scens = true, true, scens
	c.status = "field"
	h.c = c
	var out []*Block
	for ; c.blocks < blocks; c.blocks++ {
		out = append(out, newBlock(h.s, c, c.blocks))
	}
	return out, nil
}

// fieldOrder orders the columns of a field rung by their mean points a
// block against the field (distinct blocks), exact ties by a seeded
// shuffle; only the columns keep says.
func (h *halving) fieldOrder(c *contest, keep func(v int) bool) ([]int, []float64) {
	rows := c.rows()
	mean := make([]float64, len(c.cols))
	for _, row := range rows {
		for i, x := range row {
			mean[i] += x / float64(len(rows))
		}
	}
	var order []int
	for i, v := range c.cols {
		if keep(v) {
			order = append(order, i)
		}
	}
	rng := game.NewRand(game.Mix(h.s.Seed, seedTagHalving, 0xf1e1d, uint64(h.rung)))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	sortDesc(order, func(i int) float64 { return mean[i] })
	return order, mean
}

// gauntletLook reads a field rung: the cut, or the final's winner.
func (h *halving) gauntletLook(host Host, blocks []*Block, results [][]Result) error {
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	c := h.c
	def := h.defaults()
	nb := len(c.rows())
	if h.rung >= len(h.rungs) { // the final: the best against the field, the defaults included
		order, mean := h.fieldOrder(c, func(int) bool { return true })
		h.gFinal, h.gWinner = true, c.cols[order[0]]
		for col, v := range c.cols {
			h.played[v] += nb
			if v != h.gWinner {
				h.outRound[v] = h.rung + 1
			}
			h.bracketRow(c, col, v == h.gWinner)
		}
		h.decided["field"]++
		host.Logf("final field rung: %d entrants, %d blocks, variant %d best against the field (%.3f points a block, the defaults %.3f)\n",
			len(c.cols), c.blocks, h.gWinner, mean[order[0]], mean[c.col[max(def, 0)]])
		h.rung++
		h.rounds = h.rung
		return nil
	}
	keep := h.s.Tournament.Finalists
	if h.rung+1 < len(h.rungs) {
		keep = h.rungs[h.rung+1].survivors
	}
	alive := map[int]bool{}
	for _, v := range h.alive {
		alive[v] = true
	}
	keep = min(keep, len(h.alive))
	order, _ := h.fieldOrder(c, func(v int) bool { return alive[v] })
	adv := map[int]bool{}
	var next []int
	for _, col := range order[:keep] {
		adv[c.cols[col]] = true
		next = append(next, c.cols[col])
	}
	if h.rung+1 < len(h.rungs) {
		rating, err := host.Rate()
		if err != nil {
			return fmt.Errorf("rung %d: %w", h.rung+1, err)
		}
		next = append(next, h.predictions(rating, next, 2)...)
	}
	slices.Sort(next)
	for col, v := range c.cols {
		h.played[v] += nb
		if alive[v] && !adv[v] {
			h.outRound[v] = h.rung + 1
			h.stopped[v] = Stop{Ranked: len(h.alive), Blocks: h.played[v]}
		}
		h.bracketRow(c, col, adv[v] || v == def)
	}
	h.decided["field"]++
	host.Logf("rung %d (against the field): %d candidates, %d blocks, %d go on\n", h.rung+1, len(h.alive), c.blocks, len(next))
	host.Status(fmt.Sprintf("rung %d done, %d candidates left%s", h.rung+1, len(next), host.Leader(next)))
	h.alive = next
	h.rung++
	h.rounds = h.rung
	return nil
}
