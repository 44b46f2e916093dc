//go:build unix

package tuner

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"tourney/engines/synthetic"
	"tourney/tuner/costs"
)

// BenchmarkSyntheticSweep is the cost of one full sweep of a continuous
// method on a synthetic landscape at the shipped defaults (what
// TestDrawnNulls plays 2·n times): search, final point, hold-out rung and
// the results' files, two workers. It reports wall and CPU time a sweep
// (on a shared machine CPU time is the figure) and the games a sweep.
//
//	go test ./tuner/ -run '^$' -bench SyntheticSweep -benchtime 3x
func BenchmarkSyntheticSweep(b *testing.B) {
	for _, c := range []struct {
		family, method string
		draw           func(uint64, bool) *synthetic.Drawn
	}{{"ridges", "spsa", synthetic.DrawRidges}, {"ridges", "cmaes", synthetic.DrawRidges},
		{"drawn", "spsa", synthetic.DrawLandscape}} {
		b.Run(c.family+"-"+c.method, func(b *testing.B) {
			sp := drawnSweepSpace(b, c.draw(1001, true), c.method, "")
			var wall, cpu time.Duration
			games := 0
			for i := 0; i < b.N; i++ {
				out := filepath.Join(b.TempDir(), "out")
				w0, c0 := time.Now(), costs.ProcessCPU()
				res, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true})
				if err != nil {
					b.Fatal(err)
				}
				wall += time.Since(w0)
				cpu += costs.ProcessCPU() - c0
				games += res.Summary.Games
			}
			n := float64(b.N)
			b.ReportMetric(float64(games)/n, "games/sweep")
			b.ReportMetric(wall.Seconds()*1e3/n, "wall-ms/sweep")
			b.ReportMetric(cpu.Seconds()*1e3/n, "cpu-ms/sweep")
			b.ReportMetric(cpu.Seconds()*1e9/float64(games), "cpu-ns/game")
		})
	}
}
