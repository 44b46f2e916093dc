package arena

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// The ReversiXT report's study (configs/reversixt-study.toml): paranoid
// variants at depth 3 on five maps of 2 to 8 players, two opening plies.
var studyMaps = []string{"duel10", "tri13", "example15", "cross14", "octo20"}

// studyJobs returns n games on map name, each seat a variant of the
// study's twelve parameters (two values each, drawn from the game index).
func studyJobs(b *testing.B, name string, n, depth int) []Job {
	g := reversixt.Game{}
	m := mustMap(b, g, name)
	spec := reversixt.ParanoidSpec()
	two := []struct {
		name string
		v    [2]any
	}{
		{reversixt.ParamAspiration, [2]any{true, false}},
		{reversixt.ParamAspirationWidth, [2]any{10, 50}},
		{reversixt.ParamAspirationFactor, [2]any{0.5, 2.0}},
		{reversixt.ParamDeepeningStart, [2]any{0.3, 0.7}},
		{reversixt.ParamDeepeningJump, [2]any{1, 2}},
		{reversixt.ParamPlayerDistance, [2]any{8, 32}},
		{reversixt.ParamBonusBombWeight, [2]any{0.5, 2.0}},
		{reversixt.ParamBonusOverwriteWeight, [2]any{0.5, 2.0}},
		{reversixt.ParamChoiceWeight, [2]any{0.5, 2.0}},
		{reversixt.ParamPositionWeight, [2]any{0.5, 2.0}},
		{reversixt.ParamStonesWeight, [2]any{0.5, 2.0}},
		{reversixt.ParamBreakEven, [2]any{0.3, 0.7}},
	}
	jobs := make([]Job, n)
	for i := range jobs {
		seats := make([]Entrant, m.Players())
		for k := range seats {
			variant := game.Mix(uint64(i), uint64(k)) // which value of each parameter
			v := map[string]any{}
			for j, p := range two {
				v[p.name] = p.v[variant>>j&1]
			}
			params, err := spec.Resolve(v)
			if err != nil {
				b.Fatal(err)
			}
			seats[k] = Entrant{ID: fmt.Sprint(k), Spec: spec, Params: params}
		}
		jobs[i] = Job{Game: g, Map: m, Seed: game.Mix(4096, uint64(i)), Seats: seats,
			Budget: game.Budget{Depth: depth}, OpeningPlies: 2}
	}
	return jobs
}

// BenchmarkStudyGames plays whole games of the study's setup on one
// worker, per map: games/s (wall and per CPU second of the process).
func BenchmarkStudyGames(b *testing.B) {
	for _, name := range studyMaps {
		b.Run(name, func(b *testing.B) {
			jobs := studyJobs(b, name, b.N, 3)
			b.ResetTimer()
			cpu0 := cpuTime()
			if err := Run(context.Background(), jobs, Options{Workers: 1}, func(*Result) error { return nil }); err != nil {
				b.Fatal(err)
			}
			reportGames(b, float64(b.N), cpuTime()-cpu0)
		})
	}
}

// BenchmarkSweepWorkers plays sweeps with 1 and 2 workers: a cheap
// many-variant sweep (depth 1 on duel10, 64 games per iteration, every
// game a new pair of variants: the arena's own overhead shows) and the
// study's games (depth 3 on duel10, 4 games per iteration). The ratio of
// the games/s of 2 and 1 workers is the scaling (meaningful on an idle
// machine only; games per CPU second shows the work itself).
//
//	go test ./arena/ -run '^$' -bench SweepWorkers -benchtime 20x -count 3
func BenchmarkSweepWorkers(b *testing.B) {
	for _, c := range []struct{ depth, games int }{{1, 64}, {3, 4}} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("depth=%d/workers=%d", c.depth, w), func(b *testing.B) {
				if w > runtime.GOMAXPROCS(0) {
					b.Skipf("GOMAXPROCS %d", runtime.GOMAXPROCS(0))
				}
				jobs := studyJobs(b, "duel10", c.games*b.N, c.depth)
				b.ResetTimer()
				cpu0 := cpuTime()
				if err := Run(context.Background(), jobs, Options{Workers: w}, func(*Result) error { return nil }); err != nil {
					b.Fatal(err)
				}
				reportGames(b, float64(len(jobs)), cpuTime()-cpu0)
			})
		}
	}
}

func reportGames(b *testing.B, n float64, cpu time.Duration) {
	b.ReportMetric(n/b.Elapsed().Seconds(), "games/s")
	if cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), "games/cpu-s")
	}
}
