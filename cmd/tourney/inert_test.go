package main

import (
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
)

// sweep warns before the run of the knob the bot declares idle under the
// budget (as validate does), and its summary names the knob that changed
// no game (deepening_start at depth 3), not the one that did.
func TestSweepNamesInertKnobs(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "inert.toml", testspace.Text("inert", 3, "connect4", "alphabeta", `budget = { depth = 3 }
[params]
deepening_start = { values = [1.0, 0.3] }
opponent_weight = { values = [1.0, 0.5] }
[tournament]
format = "race"
max_games = 60
bootstrap = 100
holdout = false
`))
	code, out, stderr := tourney(t, "sweep", p, "--out", filepath.Join(dir, "out"), "--workers", "2", "--quiet")
	want := "deepening_start changed no game under depth=3 ("
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "): cannot be tuned under this budget\n") || strings.Contains(out, "opponent_weight changed no game") {
		t.Errorf("sweep: exit %d, want %q and no line on opponent_weight:\n%s%s", code, want, out, stderr)
	}
	if warn := "warning: params.deepening_start acts only under a nodes or clock budget; scenario 1 uses depth=3: it will change no game\n"; !strings.Contains(stderr, warn) || strings.Contains(stderr, "opponent_weight") {
		t.Errorf("sweep: want the warning %q before the run, and none on opponent_weight:\n%s", warn, stderr)
	}
}
