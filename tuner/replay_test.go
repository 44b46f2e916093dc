package tuner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/internal/testspace"
	"tourney/tuner/records"
	"tourney/tuner/replay"
	"tourney/tuner/results"
)

// Exact replay on multi-player sweeps (scripts/replay-check.sh does 100
// random games of bigger ones): every game of a 4-player ReversiXT sweep
// and of a 6-player Spe_ed sweep, each with a field bot, is played again
// by replay.Game from the results directory and matches its record move
// for move and its games.csv rows.
func TestReplayGameMultiPlayer(t *testing.T) {
	heavyUnderRace(t)
	if testing.Short() {
		t.Skip("plays two sweeps twice")
	}
	spaces := map[string]string{"reversixt cross14": testspace.Text("rx4-replay", 404, "reversixt", "paranoid", `maps = ["cross14"]
budget = { nodes = 40 }
opening_plies = 2
field = ["trivial"]
[params]
choice_weight = { values = [0.0, 3.0] }
[tournament]
group = 4
advance = 1
min_blocks = 1
max_games = 4
`), "speed 6 players": testspace.Text("speed6-replay", 606, "speed", "risk", `maps = ["speed-6p-30x30"]
budget = { depth = 1 }
field = ["random"]
[params]
opp_risk = { values = [2.0, 10.0] }
[tournament]
group = 6
advance = 1
min_blocks = 1
max_games = 6
holdout = false # 48 six-seat games more; cross14's hold-out is replayed
`)}
	for name, text := range spaces {
		t0 := time.Now()
		_, dir := runSpace(t, writeSpace(t, text), 2, RunOptions{})
		t.Logf("%s: sweep %s", name, time.Since(t0).Round(time.Millisecond))
		games, err := results.ReadDirGames(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 {
			t.Fatalf("%s: no games", name)
		}
		first := 12
		if raceEnabled {
			first = 4
		}
		t0 = time.Now()
		for i, g := range games {
			// the tournament's first games and the last (the winner's
			// hold-out rung): every game would take minutes under -race
			if i >= first && i != len(games)-1 {
				continue
			}
			res, diff, err := replay.Game(context.Background(), dir, g.Index)
			if err != nil {
				t.Fatal(err)
			}
			if diff != "" {
				t.Errorf("%s: %s", name, diff)
			}
			if len(res.Moves) == 0 {
				t.Errorf("%s: game %d replayed without moves", name, g.Index)
			}
		}
		t.Logf("%s: %d games, the first %d and the last reproduced (%s)", name, len(games), first, time.Since(t0).Round(time.Millisecond))
	}
}

var rxSpace = testspace.Text("rx3", 303, "reversixt", "paranoid", `maps = ["gen-3p-11x11-h30:1"]
budget = { depth = 1 }
opening_plies = 2
field = ["trivial"]
[base]
multi_search = "paranoid" # the depth-1 alpha-beta: cheap games (replays of mcts: TestOtherDesignsReplay)
[params]
choice_weight = { values = [0.0, 3.0] }
[tournament]
group = 2
advance = 1
games = 3
max_games = 27
`)

// A sweep's games played again from its directory match games.csv game
// for game and leave a records file with one record per game; a changed
// row is reported.
func TestRecordDir(t *testing.T) {
	_, dir := runSpace(t, writeSpace(t, rxSpace), 2, RunOptions{})
	games, err := results.ReadDirGames(dir)
	if err != nil {
		t.Fatal(err)
	}
	n, mm, err := replay.Record(context.Background(), dir, 2, nil)
	if err != nil || len(mm) != 0 || n != len(games) || n == 0 {
		t.Fatalf("played %d of %d, mismatches %v, err %v", n, len(games), mm, err)
	}
	recs, err := records.Read(filepath.Join(dir, records.FileName))
	if err != nil || len(recs) != n {
		t.Fatalf("%d records (%v), want %d", len(recs), err, n)
	}
	for i, r := range recs {
		if r.Index != games[i].Index || len(r.Seats) != 3 || r.Seats[0].ID != games[i].Seats[0] {
			t.Fatalf("record %d: game %d seats %+v, games.csv %+v", i, r.Index, r.Seats, games[i])
		}
		if _, err := r.Replay(dir, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Change one score in games.csv: that game no longer matches.
	path := filepath.Join(dir, "games.csv")
	data, _ := os.ReadFile(path)
	lines := strings.Split(string(data), "\n")
	f := strings.Split(lines[1], ",")
	col := -1
	for i, h := range strings.Split(lines[0], ",") {
		if h == "plies" {
			col = i
		}
	}
	f[col] = "9999"
	lines[1] = strings.Join(f, ",")
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	_, mm, err = replay.Record(context.Background(), dir, 2, func(i int) bool { return i < 2 })
	if err != nil || len(mm) != 1 || !strings.Contains(mm[0], "game 0 ") {
		t.Fatalf("mismatches %q, err %v", mm, err)
	}
}
