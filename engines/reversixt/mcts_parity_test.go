package reversixt

import (
	"math"
	"testing"

	"tourney/engines/game"
	"tourney/engines/internal/shared"
)

// parity_blend w: every leaf of the tree (a node whose minimax value is
// still its own, no move below it tried) holds (1 − w)·its static value
// + w·its parent's, for every seat; recomputed here from the positions
// by the evaluation alone. A finished game keeps its result.
func TestMCTSParityBlend(t *testing.T) {
	for _, w := range []float64{0.5, 0.25} {
		leaves := 0
		for _, o := range phase1Openings(t, 4, func(seed uint64) int { return 4 + int(seed) }) {
			c := DefaultMCTS()
			c.ParityBlend, c.ReuseTree, c.LeafDepth = w, false, 0
			b := NewMCTSBot(c)
			b.Reset(1)
			p := o.s.CurrentPlayer()
			if _, err := b.Step(t.Context(), o.s.Clone(), p, game.Budget{Nodes: 600}); err != nil {
				t.Fatal(err)
			}
			st := o.s.Clone().(*State)
			var walk func(ni int32, parent [8]float64)
			walk = func(ni int32, parent [8]float64) {
				own := b.mmValues(st)
				nd := b.nodes[ni]
				tried := false
				for i := nd.first; i < nd.first+nd.nexp; i++ {
					e := b.edges[i]
					if e.child < 0 {
						continue
					}
					tried = true
					st.apply(e.a)
					walk(e.child, own)
					st.Undo(e.a)
				}
				if tried || ni == 0 {
					return
				}
				leaves++
				for q := 0; q < st.n; q++ {
					want := (1-w)*own[q] + w*parent[q]
					if st.phase == Over {
						want = own[q]
					}
					if math.Abs(nd.mm[q]-want) > 1e-9*max(1, math.Abs(want)) {
						t.Fatalf("w %v, %s seed %d: a leaf's value for seat %d is %v, want %v (own %v, parent's %v)",
							w, o.name, o.seed, q, nd.mm[q], want, own[q], parent[q])
					}
				}
			}
			walk(0, [8]float64{})
		}
		if leaves < 100 {
			t.Fatalf("w %v: only %d leaves checked", w, leaves)
		}
	}
}

// parity_blend changes the search: at a fixed budget the blended values
// choose another move in some opening positions.
func TestMCTSParityBlendPlays(t *testing.T) {
	changed, positions := 0, 0
	for _, o := range phase1Openings(t, 8, func(seed uint64) int { return 6 }) {
		p := o.s.CurrentPlayer()
		move := func(w float64) game.Action {
			c := DefaultMCTS()
			c.ParityBlend, c.LeafDepth = w, 0
			b := NewMCTSBot(c)
			b.Reset(1)
			a, err := b.Step(t.Context(), o.s.Clone(), p, game.Budget{Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		positions++
		if move(0) != move(0.5) {
			changed++
		}
	}
	t.Logf("%d positions, parity_blend 0.5 changed the move in %d", positions, changed)
	if changed == 0 {
		t.Fatalf("parity_blend 0.5 changed no move in %d positions", positions)
	}
}

// The odd-even effect that parity_blend corrects, on two 2-player course
// maps (skipped without them): in random games, a move raises its mover's
// mmValues on average (over the mover's moves) by more than a fifth of the
// range of those values, in nearly every position. Positions with a
// result among the values (a finished game) are left out.
func TestMCTSOddEvenEffect(t *testing.T) {
	for _, name := range []string{"norm10x10", "2019_comp_05_2p"} {
		m, err := LoadMap(shared.Path(t, "maps", "reversixt", name+".map"))
		if err != nil {
			t.Fatal(err)
		}
		b := NewMCTSBot(DefaultMCTS())
		rng := game.NewRand(7)
		var rise, spread float64
		positions, up := 0, 0
		for g := 0; g < 10; g++ {
			st := NewState(m)
			for st.phase == Phase1 {
				p := int(st.cur)
				b.ev.setRoot(st, p)
				before := b.mmValues(st)[p]
				moves := st.LegalActions(p, nil)
				lo, hi, mean := math.Inf(1), math.Inf(-1), 0.0
				proven := math.Abs(before) >= mmProven
				for _, a := range moves {
					st.apply(a)
					v := b.mmValues(st)[p]
					st.Undo(a)
					proven = proven || math.Abs(v) >= mmProven
					lo, hi, mean = min(lo, v), max(hi, v), mean+v
				}
				mean /= float64(len(moves))
				if len(moves) > 1 && !proven {
					positions++
					rise += mean - before
					spread += hi - lo
					if mean > before {
						up++
					}
				}
				st.apply(moves[rng.IntN(len(moves))])
			}
		}
		t.Logf("%s: %d positions, mean rise %.2f, mean range %.2f, rise in %d", name, positions, rise/float64(positions), spread/float64(positions), up)
		if positions < 200 || rise < 0.2*spread || up < positions*9/10 {
			t.Errorf("%s: %d positions, mean rise %.2f against a mean range %.2f (rise in %d): no odd-even effect",
				name, positions, rise/float64(positions), spread/float64(positions), up)
		}
	}
}
