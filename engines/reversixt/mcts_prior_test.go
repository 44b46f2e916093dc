package reversixt

import (
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"tourney/engines/game"
)

// mctsFingerprint plays a few moves of a game between two mcts bots of
// configuration c (tree reuse included) on each map and hashes every
// move, its nodes, iterations, depth and visits: the search's trace.
func mctsFingerprint(t *testing.T, c MCTS, budget int64) uint64 {
	t.Helper()
	h := fnv.New64a()
	for _, name := range []string{"standard8", "duel10", "tri13"} {
		m := mustLoad(t, name)
		s := openingState(t, m, 3, 4)
		bots := make([]*MCTSBot, m.NPlayers)
		for i := range bots {
			bots[i] = NewMCTSBot(c)
			bots[i].Reset(uint64(i + 1))
		}
		for ply := 0; ply < 8 && s.Phase() == Phase1; ply++ {
			p := s.CurrentPlayer()
			a, err := bots[p].Step(t.Context(), s.Clone(), p, game.Budget{Nodes: budget})
			if err != nil {
				t.Fatal(err)
			}
			l := bots[p].Last
			for _, v := range []int64{int64(a), l.Nodes, int64(l.Iterations), int64(l.Depth), int64(l.Visits)} {
				var buf [8]byte
				for k := range buf {
					buf[k] = byte(v >> (8 * k))
				}
				h.Write(buf[:])
			}
			s.Apply(a)
		}
	}
	return h.Sum64()
}

// The default search with leaf_depth 0 (the default before leaf_depth 2)
// is the search before the informed priors, move for move and node for
// node; the default's own trace is pinned beside it.
func TestMCTSPriorOffPin(t *testing.T) {
	plain := DefaultMCTS()
	plain.MinimaxWeight, plain.PlayoutDepth, plain.Widening, plain.LeafDepth = 0, 2, 0, 0
	static := DefaultMCTS()
	static.LeafDepth = 0 // the default before leaf_depth 2
	for _, tc := range []struct {
		name string
		c    MCTS
		want uint64
	}{
		{"the default with leaf_depth 0", static, 0x5ca4d1fac96cb83a},
		{"default", DefaultMCTS(), 0x6a6fc8d307928481},
		{"plain UCT with playouts", plain, 0xc63bc5d5154d1d7a},
	} {
		got := mctsFingerprint(t, tc.c, 3000)
		t.Logf("%s: fingerprint %#x", tc.name, got)
		if got != tc.want {
			t.Errorf("%s: fingerprint %#x, want %#x", tc.name, got, tc.want)
		}
	}
}

// prior_depth 1: the root lists its moves ordered by the static value of
// the position after each (best for the mover first), each child is in
// the tree with that value, and each costs a node. With a budget that
// pays for the root and the priors only, the bot plays the move of the
// best one-ply evaluation (found here independently), which in some
// positions is not the first move by gain (the bot without the priors
// plays that one).
func TestMCTSPriorDepth(t *testing.T) {
	changed, positions := 0, 0
	for _, o := range phase1Openings(t, 8, func(uint64) int { return 6 }) {
		name, seed, s := o.name, o.seed, o.s
		p := s.CurrentPlayer()
		off := NewMCTSBot(DefaultMCTS())
		off.Reset(1)
		c := DefaultMCTS()
		c.PriorDepth = 1
		on := NewMCTSBot(c)
		on.Reset(1)
		// Count the moves: the bot without the priors lists them
		// all at the root.
		if _, err := off.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 1}); err != nil {
			t.Fatal(err)
		}
		n := int64(off.nodes[0].count)
		if n < 2 {
			continue
		}
		gainFirst := off.edges[off.nodes[0].first].a
		a, err := on.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 1 + n})
		if err != nil {
			t.Fatal(err)
		}
		if on.Last.Nodes != 1+n || on.Last.Iterations != 0 {
			t.Fatalf("%s seed %d: %d nodes and %d iterations, want %d and 0 (the root and %d priors)",
				name, seed, on.Last.Nodes, on.Last.Iterations, 1+n, n)
		}
		// The best one-ply evaluation, independently.
		ev := NewMCTSBot(c)
		st, _ := stepState("mcts", s.Clone(), p)
		ev.ev.setMap(st.m)
		ev.ev.setRoot(st, p)
		bestV := -1e300
		var best []game.Action
		for _, e := range on.edges[on.nodes[0].first : on.nodes[0].first+on.nodes[0].count] {
			st.Apply(e.a)
			v := ev.mmValues(st)[p]
			if got := on.nodes[e.child].mm[p]; got != v {
				t.Fatalf("%s seed %d: child of %v has value %v, want its static value %v", name, seed, e.a, got, v)
			}
			st.Undo(e.a)
			if v > bestV {
				bestV, best = v, best[:0]
			}
			if v == bestV {
				best = append(best, e.a)
			}
		}
		if !slices.Contains(best, a) {
			t.Fatalf("%s seed %d: played %v, not a move of the best one-ply value %v (%v)", name, seed, a, bestV, best)
		}
		root := on.nodes[0]
		for i := root.first + 1; i < root.first+root.count; i++ {
			if on.nodes[on.edges[i].child].mm[p] > on.nodes[on.edges[i-1].child].mm[p] {
				t.Fatalf("%s seed %d: moves not in the order of their values at %d", name, seed, i-root.first)
			}
		}
		positions++
		if a != gainFirst {
			changed++
		}
	}
	t.Logf("%d positions, the priors changed the move in %d", positions, changed)
	if positions == 0 || changed == 0 {
		t.Fatalf("the priors changed no move in %d positions", positions)
	}
}

// With prior_visits k each move of a listed node starts with k visits of
// its child's reward; the children of the priors are leaves of the tree
// until visited, and a search under a budget stays within it.
func TestMCTSPriorVisits(t *testing.T) {
	s := openingState(t, mustLoad(t, "duel10"), 2, 6)
	p := s.CurrentPlayer()
	c := DefaultMCTS()
	c.PriorDepth, c.PriorVisits = 1, 3
	b := NewMCTSBot(c)
	b.Reset(1)
	if _, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 4000}); err != nil {
		t.Fatal(err)
	}
	if b.Last.Nodes > 4000 || b.Last.Iterations == 0 {
		t.Fatalf("%d nodes, %d iterations", b.Last.Nodes, b.Last.Iterations)
	}
	listed := 0
	for ni, nd := range b.nodes {
		if !nd.listed {
			continue
		}
		listed++
		for i := nd.first; i < nd.first+nd.count; i++ {
			e := b.edges[i]
			if e.child < 0 {
				t.Fatalf("node %d: move %d has no child", ni, i-nd.first)
			}
			if real := b.nodes[e.child].n; e.n != real+3 {
				t.Fatalf("node %d: move %d has %d visits, its child %d (want 3 more)", ni, i-nd.first, e.n, real)
			}
		}
	}
	if listed < 2 {
		t.Fatalf("%d listed nodes", listed)
	}
	// A fresh node's virtual reward is its child's reward.
	b2 := NewMCTSBot(c)
	b2.Reset(1)
	if _, err := b2.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: int64(1 + b.nodes[0].count)}); err != nil {
		t.Fatal(err)
	}
	st, _ := stepState("mcts", s.Clone(), p)
	root := b2.nodes[0]
	for i := root.first; i < root.first+root.count; i++ {
		e := b2.edges[i]
		st.Apply(e.a)
		want := 3 * b2.rewards(st)[p]
		st.Undo(e.a)
		if e.n != 3 || e.w != want {
			t.Fatalf("move %v: %d visits, reward %v, want 3 and %v", e.a, e.n, e.w, want)
		}
	}
}

// minimaxRef is the plain minimax value (no pruning) of st to depth d for
// seat me of a 2-player game over mmValues, the bonus rule's variant only.
func minimaxRef(b *MCTSBot, st *State, d, me int) float64 {
	if d == 0 || st.phase != Phase1 {
		return b.mmValues(st)[me]
	}
	p := int(st.cur)
	best := 0.0
	first := true
	for _, a := range st.LegalActions(p, nil) {
		if c, code := SplitAction(a); (code == CodeBomb || code == CodeOverwrite) && st.board[c] == Bonus && code != b.ev.bonus {
			continue
		}
		st.apply(a)
		v := minimaxRef(b, st, d-1, me)
		st.Undo(a)
		if first || p == me && v > best || p != me && v < best {
			best, first = v, false
		}
	}
	return best
}

// leaf_depth d: a new node's minimax value is the d-ply minimax value of
// its position (checked against a search without pruning), the search
// counts every state it enters, and at a budget the move changes in some
// positions; leaf_depth 0 is the static value (the pin above).
func TestMCTSLeafDepth(t *testing.T) {
	checked := 0
	for _, o := range phase1Openings(t, 4, func(seed uint64) int { return 6 + int(seed)*10 }) {
		name, seed, s := o.name, o.seed, o.s
		p := s.CurrentPlayer()
		for _, d := range []int{1, 2, 3} {
			c := DefaultMCTS()
			c.LeafDepth = d
			b := NewMCTSBot(c)
			b.Reset(1)
			if _, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 1}); err != nil {
				t.Fatal(err)
			}
			st, _ := stepState("mcts", s.Clone(), p)
			b.count, b.limit = 0, 1<<40
			v, ok := b.leafSearch(st)
			if !ok || b.count == 0 {
				t.Fatalf("%s seed %d depth %d: ok %v, %d nodes", name, seed, d, ok, b.count)
			}
			if st.Hash() != s.Hash() {
				t.Fatalf("%s seed %d depth %d: the search changed the state", name, seed, d)
			}
			if want := minimaxRef(b, st, d, p); v[p] != want || v[1-p] != -want {
				t.Fatalf("%s seed %d depth %d: value %v, %v, want %v (minimax)", name, seed, d, v[p], v[1-p], want)
			}
			// A budget too small for the search: false, the state kept.
			n := b.count
			b.count, b.limit = 0, n-1
			if _, ok := b.leafSearch(st); ok || st.Hash() != s.Hash() || b.count != n-1 {
				t.Fatalf("%s seed %d depth %d: with %d of %d nodes ok %v, %d counted", name, seed, d, n-1, n, ok, b.count)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
	changed, positions := 0, 0
	for _, o := range phase1Openings(t, 6, func(uint64) int { return 8 }) {
		s := o.s
		p := s.CurrentPlayer()
		var moves [2]game.Action
		for k, d := range []int{0, 2} {
			c := DefaultMCTS()
			c.LeafDepth = d
			b, a := stepMCTS(t, c, s, p, game.Budget{Nodes: 3000})
			if b.Last.Nodes > 3000 {
				t.Fatalf("%d nodes of 3000", b.Last.Nodes)
			}
			moves[k] = a
		}
		positions++
		if moves[0] != moves[1] {
			changed++
		}
	}
	t.Logf("%d positions, leaf_depth 2 changed the move in %d", positions, changed)
	if changed == 0 {
		t.Fatalf("leaf_depth 2 changed no move in %d positions", positions)
	}
}

// phase1Opening is a position of the mcts tests: its map, seed and state.
type phase1Opening struct {
	name string
	seed uint64
	s    *State
}

// phase1Openings lists, on standard8 and duel10 in that order, the
// opening of each seed 0..seeds-1 after plies(seed) random plies that is
// still in phase 1.
func phase1Openings(t testing.TB, seeds int, plies func(seed uint64) int) []phase1Opening {
	var out []phase1Opening
	for _, name := range []string{"standard8", "duel10"} {
		m := mustLoad(t, name)
		for seed := uint64(0); seed < uint64(seeds); seed++ {
			if s := openingState(t, m, seed, plies(seed)); s.Phase() == Phase1 {
				out = append(out, phase1Opening{name, seed, s})
			}
		}
	}
	return out
}

// abRefCount is alphaBeta's negamax without the move order (moves in
// LegalActions order): its value and the states it enters.
func abRefCount(b *MCTSBot, st *State, d int, lo, hi float64, p, o int, n *int64) float64 {
	if d == 0 || st.phase != Phase1 {
		return b.mmValues(st)[p]
	}
	best := math.Inf(-1)
	for _, a := range st.LegalActions(p, nil) {
		if c, code := SplitAction(a); (code == CodeBomb || code == CodeOverwrite) && st.board[c] == Bonus && code != b.ev.bonus {
			continue
		}
		*n++
		st.apply(a)
		var v float64
		if int(st.cur) == p && st.phase == Phase1 {
			v = abRefCount(b, st, d-1, lo, hi, p, o, n)
		} else {
			v = -abRefCount(b, st, d-1, -hi, -lo, o, p, n)
		}
		st.Undo(a)
		best = max(best, v)
		lo = max(lo, best)
		if lo >= hi {
			break
		}
	}
	return best
}

// leaf_depth's search tries the moves in the move order's gain: the same
// value as without the order, and on the openings at depths 2 and 3 at
// most four fifths of the states the search in LegalActions order enters.
func TestMCTSLeafSearchOrder(t *testing.T) {
	for _, d := range []int{2, 3} {
		var ordered, plain int64
		for _, o := range phase1Openings(t, 8, func(seed uint64) int { return 6 + int(seed)*4 }) {
			c := DefaultMCTS()
			c.LeafDepth = d
			b := NewMCTSBot(c)
			b.Reset(1)
			p := o.s.CurrentPlayer()
			if _, err := b.Step(t.Context(), o.s.Clone(), p, game.Budget{Nodes: 1}); err != nil {
				t.Fatal(err)
			}
			st, _ := stepState("mcts", o.s.Clone(), p)
			b.count, b.limit = 0, 1<<40
			v, _ := b.leafSearch(st)
			ordered += b.count
			q := 1 - p
			want := abRefCount(b, st, d, math.Inf(-1), math.Inf(1), p, q, &plain)
			if v[p] != want {
				t.Fatalf("%s seed %d depth %d: value %v, want %v", o.name, o.seed, d, v[p], want)
			}
		}
		t.Logf("depth %d: %d states in gain order, %d in LegalActions order", d, ordered, plain)
		if ordered*5 > plain*4 {
			t.Errorf("depth %d: %d states in gain order, %d in LegalActions order", d, ordered, plain)
		}
	}
}
