package speed_test

import (
	"context"
	"testing"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/engines/speed"
)

// TestArena plays random bots through the arena on every built-in map.
func TestArena(t *testing.T) {
	g := speed.Game{}
	for _, name := range g.Maps() {
		m, err := g.LoadMap(name)
		if err != nil {
			t.Fatal(err)
		}
		seats := make([]arena.Entrant, m.Players())
		for i := range seats {
			seats[i] = arena.Entrant{ID: "random", Spec: game.RandomSpec(), Params: game.Params{}}
		}
		for seed := uint64(0); seed < 5; seed++ {
			r, err := arena.Play(context.Background(), &arena.Job{Game: g, Map: m, Seed: seed, Seats: seats}, arena.Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if r.Forfeit != -1 || len(r.Ranks) != m.Players() || r.Plies < 1 {
				t.Errorf("%s seed %d: forfeit %d ranks %v plies %d (%s)", name, seed, r.Forfeit, r.Ranks, r.Plies, r.Detail)
			}
			best := 0
			for p, rk := range r.Ranks {
				if rk == 1 {
					best++
					// The winner survived every round; with no winner the
					// last crash was in the final round.
					if s := r.Scores[p]; s != float64(r.Plies) && s != float64(r.Plies-1) {
						t.Errorf("%s seed %d: rank-1 seat %d scores %v after %d rounds", name, seed, p, r.Scores[p], r.Plies)
					}
				}
			}
			if best == 0 {
				t.Errorf("%s seed %d: nobody ranked first: %v", name, seed, r.Ranks)
			}
		}
	}
}
