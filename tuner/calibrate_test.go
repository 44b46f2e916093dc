package tuner

import (
	"context"
	"os"
	"testing"
	"time"

	"tourney/tuner/space"
)

// TestCalibrateRecords: calibration with records plays and records at
// least a game per map, and leaves no temporary file behind.
func TestCalibrateRecords(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	sp, err := space.Parse("calibrate.toml", []byte("name = \"cal\"\nseed = 3\n[[scenario]]\ngame = \"groker\"\nbot = \"groker\"\nmaps = [\"standard\"]\n[params]\nfirst_bid = { values = [3, 4] }\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range []bool{false, true} {
		cal, err := Calibrate(context.Background(), sp, time.Millisecond, rec)
		if err != nil {
			t.Fatal(err)
		}
		if cal.Games < 1 || cal.PerGame[0][0] <= 0 {
			t.Errorf("records %v: %d games, %v a game", rec, cal.Games, cal.PerGame[0][0])
		}
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind: %s", e.Name())
	}
}

// A calibration stops once the mean cost of a round is known to a tenth
// (and at least three rounds are in): games of varying cost (Spe_ed's
// random boards) play more rounds than games of one cost.
func TestCalibrationSettled(t *testing.T) {
	for _, c := range []struct {
		x    []float64
		want bool
	}{
		{[]float64{1, 1}, false},                   // too few rounds
		{[]float64{1, 1.05, 0.95}, true},           // 3 % standard error
		{[]float64{0.2, 3, 0.4}, false},            // random boards: 75 %
		{[]float64{0.2, 3, 0.4, 1, 0.8, 2}, false}, // still 40 %
		{[]float64{0, 0, 0}, false},                // nothing timed
	} {
		if got := settled(c.x); got != c.want {
			t.Errorf("settled(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}
