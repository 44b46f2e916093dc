package rxtproto

import (
	"time"

	"tourney/engines/reversixt"
)

// Clock is the client's time manager (reversixt.md §8.4). The official
// server sends a time bank with every move request: its -t is added to
// the bank each move and unused time carries over. A stricter server
// sends the same limit every move (a per-move cap). Clock tells the two
// apart from what it sees and spends the time over the expected
// remaining moves:
//
//   - hard cap: what may be spent on this move at most, the limit less
//     the Margin share (a bank: at least half of it) and Safety
//     (latency);
//   - bank: the time of this move is (bank + income × (R − 1)) / R, R
//     being the own moves expected from the board (free fields / active
//     players, plus the own overwrite stones) and income the growth of
//     the bank per own move seen so far (at first the first request's
//     limit, the server's -t), never more than the hard cap less the
//     overhead a move has shown beyond its plan;
//   - per-move cap (the limit did not shrink by the time used): the hard
//     cap, every move.
//
// The bot's iterative deepening stops in time (a new iteration starts
// only in the first part of the budget, search.Config.DeepeningStart),
// so a move costs between about half and all of its time; what is left
// flows back through the bank.
type Clock struct {
	Margin float64       // share of the limit kept in reserve (0..1)
	Safety time.Duration // fixed reserve per move for the network (default 20ms)
	// Share scales a bank's even share (the bot's tuned time_share, as
	// search.Allot applies it under a clock in nodes; 0 or 1: even).
	Share float64

	n        int           // requests seen
	firstMS  uint32        // the first request's limit
	prevMS   uint32        // the last request's limit
	think    time.Duration // the last move's planned time
	used     time.Duration // time the last move took (request to answer)
	income   float64       // estimated growth of the bank per own move, ms
	overhead time.Duration // time a move takes beyond its plan (estimate)
	moved    bool          // the limit has changed once: it is a bank
}

// Plan is the time of one move.
type Plan struct {
	Think time.Duration // the bot's time budget
	Hard  time.Duration // the deadline of the move (Think ≤ Hard)
	Moves int           // own moves expected, this one included
	Bank  bool          // the limit is read as a time bank
}

// Plan returns the time for a move request with limit ms (> 0) in
// position s for seat me.
func (c *Clock) Plan(ms uint32, s *reversixt.State, me int) Plan {
	safety := c.Safety
	if safety <= 0 {
		safety = 20 * time.Millisecond
	}
	lim := time.Duration(ms) * time.Millisecond
	hardCap := func(share float64) time.Duration {
		return max(time.Duration(float64(lim)*share)-safety, lim/4, time.Millisecond)
	}
	if c.n == 0 {
		c.income, c.firstMS = float64(ms), ms
	} else {
		// bank now = bank before − time used + income
		inc := float64(ms) - float64(c.prevMS) + float64(c.used)/float64(time.Millisecond)
		if inc > 0 {
			c.income = 0.7*c.income + 0.3*inc
		}
		if ms != c.firstMS {
			c.moved = true
		}
		// what a move costs beyond its plan (process, evaluation
		// set-up, scheduling): planned away from the next moves
		c.overhead = (c.overhead*7 + max(c.used-c.think, 0)*3) / 10
	}
	c.n++
	c.prevMS = ms
	r := RemainingMoves(s, me)
	// The same limit every time, whatever was used: a per-move cap (or a
	// bank that does not move, where the hard cap is as safe).
	p := Plan{Moves: r, Bank: c.n < 3 || c.moved}
	// A bank keeps at least half of itself after every move (one slow
	// move, a busy machine or a slow network, never empties it); a
	// per-move cap keeps the Margin share.
	p.Hard = hardCap(1 - c.Margin)
	if p.Bank {
		p.Hard = hardCap(min(1-c.Margin, 0.5))
	}
	hard := p.Hard
	think := hard
	if p.Bank {
		// an even share of the bank and the income still to come; the
		// margin is kept by the hard cap (of the bank as it stands)
		total := float64(ms) + c.income*float64(r-1)
		share := 1.0
		if c.Share > 0 {
			share = c.Share
		}
		think = time.Duration(total / float64(r) * share * float64(time.Millisecond))
	}
	p.Think = max(min(think, hard-c.overhead), time.Millisecond)
	c.think = p.Think
	return p
}

// Used records how long the move took, from the request to the answer.
func (c *Clock) Used(d time.Duration) { c.used = d }

// RemainingMoves is reversixt.RemainingMoves (the in-process bot's time
// manager spreads its bank by the same estimate).
func RemainingMoves(s *reversixt.State, me int) int { return reversixt.RemainingMoves(s, me) }
