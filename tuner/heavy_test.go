package tuner

import (
	"os"
	"testing"
)

// heavyUnderRace skips a test whose work is whole sweeps (thousands of
// games) when it runs under the race detector, which slows games five to
// tenfold: CI's second pass runs it without the detector (.ci/run names
// it, with TOURNEY_FULL=1), and the race detector still sees the sweep's
// concurrency through the shorter sweeps of the other tests. With
// TOURNEY_FULL set it runs under the detector too.
func heavyUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled && os.Getenv("TOURNEY_FULL") == "" {
		t.Skip("whole sweeps: CI runs this without the race detector (TOURNEY_FULL=1 go test -run " + t.Name() + ")")
	}
}
