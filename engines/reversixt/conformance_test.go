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

func TestConformanceSharedMaps(t *testing.T) {
	var maps []string
	for _, p := range sharedMaps(t) {
		if _, bad := invalidShared[filepath.Base(p)]; !bad {
			maps = append(maps, p)
		}
	}
	playouts, steps := 2, 300
	if testing.Short() || raceEnabled {
		playouts, steps = 1, 40
	}
	conformance.Run(t, Game{}, conformance.Options{Maps: maps, Playouts: playouts, MaxSteps: steps, Seed: 2})
}

// Random games to the end on every shared map: lengths within the bound,
// Undo of a whole game restores the start.
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
