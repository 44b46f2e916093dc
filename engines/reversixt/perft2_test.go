package reversixt

import (
	"path/filepath"
	"slices"
	"testing"

	"tourney/engines/game"
)

// Perft counts of the built-in maps, from the generator before perft2
// existed (facts of the rules, as the spec's standard8 and example15
// counts are).
func TestPerftBuiltinMaps(t *testing.T) {
	for name, want := range map[string][]uint64{
		"duel10":  {10, 86, 766, 6060, 50612},
		"tri13":   {16, 274, 3966, 58418},
		"cross14": {26, 580, 11768},
		"octo20":  {24, 531, 11426},
	} {
		s := NewState(mustLoad(t, name))
		h := s.Hash()
		for d, w := range want {
			if got := s.Perft(d + 1); got != w {
				t.Errorf("%s: perft(%d) = %d, want %d", name, d+1, got, w)
			}
		}
		if s.Hash() != h || s.MoveNumber() != 0 {
			t.Errorf("%s: perft did not restore the state", name)
		}
	}
}

// slowPerft is Perft through the public moves only: LegalActions, Apply,
// Undo, with len(LegalActions) at depth 1.
func slowPerft(s *State, depth int) uint64 {
	if depth == 0 || s.IsTerminal() {
		return 1
	}
	acts := s.LegalActions(s.CurrentPlayer(), nil)
	if depth == 1 {
		return uint64(len(acts))
	}
	var n uint64
	for _, a := range acts {
		s.Apply(a)
		n += slowPerft(s, depth-1)
		s.Undo(a)
	}
	return n
}

// perftMaps are the built-in maps, the 50×50 test map and, when ../shared
// is there, the course maps (the first 10 under -short).
func perftMaps(t *testing.T) []*Map {
	var maps []*Map
	for _, name := range append(append([]string(nil), BuiltinMaps...), "testdata/big50-8p.map") {
		maps = append(maps, mustLoad(t, name))
	}
	files, _ := filepath.Glob("../../../shared/maps/reversixt/*.map")
	if (testing.Short() || raceEnabled) && len(files) > 10 {
		// every shared map without the race detector (CI's second pass)
		files = files[:10]
	}
	for _, f := range files {
		if m, err := LoadMap(f); err == nil {
			maps = append(maps, m)
		}
	}
	return maps
}

// Perft(2) and Perft(3) (perft2's light moves, its cached counts and its
// fallbacks) agree with slowPerft at every 7th state of a random game on
// every map (up to 5 000 leaves), and leave the state as it was.
func TestPerft2MatchesApply(t *testing.T) {
	checks := 0
	for mi, m := range perftMaps(t) {
		s := NewState(m)
		rng := game.NewRand(game.Mix(123, uint64(mi)))
		var acts []game.Action
		every := 7
		if raceEnabled {
			every = 63 // ten times slower under the detector; every 7th in CI's second pass
		}
		for k := 0; s.Phase() == Phase1; k++ {
			if k%every == 0 {
				h, board := s.Hash(), slices.Clone(s.board)
				// Depth 3 only where it is cheap (late positions with
				// overwrite stones have hundreds of moves a ply).
				for d := 2; d <= 3; d++ {
					got := s.Perft(d)
					if got > 5000 {
						break
					}
					if want := slowPerft(s, d); got != want {
						t.Fatalf("%s move %d: perft(%d) = %d, by Apply %d\n%s", m.Name(), s.ply, d, got, want, s)
					}
					if got > 400 {
						break
					}
				}
				if s.Hash() != h || !slices.Equal(s.board, board) {
					t.Fatalf("%s move %d: perft changed the state", m.Name(), s.ply)
				}
				checks++
			}
			acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
			s.Apply(acts[rng.IntN(len(acts))])
		}
	}
	t.Logf("%d positions", checks)
}

// At every 3rd state of a random game on every map (with at most 60
// moves), for every move of the seat to move on an empty field or a
// stone: lightCount gives len(LegalActions) after Apply and
// restores the board, the bitsets (and their summaries), the value
// counts and the stocks; and when the move touches no cell that the next
// seat's count read (deps), that count is the same after the move.
func TestLightCountAndDeps(t *testing.T) {
	checks, cached := 0, 0
	for mi, m := range perftMaps(t) {
		s := NewState(m)
		rng := game.NewRand(game.Mix(321, uint64(mi)))
		var acts, after []game.Action
		every := 3
		if raceEnabled {
			every = 27 // every 3rd state without the detector (CI's second pass)
		}
		for k := 0; s.Phase() == Phase1; k++ {
			p := s.CurrentPlayer()
			acts = s.LegalActions(p, acts[:0])
			if k%every != 0 || len(acts) > 60 {
				s.Apply(acts[rng.IntN(len(acts))])
				continue
			}
			q := -1
			for i := 1; i < s.n; i++ {
				if c := (p + i) % s.n; !s.disq[c] {
					q = c
					break
				}
			}
			var before uint64
			if q >= 0 {
				before = s.rayCount(q, true)
			}
			for _, a := range acts {
				c, _ := SplitAction(a)
				if v := s.board[c]; v != Empty && !isStone(v) {
					continue
				}
				flips := slices.Clone(s.collectFlips(c, uint8(p+1)))
				touched := s.touches(c, flips)
				board, vb, vals, vsum, ow := slices.Clone(s.board), slices.Clone(s.vb), s.vals, s.vsum, s.ow
				k, ok := s.lightCount(p, c, flips)
				if !slices.Equal(s.board, board) || !slices.Equal(s.vb, vb) || s.vals != vals || s.vsum != vsum || s.ow != ow {
					t.Fatalf("%s move %d: lightCount(%s) did not restore the state", m.Name(), s.ply, s.ActionString(p, a))
				}
				s.Apply(a)
				if ok != (s.Phase() == Phase1) {
					t.Fatalf("%s move %d: lightCount(%s) ok = %v in phase %d", m.Name(), s.ply, s.ActionString(p, a), ok, s.Phase())
				}
				if ok {
					after = s.LegalActions(s.CurrentPlayer(), after[:0])
					if k != uint64(len(after)) {
						t.Fatalf("%s move %d: lightCount(%s) = %d, %d moves after Apply", m.Name(), s.ply, s.ActionString(p, a), k, len(after))
					}
				}
				if q >= 0 && before > 0 && !touched {
					if got := s.rayCount(q, false); got != before {
						t.Fatalf("%s move %d: %s touches none of seat %d's cells, but its count went from %d to %d", m.Name(), s.ply, s.ActionString(p, a), q, before, got)
					}
					cached++
				}
				s.Undo(a)
				checks++
				if q >= 0 {
					s.rayCount(q, true) // the marks of this position again
				}
			}
			s.Apply(acts[rng.IntN(len(acts))])
		}
	}
	t.Logf("%d moves, %d with an unchanged count", checks, cached)
}
