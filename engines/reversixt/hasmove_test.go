package reversixt

import (
	"testing"

	"tourney/engines/game"
)

// hasMove's quick answers (no own stone, no free field, an expansion stone
// with an overwrite stone) agree with the full scan, and the cell-value
// counts stay exact, on random games of every built-in map (with and
// without disqualifications).
func TestHasMoveQuickAnswers(t *testing.T) {
	for _, name := range BuiltinMaps {
		m := mustLoad(t, name)
		for g := 0; g < 20; g++ {
			s := NewState(m)
			rng := game.NewRand(game.Mix(77, uint64(g)))
			var acts []game.Action
			for !s.IsTerminal() {
				var vals [16]int32
				for _, v := range s.board {
					vals[v&15]++
				}
				if vals != s.vals {
					t.Fatalf("%s game %d move %d: value counts %v, want %v", name, g, s.ply, s.vals, vals)
				}
				if s.phase == Phase1 {
					for p := 0; p < s.n; p++ {
						full := false
						if !s.disq[p] {
							for c := range s.board {
								if s.targetOK(c, p) {
									full = true
									break
								}
							}
						}
						if got := s.hasMove(p); got != full {
							t.Fatalf("%s game %d move %d: hasMove(%d) = %v, the full scan says %v\n%s", name, g, s.ply, p, got, full, s)
						}
					}
				}
				if g%5 == 4 && rng.IntN(40) == 0 {
					s.Disqualify(rng.IntN(s.n))
					continue
				}
				acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
				a := acts[rng.IntN(len(acts))]
				before := s.vals
				s.Apply(a)
				s.Undo(a)
				if s.vals != before {
					t.Fatalf("%s game %d move %d: Undo leaves value counts %v, want %v", name, g, s.ply, s.vals, before)
				}
				s.Apply(a)
			}
		}
	}
}
