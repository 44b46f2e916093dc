package reversixt

import (
	"fmt"
	"strings"
	"testing"

	"tourney/engines/game"
)

// TestBombAnySpecialByte: in the bomb phase any special byte of a
// protocol move is a bomb, as on the official server (spec §8 rule 2):
// ProtocolAction and ParseAction map it to the one bomb action of the
// field, which IsLegal accepts. An engine action of the field with any
// other code is the same bomb too: IsLegal accepts it and Canonical maps
// it to the listed action (the conformance suite checks that IsLegal
// agrees with LegalActions through Canonical).
func TestBombAnySpecialByte(t *testing.T) {
	s := newTiny(t, mapText(3, 0, 1, 0, "0213"))
	playAll(t, s, "0,0")
	if s.Phase() != Phase2 {
		t.Fatalf("phase %d, want the bomb phase", s.Phase())
	}
	p := s.CurrentPlayer()
	for _, sp := range []int{0, 1, 8, 20, 21, 99, 255} {
		a, err := s.ProtocolAction(2, 0, sp)
		if err != nil || !s.IsLegal(p, a) {
			t.Errorf("protocol bomb with special byte %d: legal %v, %v", sp, err == nil && s.IsLegal(p, a), err)
		}
		b, err := s.ParseAction(fmt.Sprintf("2,0,%d", sp))
		if err != nil || b != a {
			t.Errorf("ParseAction 2,0,%d = %v, %v; want %v", sp, b, err, a)
		}
	}
	bomb, _ := s.ProtocolAction(2, 0, 0)
	t0, _ := SplitAction(bomb)
	for code := range 16 {
		a := MakeAction(t0, code)
		if !s.IsLegal(p, a) || s.Canonical(p, a) != bomb {
			t.Errorf("bomb with code %d: legal %v, canonical %v, want %v", code, s.IsLegal(p, a), s.Canonical(p, a), bomb)
		}
	}
	a, _ := s.ProtocolAction(2, 0, 20)
	s.Apply(a)
	if s.BombsLeft(p) != 0 {
		t.Errorf("bomb with special byte 20 not applied as a bomb: %d left", s.BombsLeft(p))
	}
}

// TestPositionMap: the position after some moves, written as a map and
// read back, is the same position (board, stocks) and plays on alike.
func TestPositionMap(t *testing.T) {
	for _, name := range []string{"standard8", "example15", "octo20"} {
		m := mustLoad(t, name)
		var s *State
		for seed := uint64(1); ; seed++ {
			s = NewState(m)
			rng := game.NewRand(seed)
			var legal []game.Action
			for i := 0; i < 2; i++ {
				legal = s.LegalActions(s.CurrentPlayer(), legal[:0])
				s.Apply(legal[rng.IntN(len(legal))])
			}
			if s.Overwrites(0) == s.Overwrites(1) {
				break // an opening without an overwrite stone
			}
		}
		pm, err := PositionMap(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if pm.Ply != 2 || !strings.HasPrefix(pm.Name(), m.Name()) {
			t.Errorf("%s: ply %d name %q", name, pm.Ply, pm.Name())
		}
		p := NewState(pm)
		if err := p.StartAt(s.CurrentPlayer()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for c := range s.board {
			if p.Cell(c) != s.Cell(c) {
				t.Fatalf("%s: cell %d is %d, want %d", name, c, p.Cell(c), s.Cell(c))
			}
		}
		for q := 0; q < s.n; q++ {
			if p.Overwrites(q) != s.Overwrites(q) || p.BombsLeft(q) != s.BombsLeft(q) {
				t.Errorf("%s: stocks of player %d differ", name, q+1)
			}
		}
		if p.CurrentPlayer() != s.CurrentPlayer() {
			t.Fatalf("%s: to move %d, want %d", name, p.CurrentPlayer(), s.CurrentPlayer())
		}
		a, b := s.LegalActions(s.CurrentPlayer(), nil), p.LegalActions(p.CurrentPlayer(), nil)
		if len(a) != len(b) {
			t.Errorf("%s: %d legal moves, want %d", name, len(b), len(a))
		}
	}
	// A player's own stock differs: no map.
	s := newTiny(t, mapText(3, 0, 0, 0, "b213"))
	playAll(t, s, "0,0,20")
	if _, err := PositionText(s); err == nil {
		t.Error("a position with different stocks written as a map")
	}
	// StartAt only before the first move.
	s = NewState(mustLoad(t, "standard8"))
	playAll(t, s, s.ActionString(0, s.LegalActions(0, nil)[0]))
	if err := s.StartAt(0); err == nil {
		t.Error("StartAt after a move")
	}
}
