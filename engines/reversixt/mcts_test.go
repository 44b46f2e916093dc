package reversixt

import (
	"context"
	"slices"
	"testing"
	"time"

	"tourney/engines/game"
)

// A depth budget D runs D × MCTSIterationsPerDepth iterations, no budget
// DefaultDepth × that; the chosen move is the root move most visited
// (plain UCT: minimax_weight 0; with the backups the minimax value
// decides).
func TestMCTSIterations(t *testing.T) {
	s := openingState(t, mustLoad(t, "duel10"), 2, 10)
	p := s.CurrentPlayer()
	for _, c := range []struct {
		b    game.Budget
		want int
	}{{game.Budget{Depth: 2}, 2 * MCTSIterationsPerDepth}, {game.Budget{}, DefaultDepth * MCTSIterationsPerDepth}} {
		c0 := DefaultMCTS()
		c0.MinimaxWeight = 0
		b := NewMCTSBot(c0)
		b.Reset(3)
		a, err := b.Step(t.Context(), s.Clone(), p, c.b)
		if err != nil || !s.IsLegal(p, a) {
			t.Fatal(a, err)
		}
		if b.Last.Iterations != c.want {
			t.Errorf("budget %v: %d iterations, want %d", c.b, b.Last.Iterations, c.want)
		}
		nd := b.nodes[0]
		for i := nd.first; i < nd.first+nd.nexp; i++ {
			if int(b.edges[i].n) > b.Last.Visits {
				t.Errorf("budget %v: played a move of %d visits, another has %d", c.b, b.Last.Visits, b.edges[i].n)
			}
		}
		if b.Last.Visits < 1 || b.Last.Depth < 2 {
			t.Errorf("budget %v: visits %d, depth %d", c.b, b.Last.Visits, b.Last.Depth)
		}
	}
}

// Rewards: at the end the share of the other active seats beaten by
// stones (ties ½, disqualified 0); at a cut-off with temperature 0 the
// same share by H, and with a temperature a value strictly between that
// keeps the order.
func TestMCTSRewards(t *testing.T) {
	m := mustLoad(t, "cross14")
	s := openingState(t, m, 4, 12)
	b := NewMCTSBot(DefaultMCTS())
	b.ev.setMap(m)
	b.ev.setRoot(s, s.CurrentPlayer())
	b.scale = 1e5 // T·u = 10⁴: no reward saturates
	h := b.heuristic(s)
	soft := b.rewards(s)
	b.cfg.CutoffTemperature = 0
	hard := b.rewards(s)
	for q := 0; q < 4; q++ {
		want := 0.0
		for o := 0; o < 4; o++ {
			switch {
			case o == q:
			case h[q] > h[o]:
				want++
			case h[q] == h[o]:
				want += 0.5
			}
		}
		if want /= 3; !near(hard[q], want) {
			t.Errorf("seat %d: rank share %v, want %v", q, hard[q], want)
		}
		if soft[q] <= 0 || soft[q] >= 1 {
			t.Errorf("seat %d: soft reward %v", q, soft[q])
		}
		for o := 0; o < 4; o++ {
			if h[q] > h[o] && !(soft[q] > soft[o]) {
				t.Errorf("seats %d, %d: H %v > %v but rewards %v, %v", q, o, h[q], h[o], soft[q], soft[o])
			}
		}
	}
	// The end of a game, with a seat disqualified.
	for !s.IsTerminal() {
		acts := s.LegalActions(s.CurrentPlayer(), nil)
		s.Apply(acts[0])
	}
	s.disq[3] = true
	r := b.rewards(s)
	if r[3] != 0 {
		t.Errorf("a disqualified seat gets %v", r[3])
	}
	for q := 0; q < 3; q++ {
		want := 0.0
		for o := 0; o < 3; o++ {
			switch {
			case o == q:
			case s.Count(q) > s.Count(o):
				want++
			case s.Count(q) == s.Count(o):
				want += 0.5
			}
		}
		if want /= 2; !near(r[q], want) {
			t.Errorf("end, seat %d: %v, want %v (counts %d %d %d)", q, r[q], want, s.Count(0), s.Count(1), s.Count(2))
		}
	}
}

// Playouts take a move on a field without a stone while there is one.
func TestMCTSPlayoutAvoidsOverwrites(t *testing.T) {
	m := mustLoad(t, "duel10")
	s := openingState(t, m, 6, 20)
	p := s.CurrentPlayer()
	if s.Overwrites(p) == 0 {
		t.Skip("no overwrite stones in this position")
	}
	b := NewMCTSBot(DefaultMCTS())
	b.Reset(1)
	b.moves = s.LegalActions(p, nil)
	free, over := 0, 0
	for _, a := range b.moves {
		if c, _ := SplitAction(a); isStone(s.Cell(c)) {
			over++
		} else {
			free++
		}
	}
	if free == 0 || over == 0 {
		t.Fatalf("position without both kinds of move: %d free, %d overwrites", free, over)
	}
	seen := map[game.Action]bool{}
	for i := 0; i < 200; i++ {
		a := b.playoutMove(s)
		if c, _ := SplitAction(a); isStone(s.Cell(c)) {
			t.Fatalf("playout move %v is an overwrite while %d free moves exist", a, free)
		}
		seen[a] = true
	}
	if len(seen) < min(free, 3) {
		t.Errorf("the playout drew %d distinct moves of %d", len(seen), free)
	}
}

// With playouts the search draws from the bot's seed: the same seed gives
// the same tree, another seed another one (with the mean rewards in the
// selection: minimax_weight below 1).
func TestMCTSSeeded(t *testing.T) {
	s := openingState(t, mustLoad(t, "tri13"), 2, 8)
	p := s.CurrentPlayer()
	visits := func(seed uint64) []int32 {
		c := DefaultMCTS()
		c.PlayoutDepth = 4
		c.MinimaxWeight = 0
		b := NewMCTSBot(c)
		b.Reset(seed)
		if _, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 4000}); err != nil {
			t.Fatal(err)
		}
		var v []int32
		nd := b.nodes[0]
		for i := nd.first; i < nd.first+nd.nexp; i++ {
			v = append(v, b.edges[i].n)
		}
		return append(v, int32(b.Last.Iterations), int32(len(b.nodes)))
	}
	a, a2, c := visits(1), visits(1), visits(2)
	if !slices.Equal(a, a2) {
		t.Errorf("seed 1 twice: %v and %v", a, a2)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 give the same tree: %v", a)
	}
}

// stallClock moves only when read: step a reading, plus a stall at one
// chosen reading (the machine descheduling the process).
type stallClock struct {
	t       time.Time
	step    time.Duration
	reads   int
	stallAt int
	stall   time.Duration
}

func (c *stallClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step)
	if c.reads == c.stallAt {
		c.t = c.t.Add(c.stall)
	}
	return c.t
}

// Under the wall clock mcts paces itself as the alpha-beta searches do
// (engines/search Pacer): a stall between two looks at the clock makes
// the move late once, and the margin it teaches keeps every later move,
// stalled the same way at the worst moment, within its time. (Before the
// pacer mcts stopped at its deadline exactly: every stalled move was
// late.)
func TestMCTSPaceStall(t *testing.T) {
	const limit = 100 * time.Millisecond
	const stall = 40 * time.Millisecond
	s := openingState(t, mustLoad(t, "cross14"), 4, 12)
	p := s.CurrentPlayer()
	clk := &stallClock{t: time.Unix(0, 0), step: time.Millisecond}
	b := NewMCTSBot(DefaultMCTS())
	b.Reset(1)
	b.pace.SetClock(clk.now)
	late := 0
	for move := 0; move < 8; move++ {
		// readings: one at the move's start, one when the clock starts,
		// then one every 16 iterations; the search stops at the first
		// reading past limit − margin
		margin := b.pace.Margin()
		if margin < 0 {
			margin = limit / 4
		}
		stop := int((limit - max(margin, limit/50)) / clk.step)
		clk.stallAt, clk.stall = clk.reads+stop, stall
		t0 := clk.t
		a, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Time: limit})
		if err != nil || !s.IsLegal(p, a) {
			t.Fatal(a, err)
		}
		took := clk.t.Sub(t0)
		if took > limit {
			late++
			if move > 0 {
				t.Errorf("move %d took %v of %v (margin %v): late after a stall of %v was seen", move, took, limit, b.pace.Margin(), stall)
			}
		}
		if b.pace.Margin() < stall {
			t.Errorf("move %d: learned margin %v, below the %v stall", move, b.pace.Margin(), stall)
		}
		if b.Last.Iterations < 16 {
			t.Errorf("move %d: %d iterations: the margin left no search", move, b.Last.Iterations)
		}
	}
	if late == 0 {
		t.Error("the first move was not late: the stall did not come at the worst moment")
	}
}

// TestMCTSCancelReturns: a Step whose context ends before its budget
// does returns a legal move at once, under a time budget and under a node
// budget. Before, the search went on with "it = iters" after the
// context's end: without a count of iterations iters is MaxInt64, it++
// wrapped round, and the Step spun for ever. On the wall clock its
// context ends at the move's time when the pacer has not stopped it
// first: the arena took the move over as hung (a time forfeit) and the
// spinning goroutine starved the process's other games, so that every
// later move came late (100 of 170 seats forfeited in a 40-game match
// on four multi-player course maps).
func TestMCTSCancelReturns(t *testing.T) {
	s := openingState(t, mustLoad(t, "cross14"), 4, 12)
	p := s.CurrentPlayer()
	for _, bud := range []game.Budget{{Time: time.Hour}, {Nodes: 1 << 40}} {
		b := NewMCTSBot(DefaultMCTS())
		b.Reset(1)
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Millisecond)
		type step struct {
			a   game.Action
			err error
		}
		out := make(chan step, 1)
		go func() {
			a, err := b.Step(ctx, s.Clone(), p, bud)
			out <- step{a, err}
		}()
		select {
		case r := <-out:
			if r.err != nil || !s.IsLegal(p, r.a) {
				t.Errorf("budget %+v: %v %v", bud, r.a, r.err)
			}
			if b.Last.Iterations == 0 {
				t.Errorf("budget %+v: no iteration in 30 ms", bud)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("budget %+v: the Step did not return 5 s after its context ended", bud)
		}
		cancel()
	}
}
