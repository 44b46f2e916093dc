package results_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner"
	"tourney/tuner/costs"
	"tourney/tuner/results"
	"tourney/tuner/study"
)

// The comparison of every knob's games after a sweep (inert.go): a
// knockout of 256 synthetic variants, eight knobs. TOURNEY_BENCH_DIR and
// TOURNEY_BENCH_SPACE name another results directory and its space.
func BenchmarkKnobPairs(b *testing.B) {
	var sp *study.Study
	dir := os.Getenv("TOURNEY_BENCH_DIR")
	if dir != "" {
		var err error
		if sp, err = study.Load(os.Getenv("TOURNEY_BENCH_SPACE")); err != nil {
			b.Fatal(err)
		}
	} else {
		params := ""
		for _, x := range []string{"x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"} {
			params += x + " = { values = [0, 1] }\n"
		}
		land, _ := filepath.Abs("../configs/synthetic/twelve.toml")
		sp = testspace.Parse(b, "bench.toml", testspace.Text("bench", 1, "synthetic", "landscape", "maps = [\""+land+"\"]\n[params]\n"+params+"[tournament]\nmax_games = 100\nbootstrap = 100\n"))
		dir = filepath.Join(b.TempDir(), "out")
		res, err := tuner.RunSweep(context.Background(), sp, tuner.RunOptions{Out: dir, Workers: 2, Quiet: true, NoRecords: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%d games", res.Summary.Games)
	}
	b.ResetTimer()
	cpu := costs.ProcessCPU()
	for b.Loop() {
		if _, err := results.KnobPairsOf(sp, dir); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((costs.ProcessCPU()-cpu).Milliseconds())/float64(b.N), "CPU-ms/op")
}
