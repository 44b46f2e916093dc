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

// Calibration plays the field's tables too: one variant against each
// field bot, the bot in every other seat, as a block seats it, and
// weighs them as the first round's blocks do (speed-risk: its field's
// games are four in five, and seating the tuned bot everywhere
// estimated 1 519 s of CPU for a run of 675 s; now 642 s).
func TestCalibrationSeatsTheField(t *testing.T) {
	sp := parseSpace(t, "field.toml", `name = "field"
seed = 3
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 1 }
field = ["random"]
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
[tournament]
group = 2
`)
	next := 0
	jobs, err := calibrationJobs(sp, sp.Variants(), 0, &next, false)
	if err != nil || len(jobs) != 2 {
		t.Fatalf("%d jobs (want the variants' table and the field's), %v", len(jobs), err)
	}
	if f := jobs[1].Seats; f[0].ID != "default" || f[1].ID != "field:random" || jobs[1].Meta != [3]int{0, 0, 1} {
		t.Errorf("the field's table seats %s, %s (meta %v)", f[0].ID, f[1].ID, jobs[1].Meta)
	}
	for _, c := range []struct {
		format       string
		group, p, f  int
		wantV, wantF float64
	}{
		{"knockout", 2, 2, 2, 1, 4}, // speed-risk on two seats
		{"knockout", 3, 2, 1, 3, 3}, // a group of 3 on two seats: a round robin
		{"race", 0, 2, 1, 3, 3},     // 3 variants race: a round robin
		{"race", 0, 4, 1, 1, 3},     // one table of 3 on four seats
		{"knockout", 2, 2, 0, 1, 0}, // no field
	} {
		s := *sp
		s.Tournament.Format, s.Tournament.Group = c.format, c.group
		if v, f := tableMix(&s, c.p, c.f); v != c.wantV || f != c.wantF {
			t.Errorf("%s group %d, %d seats, %d field bots: %g and %g tables, want %g and %g", c.format, c.group, c.p, c.f, v, f, c.wantV, c.wantF)
		}
	}
}
