package groker_test

import (
	"context"
	"testing"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/engines/groker"
)

// BenchmarkArenaGroker measures the arena's throughput on Groker: two
// instant bots (constant 5 against constant 5) play full 200-round games
// through arena.Run on all CPUs. Reported as games/s.
func BenchmarkArenaGroker(b *testing.B) {
	a := entrant(b, "constant", nil)
	jobs := matchJobs(a, a, "standard", b.N, 1)
	b.ReportAllocs()
	b.ResetTimer()
	rounds := 0
	err := arena.Run(context.Background(), jobs, arena.Options{}, func(r *arena.Result) error {
		rounds += r.Plies
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if rounds != 200*b.N {
		b.Fatalf("%d rounds in %d games", rounds, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDirectGroker plays the same games with a bare loop (no arena,
// no clones, no legality check): the engine's and bots' own share.
func BenchmarkDirectGroker(b *testing.B) {
	spec := groker.ConstantSpec()
	ctx := context.Background()
	bots := [2]game.Bot{}
	for i := range bots {
		bots[i], _ = spec.New(spec.Defaults())
	}
	joint := make([]game.Action, 2)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := groker.NewState(groker.Standard)
		for p := range bots {
			bots[p].Reset(game.Mix(uint64(i), uint64(p)))
		}
		for !s.IsTerminal() {
			for p := range bots {
				joint[p], _ = bots[p].Step(ctx, s, p, game.Budget{})
			}
			s.ApplyJoint(joint)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkAIGame: one game of the default Groker AI against uniform 1..10
// through the arena on one worker (the cost of the AI's O(n²) search).
func BenchmarkAIGame(b *testing.B) {
	jobs := matchJobs(entrant(b, "groker", nil), entrant(b, "uniform", nil), "standard", b.N, 2)
	b.ResetTimer()
	if err := arena.Run(context.Background(), jobs, arena.Options{Workers: 1}, func(*arena.Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
}
