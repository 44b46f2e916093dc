package tuner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/records"
	"tourney/tuner/replay"
	"tourney/tuner/results"
)

var rxSpace = testspace.Text("rx3", 303, "reversixt", "paranoid", `maps = ["gen-3p-11x11-h30:1"]
budget = { depth = 1 }
opening_plies = 2
field = ["trivial"]
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
