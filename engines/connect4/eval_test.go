package connect4

import (
	"math"
	"math/rand/v2"
	"testing"

	"tourney/engines/game"
)

func mustMoves(t testing.TB, moves string) *State {
	t.Helper()
	s, err := FromMoves(moves)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cells(cs ...[2]int) uint64 {
	var b uint64
	for _, c := range cs {
		b |= Bit(c[0], c[1])
	}
	return b
}

// naiveThreats is the definition of §3.1 written out over all lines.
func naiveThreats(s *State, p int) uint64 {
	var t uint64
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for c := 0; c < Width; c++ {
		for r := 0; r < Height; r++ {
			for _, d := range dirs {
				c3, r3 := c+3*d[0], r+3*d[1]
				if c3 < 0 || c3 >= Width || r3 < 0 || r3 >= Height {
					continue
				}
				own, empty := 0, -1
				for k := 0; k < 4; k++ {
					switch s.At(c+k*d[0], r+k*d[1]) {
					case p:
						own++
					case -1:
						empty = k
					}
				}
				if own == 3 && empty >= 0 {
					t |= Bit(c+empty*d[0], r+empty*d[1])
				}
			}
		}
	}
	return t
}

// The worked example of connect4.md §3.
func TestEvalExample(t *testing.T) {
	s := mustMoves(t, "5112233")
	if s.ToMove() != 1 {
		t.Fatalf("Player 2 should be to move")
	}
	if got, want := Threats(s, 1), cells([2]int{0, 0}, [2]int{4, 0}); got != want {
		t.Errorf("Player 2's threats %#x, want %#x", got, want)
	}
	if got, want := Threats(s, 0), cells([2]int{0, 1}, [2]int{4, 1}); got != want {
		t.Errorf("Player 1's threats %#x, want %#x", got, want)
	}
	if r := Reach(s, 0, 1); r != 2 {
		t.Errorf("r(0,1) = %d, want 2", r)
	}
	ev := NewEvaluator(DefaultWeights())
	if a := ev.Total(s, 1); math.Abs(a-2.8854) > 1e-4 {
		t.Errorf("a_2 = %.5f, want 2.8854", a)
	}
	if a := ev.Total(s, 0); math.Abs(a-1.8205) > 1e-4 {
		t.Errorf("a_1 = %.5f, want 1.8205", a)
	}
	if v := Evaluate(s, 1, DefaultWeights()); math.Abs(v-1.0649) > 1e-4 {
		t.Errorf("evaluation %.5f, want +1.0649", v)
	}
	if v := Evaluate(s, 0, DefaultWeights()); math.Abs(v+1.0649) > 1e-4 {
		t.Errorf("evaluation for Player 1 %.5f, want -1.0649", v)
	}
}

func TestThreatWeights(t *testing.T) {
	want := []float64{1.4427, 0.9102, 0.7213, 0.6213, 0.5581, 0.5139}
	for r, w := range want {
		if got := ThreatWeight(r+1, DefaultWeights()); math.Abs(got-w) > 1e-4 {
			t.Errorf("r=%d: weight %.5f, want %.4f", r+1, got, w)
		}
	}
	w := DefaultWeights()
	w.ThreatExponent = 0
	for r := 1; r <= 6; r++ {
		if got := ThreatWeight(r, w); got != 1 {
			t.Errorf("exponent 0, r=%d: %v", r, got)
		}
	}
	w = DefaultWeights()
	w.AcuteBonus, w.MaxReach = 2, 3
	if got := ThreatWeight(1, w); math.Abs(got-(1/math.Ln2+2)) > 1e-12 {
		t.Errorf("acute bonus: %v", got)
	}
	if ThreatWeight(4, w) != 0 || ThreatWeight(3, w) == 0 {
		t.Errorf("max_reach 3 not applied")
	}
}

func TestThreatShapes(t *testing.T) {
	// split shape 1 1 _ 1 on the bottom row
	s := mustMoves(t, "00113")
	if got, want := Threats(s, 0), Bit(2, 0); got != want {
		t.Errorf("split shape: threats %#x, want %#x", got, want)
	}
	if Threats(s, 1) != 0 {
		t.Errorf("Player 2 has no threat")
	}
	// (3,0) completes four for both players
	s = mustMoves(t, "041526")
	if Threats(s, 0) != Bit(3, 0) || Threats(s, 1) != Bit(3, 0) {
		t.Errorf("shared threat: %#x %#x", Threats(s, 0), Threats(s, 1))
	}
	if v := Evaluate(s, 0, DefaultWeights()); v != 0 {
		t.Errorf("symmetric threats evaluate to %v", v)
	}
	w := DefaultWeights()
	w.OpponentWeight = 2
	if v := Evaluate(s, 0, w); math.Abs(v+1/math.Ln2) > 1e-12 {
		t.Errorf("opponent_weight 2: %v", v)
	}
	// vertical three with the cell above free, and a diagonal
	s = mustMoves(t, "0102030")
	_ = s // Player 1 won with four in column 0
	s = mustMoves(t, "010203")
	if Threats(s, 0) != Bit(0, 3) {
		t.Errorf("vertical: %#x", Threats(s, 0))
	}
}

func TestEvalTerminal(t *testing.T) {
	s := mustMoves(t, "0102030") // Player 1 completes column 0
	if s.Winner() != 0 {
		t.Fatal("no win")
	}
	if v := Evaluate(s, 1, DefaultWeights()); !math.IsInf(v, -1) {
		t.Errorf("loser to move: %v", v)
	}
	if v := Evaluate(s, 0, DefaultWeights()); !math.IsInf(v, 1) {
		t.Errorf("winner: %v", v)
	}
	w := DefaultWeights()
	w.QuickWins = true
	ev := NewEvaluator(w)
	if v := ev.Evaluate(s, 1, 5); v != -(WinScore-5) || !IsWinScore(v) {
		t.Errorf("quick win: %v", v)
	}
	// a full board without a winner evaluates to 0
	rng := rand.New(rand.NewPCG(1, 2))
	for found := 0; found < 3; {
		s := NewState()
		for !s.Over() {
			var legal []int
			for c := 0; c < Width; c++ {
				if s.CanPlay(c) {
					legal = append(legal, c)
				}
			}
			s.Play(legal[rng.IntN(len(legal))])
		}
		if s.Winner() >= 0 {
			continue
		}
		found++
		for p := 0; p < 2; p++ {
			if v := Evaluate(s, p, DefaultWeights()); v != 0 {
				t.Errorf("full board: %v\n%s", v, s)
			}
		}
	}
}

// The bitboard threats equal the definition on random positions, and the
// evaluation equals the sum over threat cells.
func TestThreatsMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	w := Weights{ThreatExponent: 1.7, AcuteBonus: 0.3, OpponentWeight: 0.8, MaxReach: 5}
	ev := NewEvaluator(w)
	for i := 0; i < 3000; i++ {
		s := NewState()
		n := rng.IntN(42)
		for k := 0; k < n && !s.Over(); k++ {
			c := rng.IntN(Width)
			for !s.CanPlay(c) {
				c = (c + 1) % Width
			}
			s.Play(c)
		}
		if s.Over() {
			continue
		}
		var a [2]float64
		for p := 0; p < 2; p++ {
			got, want := Threats(s, p), naiveThreats(s, p)
			if got != want {
				t.Fatalf("threats of %d: %#x, want %#x\n%s", p, got, want, s)
			}
			for c := 0; c < Width; c++ {
				for r := 0; r < Height; r++ {
					if want&Bit(c, r) != 0 {
						a[p] += ThreatWeight(Reach(s, c, r), w)
					}
				}
			}
		}
		p := s.ToMove()
		want := a[p] - w.OpponentWeight*a[1-p]
		if got := ev.Evaluate(s, p, 0); math.Abs(got-want) > 1e-9 {
			t.Fatalf("evaluation %v, want %v\n%s", got, want, s)
		}
	}
}

func TestLinesTable(t *testing.T) {
	// rows top to bottom, as connect4.md §4 prints them
	want := [Height][Width]int{
		{3, 4, 5, 7, 5, 4, 3},
		{4, 6, 8, 10, 8, 6, 4},
		{5, 8, 11, 13, 11, 8, 5},
		{5, 8, 11, 13, 11, 8, 5},
		{4, 6, 8, 10, 8, 6, 4},
		{3, 4, 5, 7, 5, 4, 3},
	}
	for r := 0; r < Height; r++ {
		for c := 0; c < Width; c++ {
			if got := LinesThrough(c, r); got != want[Height-1-r][c] {
				t.Errorf("(%d,%d): %d lines, want %d", c, r, got, want[Height-1-r][c])
			}
		}
	}
}

func order(s *State, player int, o OrderOptions) []game.Action {
	moves := s.LegalActions(s.ToMove(), nil)
	OrderMoves(s, player, o, moves)
	return moves
}

func TestOrderExample(t *testing.T) {
	s := mustMoves(t, "5112233")
	check := func(name string, got []game.Action, want ...game.Action) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", name, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: %v, want %v", name, got, want)
			}
		}
	}
	check("default", order(s, 1, DefaultOrder()), 4, 0, 3, 2, 1, 5, 6)
	check("off", order(s, 1, OrderOptions{}), 0, 1, 2, 3, 4, 5, 6)
	check("next", order(s, 1, OrderOptions{Enabled: true, Scope: ScopeNext, ByTable: true}), 4, 0, 3, 2, 1, 5, 6)
	check("no table", order(s, 1, OrderOptions{Enabled: true, Scope: ScopeColumn}), 0, 4, 1, 2, 3, 5, 6)
	// Player 1's threats (0,1) and (4,1) lie one stone up: they count for
	// the column scope, not for the next-cell scope.
	check("P1 column", order(s, 0, DefaultOrder()), 4, 0, 3, 2, 1, 5, 6)
	check("P1 next", order(s, 0, OrderOptions{Enabled: true, Scope: ScopeNext, ByTable: true}), 3, 2, 1, 5, 4, 0, 6)
	// a full column is skipped
	s = mustMoves(t, "333333")
	check("full", order(s, 0, DefaultOrder()), 2, 4, 1, 5, 0, 6)
}
