package search

import (
	"time"

	"tourney/engines/game"
)

// DefaultMovesLeft is the own moves a bank is spread over when a bot has
// no estimate of its own (Allot's movesLeft ≤ 0).
const DefaultMovesLeft = 20

// Allot turns a clock into the search budget of one move; any other
// budget is returned as it is. It is the time manager of every bot that
// searches, under a node clock and the wall clock alike (the units are
// nodes or nanoseconds, see game.Budget):
//
//   - a per-move limit is spent whole: the search stops at it (on the
//     wall clock a learned safety margin before it, pace.go), and
//     Config.DeepeningStart decides when no new iteration starts;
//   - a time bank (game.Budget.Bank, balance Left) is spread evenly over
//     the own moves still expected, this one included (movesLeft, from
//     the bot's knowledge of its game): (Left + increment·(movesLeft−1)) /
//     movesLeft, times share (Config.TimeShare: < 1 saves for later, > 1
//     spends early), and never more than half of the bank on one move, as
//     the course client's clock does (rxtproto.Clock), so that what is
//     tuned here is what plays there.
//
// The result sets Nodes under a node clock and Time under the wall clock.
// Integer arithmetic (and one product by share) makes it the same on
// every machine.
func Allot(b game.Budget, movesLeft int, share float64) game.Budget {
	if b.Time <= 0 || b.Depth > 0 || b.Nodes > 0 {
		return b
	}
	node := b.NodeRate > 0
	inc := int64(b.Time)
	if node {
		inc = b.ClockNodes(b.Time)
	}
	think := inc
	if b.Bank && b.Left > 0 {
		if movesLeft <= 0 {
			movesLeft = DefaultMovesLeft
		}
		left := b.Left
		even := (left + inc*int64(movesLeft-1)) / int64(movesLeft)
		if share > 0 && share != 1 {
			even = int64(float64(even) * share)
		}
		think = max(min(even, left/2), 1)
	}
	if node {
		return game.Budget{Nodes: think}
	}
	return game.Budget{Time: time.Duration(think)}
}
