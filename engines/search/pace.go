package search

import (
	"sync/atomic"
	"time"
)

// The wall clock's safety (a search under Budget.Time). A search that
// stops exactly at its time is late by whatever comes between its last
// look at the clock and the end of the move: the work up to the next
// poll, and any stall of the machine in between (a loaded machine
// deschedules the process for tens of milliseconds, a garbage
// collection pauses it). On a course server a late move is a
// disqualification. So the searcher paces itself:
//
//   - the move's clock starts where the bot's move started (MoveStarted,
//     before its set-up: the first move of a game, which pays for the
//     per-map tables, spends that time from its own budget);
//   - it stops a margin before the time: the largest gap seen between
//     two looks at the clock, in this search or (decayed) in the
//     searches before, and at least a fiftieth of the time — never more
//     than half the time, so that a move always searches. The stalls are
//     the machine's, not the bot's: what one searcher learns every
//     searcher of the process uses (a new bot's first move included);
//     before any search has ended the margin is a quarter of the time,
//     the course client's reserve;
//   - a look at the clock comes every 256 nodes and before every
//     iteration (poll); a stall between two looks widens the margin at
//     once, for the rest of the move and the moves after.
//
// Under a node budget (a clock counted in nodes included) none of this
// runs: the search reads no clock, and its games replay byte for byte.

// marginDecay is the share of the learned margin a search keeps when its
// own gaps were smaller: a stall is remembered for some tens of moves.
const marginDecay = 0.95

// minMarginShare: the margin is at least the time over this.
const minMarginShare = 50

// machineMargin is the margin learned by the searches on the wall
// clock (nanoseconds; -1: none has ended yet).
var machineMargin atomic.Int64

func init() { machineMargin.Store(-1) }

type pacer struct {
	now       func() time.Time
	start     time.Time     // the move's start
	limit     time.Duration // the move's time (0: no wall clock)
	last      time.Time     // the last look at the clock
	gap       time.Duration // this search's largest gap between looks
	margin    time.Duration // learned over past searches (a test's clock; otherwise machineMargin)
	prior     time.Duration // the margin this search started from
	moveStart time.Time     // MoveStarted's time, for the next search
}

func (p *pacer) clock() time.Time {
	if p.now != nil {
		return p.now()
	}
	return time.Now()
}

// begin starts the clock of a search under time limit (0: none).
func (p *pacer) begin(limit time.Duration) {
	p.limit, p.gap = limit, 0
	if limit <= 0 {
		p.moveStart = time.Time{}
		return
	}
	now := p.clock()
	p.start = now
	if !p.moveStart.IsZero() && !p.moveStart.After(now) {
		p.start = p.moveStart
	}
	p.moveStart = time.Time{}
	p.last = now
	p.prior = p.learned()
	if p.prior < 0 {
		p.prior = limit / 4
	}
}

// learned is the margin learned so far (-1: nothing yet).
func (p *pacer) learned() time.Duration {
	if p.now != nil {
		return p.margin
	}
	return time.Duration(machineMargin.Load())
}

// safety is the margin kept before the time.
func (p *pacer) safety() time.Duration {
	m := max(p.prior, p.gap, p.limit/minMarginShare)
	return min(m, p.limit/2)
}

// spent reports whether the move's time, less the margin, is used up
// (a look at the clock).
func (p *pacer) spent() bool {
	if p.limit <= 0 {
		return false
	}
	now := p.clock()
	if g := now.Sub(p.last); g > p.gap {
		p.gap = g
	}
	p.last = now
	return now.Sub(p.start) >= p.limit-p.safety()
}

// share reports whether the share of the usable time (the time less the
// margin) is used up: no new iteration starts after it.
func (p *pacer) share(s float64) bool {
	if p.limit <= 0 {
		return false
	}
	return float64(p.clock().Sub(p.start)) >= s*float64(p.limit-p.safety())
}

// end learns from the search: the margin of the next is the larger of
// this search's largest gap and the decayed margin.
func (p *pacer) end() {
	if p.limit <= 0 {
		return
	}
	if g := p.clock().Sub(p.last); g > p.gap {
		p.gap = g // the last stretch: from the last look to the answer
	}
	decayed := func(m time.Duration) time.Duration { return time.Duration(float64(m) * marginDecay) }
	if p.now != nil {
		p.margin = max(p.gap, decayed(p.prior))
	} else {
		for {
			old := machineMargin.Load()
			base := time.Duration(old)
			if old < 0 {
				base = p.prior
			}
			if machineMargin.CompareAndSwap(old, int64(max(p.gap, decayed(base)))) {
				break
			}
		}
	}
	p.limit = 0
}

// MoveStarted tells the searcher that the move it will search next
// started at t (the bot's Step began then; use Now): under a time budget
// the search's time counts from t, so that the bot's own set-up is paid
// from the move's time. Without a call the time counts from the search's
// start.
func (sr *Searcher) MoveStarted(t time.Time) { sr.pace.moveStart = t }

// Now is the searcher's clock: Hooks.Now, or the wall clock.
func (sr *Searcher) Now() time.Time { return sr.pace.clock() }

// Margin is the safety margin learned from the gaps between looks at the
// clock (for logs and tests): the searcher's own with Hooks.Now, the
// process's otherwise (-1: none learned yet).
func (sr *Searcher) Margin() time.Duration { return sr.pace.learned() }

// Pacer is the wall clock's safety for a bot whose search is its own
// loop, not a Searcher's (Monte-Carlo tree search): the same margin,
// learned from and shared with every search of the process. Begin a
// move's clock, look at it with Spent as often as the Searcher polls
// (every few hundred nodes' work at most), End it when the move is
// chosen. The zero value reads the wall clock.
type Pacer struct{ p pacer }

// SetClock replaces the wall clock (tests stall it); the margin is then
// the Pacer's own, as with Hooks.Now.
func (p *Pacer) SetClock(now func() time.Time) { p.p.now = now }

// Now is the Pacer's clock.
func (p *Pacer) Now() time.Time { return p.p.clock() }

// MoveStarted: the next Begin's time counts from t (the bot's set-up is
// paid from the move's time), as Searcher.MoveStarted.
func (p *Pacer) MoveStarted(t time.Time) { p.p.moveStart = t }

// Begin starts the clock of a move of the given time (0: no wall clock;
// Spent is then always false).
func (p *Pacer) Begin(limit time.Duration) { p.p.begin(limit) }

// Spent looks at the clock: true once the move's time less the margin is
// used up.
func (p *Pacer) Spent() bool { return p.p.spent() }

// End learns the margin from the move's gaps between looks.
func (p *Pacer) End() { p.p.end() }

// Margin is the margin learned so far (-1: none yet).
func (p *Pacer) Margin() time.Duration { return p.p.learned() }
