package reversixt

import (
	"path/filepath"
	"slices"
	"testing"

	"tourney/engines/game"
)

// The ray generator (rayTargets) and the field-by-field test (targetOK,
// which IsLegal uses) agree for every seat at every state of random games
// on the built-in maps, the self-loop maps of the server tests and the
// course maps when ../shared is there.
func TestRayTargetsAgree(t *testing.T) {
	var maps []*Map
	for _, name := range append(append([]string(nil), BuiltinMaps...), "testdata/big50-8p.map") {
		maps = append(maps, mustLoad(t, name))
	}
	for _, text := range []string{
		mapText(2, 1, 0, 0, "2120", "0 0 6 <-> 0 0 6"),
		mapText(2, 1, 0, 0, "1200", "0 0 6 <-> 0 0 6"),
		mapText(2, 2, 0, 0, "0221/0000", "2 1 4 <-> 2 1 4"),
		mapText(3, 1, 0, 0, "12x3/3x21/2130", "0 0 0 <-> 3 2 4", "3 0 2 <-> 0 2 6", "0 1 6 <-> 0 1 6"),
	} {
		maps = append(maps, mustParse(t, text))
	}
	files, _ := filepath.Glob("../../../shared/maps/reversixt/*.map")
	if (testing.Short() || raceEnabled) && len(files) > 10 { // every map in CI's second pass
		files = files[:10]
	}
	for _, f := range files {
		if m, err := LoadMap(f); err == nil {
			maps = append(maps, m)
		}
	}
	states := 0
	for mi, m := range maps {
		for g := 0; g < 1; g++ {
			s := NewState(m)
			rng := game.NewRand(game.Mix(99, uint64(mi), uint64(g)))
			var acts []game.Action
			for s.Phase() == Phase1 {
				for _, p := range []int{s.CurrentPlayer(), (s.CurrentPlayer() + 1) % s.n} {
					set := s.targetSet(p)
					for c := range s.board {
						ray := set[c>>6]>>(c&63)&1 == 1
						if ray != s.targetOK(c, p) {
							x, y := m.XY(c)
							t.Fatalf("%s: seat %d field (%d,%d): rays %v, targetOK %v\n%s", m.Name(), p, x, y, ray, !ray, s)
						}
					}
					any := s.rayTargets(p, nil)
					if any != (set != nil && anyBit(s.targetSet(p))) {
						t.Fatalf("%s: seat %d: rayTargets(nil) = %v", m.Name(), p, any)
					}
				}
				states++
				acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
				s.Apply(acts[rng.IntN(len(acts))])
			}
		}
	}
	t.Logf("%d maps, %d states", len(maps), states)
}

func anyBit(set []uint64) bool {
	for _, w := range set {
		if w != 0 {
			return true
		}
	}
	return false
}

// The target set kept per position (targetsOf: the last set, by node id)
// and hasMove stay those of a fresh walk along random games that go
// forward and back (Apply, Undo), on the built-in maps and, without
// -short and -race, on the shared 8-player maps.
func TestTargetCache(t *testing.T) {
	maps := []string{"tri13", "cross14"}
	if !testing.Short() && !raceEnabled {
		maps = append(maps, "standard8", "example15", "octo20")
		maps = append(maps, eightPlayerMaps()...)
	}
	checks := 0
	for _, name := range maps {
		m := mustLoad(t, name)
		rng := game.NewRand(game.Mix(91, uint64(len(name))))
		games, stride := 2, max(1, m.MaxLength()/150)
		if testing.Short() || raceEnabled {
			games = 1
		}
		for g := 0; g < games; g++ {
			s := NewState(m)
			var played []game.Action
			fresh := make([]uint64, m.nw)
			for step := 0; step < 3*m.MaxLength() && s.Phase() == Phase1; step++ {
				if len(played) > 0 && rng.IntN(10) < 3 {
					s.Undo(played[len(played)-1])
					played = played[:len(played)-1]
				} else {
					acts := s.LegalActions(s.CurrentPlayer(), nil)
					a := acts[rng.IntN(len(acts))]
					s.Apply(a)
					played = append(played, a)
				}
				if s.Phase() != Phase1 {
					break
				}
				if step%stride != 0 {
					continue
				}
				for p := 0; p < s.n; p++ {
					if s.disq[p] {
						continue
					}
					clear(fresh)
					tsum := s.tsum
					s.rayTargets(p, fresh)
					s.tsum = tsum
					has := s.hasMove(p)
					got := s.targetsOf(p)
					if !slices.Equal(got, fresh) {
						t.Fatalf("%s game %d step %d seat %d: cached targets differ from a fresh walk", name, g, step, p)
					}
					if want := slices.ContainsFunc(fresh, func(w uint64) bool { return w != 0 }); has != want {
						t.Fatalf("%s game %d step %d seat %d: hasMove %v, want %v", name, g, step, p, has, want)
					}
					checks++
				}
			}
		}
	}
	if checks == 0 {
		t.Error("nothing checked")
	}
}
