package plan

import (
	"fmt"

	"tourney/engines/game"
)

// knockout plays rounds of encounters (product.md §3, statistics.md §5):
// all encounters of a round play their blocks together, look by look, so
// the workers stay busy and the games' order depends only on the results.
// At each look the advancing set must be ahead of every other variant by
// a paired test over blocks at level (1 − confidence)/looks; an encounter
// still undecided at its cap is settled by the ratings of every game so
// far, exact ties by a seeded coin; variant numbers never decide.
type knockout struct {
	base
	alive   []int
	round   int
	encs    []*Encounter
	cs      []*contest
	started bool
}

func (k *knockout) Next(h Host) ([]*Block, error) {
	if !k.started {
		k.started = true
		k.alive = make([]int, k.n)
		for i := range k.alive {
			k.alive[i] = i
		}
	}
	for {
		if k.cs == nil {
			if len(k.alive) <= 1 {
				return nil, nil
			}
			k.startRound()
		}
		var blocks []*Block
		for _, c := range k.cs {
			if c.status != "" {
				continue
			}
			for ; c.blocks < c.looks[c.look]; c.blocks++ {
				blocks = append(blocks, newBlock(k.s, c, c.blocks))
			}
		}
		if len(blocks) > 0 {
			return blocks, nil
		}
		if err := k.endRound(h); err != nil {
			return nil, fmt.Errorf("round %d: %w", k.round, err)
		}
	}
}

func (k *knockout) startRound() {
	k.round++
	k.rounds = k.round
	t := &k.s.Tournament
	k.encs = DrawRound(k.s, k.round, k.alive)
	k.cs = make([]*contest, len(k.encs))
	for i, e := range k.encs {
		c := newContest(k.round, e.Index, e.Variants, false)
		k.cs[i] = c
		if e.Bye() {
			c.status = "bye"
			continue
		}
		c.looks = encounterLooks(t, blockGames(k.s, e.Variants, false, nil))
	}
}

// Look books the blocks and tests every encounter still playing.
func (k *knockout) Look(_ Host, blocks []*Block, results [][]Result) error {
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	t := &k.s.Tournament
	for i, c := range k.cs {
		if c.status != "" {
			continue
		}
		alpha := (1 - t.Confidence) / float64(len(c.looks))
		rows := c.rows()
		_, decided, p := decideGroup(rows, k.encs[i].Advance, alpha)
		if len(rows) < MinDistinct {
			decided = false // too few distinct blocks to separate anything
		}
		c.p = p
		switch {
		case decided:
			c.status = "evidence"
		case c.look == len(c.looks)-1:
			c.status = "cap"
		default:
			c.look++
		}
	}
	return nil
}

// endRound settles the round: encounters that reached their cap
// undecided go by the ratings of every game so far, then by a seeded
// coin.
func (k *knockout) endRound(h Host) error {
	var fit []float64
	for _, c := range k.cs {
		if c.status == "cap" && fit == nil {
			var err error
			if fit, err = h.Fit(); err != nil {
				return err
			}
		}
	}
	var next []int
	for i, c := range k.cs {
		e := k.encs[i]
		k.decided[c.status]++
		var order []int
		switch c.status {
		case "bye":
			order = []int{0}
		case "evidence":
			order, _, _ = decideGroup(c.rows(), e.Advance, 1)
		case "cap":
			order = c.orderByRating(fit, game.Mix(k.s.Seed, 0xc01, uint64(k.round), uint64(e.Index)))
		}
		adv := map[int]bool{}
		for _, col := range order[:e.Advance] {
			adv[c.cols[col]] = true
			next = append(next, c.cols[col])
		}
		for col, v := range c.cols {
			if !adv[v] {
				k.outRound[v] = k.round
				if c.status == "evidence" {
					// stopped because v looked decisively worse: its
					// blocks are those that made it look worst
					k.stopped[v] = Stop{Looks: len(c.looks), Blocks: len(c.rows())}
				}
			}
			k.bracketRow(c, col, adv[v])
		}
	}
	h.Logf("round %d: %d variants, %d go on\n", k.round, len(k.alive), len(next))
	h.Status(fmt.Sprintf("round %d done, %d variants left%s", k.round, len(next), h.Leader(next)))
	k.alive = next
	k.cs = nil
	return nil
}

func (k *knockout) Winner(Host) (int, error) {
	if len(k.alive) == 0 {
		return 0, nil
	}
	return k.alive[0], nil
}
