package synthetic_test

import (
	"math"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
	"tourney/engines/synthetic"
)

func TestConformance(t *testing.T) {
	// 4 001 strength and 4 096 tag actions a move: few playouts suffice
	for _, c := range []struct {
		m        string
		playouts int
	}{{"2p", 20}, {"8p", 8}} {
		mp, err := synthetic.Game{}.LoadMap(c.m)
		if err != nil {
			t.Fatal(err)
		}
		sum := conformance.Run(t, synthetic.Game{}, conformance.Options{
			Maps: []string{c.m}, Playouts: c.playouts, Seed: 3,
			Returns: []conformance.Range{{Min: 0, Max: float64(mp.Players() - 1)}},
		})
		if sum.Finished != c.playouts {
			t.Errorf("%s: %d of %d playouts finished", c.m, sum.Finished, c.playouts)
		}
	}
}

// play returns the returns of one game of the given strengths; the
// player in seat i has the identity tag 10+i.
func play(t *testing.T, seed uint64, elos ...float64) []float64 {
	t.Helper()
	m, _ := synthetic.Game{}.LoadMap("2p")
	if len(elos) != 2 {
		m = synthetic.Map(len(elos))
	}
	s, err := synthetic.Game{}.NewState(m, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range elos {
		s.Apply(synthetic.Code(e))
		s.Apply(game.Action(10 + i))
	}
	if !s.IsTerminal() {
		t.Fatal("not terminal after every player moved")
	}
	return s.Returns(nil)
}

// A player 30 Elo stronger scores 1/(1+10^(−30/400)) = 0.5431 (Bradley–
// Terry); 40 000 games give a standard error of 0.0025.
func TestBradleyTerry(t *testing.T) {
	const n = 40000
	wins := 0
	for i := range n {
		if r := play(t, uint64(i), 30, 0); r[0] == 1 {
			wins++
		}
	}
	got, want := float64(wins)/n, 1/(1+math.Pow(10, -30.0/400))
	if math.Abs(got-want) > 4*math.Sqrt(want*(1-want)/n) {
		t.Errorf("+30 Elo won %.4f, want %.4f", got, want)
	}
}

// Plackett–Luce with strengths π = 10^(elo/400): P(i first) = π_i / Σπ,
// and P(order a, b, c) = π_a/(π_a+π_b+π_c) · π_b/(π_b+π_c).
func TestPlackettLuce(t *testing.T) {
	const n = 60000
	elos := []float64{200, 0, -100}
	pi := make([]float64, 3)
	sum := 0.0
	for i, e := range elos {
		pi[i] = math.Pow(10, e/400)
		sum += pi[i]
	}
	first := make([]int, 3)
	order012 := 0
	for i := range n {
		r := play(t, uint64(i)+1e6, elos...)
		for p, v := range r {
			if v == 2 {
				first[p]++
			}
		}
		if r[0] == 2 && r[1] == 1 && r[2] == 0 {
			order012++
		}
	}
	for p := range 3 {
		want := pi[p] / sum
		got := float64(first[p]) / n
		if math.Abs(got-want) > 4*math.Sqrt(want*(1-want)/n) {
			t.Errorf("player %d first in %.4f, want %.4f", p, got, want)
		}
	}
	want := pi[0] / sum * pi[1] / (pi[1] + pi[2])
	if got := float64(order012) / n; math.Abs(got-want) > 4*math.Sqrt(want*(1-want)/n) {
		t.Errorf("order 0,1,2 in %.4f, want %.4f", got, want)
	}
}

// The two games of a block (same seed, seats swapped) are independent
// draws, and a game replays exactly.
func TestSeeds(t *testing.T) {
	same, n := 0, 4000
	for i := range n {
		a := play(t, uint64(i), 0, 0)
		b := play(t, uint64(i), 0, 0)
		if a[0] != b[0] {
			t.Fatalf("seed %d: the same game gave %v and %v", i, a, b)
		}
		c := play(t, uint64(i), 0, 1) // another seating/strength: another draw
		if c[0] == a[0] {
			same++
		}
	}
	if f := float64(same) / float64(n); f < 0.45 || f > 0.55 {
		t.Errorf("games with other moves agree in %.3f of seeds: not independent", f)
	}
}

func TestCodes(t *testing.T) {
	for _, e := range []float64{-2000, -12, 0, 30, 2000} {
		if got := synthetic.Elo(synthetic.Code(e)); math.Abs(got-e) > 1e-9 {
			t.Errorf("Elo(Code(%g)) = %g", e, got)
		}
	}
	if _, err := (synthetic.Game{}).LoadMap("9p"); err == nil {
		t.Error("map 9p accepted")
	}
}
