package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourney/engines/external/externaltest"
	"tourney/internal/testspace"
	"tourney/tuner/costs"
)

// busySpace is a Connect Four space of the fake bot in busy mode: at the
// first turn of each game each seat's bot runs a child process that
// burns $TOURNEY_FAKE_SPIN of CPU, so that nearly all of a game's CPU
// is spent outside tourney, in the bot's process tree.
func busySpace(t *testing.T, maxGames int) string {
	return `name = "busy"
seed = 5

` + testspace.FakeBot(t, "fake", externaltest.ModeBusy, "", testspace.PickParams) + fmt.Sprintf(`
[[scenario]]
game   = "connect4"
bot    = "fake"
budget = { depth = 1 }

[params]
pick = { values = [1, 2] }

[tournament]
format    = "race"
min_blocks = 2
max_games = %d
holdout   = false
bootstrap = 100
`, maxGames)
}

// meanGame reads validate's CPU a game: on the mean and at the dearest
// seating (main printed one figure).
var meanGame = regexp.MustCompile(`\((\S+)(?: on the mean, (\S+) at the dearest)? of CPU per game`)
var totalGames = regexp.MustCompile(`total games: (\d+) to (\d+)`)

// TestBotCPUCounted: the CPU time of an external bot's processes is
// counted. validate's estimate a game covers the bot's work (main timed
// tourney's own CPU alone: a game of 2 × 20 ms of the bot's CPU was
// estimated at well under a millisecond), its calibration costs a small
// share of the run it estimates (main calibrated until its wall-clock
// cap, 100 s, never seeing the CPU it waited for), the sweep's
// timing.csv gives each seat's bot CPU (cpu_ms), and the run's CPU falls
// within validate's range.
func TestBotCPUCounted(t *testing.T) {
	heavyUnderRace(t) // three runs of bot processes that spin: 33 s under the detector
	const spin = 20 * time.Millisecond
	t.Setenv("TOURNEY_FAKE_SPIN", spin.String())
	dir := t.TempDir()
	// a run of 200 games: validate plays a few
	big := writeFile(t, dir, "big.toml", busySpace(t, 200))
	cpu := costs.ProcessCPU()
	code, out, stderr := tourney(t, "validate", big, "--workers", "1")
	used := costs.ProcessCPU() - cpu
	if code != 0 {
		t.Fatalf("validate: exit %d\n%s\n%s", code, out, stderr)
	}
	if lo, hi := estimate(t, out); used > hi/10 || hi < 200*2*spin*8/10 {
		t.Errorf("validate used %v of CPU (the bots' included) to estimate %v to %v of CPU (want at most a tenth of the most; the bots' %v a seat and game counted)", used, lo, hi, spin)
	}
	t.Logf("validate of a run of 200 games: %v of CPU", used)
	// a run of 8 games, played
	p := writeFile(t, dir, "s.toml", busySpace(t, 8))
	cpu = costs.ProcessCPU()
	code, out, stderr = tourney(t, "validate", p, "--workers", "1")
	if code != 0 {
		t.Fatalf("validate: exit %d\n%s\n%s", code, out, stderr)
	}
	lo, hi := estimate(t, out)
	res := filepath.Join(dir, "r")
	cpu = costs.ProcessCPU()
	code, out, stderr = tourney(t, "sweep", p, "--workers", "1", "--out", res, "--quiet")
	run := costs.ProcessCPU() - cpu
	if code != 0 {
		t.Fatalf("sweep: exit %d\n%s\n%s", code, out, stderr)
	}
	rows := readRows(t, filepath.Join(res, "timing.csv"))
	if strings.Join(rows[0], ",") != "game,seat,time_ms,moves,cpu_ms" {
		t.Fatalf("timing.csv header %v", rows[0])
	}
	for _, row := range rows[1:] {
		ms, err := strconv.ParseFloat(row[4], 64)
		// the bots' CPU is read in clock ticks (10 ms): a spin of 20 ms
		// a game reads 10 to 30 ms
		if err != nil || ms < float64(spin.Milliseconds()-10) {
			t.Errorf("timing.csv row %v: cpu_ms want at least the bot's %v less a clock tick", row, spin)
		}
	}
	// the run also starts its bots (one more process for the second
	// seat) and writes its files: ±30 %
	if run < lo*7/10 || run > hi*13/10 {
		t.Errorf("the sweep used %v of CPU, validate's range was %v to %v", run, lo, hi)
	}
	noChildren(t)
}

// estimate is validate's range of the games' CPU time, from its output:
// the fewest games at the mean cost a game, the most at the dearest.
// It fails unless a game costs at least the bots' 2 × spin.
func estimate(t *testing.T, out string) (lo, hi time.Duration) {
	t.Helper()
	m := meanGame.FindStringSubmatch(out)
	n := totalGames.FindStringSubmatch(out)
	if m == nil || n == nil {
		t.Fatalf("validate: no estimate a game or games in\n%s", out)
	}
	per, err := time.ParseDuration(m[1])
	if err != nil {
		t.Fatalf("validate: %v in\n%s", err, out)
	}
	dearest := per
	if m[2] != "" {
		dearest, _ = time.ParseDuration(m[2])
	}
	minGames, _ := strconv.Atoi(n[1])
	maxGames, _ := strconv.Atoi(n[2])
	return time.Duration(minGames) * per, time.Duration(maxGames) * dearest
}

// readRows reads a CSV file of a header and at least one row.
func readRows(t *testing.T, path string) [][]string {
	t.Helper()
	rows := testspace.ReadCSV(t, path)
	if len(rows) < 2 {
		t.Fatalf("%s: %d rows", path, len(rows))
	}
	return rows
}
