package reversixt

import (
	"testing"

	"tourney/engines/game"
)

// CloneInto gives the same state as a fresh copy, whatever the scratch
// state held before (another map, a longer history, blasts), and the copy
// plays on like the original, bombs included.
func TestCloneInto(t *testing.T) {
	var scratch game.State
	for gi, name := range []string{"example15", "standard8", "duel10", "octo20", "example15"} {
		m := mustLoad(t, name)
		s := NewState(m)
		rng := game.NewRand(uint64(gi))
		var buf []game.Action
		for step := 0; !s.IsTerminal(); step++ {
			scratch = s.CloneInto(scratch)
			c := scratch.(*State)
			if c == s || c.Hash() != s.Hash() || c.String() != s.String() || len(c.log) != 0 || len(c.undo) != 0 {
				t.Fatalf("%s step %d: copy differs", name, step)
			}
			// Play a few moves on the copy and on a fresh clone: the same.
			f := s.Clone().(*State)
			for k := 0; k < 3 && !c.IsTerminal(); k++ {
				buf = c.LegalActions(c.CurrentPlayer(), buf[:0])
				a := buf[rng.IntN(len(buf))]
				c.Apply(a)
				f.Apply(a)
				if c.Hash() != f.Hash() || c.String() != f.String() {
					t.Fatalf("%s step %d: copy and clone differ after %s", name, step, c.ActionString(0, a))
				}
			}
			buf = s.LegalActions(s.CurrentPlayer(), buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
}
