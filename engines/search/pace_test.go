package search

import (
	"context"
	"testing"
	"time"

	"tourney/engines/game"
)

// fakeClock is a clock that moves only when read: step per reading, and
// a stall (the machine descheduling the process) at chosen readings.
type fakeClock struct {
	t      time.Time
	step   time.Duration
	reads  int
	stalls map[int]time.Duration // reading → extra time before it
}

func (c *fakeClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step + c.stalls[c.reads])
	return c.t
}

// bigToy is a tree no search finishes within a budget.
func bigToy() *toyU {
	big := &toyU{*newToy(2, 1000, 99)}
	big.cap = 100
	return big
}

// A stall between two looks at the clock makes a move late by the
// stall. Once the searcher has seen a stall of that size it keeps that
// margin: a stall of the same size at the worst moment — the last look
// before the searcher would stop — no longer makes a move late. Every
// move here stalls 40 ms once, at that moment (for the first move, and
// for a searcher without a margin, just before its 100 ms are up); the
// move's end is the clock's last reading. (On the code before the
// margin every move was late.)
func TestPaceStallNeverLateAgain(t *testing.T) {
	const limit = 100 * time.Millisecond
	const stall = 40 * time.Millisecond
	clk := &fakeClock{t: time.Unix(0, 0), step: time.Millisecond, stalls: map[int]time.Duration{}}
	cfg := DefaultConfig()
	cfg.MaxDepth = 60
	h := orderedHooks
	h.Now = clk.now
	sr := New(cfg, h)
	late := 0
	for move := 0; move < 12; move++ {
		// one reading a millisecond: the reading where the searcher
		// would stop is (limit − margin)/step after the start
		stop := int((limit - max(sr.Margin(), limit/minMarginShare)) / clk.step)
		clk.stalls = map[int]time.Duration{clk.reads + stop - 2: stall}
		t0 := sr.Now()
		sr.MoveStarted(t0)
		r := sr.Negamax(context.Background(), bigToy(), game.Budget{Time: limit})
		took := clk.t.Sub(t0)
		if !r.Stopped || r.Move == game.NoAction {
			t.Fatalf("move %d: %+v", move, r)
		}
		if took > limit {
			late++
			if move > 0 {
				t.Errorf("move %d took %v of %v (margin %v): late after a stall of %v was seen", move, took, limit, sr.Margin(), stall)
			}
		}
		if sr.Margin() < stall {
			t.Errorf("move %d: learned margin %v, below the %v stall it saw", move, sr.Margin(), stall)
		}
	}
	if late == 0 {
		t.Error("the first move was not late: the stall did not come at the worst moment")
	}
	t.Logf("late moves %d of 12 (the first stall is news), margin %v", late, sr.Margin())
}

// The margin is never more than half the time: a move always searches.
func TestPaceMarginAtMostHalf(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0), step: time.Millisecond, stalls: map[int]time.Duration{5: time.Second}}
	h := orderedHooks
	h.Now = clk.now
	cfg := DefaultConfig()
	cfg.MaxDepth = 60
	sr := New(cfg, h)
	sr.Negamax(context.Background(), bigToy(), game.Budget{Time: 100 * time.Millisecond})
	if sr.Margin() < time.Second {
		t.Fatalf("margin %v after a 1 s stall", sr.Margin())
	}
	t0 := sr.Now()
	sr.MoveStarted(t0)
	r := sr.Negamax(context.Background(), bigToy(), game.Budget{Time: 100 * time.Millisecond})
	took := clk.t.Sub(t0)
	if r.Depth == 0 || took < 45*time.Millisecond || took > 100*time.Millisecond {
		t.Errorf("after a huge stall: depth %d in %v, want about half of 100ms", r.Depth, took)
	}
}

// The set-up before the search (MoveStarted) is paid from the move's
// time.
func TestPaceMoveStarted(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0), step: time.Millisecond}
	h := orderedHooks
	h.Now = clk.now
	cfg := DefaultConfig()
	cfg.MaxDepth = 60
	sr := New(cfg, h)
	t0 := sr.Now()
	clk.t = clk.t.Add(30 * time.Millisecond) // the bot's set-up
	sr.MoveStarted(t0)
	sr.Negamax(context.Background(), bigToy(), game.Budget{Time: 100 * time.Millisecond})
	if took := clk.t.Sub(t0); took > 100*time.Millisecond || took < 80*time.Millisecond {
		t.Errorf("move took %v from its start, want at most 100ms", took)
	}
}

// Under a node budget the search never reads the clock: a node clock's
// games replay byte for byte whatever the machine does.
func TestPaceNodeBudgetReadsNoClock(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0), step: time.Hour}
	h := orderedHooks
	h.Now = clk.now
	sr := New(DefaultConfig(), h)
	a := sr.Negamax(context.Background(), deepToy(), game.Budget{Nodes: 20000})
	b := New(DefaultConfig(), orderedHooks).Negamax(context.Background(), deepToy(), game.Budget{Nodes: 20000})
	if clk.reads != 0 {
		t.Errorf("the clock was read %d times under a node budget", clk.reads)
	}
	if a.Move != b.Move || a.Nodes != b.Nodes || a.Depth != b.Depth {
		t.Errorf("a stalling clock changed a node-budget search: %+v / %+v", a, b)
	}
}
