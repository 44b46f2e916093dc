package results

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tourney/engines/game"
)

// TestInertFast: valuesLazy (its texts filled) and identitiesFast give
// what values and identities give, on entities of two scenarios with
// float knobs (repeated values, -0 and 0, NaN), an integer knob, a knob
// a float in one scenario and a string in the other, field bots and a
// knob some entities lack.
func TestInertFast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	knobs := []string{"a", "b", "c", "d", "e"}
	floats := []any{0.0, math.Copysign(0, -1), 1.0, 0.5, 1e-9, 2.25}
	for trial := range 40 {
		ents := &playedEntities{}
		n := 5 + r.IntN(200)
		for e := range n {
			if r.IntN(10) == 0 {
				ents.params = append(ents.params, nil)
				ents.bot = append(ents.bot, []string{"field:x:random", "field:y:fixed"}[r.IntN(2)])
				continue
			}
			ps := []game.Params{{}, {}}
			for sc := range 2 {
				p := ps[sc]
				p["a"] = floats[r.IntN(len(floats))]
				if r.IntN(3) > 0 {
					p["b"] = floats[r.IntN(2)+2]
				}
				p["c"] = r.IntN(3)
				if sc == 0 {
					p["d"] = float64(r.IntN(3)) / 2
				} else {
					p["d"] = []string{"0.0", "0.5", "1"}[r.IntN(3)]
				}
				p["e"] = r.Float64()
				if trial%4 == 0 && e%7 == 0 {
					p["e"] = math.NaN()
				}
				if trial%3 == 0 {
					p["e"] = 0.25 // every other knob's identity decides
				}
			}
			ents.params = append(ents.params, func(sc int) game.Params { return ps[sc] })
			ents.bot = append(ents.bot, []string{"", "", "point"}[r.IntN(3)])
		}
		val, names := ents.values(knobs, 2)
		lval, ln := ents.valuesLazy(knobs, 2)
		for k := range knobs {
			for sc := range 2 {
				for _, id := range lval[k][sc] {
					ln.fill(k, id)
				}
			}
		}
		for k := range knobs {
			if !slices.Equal(names[k], ln.names[k]) {
				t.Fatalf("trial %d knob %s: texts %q, want %q", trial, knobs[k], ln.names[k], names[k])
			}
			for sc := range 2 {
				if !slices.Equal(val[k][sc], lval[k][sc]) {
					t.Fatalf("trial %d knob %s scenario %d: ids %v, want %v", trial, knobs[k], sc, lval[k][sc], val[k][sc])
				}
			}
			want, got := ents.identities(val, k, 2), ents.identitiesFast(val, k, 2)
			for sc := range 2 {
				if !slices.Equal(want[sc], got[sc]) {
					t.Fatalf("trial %d knob %s scenario %d: identities %v, want %v", trial, knobs[k], sc, got[sc], want[sc])
				}
			}
		}
	}
}
