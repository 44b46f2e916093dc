//go:build unix

package tuner

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"tourney/tuner/costs"
)

// BenchmarkSweepRecords is the cost of game records on a whole sweep
// (issue 14: at most 10 % on Connect Four at depth 7): every iteration
// runs the same 20-game sweep (one worker) with records and with
// RunOptions.NoRecords, in alternating order, so that both see the same
// machine load; it reports wall and CPU time of each and their ratios.
//
//	go test ./tuner/ -run '^$' -bench SweepRecords -benchtime 10x
func BenchmarkSweepRecords(b *testing.B) {
	sp := parseSpace(b, "c4.toml", c4Pairs("c4-depth7", 77, 7, 4, 10, 20))
	var wall, cpu [2]time.Duration // [0] records on, [1] off
	games := 0
	for i := 0; i < b.N; i++ {
		for k := range 2 {
			off := (i+k)%2 == 1
			out := filepath.Join(b.TempDir(), "out")
			w0, c0 := time.Now(), costs.ProcessCPU()
			res, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 1, Quiet: true, NoRecords: off})
			if err != nil {
				b.Fatal(err)
			}
			j := 0
			if off {
				j = 1
			}
			wall[j] += time.Since(w0)
			cpu[j] += costs.ProcessCPU() - c0
			if !off {
				games += res.Summary.Games
			}
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(games)/n, "games/sweep")
	b.ReportMetric(wall[0].Seconds()*1e3/n, "on-wall-ms/sweep")
	b.ReportMetric(wall[1].Seconds()*1e3/n, "off-wall-ms/sweep")
	b.ReportMetric(cpu[0].Seconds()*1e3/n, "on-cpu-ms/sweep")
	b.ReportMetric(cpu[1].Seconds()*1e3/n, "off-cpu-ms/sweep")
	b.ReportMetric(wall[0].Seconds()/wall[1].Seconds(), "wall-ratio")
	b.ReportMetric(cpu[0].Seconds()/cpu[1].Seconds(), "cpu-ratio")
}
