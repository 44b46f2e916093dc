package tuner

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"tourney/engines/game"
	"tourney/tuner/space"
)

// runOf is a finished sweep's run as writeResults sees it: the space, its
// variants and parameters, and the results directory.
func runOf(tb testing.TB, sp *space.Space, dir string) *sweepRun {
	tb.Helper()
	r := &sweepRun{s: sp, opt: RunOptions{Out: dir}, variants: sp.Variants()}
	for sc := range sp.Scenarios {
		r.defaults = append(r.defaults, sp.DefaultParams(sc))
	}
	for _, v := range r.variants {
		var row []game.Params
		for sc := range sp.Scenarios {
			p, err := sp.BotParams(sc, v)
			if err != nil {
				tb.Fatal(err)
			}
			row = append(row, p)
		}
		r.params = append(r.params, row)
	}
	return r
}

// The comparison of every knob's games after a sweep (inert.go): a
// knockout of 256 synthetic variants, eight knobs. TOURNEY_BENCH_DIR and
// TOURNEY_BENCH_SPACE name another results directory and its space.
func BenchmarkKnobPairs(b *testing.B) {
	var sp *space.Space
	dir := os.Getenv("TOURNEY_BENCH_DIR")
	if dir != "" {
		var err error
		if sp, err = space.Load(os.Getenv("TOURNEY_BENCH_SPACE")); err != nil {
			b.Fatal(err)
		}
	} else {
		params := ""
		for _, x := range []string{"x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"} {
			params += x + " = { values = [0, 1] }\n"
		}
		land, _ := filepath.Abs("../configs/synthetic/twelve.toml")
		sp = parseSpace(b, "bench.toml", spaceText("bench", 1, "synthetic", "landscape", "maps = [\""+land+"\"]\n[params]\n"+params+"[tournament]\nmax_games = 100\nbootstrap = 100\n"))
		dir = filepath.Join(b.TempDir(), "out")
		res, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, NoRecords: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%d games", res.Summary.Games)
	}
	r := runOf(b, sp, dir)
	b.ResetTimer()
	cpu := processCPU()
	for b.Loop() {
		if _, err := r.knobPairs(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/float64(b.N), "CPU-ms/op")
}
