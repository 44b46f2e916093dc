package plan

import (
	"math"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// HoldOut is the rung that rates the winner honestly (statistics.md §8):
// blocks of the winner against the defaults on fresh seeds, which played
// no part in choosing it, so that its rating against the defaults is not
// inflated by the choice. On a map of p seats the winner sits with p − 1
// defaults (variant def, or the default filler when def < 0), rotated
// over the seats; no field bots. The blocks are numbered from first, in
// round round, encounter 0 (no encounter of a knockout has index 0).
func HoldOut(s *study.Study, round, winner, def, first, blocks int) []*Block {
	cols := []int{winner}
	if def >= 0 {
		cols = append(cols, def)
	}
	c := newContest(round, 0, cols, false)
	c.holdout = true
	c.blocks = first
	var out []*Block
	for b := first; b < first+blocks; b++ {
		out = append(out, newBlock(s, c, b))
	}
	c.blocks = first + blocks
	return out
}

// holdoutTables seats the winner with the defaults.
func holdoutTables(p int, cols []int) [][]SeatRef {
	seats := []SeatRef{{Kind: SeatVariant, Variant: cols[0]}}
	for len(seats) < p {
		if len(cols) > 1 {
			seats = append(seats, SeatRef{Kind: SeatVariant, Variant: cols[1]})
		} else {
			seats = append(seats, SeatRef{Kind: SeatFiller})
		}
	}
	return [][]SeatRef{seats}
}

// holdoutSeed is the seed of hold-out block b on scenario si, map mi.
func holdoutSeed(s *study.Study, si, mi, b int) uint64 {
	return game.Mix(s.Seed, 0x401d, uint64(si), uint64(mi), uint64(b))
}

// Book books blocks played outside a planner (HoldOut): their results,
// and which repeat an earlier block (Block.Dup).
func Book(blocks []*Block, results [][]Result) error { return bookAll(blocks, results) }

// HoldOutBlocks is the size of the hold-out rung after games games: a
// tenth of them, at least 2·MinDistinct blocks of gpb games. A space
// whose scenarios have costs sizes it by CPU time instead
// (HoldOutBlocksWork).
func HoldOutBlocks(games, gpb int) int {
	return max(2*MinDistinct, (games/10+gpb-1)/max(gpb, 1))
}

// GameWork is the cost of one game of scenario si in the units the
// hold-out rung is sized in: its CPU seconds when every scenario has a
// cost (declared, or measured for a CPU budget), else 1 (games).
func GameWork(s *study.Study, si int) float64 {
	costs, _ := scenarioCosts(s)
	return costs[si]
}

// HoldOutBlocksWork is the size of the hold-out rung after games of
// total work work (GameWork): a tenth of it, at least 2·MinDistinct
// blocks. Without costs a game's work is 1 and this is HoldOutBlocks; with
// them a rung whose blocks seat eight players on a costly map does not
// take a tenth of the games but half of the CPU.
func HoldOutBlocksWork(s *study.Study, work float64) int {
	b := HoldOut(s, 1, 1, 0, 0, 1)[0]
	if _, known := scenarioCosts(s); !known {
		return HoldOutBlocks(int(math.Round(work)), len(b.Games))
	}
	bw := holdOutBlockWork(s, b)
	return max(2*MinDistinct, int(math.Ceil(work/10/bw-1e-9)))
}

// holdOutBlockWork is the work of one hold-out block.
func holdOutBlockWork(s *study.Study, b *Block) float64 {
	w := 0.0
	for _, g := range b.Games {
		w += GameWork(s, g.Scenario)
	}
	return max(w, 1e-9)
}

// budgetCPU is the part of a CPU budget the tournament's rungs may
// spend: the budget covers the winner's hold-out rung too (a tenth of
// the tournament's CPU, at least 2·MinDistinct blocks), unless
// holdout = false. costs are the scenarios' (scenarioCosts, known).
func budgetCPU(s *study.Study) float64 {
	b := s.Tournament.BudgetCPU.Seconds()
	if s.Tournament.NoHoldOut {
		return b
	}
	hb := holdOutBlockWork(s, HoldOut(s, 1, 1, 0, 0, 1)[0])
	return max(min(b/1.1, b-float64(2*MinDistinct)*hb), b/10)
}

// AddHoldOut adds the winner's hold-out rung to a plan's bounds (what
// the sweep plays after the planner, unless holdout = false): HoldOut
// games at most, counted in MinGames, MaxGames and PerMap too.
func AddHoldOut(s *study.Study, pl Plan) Plan {
	if s.Tournament.NoHoldOut || pl.MaxGames == 0 {
		return pl
	}
	b := HoldOut(s, 1, 1, 0, 0, 1)[0]
	gpb := len(b.Games)
	if gpb == 0 {
		return pl
	}
	lo := HoldOutBlocks(pl.MinGames, gpb) * gpb
	hi := HoldOutBlocks(pl.MaxGames, gpb) * gpb
	if _, known := scenarioCosts(s); known && pl.PerMap != nil {
		work := 0.0
		for si := range pl.PerMap {
			for _, g := range pl.PerMap[si] {
				work += float64(g) * GameWork(s, si)
			}
		}
		hi = HoldOutBlocksWork(s, work) * gpb
		lo = HoldOutBlocksWork(s, work*float64(pl.MinGames)/float64(pl.MaxGames)) * gpb
	}
	pl.HoldOut = hi
	pl.MinGames += lo
	pl.MaxGames += hi
	if pl.PerMap != nil {
		for _, g := range b.Games {
			if g.Scenario < len(pl.PerMap) && g.Map < len(pl.PerMap[g.Scenario]) {
				pl.PerMap[g.Scenario][g.Map] += hi / gpb
			}
		}
	}
	return pl
}
