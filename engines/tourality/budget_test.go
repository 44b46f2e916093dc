package tourality_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/tourality"
)

func genState(t *testing.T, name string) *tourality.State {
	t.Helper()
	m, err := tourality.Game{}.LoadMap(name)
	if err != nil {
		t.Fatal(err)
	}
	return tourality.NewState(m.(*tourality.Map))
}

func TestMinimaxTinyNodeBudget(t *testing.T) {
	s := genState(t, "gen:2")
	b := tourality.NewMinimaxBot(tourality.DefaultMinimax())
	b.Reset(1)
	for _, nodes := range []int64{1, 2, 50} {
		// the nodes used bound the work (no wall-clock bound: it failed
		// under load)
		a, err := b.Step(context.Background(), s.Clone(), 0, game.Budget{Nodes: nodes})
		if err != nil || !slices.Contains(s.LegalActions(0, nil), a) {
			t.Fatalf("nodes=%d: move %d, %v", nodes, a, err)
		}
		if b.LastNodes > nodes+1 {
			t.Errorf("nodes=%d: used %d", nodes, b.LastNodes)
		}
	}
}

// TestMinimaxDeadline: a 20 ms deadline (context and time budget) stops
// a search whose node cap (10⁸) and horizon would take minutes: a legal
// move from fewer nodes than the cap. How fast it stops is
// BenchmarkMinimaxDeadline's figure (a 300 ms wall bound here failed
// under load: 316 ms); hangBound only catches a search that ignores the
// deadline.
func TestMinimaxDeadline(t *testing.T) {
	const hangBound = 10 * time.Second
	s := genState(t, "gen:2")
	b := deadlineBot()
	for _, budget := range []game.Budget{{}, {Time: 20 * time.Millisecond}} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		t0 := time.Now()
		a, err := b.Step(ctx, s.Clone(), 0, budget)
		d := time.Since(t0)
		cancel()
		if err != nil || !slices.Contains(s.LegalActions(0, nil), a) {
			t.Fatalf("budget %v: move %d, %v", budget, a, err)
		}
		if b.LastNodes >= tourality.MaxMaxNodes || d > hangBound {
			t.Errorf("budget %v: %d nodes in %v with a 20ms deadline", budget, b.LastNodes, d)
		}
	}
	// An expired context still gets a legal move at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, err := b.Step(ctx, s.Clone(), 0, game.Budget{})
	if err != nil || !slices.Contains(s.LegalActions(0, nil), a) {
		t.Fatalf("cancelled: move %d, %v", a, err)
	}
}

func TestMinimaxDeterministic(t *testing.T) {
	s := genState(t, "gen:5")
	run := func() []game.Action {
		b := tourality.NewMinimaxBot(tourality.DefaultMinimax())
		c := s.Clone().(*tourality.State)
		var out []game.Action
		for i := 0; i < 10; i++ {
			a, err := b.Step(context.Background(), c.Clone(), c.ToMove(), game.Budget{Nodes: 5000})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, a)
			c.Apply(a)
		}
		return out
	}
	if a, b := run(), run(); !slices.Equal(a, b) {
		t.Errorf("two runs differ: %v %v", a, b)
	}
}

func TestMinimaxVariantsLegal(t *testing.T) {
	s := genState(t, "gen:3")
	for _, values := range []map[string]any{
		{"alphabeta": false, "chip_horizon": 1},
		{"prune": false},
		{"eval": "zero", "max_plies": 0},
		{"reuse_table": true, "table_mb": 1},
		{"playout_plies": 0, "far_distance": 200},
	} {
		spec := tourality.MinimaxSpec()
		bot, _, err := spec.Build(values)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Clone().(*tourality.State)
		for i := 0; i < 30 && !c.IsTerminal(); i++ {
			a, err := bot.Step(context.Background(), c.Clone(), c.ToMove(), game.Budget{Nodes: 3000})
			if err != nil || !slices.Contains(c.LegalActions(c.ToMove(), nil), a) {
				t.Fatalf("%v: move %d, %v", values, a, err)
			}
			c.Apply(a)
		}
	}
	if _, _, err := tourality.MinimaxSpec().Build(map[string]any{"chip_horizon": 9}); err == nil {
		t.Errorf("chip_horizon 9 accepted")
	}
	if _, _, err := tourality.MinimaxSpec().Build(map[string]any{"eval": "mcts"}); err == nil {
		t.Errorf("eval mcts accepted")
	}
}

func TestNearestRule(t *testing.T) {
	// "1  " / " # " / " +2": A at (0,0); chip at (1,2); B at (2,2).
	m := loadTestMap(t, "small.trlt")
	s := tourality.NewState(m)
	spec := tourality.NearestSpec()
	bot, _, err := spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := bot.Step(context.Background(), s.Clone(), 0, game.Budget{})
	// B is within far_distance, so it blocks the way round the right.
	if err != nil || a != tourality.Down {
		t.Errorf("nearest from (0,0): %v %v, want down", a, err)
	}
	play(t, s, tourality.Down, tourality.Up) // A to (0,1), B to (2,1)
	a, _ = bot.Step(context.Background(), s.Clone(), 0, game.Budget{})
	if a != tourality.Down {
		t.Errorf("nearest from (0,1): %v, want down", a)
	}
}

// deadlineBot is a minimax bot that only a deadline stops (the largest
// node cap and chip horizon, no ply limit).
func deadlineBot() *tourality.MinimaxBot {
	c := tourality.DefaultMinimax()
	c.MaxNodes = tourality.MaxMaxNodes
	c.ChipHorizon = tourality.MaxChipHorizon
	c.MaxPlies = 0
	return tourality.NewMinimaxBot(c)
}

// BenchmarkMinimaxDeadline: a move under a 20 ms deadline (context and
// time budget) by a bot that only the deadline stops; overrun-ms/op is
// the time past the deadline.
func BenchmarkMinimaxDeadline(b *testing.B) {
	const deadline = 20 * time.Millisecond
	m, err := tourality.Game{}.LoadMap("gen:2")
	if err != nil {
		b.Fatal(err)
	}
	s := tourality.NewState(m.(*tourality.Map))
	bot := deadlineBot()
	var over time.Duration
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		t0 := time.Now()
		if _, err := bot.Step(ctx, s.Clone(), 0, game.Budget{Time: deadline}); err != nil {
			b.Fatal(err)
		}
		over += time.Since(t0) - deadline
		cancel()
	}
	b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overrun-ms/op")
}
