package tuner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"tourney/tuner/confirm"
	"tourney/tuner/results"
)

// The staged procedure on the synthetic game: elo decides, label does
// not. Stage 1 keeps the two best elo values (100 and 50), stage 2 plays
// their product with label's two kept values, stage 3 races the finalists
// against the defaults; the run's winner plays elo = 100. It is one
// sweep: the same bytes at 1 and 2 workers, one games.csv whose games the
// summary counts.
func TestStaged(t *testing.T) {
	sp := parseSpace(t, "staged.toml", fixedSpace("staged", 4, `elo = { values = [-100, -50, 50, 100] }
label = { values = [1, 2, 3] }
[generate]
method = "staged"
[tournament]
format = "race"
bootstrap = 200
`))
	// the generated variants are stage 1's: each parameter alone with the
	// defaults
	if n := len(sp.Variants()); n != 1+4+3 {
		t.Fatalf("%d stage-1 variants, want 8", n)
	}
	var dirs []string
	var res *Outcome
	for _, w := range []int{2, 1} {
		out, dir := sweepSpace(t, sp, w, RunOptions{NoRecords: true})
		dirs = append(dirs, dir)
		if res == nil {
			res = out
		}
	}
	dir := dirs[0]
	for _, f := range stagedFiles {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, _ := os.ReadFile(filepath.Join(dirs[1], f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between 2 workers and 1", f)
		}
	}
	rows := readCSV(t, filepath.Join(dir, "stages.csv"))
	if len(rows) != 1+2+2 || rows[1][0] != "1" || rows[1][1] != "elo" || rows[1][3] != "100.0 50.0" || rows[3][0] != "2" || rows[4][0] != "3" {
		t.Fatalf("stages.csv %v", rows)
	}
	// stage 2: the product of 2 × 2 kept values, and the defaults
	if v := strings.Fields(rows[3][4]); len(v) != 1+4 || v[0] != "0" {
		t.Errorf("stage 2 plays variants %v, want the defaults and 4", v)
	}
	// stage 3: the defaults and the finalists, stage 2's winner first
	fins := strings.Fields(rows[3][3])
	if v := strings.Fields(rows[4][4]); len(fins) == 0 || len(fins) > 7 || len(v) != 1+len(fins) {
		t.Errorf("stage 3 plays %v for finalists %v", v, fins)
	}
	if rows[4][3] != strconv.Itoa(res.Winner) {
		t.Errorf("stages.csv's winner %s, the sweep's %d", rows[4][3], res.Winner)
	}
	w, _ := os.ReadFile(filepath.Join(dir, "winner.toml"))
	if !strings.Contains(string(w), "elo = 100.0") {
		t.Errorf("winner.toml:\n%s", w)
	}
	if !res.Verdict.Better {
		t.Errorf("verdict %q: a variant 100 Elo above the defaults", res.Verdict.Text)
	}
	if vs := readCSV(t, filepath.Join(dir, "variants.csv")); len(vs)-1 != res.Summary.Variants || res.Summary.Variants < 8+4+len(fins) {
		t.Errorf("variants.csv has %d rows, the summary %d variants", len(vs)-1, res.Summary.Variants)
	}
	if n := distinctGames(t, dir); res.Summary.Games != n || res.Summary.Format != "staged" {
		t.Errorf("summary: %d games (%s), games.csv %d", res.Summary.Games, res.Summary.Format, n)
	}
	// no stage directories: one results directory
	if ents, _ := filepath.Glob(filepath.Join(dir, "stage[0-9]*")); len(ents) > 0 {
		t.Errorf("stage directories %v", ents)
	}
}

// stagedFiles are the files of a staged sweep that must not depend on
// the workers or on interruptions (timing.csv and summary.json hold
// wall-clock values).
var stagedFiles = []string{"space.toml", "stages.csv", "games.csv", "variants.csv", "ratings.csv", "bracket.csv",
	"effects.csv", "winner.toml"}

// distinctGames counts the distinct game numbers of games.csv.
func distinctGames(t *testing.T, dir string) int {
	t.Helper()
	seen := map[string]bool{}
	for _, row := range readCSV(t, filepath.Join(dir, "games.csv"))[1:] {
		seen[row[0]] = true
	}
	return len(seen)
}

// confirm = true plays the winner against the defaults on fresh seeds:
// the GSPRT accepts a variant 100 Elo stronger, and rejects none in a
// space of equals (where the sweep itself claims nothing).
func TestConfirm(t *testing.T) {
	sp := parseSpace(t, "confirm.toml", fixedSpace("confirm", 9, `elo = { values = [-50, 100] }
[tournament]
format = "race"
bootstrap = 200
confirm = true
confirm_games = 2000
`))
	res, dir := sweepSpace(t, sp, 2, RunOptions{})
	cf := res.Verdict.Confirm
	if cf == nil || cf.State != "H1" || !res.Verdict.Better || !strings.Contains(res.Verdict.Text, "confirmed") {
		t.Fatalf("confirmation %+v, verdict %q", cf, res.Verdict.Text)
	}
	if _, err := os.Stat(filepath.Join(dir, "confirm", "games.csv")); err != nil {
		t.Error(err)
	}
	sum, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if !strings.Contains(string(sum), `"confirmation"`) {
		t.Error("summary.json has no confirmation")
	}
	// confirming again from the directory (tourney confirm) says the same
	cf2, _, err := confirm.Dir(t.Context(), sp, dir+"2", confirm.Options{Workers: 2, Quiet: true})
	if err == nil || cf2 != nil {
		t.Errorf("confirming a directory without results: %v", err)
	}
}

// A staged sweep stopped at any game (as a kill would: in every stage
// and in the hold-out rung), or cut in the middle of a games.csv line,
// resumes to the same bytes as an uninterrupted run, and its summary
// counts every game.
func TestStagedResume(t *testing.T) {
	sp := parseSpace(t, "staged.toml", fixedSpace("staged-resume", 6, `elo = { values = [-100, 50, 100] }
label = { values = [1, 2] }
[generate]
method = "staged"
[tournament]
format = "race"
max_games = 300
bootstrap = 100
`))
	res, ref := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
	total := distinctGames(t, ref)
	if res.Summary.Games != total {
		t.Errorf("summary counts %d games, games.csv has %d", res.Summary.Games, total)
	}
	stops := []int{1, total / 4, total / 2, 3 * total / 4, total - 1}
	if raceEnabled {
		stops = []int{total / 2}
	}
	same := func(what, dir string, timing bool) {
		t.Helper()
		for _, f := range stagedFiles {
			a, _ := os.ReadFile(filepath.Join(ref, f))
			b, _ := os.ReadFile(filepath.Join(dir, f))
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("%s: %s differs", what, f)
			}
		}
		if !timing { // cutRun copies games.csv alone
			return
		}
		a, _ := os.ReadFile(filepath.Join(ref, "timing.csv"))
		b, _ := os.ReadFile(filepath.Join(dir, "timing.csv"))
		if bytes.Count(a, []byte("\n")) != bytes.Count(b, []byte("\n")) {
			t.Errorf("%s: timing.csv has %d rows, want %d", what, bytes.Count(b, []byte("\n")), bytes.Count(a, []byte("\n")))
		}
	}
	for _, stop := range stops {
		dir := filepath.Join(t.TempDir(), "cut")
		_, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, NoRecords: true, StopAfter: stop})
		if !errors.Is(err, results.ErrStopped) {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		if _, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 1, Quiet: true, NoRecords: true, Resume: true}); err != nil {
			t.Fatalf("resume after %d: %v", stop, err)
		}
		same(fmt.Sprintf("stop after %d", stop), dir, true)
	}
	// a kill in the middle of a line
	games, _ := os.ReadFile(filepath.Join(ref, "games.csv"))
	lines := bytes.Count(games, []byte("\n"))
	dir := cutRun(t, ref, lines/3, "17,2,1,0,syn")
	if _, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, NoRecords: true, Resume: true}); err != nil {
		t.Fatalf("resume after a cut line: %v", err)
	}
	same("cut line", dir, false)
}
