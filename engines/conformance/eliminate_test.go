package conformance_test

import (
	"strings"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// lazyElim's Eliminate does nothing: the seat keeps moving.
type lazyElimGame struct{ reversixt.Game }

type lazyElimState struct{ *reversixt.State }

func (lazyElimState) Eliminate(int) {}

func (g lazyElimGame) NewState(m game.Map, seed uint64) (game.State, error) {
	s, err := g.Game.NewState(m, seed)
	if err != nil {
		return nil, err
	}
	return lazyElimState{s.(*reversixt.State)}, nil
}

func TestEliminatorChecked(t *testing.T) {
	// ReversiXT disqualifies properly: no failure.
	rec := &recorder{}
	conformance.Run(rec, reversixt.Game{}, conformance.Options{Playouts: 4, Maps: []string{"example15"}, Seed: 3})
	if f := rec.failures(); len(f) > 0 {
		t.Fatalf("reversixt fails the elimination checks: %v", f)
	}
	// An Eliminate that does nothing is caught.
	rec = &recorder{}
	conformance.Run(rec, lazyElimGame{}, conformance.Options{Playouts: 4, Maps: []string{"example15"}, Seed: 3})
	found := false
	for _, f := range rec.failures() {
		if strings.Contains(f, "elimination playout") && strings.Contains(f, "eliminated seat") {
			found = true
		}
	}
	if !found {
		t.Fatalf("a no-op Eliminate passed: %v", rec.failures())
	}
}
