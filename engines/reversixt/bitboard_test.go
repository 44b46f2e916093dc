package reversixt

import (
	"reflect"
	"testing"

	"tourney/engines/game"
)

// genericTargets is the move generator without the small-map bitboards.
func genericTargets(s *State, p int) []int {
	var out []int
	for t := range s.board {
		if s.targetOK(t, p) {
			out = append(out, t)
		}
	}
	return out
}

func bbTargetList(s *State, p int) []int {
	bb := s.bbTargets(p)
	var out []int
	for t := range s.board {
		if bb&s.m.bit[t] != 0 {
			out = append(out, t)
		}
	}
	return out
}

// The bitboard generator of small maps agrees with the generic one.
func TestBitboardMatchesGeneric(t *testing.T) {
	texts := []string{
		mapText(2, 0, 0, 0, "00000000/00000000/00000000/00012000/00021000/00000000/00000000/00000000"),
		mapText(3, 0, 2, 1, "0c0-000/0012300/0x2310b/0-31200/00i0000"),
		mapText(4, 0, 0, 0, "0000-/01230/0x4x0/03210/-000i"),
		mapText(2, 0, 1, 1, "0/1/2/0/2/1/0"),
	}
	checks := 0
	for i, text := range texts {
		m, err := ParseMap("bb", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if !m.small {
			t.Fatalf("map %d is not small", i)
		}
		for g := 0; g < 30; g++ {
			s := NewState(m)
			rng := game.NewRand(uint64(i*100 + g))
			var buf []game.Action
			for !s.IsTerminal() {
				if s.Phase() == Phase1 {
					for p := 0; p < s.n; p++ {
						if s.ow[p] == 0 {
							checks++
							if a, b := genericTargets(s, p), bbTargetList(s, p); !reflect.DeepEqual(a, b) {
								t.Fatalf("map %d seat %d: generic %v, bitboard %v\n%s", i, p, a, b, s)
							}
						}
					}
					if uint64(len(s.LegalActions(s.CurrentPlayer(), nil))) != s.countMoves() {
						t.Fatalf("count differs from LegalActions\n%s", s)
					}
				}
				buf = s.LegalActions(s.CurrentPlayer(), buf[:0])
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
	t.Logf("%d comparisons", checks)
}

// The perft of standard8 with the generic generator only.
func TestPerftGeneric(t *testing.T) {
	m := *mustLoad(t, "standard8")
	m.small = false
	s := NewState(&m)
	for d := 0; d <= 5; d++ {
		if got := s.Perft(d); got != perftStandard8[d] {
			t.Errorf("generic perft(%d) = %d, want %d", d, got, perftStandard8[d])
		}
	}
	if game.Perft(s, 3) != perftStandard8[3] {
		t.Error("game.Perft disagrees at depth 3")
	}
}
