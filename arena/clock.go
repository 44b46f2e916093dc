package arena

import (
	"fmt"
	"time"

	"tourney/engines/game"
)

// Clocks (game.Budget with Time and NodeRate or Bank) are kept here: the
// seats' time banks, and the node clock's accounting.
//
// Under a node clock an in-process bot gets no wall-clock deadline: its
// move's time is the nodes it reports (game.Informer) over the node rate.
// The arena adds the increment to the seat's bank before the move (Bank),
// hands the balance in Budget.Left, and after the move takes the nodes off
// the bank; a move that searched more than the balance plus the grace
// (in nodes) forfeits by timeout. A bot that reports no nodes (it does
// not search) spends nothing. Everything is integer nodes, so a game
// under a node clock is the same on every machine and at any load.
//
// A bot run as an external program (game.Lifecycle) that counts its
// nodes (game.NodeClocker: a JSON-lines bot whose hello says "clock":
// "nodes") is played exactly so: its nodes come from its LastMove, and
// its wall-clock deadline is only the hang guard (Options.HangTimeout;
// the external bot's own move_timeout comes first). Any other external
// program gets the same time on the wall clock (Budget.WallClock), as
// before; the hosted ReversiXT server keeps that bot's bank itself
// (game.Clocked).

// clockOf returns the budget seat p's bot plays under and whether it is a
// node clock the arena accounts.
func (g *gamePlay) clockOf(p int, b game.Budget) (game.Budget, bool) {
	if b.Time <= 0 || (b.NodeRate <= 0 && !b.Bank) {
		return b, false
	}
	if _, ext := g.bots[p].(game.Lifecycle); ext && !nodeClocked(g.bots[p], b) {
		b = b.WallClock()
		if _, own := g.bots[p].(game.Clocked); !own {
			b.Bank = false // an external program gets its per-move limit
		}
		return b, false
	}
	if b.NodeRate <= 0 {
		return b, false // a wall-clock bank: stepBot's timed path
	}
	return b, true
}

// nodeClocked reports whether an external bot plays the node clock b
// itself (it counts its nodes and b has a node rate).
func nodeClocked(bot game.Bot, b game.Budget) bool {
	nc, ok := bot.(game.NodeClocker)
	return ok && b.NodeRate > 0 && nc.NodeClocked()
}

// bankIn adds the move's increment to seat p's bank (units: nodes under a
// node clock, nanoseconds on the wall clock) and returns the balance the
// move may spend; without a bank, the increment.
func (g *gamePlay) bankIn(p int, b game.Budget) int64 {
	inc := int64(b.Time)
	if b.NodeRate > 0 {
		inc = b.ClockNodes(b.Time)
	}
	if !b.Bank {
		return inc
	}
	if g.bank == nil {
		g.bank = make([]int64, len(g.bots))
	}
	g.bank[p] += inc
	return g.bank[p]
}

// bankOut takes a move's spending off seat p's bank.
func (g *gamePlay) bankOut(p int, b game.Budget, left, used int64) {
	if b.Bank && g.bank != nil {
		g.bank[p] = max(left-used, 0)
	}
}

// stepNodeClock plays seat p's move under a node clock.
func (g *gamePlay) stepNodeClock(p int, b game.Budget, st game.State) (game.Action, string, string) {
	left := g.bankIn(p, b)
	if b.Bank {
		b.Left = left
	}
	g.inBot = p
	a, err := g.bots[p].Step(g.ctx, st, p, b)
	g.inBot = -1
	if g.run.stepped(g.moves) {
		return game.NoAction, reasonAbandoned, ""
	}
	if err != nil {
		return game.NoAction, game.FaultReason(err, ForfeitError), err.Error()
	}
	var used int64
	if in, ok := g.bots[p].(game.Informer); ok {
		used = in.LastMove().Nodes
	}
	if grace := b.ClockNodes(g.opt.Grace); used > left+grace {
		return game.NoAction, ForfeitTimeout, fmt.Sprintf("move searched %d nodes, the clock allowed %d (%s at %d nodes/s) + grace %d",
			used, left, nodeTime(left, b.NodeRate), b.NodeRate, grace)
	}
	g.bankOut(p, b, left, used)
	return a, "", ""
}

// nodeTime is n nodes as time at rate nodes per second.
func nodeTime(n, rate int64) time.Duration {
	return time.Duration(float64(n) / float64(rate) * float64(time.Second)).Round(time.Millisecond)
}
