package tuner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"tourney/tuner/space"
)

// The staged procedure on the synthetic game: elo decides, label does
// not. Stage 1 keeps the two best elo values (100 and 50), stage 2 plays
// their product with label's two kept values, stage 3 races the finalists
// against the defaults; the run's winner plays elo = 100.
func TestStaged(t *testing.T) {
	text := `
name = "staged"
seed = 4
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [-100, -50, 50, 100] }
label = { values = [1, 2, 3] }
[generate]
method = "staged"
[tournament]
format = "race"
bootstrap = 200
`
	sp, err := space.Parse("staged.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	// what validate counts: stage 1, each parameter alone with the defaults
	if n := len(sp.Variants()); n != 1+4+3 {
		t.Fatalf("%d stage-1 variants, want 8", n)
	}
	dir := filepath.Join(t.TempDir(), "out")
	res, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"space.toml", "stages.csv", "summary.json", "winner.toml",
		"stage1-elo/variants.csv", "stage1-label/variants.csv", "stage2/variants.csv", "stage3/variants.csv"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	rows := readCSV(t, filepath.Join(dir, "stages.csv"))
	if len(rows) != 1+2+2 || rows[1][1] != "elo" || rows[1][3] != "100.0 50.0" {
		t.Fatalf("stages.csv %v", rows)
	}
	// stage 2: the product of 2 × 2 kept values, and the defaults
	if v := readCSV(t, filepath.Join(dir, "stage2", "variants.csv")); len(v) != 1+1+4 {
		t.Errorf("stage 2 has %d variants, want 5", len(v)-1)
	}
	w, _ := os.ReadFile(filepath.Join(dir, "winner.toml"))
	if !strings.Contains(string(w), "elo = 100.0") {
		t.Errorf("winner.toml:\n%s", w)
	}
	if !res.Verdict.Better {
		t.Errorf("verdict %q: a variant 100 Elo above the defaults", res.Verdict.Text)
	}
}

// confirm = true plays the winner against the defaults on fresh seeds:
// the GSPRT accepts a variant 100 Elo stronger, and rejects none in a
// space of equals (where the sweep itself claims nothing).
func TestConfirm(t *testing.T) {
	text := `
name = "confirm"
seed = 9
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [-50, 100] }
[tournament]
format = "race"
bootstrap = 200
confirm = true
confirm_games = 2000
`
	sp, err := space.Parse("confirm.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	res, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
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
	cf2, _, err := ConfirmDir(t.Context(), sp, dir+"2", RunOptions{Workers: 2, Quiet: true})
	if err == nil || cf2 != nil {
		t.Errorf("confirming a directory without results: %v", err)
	}
}

// A staged sweep stopped at any game (as a kill would) resumes to the
// same bytes as an uninterrupted run, and its summary counts every
// stage's games.
func TestStagedResume(t *testing.T) {
	text := `
name = "staged-resume"
seed = 6
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [-100, 50, 100] }
label = { values = [1, 2] }
[generate]
method = "staged"
[tournament]
format = "race"
max_games = 300
bootstrap = 100
`
	sp, err := space.Parse("staged.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(t.TempDir(), "ref")
	res, err := RunSweep(t.Context(), sp, RunOptions{Out: ref, Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	stageGames := 0
	for _, st := range []string{"stage1-elo", "stage1-label", "stage2", "stage3"} {
		g := readCSV(t, filepath.Join(ref, st, "games.csv"))
		stageGames += len(g) - 1
	}
	if res.Summary.Games*2 != stageGames { // two seats: two rows a game
		t.Errorf("summary counts %d games, the stages played %d", res.Summary.Games, stageGames/2)
	}
	files := []string{"space.toml", "stages.csv", "winner.toml", "stage1-elo/games.csv", "stage1-elo/variants.csv",
		"stage1-label/games.csv", "stage2/games.csv", "stage2/variants.csv", "stage3/games.csv", "stage3/variants.csv",
		"stage3/ratings.csv", "stage3/winner.toml", "stage3/timing.csv"}
	stops := []int{1, 40, 150, 330, 500}
	if raceEnabled {
		stops = []int{40, 330}
	}
	for _, stop := range stops {
		dir := filepath.Join(t.TempDir(), "cut")
		// every stop interrupts one stage's sweep; resume until it ends
		_, err := RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, StopAfter: stop})
		for k := 0; err != nil && k < 20; k++ {
			// each resume goes further (StopAfter counts a stage's games)
			_, err = RunSweep(t.Context(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, Resume: true, StopAfter: stop << (k + 1)})
		}
		if err != nil {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		for _, f := range files {
			a, _ := os.ReadFile(filepath.Join(ref, f))
			b, _ := os.ReadFile(filepath.Join(dir, f))
			if f == "stage3/timing.csv" {
				if strings.Count(string(a), "\n") != strings.Count(string(b), "\n") {
					t.Errorf("stop after %d: %s has %d rows, want %d", stop, f, strings.Count(string(b), "\n"), strings.Count(string(a), "\n"))
				}
				continue
			}
			if len(a) == 0 || string(a) != string(b) {
				t.Errorf("stop after %d: %s differs", stop, f)
			}
		}
	}
}
