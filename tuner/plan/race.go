package plan

import (
	"fmt"

	"tourney/engines/game"
	"tourney/tuner/stats"
)

// race is irace's F-race (statistics.md §5): every survivor plays every
// block (a round robin of pairs on two seats; seeded tables of at most p
// seats otherwise); from the first look on, a Friedman test over the
// blocks and Conover's comparisons with the best (stats.Race, level
// (1 − confidence)/looks) drop the survivors that are significantly
// worse. It stops when one is left, or when the next look would pass the
// budget; the best survivor by rating wins.
type race struct {
	base
	c       *contest
	looks   []int
	alpha   float64
	budget  int
	li      int // the look being played
	done    bool
	started bool

	// halving's final race: its entrants, seeds, first round and budget
	cands          []int
	seedTag        uint64
	roundBase      int
	budgetOverride int
}

func (r *race) start() {
	t := &r.s.Tournament
	all := r.cands
	if all == nil {
		all = seq(r.n)
	}
	r.c = newContest(r.roundBase+1, 1, all, true)
	r.c.seedTag = r.seedTag
	if len(all) < 2 {
		r.done = true
		return
	}
	r.budget = t.Cap(len(all))
	if r.budgetOverride > 0 {
		r.budget = r.budgetOverride
	}
	// the most looks the budget allows (two survivors to the end)
	pair := blockGames(r.s, all[:2], true, nil)
	r.looks = Looks(t.FirstLook(), max(t.FirstLook(), r.budget/max(pair, 1)))
	r.alpha = (1 - t.Confidence) / float64(len(r.looks))
	r.c.looks = r.looks
}

func (r *race) Next(Host) ([]*Block, error) {
	if !r.started {
		r.started = true
		r.start()
	}
	if r.done {
		return nil, nil
	}
	c, li := r.c, r.li
	alive := c.aliveVariants()
	if len(alive) == 1 {
		return r.finish("one-left")
	}
	gpb := blockGames(r.s, alive, true, nil)
	if li == 0 && r.looks[0]*gpb > r.budget {
		// the budget does not reach the first look: play what it allows
		// (at least one block) and decide on the ratings
		r.looks = []int{max(1, r.budget/max(gpb, 1))}
		c.looks = r.looks
	}
	if li >= len(r.looks) || li > 0 && c.games+(r.looks[li]-c.blocks)*gpb > r.budget {
		return r.finish("budget")
	}
	var blocks []*Block
	for ; c.blocks < r.looks[li]; c.blocks++ {
		blocks = append(blocks, newBlock(r.s, c, c.blocks))
	}
	return blocks, nil
}

func (r *race) finish(status string) ([]*Block, error) {
	r.c.status = status
	r.decided[status]++
	r.done = true
	return nil, nil
}

// Look drops the survivors that are significantly worse.
func (r *race) Look(h Host, blocks []*Block, results [][]Result) error {
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	c := r.c
	r.li++
	r.rounds = r.li
	c.round = r.roundBase + r.li
	var cols []int
	for i := range c.cols {
		if c.alive[i] {
			cols = append(cols, i)
		}
	}
	rows := c.rows() // identical blocks count once
	x := make([][]float64, len(rows))
	for b := range x {
		x[b] = make([]float64, len(cols))
		for j, col := range cols {
			x[b][j] = rows[b][col]
		}
	}
	_, worse, p := stats.Race(x, r.alpha)
	if len(x) < MinDistinct {
		worse = make([]bool, len(cols)) // too few distinct blocks to drop anything
	}
	c.p = p
	c.status = "continue"
	dropped := 0
	for j, col := range cols {
		if worse[j] {
			c.alive[col] = false
			r.outRound[c.cols[col]] = r.roundBase + r.li
			// dropped on evidence at one of the race's looks: its
			// upper bound is built as the drop's test (ratings.go,
			// stoppedBounds): Conover's t has (b − 1)(k − 1) degrees
			// of freedom
			r.stopped[c.cols[col]] = Stop{Looks: len(r.looks), Blocks: (len(rows) - 1) * (len(cols) - 1)}
			dropped++
		}
	}
	if dropped > 0 {
		c.status = "evidence"
	}
	for _, col := range cols {
		r.bracketRow(c, col, c.alive[col])
	}
	h.Logf("race look %d: %d blocks, %d survivors, %d dropped\n", r.li, c.blocks, len(cols)-dropped, dropped)
	h.Status(fmt.Sprintf("look %d, %d survivors%s", r.li, len(cols)-dropped, h.Leader(c.aliveVariants())))
	return nil
}

func (r *race) Winner(h Host) (int, error) {
	if len(r.c.cols) == 0 {
		return 0, nil
	}
	if len(r.c.cols) < 2 {
		return r.c.cols[0], nil
	}
	alive := r.c.aliveVariants()
	if len(alive) == 1 {
		return alive[0], nil
	}
	// halving's final race pools the knobs' evidence: the survivors go
	// by their effects-informed ratings
	rate := h.Fit
	if r.seedTag == seedTagFinal {
		rate = h.Rate
	}
	fit, err := rate()
	if err != nil {
		return 0, err
	}
	order := r.c.orderByRating(fit, game.Mix(r.s.Seed, 0xc01, 0x7ace))
	return r.c.cols[order[0]], nil
}
