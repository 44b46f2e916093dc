package results_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"tourney/tuner"
	"tourney/tuner/space"
)

// The external tests run whole sweeps (package tuner) and read their
// files.

// spaceText is the text of a space: its name and seed, a scenario of
// game's bot, then rest.
func spaceText(name string, seed int, game, bot, rest string) string {
	return fmt.Sprintf("\nname = %q\nseed = %d\n[[scenario]]\ngame = %q\nbot = %q\n", name, seed, game, bot) + rest
}

// fixedSpace is a space of the synthetic game's fixed bot with params.
func fixedSpace(name string, seed int, params string) string {
	return spaceText(name, seed, "synthetic", "fixed", "[params]\n"+params)
}

func parseSpace(t testing.TB, name, text string) *space.Space {
	t.Helper()
	sp, err := space.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// sweepSpace runs sp quietly on workers into a new directory.
func sweepSpace(t *testing.T, sp *space.Space, workers int, opt tuner.RunOptions) (*tuner.Outcome, string) {
	t.Helper()
	opt.Out = filepath.Join(t.TempDir(), "out")
	opt.Workers, opt.Quiet = workers, true
	res, err := tuner.RunSweep(context.Background(), sp, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res, opt.Out
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// raceEnabled is true under the race detector (race_test.go).
var raceEnabled bool
