// Package testspace is the tests' spaces from text: a space's text from
// its name, seed, game and bot (Text, Fixed), the served knockout
// (Knockout), a knockout of pairs' tables (PairsKnockout), the promotion
// gate's space (Gate), the test binary as a fake external bot (FakeBot),
// parsed and compiled (Parse), files written under a directory
// (WriteFiles), a CSV file read whole (ReadCSV), whether
// the race detector runs (Race) and the skip of heavy tests under it
// (HeavyUnderRace). It imports the study and the fake bot's package
// (externaltest) only; only tests import it (package tuner's, the
// command's and the external tests of the sweep's parts).
package testspace

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"tourney/engines/external/externaltest"
	"tourney/tuner/study"
)

// Text is the text of a space: its name and seed, a scenario of game's
// bot, then rest (the scenario's other keys and the tables after it).
func Text(name string, seed int, game, bot, rest string) string {
	return fmt.Sprintf("\nname = %q\nseed = %d\n[[scenario]]\ngame = %q\nbot = %q\n", name, seed, game, bot) + rest
}

// PickParams declares the fake bot's one knob, pick (which legal move
// it plays), for FakeBot.
const PickParams = `{ pick = { type = "int", default = 0, min = 0, max = 3 } }`

// FakeBot is the [bots.NAME] table of this test binary as the fake
// external bot (externaltest) in mode on Connect Four: env adds
// variables to the bot's environment (`, NAME = "value"` each, or
// nothing), params is the params key's value (PickParams, or "hello":
// the bot declares them at hello). Its start-up may take a minute: a
// race-built binary on a busy machine took over 10 s to say hello, and
// hello timing is not under test where this is used. Keys after it
// belong to the table.
func FakeBot(t testing.TB, name, mode, env, params string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`[bots.%s]
game    = "connect4"
cmd     = [%q]
env     = { %s = %q%s }
params  = %s
startup = "60s"
`, name, exe, externaltest.Env, mode, env, params)
}

// Gate is the promotion gate's test space: a race over x1 of the
// synthetic landscape bot on the landscape tune.toml, with the field bot
// opp.toml and a confirmation, then gate (a [gate] table, or nothing).
func Gate(gate string) string {
	return `name = "gate"
seed = 5
[[scenario]]
game = "synthetic"
bot = "landscape"
maps = ["tune.toml"]
field = ["opp.toml"]
[params]
x1 = { values = [0, 1] }
[tournament]
format = "race"
max_games = 400
bootstrap = 100
confirm = true
confirm_games = 400
` + gate
}

// Knockout is the text of the served knockout's space: nine synthetic
// variants (the defaults included) in a knockout of two rounds, at most
// maxGames games an encounter (88 to 528 at 60).
func Knockout(name string, seed, maxGames int) string {
	return fmt.Sprintf(`name = %q
seed = %d
[[scenario]]
game = "synthetic"
bot  = "fixed"
[params]
elo = { values = [-150, -100, -60, -30, 20, 40, 60, 90] }
[generate]
method           = "grid"
include_defaults = true
[tournament]
format     = "knockout"
group      = 3
advance    = 1
min_blocks = 3
max_games  = %d
`, name, seed, maxGames)
}

// PairsKnockout is a space's [generate] and [tournament] tables for a
// knockout of pairs: every grid point but the defaults, in groups of two
// of which one advances. The [tournament] table's other keys follow it.
const PairsKnockout = `[generate]
method = "grid"
include_defaults = false
[tournament]
format = "knockout"
group = 2
advance = 1
`

// Fixed is the text of a space of the synthetic game's fixed bot: its
// name and seed, then params, the lines of [params] and the tables after
// them.
func Fixed(name string, seed int, params string) string {
	return Text(name, seed, "synthetic", "fixed", "[params]\n"+params)
}

// Parse is text parsed as the space file name, compiled.
func Parse(t testing.TB, name, text string) *study.Study {
	t.Helper()
	sp, err := study.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// WriteFiles writes the files of files (a path below dir, with slashes,
// and its text) under dir, with the directories they need.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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

// HeavyUnderRace skips a test whose work is whole sweeps (thousands of
// games) or external processes playing many games when it runs under
// the race detector, which slows games five to tenfold: CI's second pass
// runs it without the detector (.ci/run names it, with TOURNEY_FULL=1),
// and the race detector still sees the concurrency through the shorter
// tests. With TOURNEY_FULL set it runs under the detector too.
func HeavyUnderRace(t *testing.T) {
	t.Helper()
	if Race && os.Getenv("TOURNEY_FULL") == "" {
		t.Skip("whole sweeps: CI runs this without the race detector (TOURNEY_FULL=1 go test -run " + t.Name() + ")")
	}
}
