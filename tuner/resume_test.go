package tuner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/tuner/space"
	"tourney/tuner/study"
)

// cutRun copies a finished run's space.toml and the first lines of its
// games.csv (plus extra, e.g. half a line) into a new directory, as an
// interrupted run would have left them.
func cutRun(t *testing.T, full string, lines int, extra string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cut")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	space, _ := os.ReadFile(filepath.Join(full, "space.toml"))
	games, _ := os.ReadFile(filepath.Join(full, "games.csv"))
	ls := strings.SplitAfter(string(games), "\n")
	_ = os.WriteFile(filepath.Join(dir, "space.toml"), space, 0o644)
	_ = os.WriteFile(filepath.Join(dir, "games.csv"), []byte(strings.Join(ls[:lines], "")+extra), 0o644)
	return dir
}

func TestResumeGivesTheSameResults(t *testing.T) {
	registerKo()
	for _, text := range []string{koSpace, strings.Replace(strings.Replace(koSpace, "group = 3\nadvance = 1\n", "format = \"race\"\n", 1), "games = 4\nmax_games = 60", "min_blocks = 2\nmax_games = 300", 1)} {
		resumeSame(t, text)
	}
}

func resumeSame(t *testing.T, text string) {
	path := writeSpace(t, text)
	_, full := runSpace(t, path, 2, RunOptions{})
	sp, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	games, _ := os.ReadFile(filepath.Join(full, "games.csv"))
	total := strings.Count(string(games), "\n")
	for _, c := range []struct {
		lines int
		extra string
	}{
		{1, ""},                    // header only
		{2, ""},                    // half a game (one of its two rows)
		{41, "5,1,2,0,c4test,sta"}, // a cut line
		{total, ""},                // every game, but no results files
		{total / 2, ""},
	} {
		dir := cutRun(t, full, c.lines, c.extra)
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Workers: 2, Quiet: true})
		if err != nil {
			t.Fatalf("resume after %d lines: %v", c.lines, err)
		}
		for _, f := range []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml"} {
			a, _ := os.ReadFile(filepath.Join(full, f))
			b, _ := os.ReadFile(filepath.Join(dir, f))
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("resume after %d lines: %s differs", c.lines, f)
			}
		}
	}
}

func TestResumeRefusesAnotherRun(t *testing.T) {
	registerKo()
	path := writeSpace(t, koSpace)
	_, full := runSpace(t, path, 2, RunOptions{})
	sp, _ := study.Load(path)
	// finished runs are not resumed
	_, err := RunSweep(context.Background(), sp, RunOptions{Out: full, Resume: true, Quiet: true})
	var ie *space.InputError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "finished") {
		t.Fatalf("resume of a finished run: %v", err)
	}
	// another seed gives other games: the rows do not match
	dir := cutRun(t, full, 30, "")
	sp.Seed++
	_, err = RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Quiet: true})
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "another space or seed") {
		t.Fatalf("resume with another seed: %v", err)
	}
}
