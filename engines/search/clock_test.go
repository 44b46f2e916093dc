package search

import (
	"testing"
	"time"

	"tourney/engines/game"
)

func TestAllot(t *testing.T) {
	sec := time.Second
	for _, c := range []struct {
		name  string
		b     game.Budget
		moves int
		share float64
		want  game.Budget
	}{
		{"depth passes", game.Budget{Depth: 3}, 10, 1, game.Budget{Depth: 3}},
		{"wall per move", game.Budget{Time: sec}, 10, 1, game.Budget{Time: sec}},
		{"node per move", game.Budget{Time: sec, NodeRate: 1000}, 10, 1, game.Budget{Nodes: 1000}},
		{"node per move, share ignored", game.Budget{Time: sec / 2, NodeRate: 1000}, 10, 3, game.Budget{Nodes: 500}},
		// bank 4000, 1000 a move, 4 moves: (4000+3000)/4 = 1750, under half the bank
		{"bank even share", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 4000}, 4, 1, game.Budget{Nodes: 1750}},
		{"bank saves", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 4000}, 4, 0.5, game.Budget{Nodes: 875}},
		// never more than half the bank
		{"bank half cap", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 4000}, 4, 4, game.Budget{Nodes: 2000}},
		{"bank first move", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 1000}, 30, 1, game.Budget{Nodes: 500}},
		{"bank no estimate", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 21000}, 0, 1, game.Budget{Nodes: 2000}},
		{"wall bank", game.Budget{Time: sec, Bank: true, Left: int64(4 * sec)}, 4, 1, game.Budget{Time: 1750 * time.Millisecond}},
		{"empty bank", game.Budget{Time: sec, NodeRate: 1000, Bank: true, Left: 1}, 4, 1, game.Budget{Nodes: 1}},
	} {
		if got := Allot(c.b, c.moves, c.share); got != c.want {
			t.Errorf("%s: Allot(%+v, %d, %g) = %+v, want %+v", c.name, c.b, c.moves, c.share, got, c.want)
		}
	}
}

// TestNodeClockSearch: a searcher handed a node clock directly stops at
// the clock's nodes and starts no iteration after DeepeningStart of them.
func TestNodeClockSearch(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxDepth = 30
	cfg.DeepeningStart = 0.5
	sr := New(cfg, Hooks{Evaluate: func(game.State, int, int) float64 { return 0 }})
	s := newToy(2, 16, 3)
	r := sr.Negamax(t.Context(), s, game.Budget{Time: 10 * time.Millisecond, NodeRate: 100_000}) // 1 000 nodes
	if r.Nodes > 1001 || r.Nodes < 500 || r.Depth == 0 {
		t.Fatalf("nodes %d depth %d: want between 500 and 1001 nodes and a completed iteration", r.Nodes, r.Depth)
	}
	r2 := sr.Negamax(t.Context(), s, game.Budget{Time: 10 * time.Millisecond, NodeRate: 100_000})
	if r2.Nodes != r.Nodes || r2.Move != r.Move {
		t.Fatalf("the same search twice: %d/%v then %d/%v", r.Nodes, r.Move, r2.Nodes, r2.Move)
	}
}
