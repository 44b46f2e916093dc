package arena

import (
	"context"
	"testing"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// BenchmarkRandomGames measures the arena's throughput with two random
// bots on Connect Four (games/s on all workers).
func BenchmarkRandomGames(b *testing.B) {
	seats := func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }
	jobs := c4Jobs(b.N, seats, game.Budget{})
	b.ResetTimer()
	if err := Run(context.Background(), jobs, Options{}, func(*Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func depth7Entrant(b *testing.B) Entrant {
	spec := connect4.AlphaBetaSpec()
	p, err := spec.Resolve(map[string]any{"depth": 7})
	if err != nil {
		b.Fatal(err)
	}
	return Entrant{ID: "d7", Spec: spec, Params: p}
}

// BenchmarkDepth7Direct plays whole depth-7 Connect Four games with a bare
// loop (no arena): the reference for the arena's overhead.
func BenchmarkDepth7Direct(b *testing.B) {
	e := depth7Entrant(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		seed := game.Mix(11, uint64(i%4))
		bots := [2]game.Bot{}
		for j := range bots {
			bots[j], _ = e.Spec.New(e.Params)
			bots[j].Reset(game.Mix(seed, uint64(j)+1))
		}
		s := connect4.NewState()
		for !s.Over() {
			a, err := bots[s.ToMove()].Step(ctx, s.Clone(), s.ToMove(), game.Budget{})
			if err != nil {
				b.Fatal(err)
			}
			s.Apply(a)
		}
	}
}

// BenchmarkDepth7Arena plays the same games through Run on one worker;
// its time per game minus BenchmarkDepth7Direct's is the arena's overhead.
func BenchmarkDepth7Arena(b *testing.B) {
	e := depth7Entrant(b)
	g := connect4.Game{}
	m, _ := g.LoadMap("standard")
	jobs := make([]Job, b.N)
	for i := range jobs {
		jobs[i] = Job{Game: g, Map: m, Seed: game.Mix(11, uint64(i%4)), Seats: []Entrant{e, e}}
	}
	b.ResetTimer()
	if err := Run(context.Background(), jobs, Options{Workers: 1}, func(*Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
}
