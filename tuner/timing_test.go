package tuner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/results"
	"tourney/tuner/study"
)

// timingRows checks that timing.csv of dir holds one row per game and
// seat of games.csv, exactly once and in order, and no torn row.
func timingRows(t *testing.T, dir string) {
	t.Helper()
	games, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
	timing, err := os.ReadFile(filepath.Join(dir, "timing.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for i, ln := range strings.Split(strings.TrimSuffix(string(games), "\n"), "\n") {
		if i > 0 {
			f := strings.Split(ln, ",")
			want = append(want, f[results.ColGame]+","+f[results.ColSeat])
		}
	}
	tl := strings.Split(string(timing), "\n")
	if tl[len(tl)-1] != "" {
		t.Fatalf("timing.csv ends in a torn row %q", tl[len(tl)-1])
	}
	for i, ln := range tl[:len(tl)-1] {
		f := strings.Split(ln, ",")
		if len(f) != 5 {
			t.Fatalf("timing.csv:%d: %q", i+1, ln)
		}
		if i > 0 {
			got = append(got, f[0]+","+f[1])
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("timing.csv has %d rows for the %d rows of games.csv", len(got), len(want))
	}
}

// timing.csv survives interruptions: rows reach it with games.csv's, and
// a resume repairs what a kill left (a torn row, rows of games that
// games.csv does not have).
func TestTimingSurvivesResume(t *testing.T) {
	text := testspace.Text("timing", 3, "synthetic", "fixed", `[params]
label = { values = [1, 2, 3, 4] }
[tournament]
format = "race"
max_games = 200
bootstrap = 100
`)
	sp, err := study.Parse("timing.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	stops := []int{7, 30, 31, 90}
	for i, stop := range stops {
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: i > 0, Workers: 2, Quiet: true, StopAfter: stop})
		if !errors.Is(err, results.ErrStopped) {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		timingRows(t, dir)
		// what a kill between the two writes, or in the middle of one,
		// leaves: rows of a game games.csv does not have, half a row
		f, _ := os.OpenFile(filepath.Join(dir, "timing.csv"), os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(strconv.Itoa(stop) + ",0,1.000,4,\n" + strconv.Itoa(stop) + ",1,0.9")
		f.Close()
	}
	if _, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Workers: 2, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	timingRows(t, dir)
}
