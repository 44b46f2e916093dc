package reversixt

import (
	"path/filepath"
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
	if testing.Short() && len(files) > 10 {
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
