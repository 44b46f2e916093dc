package reversixt

import (
	"path/filepath"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
)

func TestConformanceBuiltin(t *testing.T) {
	conformance.Run(t, Game{}, conformance.Options{Playouts: playoutsBuiltin(), Seed: 1})
}

// The conformance suite on every shared map, one random game each played to
// the end (the spec's public collections must all load and play, §9.4).
// Under the race detector or -short, maps of more than sharedFullFields
// fields stop after 40 moves.
func TestConformanceSharedMaps(t *testing.T) {
	const sharedFullFields = 150
	short := testing.Short() || raceEnabled
	for i, p := range sharedMaps(t) {
		if _, bad := invalidShared[filepath.Base(p)]; bad {
			continue
		}
		m, err := LoadMap(p)
		if err != nil {
			t.Fatal(err)
		}
		fields := 0
		for _, v := range m.Cells {
			if v != Hole {
				fields++
			}
		}
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel()
			opt := conformance.Options{Maps: []string{p}, Playouts: 1, Seed: 2 + uint64(i)}
			if short && fields > sharedFullFields {
				opt.MaxSteps = 40
			}
			sum := conformance.Run(t, Game{}, opt)
			if opt.MaxSteps == 0 && sum.Finished != 1 {
				t.Errorf("the game did not finish: %+v", sum)
			}
		})
	}
}

// Random games to the end on every shared map: the invariants after every
// move (stone counts, no stone on a hole, no negative stock), lengths
// within the bound, Undo of a whole game restores the start.
func TestSharedMapsFullGames(t *testing.T) {
	for i, p := range sharedMaps(t) {
		if _, bad := invalidShared[filepath.Base(p)]; bad || (raceEnabled && i%4 != 0) {
			continue
		}
		m, err := LoadMap(p)
		if err != nil {
			t.Fatal(err)
		}
		s := NewState(m)
		h0 := s.Hash()
		rng := game.NewRand(uint64(len(p)))
		var played []game.Action
		var buf []game.Action
		for !s.IsTerminal() && len(played) < 20000 {
			buf = s.LegalActions(s.CurrentPlayer(), buf[:0])
			a := buf[rng.IntN(len(buf))]
			s.Apply(a)
			played = append(played, a)
			if err := checkInvariants(s); err != nil {
				t.Fatalf("%s after move %d: %v", p, len(played), err)
			}
		}
		if !s.IsTerminal() || len(played) > m.MaxLength() {
			t.Errorf("%s: %d moves, terminal %v, bound %d", p, len(played), s.IsTerminal(), m.MaxLength())
		}
		for i := len(played) - 1; i >= 0; i-- {
			s.Undo(played[i])
		}
		if s.Hash() != h0 || s.MoveNumber() != 0 || compact(s) != compact(NewState(m)) {
			t.Errorf("%s: undo of the whole game does not restore the start", p)
		}
	}
}

func playoutsBuiltin() int {
	if raceEnabled {
		return 4
	}
	return 20
}
