package costs

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"tourney/internal/testspace"
	"tourney/tuner/plan"
	"tourney/tuner/study"
)

// TestCalibrateRecords: calibration with records plays and records at
// least a game per map, and leaves no temporary file behind.
func TestCalibrateRecords(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	sp, err := study.Parse("calibrate.toml", []byte("name = \"cal\"\nseed = 3\n[[scenario]]\ngame = \"groker\"\nbot = \"groker\"\nmaps = [\"standard\"]\n[params]\nfirst_bid = { values = [3, 4] }\n"))
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
	sp := testspace.Parse(t, "field.toml", testspace.Text("field", 3, "connect4", "alphabeta", `budget = { depth = 1 }
field = ["random"]
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
[tournament]
group = 2
`))
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

// A continuous search's calibration seats the points the run plays, not
// the defaults (issue 31: reversixt-spsa's θ ran to the corner (0, 0),
// where a game against the defaults costs 2.2 times the defaults' game,
// and a calibration of the defaults against themselves priced the run
// at 15.9 s of CPU where it took 29.5 s): on every round, at probe points
// spread over the box (the corners among them), a game of the search
// (two perturbed points) and a game of a probe against the defaults, on
// the same deals at every probe, the same jobs when built again.
func TestCalibrationSeatsSearchPoints(t *testing.T) {
	sp := testspace.Parse(t, "spsa.toml", testspace.Text("spsa", 3232, "reversixt", "paranoid", `maps = ["duel10"]
budget = { depth = 2 }
[params]
stones_weight   = { min = 0.0, max = 4.0 }
position_weight = { min = 0.0, max = 4.0 }
[generate]
method = "spsa"
`))
	def := sp.DefaultParams(0)
	isDef := func(p map[string]any) bool {
		return p["stones_weight"] == def["stones_weight"] && p["position_weight"] == def["position_weight"]
	}
	var pairs, againstDefaults, corner int
	for round := uint64(0); round < 4; round++ {
		next := 0
		jobs, err := calibrationJobs(sp, sp.Variants(), round, &next, false)
		if err != nil {
			t.Fatal(err)
		}
		again, err := calibrationJobs(sp, sp.Variants(), round, &next, false)
		if err != nil {
			t.Fatal(err)
		}
		seeds := map[uint64]bool{}
		for i, j := range jobs {
			seeds[j.Seed] = true
			if len(j.Seats) != 2 {
				t.Fatalf("round %d job %d: %d seats on duel10", round, i, len(j.Seats))
			}
			a, b := j.Seats[0].Params, j.Seats[1].Params
			switch {
			case !isDef(a) && !isDef(b):
				pairs++
			case isDef(a) != isDef(b):
				againstDefaults++
			}
			for _, p := range []map[string]any{a, b} {
				if p["stones_weight"] == 0.0 && p["position_weight"] == 0.0 {
					corner++
				}
			}
			if j.Seed != again[i].Seed || fmt.Sprint(a, b) != fmt.Sprint(again[i].Seats[0].Params, again[i].Seats[1].Params) {
				t.Errorf("round %d job %d: built again, it differs", round, i)
			}
		}
		if len(seeds) > 2 {
			t.Errorf("round %d: %d deals, want the search's and the final's, the same at every probe", round, len(seeds))
		}
	}
	if pairs == 0 || againstDefaults == 0 || corner == 0 {
		t.Errorf("the calibration seats %d games of two perturbed points, %d of a point against the defaults, %d seats at the corner (0, 0): want each", pairs, againstDefaults, corner)
	}
}

// Range prices a continuous search's plan at every probe (its search's
// games at the probe's search cost, the final point's and the hold-out's
// at its cost against the defaults) and gives the cheapest and the
// dearest; Estimate their mean.
func TestCalibrationRangeOverProbes(t *testing.T) {
	ms := time.Millisecond
	c := Calibration{PerGame: [][]time.Duration{{4 * ms}}, Probes: []ProbeCost{
		{Search: [][]time.Duration{{4 * ms}}, Final: [][]time.Duration{{4 * ms}}},
		{Search: [][]time.Duration{{6 * ms}}, Final: [][]time.Duration{{9 * ms}}},
	}}
	pl := plan.Plan{MinGames: 4400, MaxGames: 4400, PerMap: [][]int{{4400}}, SearchPerMap: [][]int{{3000}}, GamesPerSearch: 3000}
	lo, hi := c.Range(pl)
	if want := 4400 * 4 * ms; lo != want {
		t.Errorf("low %v, want %v", lo, want)
	}
	if want := 3000*6*ms + 1400*9*ms; hi != want {
		t.Errorf("high %v, want %v", hi, want)
	}
	if got, want := c.Estimate(pl, 2), (lo+hi)/2/2; got != want {
		t.Errorf("estimate on 2 workers %v, want %v", got, want)
	}
	// a calibration without probes: the plan's fewest games to its most
	c.Probes = nil
	pl.MinGames = 2200
	if lo, hi := c.Range(pl); lo != 2200*4*ms || hi != 4400*4*ms {
		t.Errorf("without probes: %v to %v, want %v to %v", lo, hi, 2200*4*ms, 4400*4*ms)
	}
}

// A calibration plays at least three rounds, even when one round passes
// its cap: one game a map can be a freak (reversixt-clock's duel10 game
// of 11 plies, 0.64 s of CPU where its games cost 34 s, gave an estimate
// of 1 142 s for a run of 1 830 s).
func TestCalibrationMinRounds(t *testing.T) {
	sp := testspace.Parse(t, "rounds.toml", testspace.Text("rounds", 3, "connect4", "alphabeta", `budget = { depth = 2 }
[params]
opponent_weight = { values = [0.5, 1.0] }
`))
	c, err := Calibrate(context.Background(), sp, time.Nanosecond, false)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games < minRounds {
		t.Errorf("a calibration capped at 1 ns played %d games (one map: one a round), want at least %d rounds", c.Games, minRounds)
	}
}

// TestEstimateWeighsMaps: every planned game costs its own map's time.
func TestEstimateWeighsMaps(t *testing.T) {
	pl := plan.Plan{MaxGames: 30, PerMap: [][]int{{24, 4}, {2}}}
	c := Calibration{PerGame: [][]time.Duration{{time.Second, 10 * time.Second}, {3 * time.Second}}}
	// 24·1 s + 4·10 s + 2·3 s = 70 s, on 2 workers 35 s.
	if got := c.Estimate(pl, 2); got != 35*time.Second {
		t.Errorf("estimate %v, want 35s", got)
	}
	if got := c.Estimate(pl, 0); got != 70*time.Second {
		t.Errorf("estimate with 0 workers %v, want 70s", got)
	}
}
