package tuner

import (
	"context"
	"time"

	"tourney/arena"
	"tourney/engines/game"
)

// Calibrate plays games of the default configuration against itself on
// every scenario and map, in turn, until limit has passed (at least one
// game per map), and returns the mean wall-clock time of a game. It is
// what `validate` bases its time estimate on.
func Calibrate(ctx context.Context, s *Space, limit time.Duration) (time.Duration, int, error) {
	start := time.Now()
	var total time.Duration
	n := 0
	for round := uint64(0); ; round++ {
		for si, sc := range s.Scenarios {
			for mi, m := range sc.Maps {
				seats := make([]arena.Entrant, m.Players())
				for j := range seats {
					seats[j] = arena.Entrant{ID: "default", Spec: sc.Bot, Params: s.DefaultParams(si)}
				}
				job := arena.Job{Game: sc.Game, Map: m, Seed: game.Mix(s.Seed, 0xca11, round, uint64(si), uint64(mi)), Seats: seats, Budget: sc.Budget}
				r, err := arena.Play(ctx, &job, arena.Options{})
				if err != nil {
					return 0, n, err
				}
				total += r.Elapsed
				n++
			}
		}
		if time.Since(start) >= limit {
			return total / time.Duration(n), n, nil
		}
	}
}
