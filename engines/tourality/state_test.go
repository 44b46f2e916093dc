package tourality_test

import (
	"path/filepath"
	"slices"
	"testing"

	"tourney/engines/game"
	"tourney/engines/tourality"
)

func loadTestMap(t *testing.T, name string) *tourality.Map {
	t.Helper()
	m, err := tourality.ReadMap(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func legal(s *tourality.State) []game.Action {
	return s.LegalActions(s.CurrentPlayer(), nil)
}

func play(t *testing.T, s *tourality.State, moves ...game.Action) {
	t.Helper()
	for _, a := range moves {
		if !slices.Contains(legal(s), a) {
			t.Fatalf("move %s not legal for seat %d:\n%s", s.ActionString(s.ToMove(), a), s.ToMove(), s)
		}
		s.Apply(a)
	}
}

func acts(a ...int) []game.Action {
	out := make([]game.Action, len(a))
	for i, x := range a {
		out[i] = game.Action(x)
	}
	return out
}

func TestBlockingByOpponent(t *testing.T) {
	m := loadTestMap(t, "block.trlt") // "1 2+" over "## #"
	s := tourality.NewState(m)
	if got, want := legal(s), acts(tourality.Right, tourality.Stay); !slices.Equal(got, want) {
		t.Fatalf("A at the start: legal %v, want %v", got, want)
	}
	play(t, s, tourality.Right) // A next to B
	if got, want := legal(s), acts(tourality.Right, tourality.Down, tourality.Stay); !slices.Equal(got, want) {
		t.Errorf("B beside A: legal %v, want %v (left is A's cell)", got, want)
	}
	play(t, s, tourality.Stay)
	if got, want := legal(s), acts(tourality.Left, tourality.Stay); !slices.Equal(got, want) {
		t.Errorf("A beside B: legal %v, want %v", got, want)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("stepping onto the opponent did not panic")
			}
		}()
		s.Clone().Apply(tourality.Right)
	}()
}

func TestContestedChip(t *testing.T) {
	m := loadTestMap(t, "contest.trlt") // "1+2": the chip is next to both starts
	s := tourality.NewState(m)
	play(t, s, tourality.Right) // A takes it first
	if s.Score(0) != 1 || s.Score(1) != 0 {
		t.Fatalf("after round 1: scores %d %d, want 1 0", s.Score(0), s.Score(1))
	}
	// The last chip ended round 1: B on S1 moves first and now wins the race.
	if s.Round() != 2 || s.ToMove() != 1 || s.Pos(1) != m.Start(0) || s.Pos(0) != m.Start(1) {
		t.Fatalf("round 2 setup wrong:\n%s", s)
	}
	play(t, s, tourality.Right)
	if !s.IsTerminal() || s.Score(0) != 1 || s.Score(1) != 1 || s.MoveNumber() != 2 {
		t.Fatalf("want the end at 1:1 after 2 moves:\n%s", s)
	}
	if r := game.Ranks(s); r[0] != 1 || r[1] != 1 {
		t.Errorf("ranks %v, want a draw", r)
	}
}

func TestMoveLimitEndsRound(t *testing.T) {
	m := loadTestMap(t, "corridor.trlt")
	s := tourality.NewState(m)
	for i := 0; i < 2*tourality.MovesPerRound-1; i++ {
		play(t, s, tourality.Stay)
	}
	if s.Round() != 1 || s.Moves(0) != tourality.MovesPerRound || s.Moves(1) != tourality.MovesPerRound-1 {
		t.Fatalf("before the last move of round 1: %s", s)
	}
	play(t, s, tourality.Stay)
	if s.Round() != 2 || s.Moves(0) != 0 || s.Moves(1) != 0 || s.MoveNumber() != 2*tourality.MovesPerRound {
		t.Fatalf("after 800 stays round 2 should start:\n%s", s)
	}
	if s.Chips() != m.AllChips() {
		t.Errorf("round 2 chips %b, want all %b", s.Chips(), m.AllChips())
	}
	for i := 0; i < 2*tourality.MovesPerRound; i++ {
		play(t, s, tourality.Stay)
	}
	if !s.IsTerminal() || s.MoveNumber() != tourality.MaxGameLength {
		t.Fatalf("game should end after %d stays:\n%s", tourality.MaxGameLength, s)
	}
	if got := s.Returns(nil); got[0] != 0 || got[1] != 0 {
		t.Errorf("returns %v", got)
	}
	if n := len(s.LegalActions(0, nil)) + len(s.LegalActions(1, nil)); n != 0 {
		t.Errorf("%d legal actions at the end", n)
	}
}

func TestSwapAndScoresOverTwoRounds(t *testing.T) {
	m := loadTestMap(t, "corridor.trlt") // "1+ +2"
	s := tourality.NewState(m)
	if s.ToMove() != 0 || s.Pos(0) != m.Start(0) || s.Pos(1) != m.Start(1) {
		t.Fatalf("round 1 setup wrong:\n%s", s)
	}
	if s.LegalActions(1, nil) != nil {
		t.Errorf("B has moves while A is to move")
	}
	play(t, s, tourality.Right, tourality.Left) // both take a chip
	if s.Round() != 2 || s.ToMove() != 1 || s.Pos(1) != m.Start(0) || s.Pos(0) != m.Start(1) {
		t.Fatalf("round 2: B should start on S1 and move first:\n%s", s)
	}
	// Round 2: B moves right twice (chip at x=1, then x=2); A stays, then
	// B takes the second chip at x=3 while A waits at x=4.
	play(t, s, tourality.Right, tourality.Stay, tourality.Right, tourality.Stay)
	if s.Score(1) != 2 || s.Score(0) != 1 {
		t.Fatalf("scores %d %d, want A 1 B 2:\n%s", s.Score(0), s.Score(1), s)
	}
	play(t, s, tourality.Right)
	if !s.IsTerminal() {
		t.Fatalf("not over:\n%s", s)
	}
	if got := s.Returns(nil); got[0] != 1 || got[1] != 3 {
		t.Errorf("returns %v, want [1 3]", got)
	}
	if s.MoveNumber() != 7 {
		t.Errorf("move number %d, want 7", s.MoveNumber())
	}
}

func TestCloneIndependent(t *testing.T) {
	m := loadTestMap(t, "small.trlt")
	s := tourality.NewState(m)
	c := s.Clone().(*tourality.State)
	play(t, c, tourality.Right)
	if s.MoveNumber() != 0 || s.Pos(0) != m.Start(0) {
		t.Errorf("clone shares state with the original")
	}
	if s.Hash() == c.Hash() {
		t.Errorf("hash unchanged by a move")
	}
}

func TestPerftHandCounted(t *testing.T) {
	// block.trlt: "1 2+" over "## #". Depth 2: A right (B: right takes the
	// only chip and starts round 2, down, stay) or A stay (B: left, right,
	// down, stay). Depth 3: 2+3+2 after A right, 1+2+2+2 after A stay.
	s := tourality.NewState(loadTestMap(t, "block.trlt"))
	for depth, want := range []uint64{1, 2, 7, 14} {
		if got := game.Perft(s, depth); got != want {
			t.Errorf("perft %d = %d, want %d", depth, got, want)
		}
	}
}
