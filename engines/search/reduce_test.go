package search

import (
	"context"
	"math"
	"testing"

	"tourney/engines/game"
)

// reducing is a fixed-depth configuration with late-move reductions.
func reducing(after, by int, at string) Config {
	cfg := fixed(DefaultConfig())
	cfg.ReduceAfter, cfg.ReduceBy, cfg.ReduceDepth, cfg.ReduceAt = after, by, 3, at
	return cfg
}

// Reductions search fewer nodes at the same depth, with two players
// (negamax and paranoid) and with three (paranoid), at the opponents'
// plies alone and at all plies; reduce_after 0 is the full-width search,
// node for node.
func TestReductionsFewerNodes(t *testing.T) {
	const depth = 8
	count := func(cfg Config, n int, paranoid bool) int64 {
		var nodes int64
		for i := range 12 {
			s := &toyU{*newToy(n, 20, uint64(1000+i))}
			sr := New(cfg, orderedHooks)
			var r Result
			if paranoid {
				r = sr.Paranoid(context.Background(), s, game.Budget{Depth: depth})
			} else {
				r = sr.Negamax(context.Background(), s, game.Budget{Depth: depth})
			}
			nodes += r.Nodes
		}
		return nodes
	}
	for _, tc := range []struct {
		n        int
		paranoid bool
	}{{2, false}, {2, true}, {3, true}} {
		full := count(fixed(DefaultConfig()), tc.n, tc.paranoid)
		if off := count(reducing(0, 2, ReduceAll), tc.n, tc.paranoid); off != full {
			t.Errorf("%d players, paranoid %v: reduce_after 0 searched %d nodes, full width %d", tc.n, tc.paranoid, off, full)
		}
		for _, at := range []string{ReduceOpponents, ReduceAll} {
			red := count(reducing(1, 2, at), tc.n, tc.paranoid)
			t.Logf("%d players, paranoid %v, at %s: %d nodes, full width %d", tc.n, tc.paranoid, at, red, full)
			if red*10 > full*9 {
				t.Errorf("%d players, paranoid %v, at %s: %d nodes, full width %d (want at most 90 %%)", tc.n, tc.paranoid, at, red, full)
			}
		}
	}
}

// A reduced search still finds the forced wins and losses of a few plies:
// at depth 7 with reduce_by 2 every line keeps its first 3 plies in full
// (7 → 6 → 3 → 0 at worst: the root's moves are never reduced), so where
// the plain search of depth 3 proves a win (+Inf) or a loss (−Inf) the
// reduced search must return it, and play a move that wins (within its 7
// plies, by the plain search) when there is one. A reduced search without its re-search at full depth
// misses them.
func TestReductionsKeepForcedResults(t *testing.T) {
	h := orderedHooks // wins and losses are ±Inf: no ply in the value
	cfg := reducing(1, 2, ReduceAll)
	cfg.TTLog2 = 10
	wins, losses := 0, 0
	for _, n := range []int{2, 3} {
		for i, s := range toyStates(n, 400) {
			want, _ := ParanoidMinimax(s, 3, h)
			if !math.IsInf(want, 0) {
				continue
			}
			r := New(cfg, h).Paranoid(context.Background(), s.Clone(), game.Budget{Depth: 7})
			if r.Value != want {
				t.Fatalf("%d players, state %d: reduced search at depth 7 gives %v, depth 3 proves %v", n, i, r.Value, want)
			}
			if want > 0 {
				wins++
				c := s.Clone()
				c.Apply(r.Move)
				if v, _ := plainSearch(c, 6, 1, s.CurrentPlayer(), true, h); !math.IsInf(v, 1) {
					t.Fatalf("%d players, state %d: the reduced search plays %d, which does not win within 7 plies (%v)", n, i, r.Move, v)
				}
			} else {
				losses++
			}
		}
	}
	t.Logf("%d forced wins, %d forced losses", wins, losses)
	if wins < 5 || losses < 5 {
		t.Fatalf("only %d forced wins and %d forced losses among the positions: the test shows nothing", wins, losses)
	}
}

// ReduceAfterOwn replaces ReduceAfter at the root player's nodes only:
// equal to ReduceAfter it is the same search node for node; larger, it
// reduces less there (more nodes, still fewer than the full width); under
// ReduceOpponents the root player's nodes never reduce, so it changes
// nothing.
func TestReduceAfterOwn(t *testing.T) {
	const depth = 7
	count := func(cfg Config) int64 {
		var nodes int64
		for i := range 8 {
			s := &toyU{*newToy(2, 20, uint64(2000+i))}
			nodes += New(cfg, orderedHooks).Paranoid(context.Background(), s, game.Budget{Depth: depth}).Nodes
		}
		return nodes
	}
	own := func(after, own int, at string) Config {
		c := reducing(after, 2, at)
		c.ReduceAfterOwn = own
		return c
	}
	full := count(fixed(DefaultConfig()))
	all1 := count(reducing(1, 2, ReduceAll))
	if same := count(own(1, 1, ReduceAll)); same != all1 {
		t.Errorf("reduce_after_own = reduce_after: %d nodes, without it %d", same, all1)
	}
	gentle := count(own(1, 4, ReduceAll))
	t.Logf("full width %d, reduce_after 1 everywhere %d, 4 at the root player's nodes %d", full, all1, gentle)
	if gentle <= all1 || gentle >= full {
		t.Errorf("reduce_after_own 4: %d nodes, want between reduce_after 1's %d and the full width's %d", gentle, all1, full)
	}
	opp := count(reducing(1, 2, ReduceOpponents))
	if o := count(own(1, 4, ReduceOpponents)); o != opp {
		t.Errorf("under ReduceOpponents reduce_after_own changed the search: %d nodes, without it %d", o, opp)
	}
}
