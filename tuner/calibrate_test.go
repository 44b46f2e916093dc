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
