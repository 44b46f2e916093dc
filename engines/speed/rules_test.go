package speed

import (
	"slices"
	"testing"

	"tourney/engines/game"
)

const (
	L  = TurnLeft
	R  = TurnRight
	SD = SlowDown
	SU = SpeedUp
	CN = ChangeNothing
	NA = game.NoAction
)

// mk builds a state on a w × h board with the given active players (seat p
// is ID p+1); each start cell holds its ID.
func mk(t *testing.T, w, h int, ps ...Player) *State {
	t.Helper()
	s := newState(w, h, len(ps))
	for p, q := range ps {
		s.pl[p] = player{x: int32(q.X), y: int32(q.Y), dir: q.Direction, speed: int8(q.Speed), active: true}
		s.cells[q.Y*w+q.X] = int8(p + 1)
	}
	s.alive = len(ps)
	return s
}

func pl(x, y int, d Direction, speed int) Player {
	return Player{X: x, Y: y, Direction: d, Speed: speed}
}

func cell(t *testing.T, s *State, x, y int, want int8) {
	t.Helper()
	if got := s.Cell(x, y); got != want {
		t.Errorf("cell (%d,%d) = %d, want %d\n%s", x, y, got, want, s)
	}
}

func active(t *testing.T, s *State, want ...bool) {
	t.Helper()
	for p, w := range want {
		if s.pl[p].active != w {
			t.Errorf("player %d active = %t, want %t\n%s", p+1, s.pl[p].active, w, s)
		}
	}
}

func TestHeadOnMeeting(t *testing.T) {
	// 1 and 2 both enter (2,2): both out, the cell is a crash cell.
	s := mk(t, 5, 5, pl(1, 2, Right, 1), pl(3, 2, Left, 1), pl(0, 4, Right, 1))
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, false, false, true)
	cell(t, s, 2, 2, Crash)
	cell(t, s, 1, 2, 1)
	cell(t, s, 3, 2, 2)
	if !s.IsTerminal() || s.Winner() != 2 {
		t.Errorf("terminal %t winner %d, want true 2", s.IsTerminal(), s.Winner())
	}
	if r := s.Returns(nil); !slices.Equal(r, []float64{0, 0, 1}) {
		t.Errorf("returns %v", r)
	}
}

func TestHeadOnSwap(t *testing.T) {
	// Adjacent heads driving into each other: each enters the other's
	// head, both out.
	s := mk(t, 5, 5, pl(1, 2, Right, 1), pl(2, 2, Left, 1), pl(0, 4, Right, 1))
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, false, false, true)
	cell(t, s, 1, 2, Crash)
	cell(t, s, 2, 2, Crash)
}

func TestCrossing(t *testing.T) {
	// 1 drives right over (1..3,2), 2 down over (2,1..3): both write (2,2).
	s := mk(t, 6, 6, pl(0, 2, Right, 2), pl(2, 0, Down, 2), pl(5, 5, Up, 1))
	s.ApplyJoint([]game.Action{SU, SU, CN})
	active(t, s, false, false, true)
	cell(t, s, 2, 2, Crash)
	cell(t, s, 3, 2, 1)
	cell(t, s, 2, 3, 2)
	if s.Player(0).X != 3 || s.Player(1).Y != 3 {
		t.Errorf("heads %+v %+v", s.Player(0), s.Player(1))
	}
}

func TestEnterOldTrail(t *testing.T) {
	// 2 drives into 1's trail of the previous round while 1 drives on:
	// only 2 is out.
	s := mk(t, 8, 8, pl(0, 1, Right, 2), pl(1, 4, Up, 1), pl(7, 7, Up, 1))
	s.ApplyJoint([]game.Action{CN, CN, CN}) // 1: (1,1),(2,1); 2: (1,3)
	s.ApplyJoint([]game.Action{CN, SU, CN}) // 1: (3,1),(4,1); 2: (1,2),(1,1) = 1's trail
	active(t, s, true, false, true)
	cell(t, s, 1, 1, Crash)
	cell(t, s, 1, 2, 2)
	cell(t, s, 4, 1, 1)
	if s.IsTerminal() {
		t.Error("terminal with two players active")
	}
	if r := s.Returns(nil); !slices.Equal(r, []float64{2, 1, 2}) {
		t.Errorf("returns %v, want [2 1 2]", r)
	}
	if rk := game.Ranks(s); !slices.Equal(rk, []int{1, 3, 1}) {
		t.Errorf("ranks %v", rk)
	}
}

func TestJumpOverTrail(t *testing.T) {
	// Round 6 at speed 3: (1,0) and (3,0) are written; (2,0), 2's old
	// trail, is skipped and 1 survives.
	s := mk(t, 8, 8, pl(0, 0, Right, 2), pl(2, 0, Down, 1), pl(7, 7, Up, 1))
	s.round = 5
	s.ApplyJoint([]game.Action{SU, CN, CN})
	active(t, s, true, true, true)
	cell(t, s, 1, 0, 1)
	cell(t, s, 2, 0, 2)
	cell(t, s, 3, 0, 1)
	if p := s.Player(0); p.X != 3 || p.Speed != 3 {
		t.Errorf("player 1 %+v", p)
	}
	// A cell written by another player in the same round is skipped too.
	s = mk(t, 8, 8, pl(0, 0, Right, 3), pl(2, 1, Up, 1), pl(7, 7, Up, 1))
	s.round = 11
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, true, true, true)
	cell(t, s, 2, 0, 2)
	// Landing on a trail after a jump is a crash.
	s = mk(t, 8, 8, pl(0, 0, Right, 3), pl(3, 1, Left, 1), pl(7, 7, Up, 1))
	s.cells[3] = 2
	s.round = 5
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, false, true, true)
	cell(t, s, 3, 0, Crash)
}

func TestJumpHole(t *testing.T) {
	for _, tc := range []struct {
		round, speed int
		want         string // cells x = 1..speed after the move
	}{
		{6, 3, "101"},
		{6, 2, "11"},
		{6, 1, "1"},
		{6, 5, "10001"},
		{6, 10, "1000000001"},
		{12, 4, "1001"},
		{5, 3, "111"},
		{7, 10, "1111111111"},
	} {
		s := mk(t, 14, 3, pl(0, 0, Right, tc.speed), pl(0, 2, Right, 1))
		s.round = tc.round - 1
		s.ApplyJoint([]game.Action{CN, CN})
		got := ""
		for x := 1; x <= tc.speed; x++ {
			got += string('0' + byte(s.Cell(x, 0)))
		}
		if got != tc.want || !s.pl[0].active || s.Player(0).X != tc.speed {
			t.Errorf("round %d speed %d: cells %s, want %s\n%s", tc.round, tc.speed, got, tc.want, s)
		}
	}
}

func TestLeaveBoard(t *testing.T) {
	// 1 at (2,1) drives left at speed 4: writes (1,1),(0,1), is out at
	// (-1,1); the rest of the move is dropped.
	s := mk(t, 6, 4, pl(2, 1, Left, 4), pl(5, 3, Up, 1), pl(5, 0, Left, 1))
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, false, true, true)
	cell(t, s, 1, 1, 1)
	cell(t, s, 0, 1, 1)
	if p := s.Player(0); p.X != -1 || p.Y != 1 || p.OutRound != 1 {
		t.Errorf("player 1 %+v, want off-board (-1,1) out in round 1", p)
	}
	// Off the bottom edge, and a jump that would land off the board.
	s = mk(t, 6, 4, pl(0, 2, Down, 1), pl(5, 3, Up, 1), pl(3, 0, Down, 5))
	s.round = 5
	s.ApplyJoint([]game.Action{CN, CN, CN})
	active(t, s, true, true, false)
	if p := s.Player(2); p.X != 3 || p.Y != 4 {
		t.Errorf("player 3 %+v, want (3,4)", p)
	}
	// The jump skipped (3,1)..(3,3) entirely: the first step (3,1) is
	// written, the rest is skipped until the edge.
	cell(t, s, 3, 1, 3)
	cell(t, s, 3, 2, 0)
	cell(t, s, 3, 3, 0)
}

func TestSpeedLimits(t *testing.T) {
	s := mk(t, 20, 20, pl(0, 0, Right, 1), pl(0, 5, Right, 10), pl(0, 10, Right, 1), pl(0, 15, Right, 10))
	s.ApplyJoint([]game.Action{SD, SU, SU, SD})
	active(t, s, false, false, true, true)
	for p, want := range []Player{
		{X: 0, Y: 0, Direction: Right, Speed: 0, OutRound: 1},
		{X: 0, Y: 5, Direction: Right, Speed: 11, OutRound: 1},
		{X: 2, Y: 10, Direction: Right, Speed: 2, Active: true},
		{X: 9, Y: 15, Direction: Right, Speed: 9, Active: true},
	} {
		if got := s.Player(p); got != want {
			t.Errorf("player %d = %+v, want %+v", p+1, got, want)
		}
	}
	cell(t, s, 1, 0, 0)
	cell(t, s, 1, 5, 0)
	cell(t, s, 0, 0, 1)
}

func TestNoActionEliminatesBeforeMoving(t *testing.T) {
	s := mk(t, 10, 10, pl(0, 0, Right, 1), pl(0, 5, Right, 1), pl(0, 9, Right, 1))
	s.ApplyJoint([]game.Action{NA, CN, CN})
	active(t, s, false, true, true)
	if p := s.Player(0); p.X != 0 || p.Y != 0 {
		t.Errorf("player 1 moved to (%d,%d)", p.X, p.Y)
	}
	// From now on, player 1 must get NoAction.
	defer func() {
		if recover() == nil {
			t.Error("no panic for an action of an eliminated player")
		}
	}()
	s.ApplyJoint([]game.Action{CN, CN, CN})
}

func TestEverybodyDies(t *testing.T) {
	// Three heads enter (2,2) at once: no winner, everybody shares rank 1.
	s := mk(t, 5, 5, pl(1, 2, Right, 1), pl(3, 2, Left, 1), pl(2, 4, Up, 2))
	s.ApplyJoint([]game.Action{CN, CN, CN}) // 3: (2,3) then (2,2)
	active(t, s, false, false, false)
	if !s.IsTerminal() || s.Winner() != -1 || s.CurrentPlayer() != game.TerminalPlayer {
		t.Errorf("terminal %t winner %d current %d", s.IsTerminal(), s.Winner(), s.CurrentPlayer())
	}
	if rk := game.Ranks(s); !slices.Equal(rk, []int{1, 1, 1}) {
		t.Errorf("ranks %v", rk)
	}
	if la := s.LegalActions(0, nil); len(la) != 0 {
		t.Errorf("legal actions at the end: %v", la)
	}
}

func TestLegalActions(t *testing.T) {
	s := mk(t, 10, 10, pl(0, 0, Right, 1), pl(0, 5, Right, 1), pl(0, 9, Right, 1))
	if s.CurrentPlayer() != game.SimultaneousPlayer {
		t.Fatalf("current player %d", s.CurrentPlayer())
	}
	la := s.LegalActions(0, nil)
	if !slices.Equal(la, []game.Action{L, R, SD, SU, CN}) {
		t.Errorf("legal %v", la)
	}
	var names []string
	for _, a := range la {
		names = append(names, s.ActionString(0, a))
		if b, ok := ParseAction(s.ActionString(0, a)); !ok || b != a {
			t.Errorf("ParseAction(%q) = %d %t", s.ActionString(0, a), b, ok)
		}
	}
	if !slices.Equal(names, []string{"turn_left", "turn_right", "slow_down", "speed_up", "change_nothing"}) {
		t.Errorf("names %v", names)
	}
	s.ApplyJoint([]game.Action{SD, CN, CN})
	if la := s.LegalActions(0, nil); len(la) != 0 {
		t.Errorf("dead player has actions %v", la)
	}
}
