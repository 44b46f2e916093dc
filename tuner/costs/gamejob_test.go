package costs_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"tourney/arena"
	"tourney/internal/testspace"
	"tourney/tuner"
	"tourney/tuner/costs"
	"tourney/tuner/internal/sweeptest"
	"tourney/tuner/replay"
	"tourney/tuner/results"
)

// c4MapClockSpace plays under a banked node clock whose rate is given per
// map (a table: the scenario's own budget then has no rate) and from
// random openings: what a calibration or a re-recording must reproduce.
var c4MapClockSpace = testspace.Text("c4-map-clock", 17, "connect4", "alphabeta", `budget = { time = "20ms", node_rate = { standard = 400000 }, bank = true }
opening_plies = 4
[base]
depth = 20
[params]
aspiration = { values = [false, true] }
[tournament]
format = "knockout"
group = 2
min_blocks = 2
max_games = 4
holdout = false
`)

// TestJobsPlayTheSweepsGames: a calibration game (what validate's
// estimate and a CPU budget's plan rest on) and a re-recorded game are
// the sweep's game for the same deal, move for move: the same budget
// (the map's node rate, the bank) and the same opening. Before, the
// calibration played no opening, and a re-recording played the bank on
// the wall clock (the scenario's budget without the map's rate).
func TestJobsPlayTheSweepsGames(t *testing.T) {
	sp := testspace.Parse(t, "c4mapclock.toml", c4MapClockSpace)
	_, dir := sweeptest.Sweep(t, sp, 1, tuner.RunOptions{})
	tab, err := results.ReadTable(dir + "/games.csv")
	if err != nil {
		t.Fatal(err)
	}
	type seatRow struct{ variant, nodes string }
	type sweepGame struct {
		seats      []seatRow
		plies, sum string
	}
	bySeed := map[string]*sweepGame{}
	for _, row := range tab.Rows {
		k := tab.Get(row, "seed") + "/" + tab.Get(row, "game")
		g := bySeed[k]
		if g == nil {
			g = &sweepGame{plies: tab.Get(row, "plies"), sum: tab.Get(row, "game_hash")}
			bySeed[k] = g
		}
		g.seats = append(g.seats, seatRow{tab.Get(row, "variant"), tab.Get(row, "nodes")})
	}

	t.Run("calibration", func(t *testing.T) {
		next := 0
		jobs, err := costs.CalibrationJobs(sp, sp.Variants(), 0, &next, false)
		if err != nil || len(jobs) != 1 {
			t.Fatalf("%d jobs, %v", len(jobs), err)
		}
		// the calibration seats the candidates 0 and 1; play its job on
		// the deal of each sweep game with them in these seats
		compared := 0
		for k, g := range bySeed {
			if g.seats[0].variant != "0" || g.seats[1].variant != "1" {
				continue
			}
			job := jobs[0]
			job.Seed, _ = strconv.ParseUint(strings.Split(k, "/")[0], 10, 64)
			r, err := arena.Play(context.Background(), &job, arena.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := sweepGame{plies: strconv.Itoa(r.Plies), sum: strconv.FormatUint(r.Print, 10)}
			for s := range r.SeatSearch {
				got.seats = append(got.seats, seatRow{g.seats[s].variant, strconv.FormatInt(r.SeatSearch[s].Nodes, 10)})
			}
			if got.sum != g.sum || got.plies != g.plies || got.seats[0] != g.seats[0] || got.seats[1] != g.seats[1] {
				t.Errorf("deal %s: the calibration played %+v, the sweep %+v", k, got, *g)
			}
			compared++
		}
		if compared == 0 {
			t.Fatalf("no sweep game seats variants 0 and 1 in that order: %v", bySeed)
		}
	})
	t.Run("rerecord", func(t *testing.T) {
		n, mm, err := replay.Record(context.Background(), dir, 1, nil)
		if err != nil || len(mm) != 0 || n != len(bySeed) {
			t.Fatalf("played %d of %d, mismatches %v, err %v", n, len(bySeed), mm, err)
		}
	})
}
