package reversixt

import (
	"testing"

	"tourney/engines/game"
)

// The five points where replaying the official server's games found our
// engine different (spec §1.3.7, §1.4.4, §3.5, §5.4, §7.3), each on a
// small map.

// A self-loop transition on a foreign stone: the walk from the target
// steps straight back onto it and ends (spec §3.5); the overwrite of (0,0)
// is not legal. The server offers player 1 one field, (3,0).
func TestServerSelfLoopOverwrite(t *testing.T) {
	s := newTiny(t, mapText(2, 1, 0, 0, "2120", "0 0 6 <-> 0 0 6"))
	if got := s.Perft(1); got != 1 {
		t.Errorf("perft(1) = %d, want 1", got)
	}
	if got := targets(s); len(got) != 1 || got[0] != "3,0" {
		t.Errorf("targets %v, want [3,0]", got)
	}
	if a := action(t, s, "0,0"); s.IsLegal(0, a) {
		t.Error("overwrite of (0,0) through the self-loop is legal")
	}
	// The other way: a self-loop on the player's own field cannot enclose.
	s = newTiny(t, mapText(2, 1, 0, 0, "1200", "0 0 6 <-> 0 0 6"))
	if a := action(t, s, "1,0"); s.IsLegal(0, a) {
		t.Error("overwrite of (1,0) is legal")
	}
}

// Stocks are one byte (spec §1.3.7): a header of 300 gives 44, and 255
// plus a bonus overwrite stone gives 0.
func TestServerStocksModulo256(t *testing.T) {
	s := newTiny(t, mapText(2, 300, 257, 1, "b21"))
	if s.Overwrites(0) != 44 || s.BombsLeft(1) != 1 {
		t.Errorf("stocks %d %d, want 44 1", s.Overwrites(0), s.BombsLeft(1))
	}
	s = newTiny(t, mapText(2, 255, 255, 0, "b210/0000"))
	playAll(t, s, "0,0,21")
	if s.Overwrites(0) != 0 || s.Overwrites(1) != 255 {
		t.Errorf("overwrites after the bonus %d %d, want 0 255", s.Overwrites(0), s.Overwrites(1))
	}
	s = newTiny(t, mapText(2, 0, 255, 0, "b210/0000"))
	playAll(t, s, "0,0,20")
	if s.BombsLeft(0) != 0 || s.BombsLeft(1) != 255 {
		t.Errorf("bombs after the bonus %d %d, want 0 255", s.BombsLeft(0), s.BombsLeft(1))
	}
	if m := mustParse(t, mapText(2, 256, 0, 0, "0210")); m.MaxLength() != 2+0+0+4 {
		t.Errorf("MaxLength %d", m.MaxLength())
	}
}

func mustParse(t *testing.T, text string) *Map {
	t.Helper()
	m, err := ParseMap("tiny", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The game ends at once when one player is left undisqualified (spec
// §7.3), in phase 1 and in phase 2, whether or not the disqualified
// player was to move.
func TestServerSoleSurvivorWins(t *testing.T) {
	s := newTiny(t, mapText(3, 0, 1, 0, "0123/0000/0000"))
	if s.CurrentPlayer() != 1 {
		t.Fatalf("seat %d to move", s.CurrentPlayer())
	}
	s.Disqualify(0) // not to move
	if s.IsTerminal() {
		t.Fatal("over with two players left")
	}
	s.Disqualify(1) // to move
	if !s.IsTerminal() || s.CurrentPlayer() != game.TerminalPlayer {
		t.Fatalf("not over with one player left: %s", s)
	}
	if r := s.Ranks(nil); r[2] != 1 || r[0] != 2 || r[1] != 2 {
		t.Errorf("ranks %v", r)
	}
	if sc := s.Returns(nil); sc[2] != 1 || sc[0] != 0 || sc[1] != 0 {
		t.Errorf("scores %v", sc)
	}
	// Phase 2, the disqualified player not to move.
	s = newTiny(t, mapText(2, 0, 2, 0, "12"))
	if s.Phase() != Phase2 {
		t.Fatalf("phase %d", s.Phase())
	}
	s.Disqualify(1 - s.CurrentPlayer())
	if !s.IsTerminal() {
		t.Error("phase 2 goes on with one player left")
	}
}

// In the bomb phase any special byte is a bomb (spec §5.4, §8 rule 2); in
// phase 1 a wrong byte is illegal.
func TestServerBombAnySpecial(t *testing.T) {
	s := newTiny(t, mapText(2, 0, 1, 0, "1020"))
	if s.Phase() != Phase2 {
		t.Fatalf("phase %d", s.Phase())
	}
	for _, sp := range []int{0, 1, 7, 9, 20, 21, 22, 200, 255} {
		a, err := s.ProtocolAction(1, 0, sp)
		if err != nil || a != MakeAction(1, 0) {
			t.Errorf("special %d: %v %v", sp, a, err)
		}
	}
	if _, err := s.ProtocolAction(1, 0, 256); err == nil {
		t.Error("special 256 accepted")
	}
	a, err := s.ParseAction("1,0,99")
	if err != nil || !s.IsLegal(0, a) {
		t.Fatalf("bomb with byte 99: %v %v", a, err)
	}
	// an engine action of the field with another code is the same bomb,
	// whose canonical action is code 0
	if !s.IsLegal(0, MakeAction(1, 5)) || s.Canonical(0, MakeAction(1, 5)) != MakeAction(1, 0) {
		t.Error("a bomb action with code 5 is not the bomb of code 0")
	}
	s.Apply(a)
	if compact(s) != "1-20" {
		t.Errorf("board %s", compact(s))
	}
	// Phase 1 keeps the byte strict.
	s = newTiny(t, mapText(2, 0, 1, 0, "0210"))
	if _, err := s.ParseAction("0,0,99"); err == nil {
		t.Error("phase 1: byte 99 accepted")
	}
	if a, _ := s.ParseAction("0,0,1"); s.IsLegal(0, a) {
		t.Error("phase 1: byte 1 on an empty field is legal")
	}
}

// A transition listed twice, forward or reversed, is a rejected map (spec
// §1.4.4); TestParseErrors checks the message and position.
func TestServerDuplicateTransition(t *testing.T) {
	for _, tr := range [][2]string{
		{"0 0 6 <-> 3 0 2", "0 0 6 <-> 3 0 2"},
		{"0 0 6 <-> 3 0 2", "3 0 2 <-> 0 0 6"},
		{"0 0 6 <-> 0 0 6", "0 0 6 <-> 0 0 6"},
	} {
		if _, err := ParseMap("dup", []byte(mapText(2, 0, 0, 0, "1200", tr[0], tr[1]))); err == nil {
			t.Errorf("%q twice accepted", tr[0])
		}
		if _, err := ParseMap("once", []byte(mapText(2, 0, 0, 0, "1200", tr[0]))); err != nil {
			t.Errorf("%q once: %v", tr[0], err)
		}
	}
}
