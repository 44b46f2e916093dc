// Package testspace is the tests' spaces from text: a space's text from
// its name, seed, game and bot (Text, Fixed), parsed (Parse), a CSV file
// read whole (ReadCSV), and whether the race detector runs (Race). It
// imports the space only; only tests import it (package tuner's and the
// external tests of its parts, through tuner/internal/sweeptest).
package testspace

import (
	"encoding/csv"
	"fmt"
	"os"
	"testing"

	"tourney/tuner/space"
)

// Text is the text of a space: its name and seed, a scenario of game's
// bot, then rest (the scenario's other keys and the tables after it).
func Text(name string, seed int, game, bot, rest string) string {
	return fmt.Sprintf("\nname = %q\nseed = %d\n[[scenario]]\ngame = %q\nbot = %q\n", name, seed, game, bot) + rest
}

// Fixed is the text of a space of the synthetic game's fixed bot: its
// name and seed, then params, the lines of [params] and the tables after
// them.
func Fixed(name string, seed int, params string) string {
	return Text(name, seed, "synthetic", "fixed", "[params]\n"+params)
}

// Parse is text parsed as the space file name.
func Parse(t testing.TB, name, text string) *space.Space {
	t.Helper()
	sp, err := space.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// ReadCSV reads a CSV file whole.
func ReadCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}
