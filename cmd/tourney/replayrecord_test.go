package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/records"
)

// replay RESULTS_DIR --record writes the move records a sweep run with
// --records none left out, checks every game against games.csv, and says
// which games differ (exit 1) once a row is changed.
func TestReplayRecordDir(t *testing.T) {
	dir := t.TempDir()
	space := writeFile(t, dir, "c4.toml", testspace.Text("c4rec", 3, "connect4", "alphabeta",
		"budget = { depth = 1 }\n[params]\nopponent_weight = { values = [0.5, 2.0] }\n[tournament]\nformat = \"race\"\nmax_games = 8\n"))
	out := filepath.Join(dir, "out")
	if code, _, stderr := tourney(t, "sweep", space, "--quiet", "--workers", "1", "--records", "none", "--out", out); code != 0 {
		t.Fatalf("sweep: exit %d %s", code, stderr)
	}
	recs := filepath.Join(out, records.FileName)
	if _, err := os.Stat(recs); err == nil {
		t.Fatal("--records none wrote records")
	}
	if code, _, _ := tourney(t, "replay", out, "--record", "--game", "0"); code != 2 {
		t.Fatalf("--record with --game: exit %d, want 2", code)
	}
	code, stdout, stderr := tourney(t, "replay", out, "--record", "--workers", "2")
	if code != 0 || !strings.Contains(stdout, "games played again") {
		t.Fatalf("replay --record: exit %d %q %q", code, stdout, stderr)
	}
	if _, err := os.Stat(recs); err != nil {
		t.Fatalf("no records after --record: %v", err)
	}
	// the records now check game 0 move for move
	if code, stdout, stderr = tourney(t, "replay", out, "--game", "0"); code != 0 || !strings.Contains(stdout, "moves)") {
		t.Fatalf("replay --game 0 after --record: exit %d %q %q", code, stdout, stderr)
	}
	// a changed row is a game that differs
	csvPath := filepath.Join(out, "games.csv")
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	head := strings.Split(lines[0], ",")
	plies := -1
	for i, h := range head {
		if h == "plies" {
			plies = i
		}
	}
	if plies < 0 {
		t.Fatalf("no plies column in %q", lines[0])
	}
	row := strings.Split(lines[1], ",")
	row[plies] = "999"
	lines[1] = strings.Join(row, ",")
	if err := os.WriteFile(csvPath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = tourney(t, "replay", out, "--record")
	if code != 1 || !strings.Contains(stderr, "differ from games.csv") {
		t.Fatalf("replay --record of a changed row: exit %d %q", code, stderr)
	}
}
