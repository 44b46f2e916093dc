package reversixt

import (
	"slices"
	"testing"

	"tourney/engines/game"
)

// With two players the opponents' layer is the opponent's move: Best-Reply
// Search is the paranoid bot's minimax, move for move and node for node,
// at one search configuration (their defaults differ in the reductions).
func TestBRSTwoPlayersIsParanoid(t *testing.T) {
	for _, name := range []string{"standard8", "duel10", "gen-2p:3"} {
		m := mustLoad(t, name)
		for seed := uint64(0); seed < 4; seed++ {
			s := openingState(t, m, seed, 6+int(seed)*4)
			p := s.CurrentPlayer()
			for i, bud := range []game.Budget{{Depth: 4}, {Nodes: 3000}, {Depth: 5}} {
				// one search configuration for both: brs's default full
				// width, or paranoid's default reductions
				pc, bc := alphaBeta(), DefaultBRS()
				if i == 2 {
					bc.Search = pc.Search
				} else {
					pc.Search = bc.Search
				}
				pb, bb := NewParanoidBot(pc), NewBRSBot(bc)
				a1, err1 := pb.Step(t.Context(), s.Clone(), p, bud)
				a2, err2 := bb.Step(t.Context(), s.Clone(), p, bud)
				if err1 != nil || err2 != nil || a1 != a2 || pb.Last.Nodes != bb.Last.Nodes || !near(pb.Last.Value, bb.Last.Value) {
					t.Errorf("%s seed %d %v: paranoid %v (%d nodes, %v), brs %v (%d nodes, %v) %v %v", name, seed, bud,
						a1, pb.Last.Nodes, pb.Last.Value, a2, bb.Last.Nodes, bb.Last.Value, err1, err2)
				}
			}
		}
	}
}

// In an opponents' layer BRS lists the moves of every opponent that can
// move, tagged with the seat; Apply and Undo of a tagged move restore the
// position and the layer.
func TestBRSStateLayers(t *testing.T) {
	m := mustLoad(t, "cross14")
	s := openingState(t, m, 1, 8)
	root := s.CurrentPlayer()
	w := newBRSState(s.Clone().(*State), root, CodeBomb)
	moves := w.LegalActions(root, nil)
	if len(moves) == 0 {
		t.Fatal("no root moves")
	}
	h0 := w.Hash()
	w.Apply(moves[0])
	if !w.opp || w.CurrentPlayer() == root {
		t.Fatalf("after the root's move: opp %v, to move %d", w.opp, w.CurrentPlayer())
	}
	opp := w.LegalActions(w.CurrentPlayer(), nil)
	seats := map[int]int{}
	for _, a := range opp {
		q, plain := brsSplit(a)
		seats[q]++
		c := w.State.Clone().(*State)
		c.cur, c.cnt = int8(q), -1
		if q == root || !c.IsLegal(q, plain) {
			t.Fatalf("opponents' move %v of seat %d is not legal for it", plain, q)
		}
	}
	if len(seats) != m.NPlayers-1 {
		t.Errorf("the opponents' layer lists moves of %d seats, want %d", len(seats), m.NPlayers-1)
	}
	h1 := w.Hash()
	for _, a := range opp {
		w.Apply(a)
		if w.IsTerminal() {
			w.Undo(a)
			continue
		}
		if w.opp || w.CurrentPlayer() != root {
			t.Errorf("after an opponent's move: opp %v, to move %d", w.opp, w.CurrentPlayer())
		}
		w.Undo(a)
		if w.Hash() != h1 || !w.opp {
			t.Fatalf("undo of %v does not restore the layer", a)
		}
	}
	w.Undo(moves[0])
	if w.Hash() != h0 || w.opp || w.CurrentPlayer() != root {
		t.Errorf("undo of the root's move does not restore the root")
	}
	if !slices.Equal(w.LegalActions(root, nil), moves) {
		t.Errorf("root moves differ after undo")
	}
}

// paranoid reduces by default and brs searches full width, through the
// spec's defaults and through the configuration's constructor alike.
func TestBRSFullWidthParanoidReduces(t *testing.T) {
	pd, bd := ParanoidFrom(ParanoidSpec().Defaults()), BRSFrom(BRSSpec().Defaults())
	if pd.Search != DefaultParanoid().Search || bd.Search != DefaultBRS().Search {
		t.Fatalf("spec defaults and constructors differ: %+v / %+v, %+v / %+v", pd.Search, DefaultParanoid().Search, bd.Search, DefaultBRS().Search)
	}
	if pd.Search.ReduceAfter != 2 || pd.Search.ReduceAfterOwn != 4 || pd.Search.ReduceBy != 2 || pd.Search.ReduceAt != "all" {
		t.Errorf("paranoid's default reductions: %+v", pd.Search)
	}
	if bd.Search.ReduceAfter != 0 {
		t.Errorf("brs reduces by default: reduce_after %d", bd.Search.ReduceAfter)
	}
}
