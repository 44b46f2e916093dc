package sweeptest

import (
	"context"
	"path/filepath"
	"testing"

	"tourney/tuner"
	"tourney/tuner/study"
)

// Sweep runs sp quietly on workers into a new directory (opt's other
// options kept) and returns the outcome and the directory.
func Sweep(t *testing.T, sp *study.Study, workers int, opt tuner.RunOptions) (*tuner.Outcome, string) {
	t.Helper()
	opt.Out, opt.Workers, opt.Quiet = filepath.Join(t.TempDir(), "out"), workers, true
	res, err := tuner.RunSweep(context.Background(), sp, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res, opt.Out
}
