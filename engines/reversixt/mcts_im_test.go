package reversixt

import (
	"testing"

	"tourney/engines/game"
)

// solveWin is the exact result of a 2-player game for seat me (+1 win, 0
// tie, −1 loss) under best play, by alpha-beta on the result alone.
func solveWin(s *State, me int) int {
	if s.IsTerminal() {
		a, b := s.Count(me), s.Count(1-me)
		switch {
		case a > b:
			return 1
		case a < b:
			return -1
		}
		return 0
	}
	p := s.CurrentPlayer()
	best := -2
	if p != me {
		best = 2
	}
	for _, a := range s.LegalActions(p, nil) {
		s.Apply(a)
		v := solveWin(s, me)
		s.Undo(a)
		if p == me && v > best || p != me && v < best {
			best = v
		}
		if p == me && best == 1 || p != me && best == -1 {
			break
		}
	}
	return best
}

// With minimax_weight every inner node's minimax value is that of its
// tried child best for its mover (max^n), a leaf's its own (mmValues);
// in small endgames that the mover can win, the root's value is a won
// result and the bot plays a winning move.
func TestMCTSMinimaxBackup(t *testing.T) {
	m := mustLoad(t, "standard8")
	checked, won := 0, 0
	for seed := uint64(0); seed < 40 && won < 4; seed++ {
		s := openingState(t, m, seed, 54)
		if s.Phase() != Phase1 {
			continue
		}
		p := s.CurrentPlayer()
		c := DefaultMCTS()
		c.MinimaxWeight = 1
		b, a := stepMCTS(t, c, s, p, game.Budget{Nodes: 6000})
		for ni := range b.nodes {
			nd := &b.nodes[ni]
			best := int32(-1)
			for i := nd.first; i < nd.first+nd.nexp; i++ {
				if c := b.edges[i].child; c >= 0 && (best < 0 || b.nodes[c].mm[nd.mover] > b.nodes[best].mm[nd.mover]) {
					best = c
				}
			}
			if best >= 0 && b.nodes[best].mm != nd.mm {
				t.Fatalf("seed %d node %d: minimax %v, best child's %v", seed, ni, nd.mm, b.nodes[best].mm)
			}
			checked++
		}
		if solveWin(s, p) != 1 {
			continue
		}
		won++
		if v := b.nodes[0].mm[p]; v < mmProven {
			t.Errorf("seed %d: a won endgame, the root's minimax value %v", seed, v)
		}
		s.Apply(a)
		if solveWin(s, p) != 1 {
			t.Errorf("seed %d: a won endgame, the bot played %v, which does not win", seed, a)
		}
	}
	t.Logf("%d nodes checked, %d won endgames", checked, won)
	if won == 0 || checked == 0 {
		t.Fatalf("no won endgame (%d nodes checked)", checked)
	}
}

// With reuse_tree the bot's next search starts from the subtree of the
// position it faces: the root keeps that node's visits and its moves'
// statistics; without it the search starts afresh. A new game (Reset)
// drops the tree.
func TestMCTSReuseTree(t *testing.T) {
	s := openingState(t, mustLoad(t, "duel10"), 3, 6)
	p := s.CurrentPlayer()
	c := DefaultMCTS()
	c.ReuseTree = true
	b, a := stepMCTS(t, c, s, p, game.Budget{Nodes: 3000})
	// The opponent's reply: the one the tree tried most after a.
	var child int32 = -1
	for i := b.nodes[0].first; i < b.nodes[0].first+b.nodes[0].nexp; i++ {
		if b.edges[i].a == a {
			child = b.edges[i].child
		}
	}
	nd := b.nodes[child]
	if int(nd.mover) == p {
		t.Skip("the opponent has no move")
	}
	best := nd.first
	for i := nd.first; i < nd.first+nd.nexp; i++ {
		if b.edges[i].n > b.edges[best].n {
			best = i
		}
	}
	reply, kept := b.edges[best].a, b.nodes[b.edges[best].child].n
	if kept < 2 {
		t.Fatalf("the reply has %d visits", kept)
	}
	s.Apply(a)
	s.Apply(reply)
	if s.CurrentPlayer() != p {
		t.Skip("not the bot's move after the reply")
	}
	for _, reuse := range []bool{true, false} {
		b2 := b
		if !reuse {
			b2 = NewMCTSBot(DefaultMCTS())
			b2.Reset(1)
		}
		if _, err := b2.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 500}); err != nil {
			t.Fatal(err)
		}
		want := int32(b2.Last.Iterations)
		if reuse {
			want += kept
		}
		if got := b2.nodes[0].n; got != want {
			t.Errorf("reuse %v: root visits %d, want %d (%d iterations)", reuse, got, want, b2.Last.Iterations)
		}
	}
	b.Reset(1)
	if _, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Nodes: 500}); err != nil {
		t.Fatal(err)
	}
	if got := b.nodes[0].n; got != int32(b.Last.Iterations) {
		t.Errorf("after Reset: root visits %d, %d iterations", got, b.Last.Iterations)
	}
}

// stepMCTS is one Step of a new mcts bot of configuration c (seed 1) on a
// copy of s.
func stepMCTS(t *testing.T, c MCTS, s *State, p int, bud game.Budget) (*MCTSBot, game.Action) {
	t.Helper()
	b := NewMCTSBot(c)
	b.Reset(1)
	a, err := b.Step(t.Context(), s.Clone(), p, bud)
	if err != nil {
		t.Fatal(err)
	}
	return b, a
}
