package costs

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/internal/testspace"
	"tourney/tuner/study"
)

// TestMain: the test binary doubles as a fake external bot.
func TestMain(m *testing.M) {
	externaltest.MaybeRun()
	code := m.Run()
	external.CloseAll()
	os.Exit(code)
}

// TestCalibrateCountsBotCPU: a calibration game's cost is the bots'
// processes' CPU time too (ProcessCPU): the fake bot in busy mode runs a
// child that burns 30 ms of CPU at the first turn of each game, so a game
// of two such seats costs at least 60 ms (main counted tourney's own CPU
// alone: about a millisecond).
func TestCalibrateCountsBotCPU(t *testing.T) {
	const spin = 30 * time.Millisecond
	t.Setenv("TOURNEY_FAKE_SPIN", spin.String())
	sp := fakeBotSpace(t, "busy", "fake", externaltest.ModeBusy)
	defer external.CloseAll()
	cal, err := Calibrate(context.Background(), sp, time.Millisecond, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := cal.PerGame[0][0]; got < 2*spin*8/10 {
		t.Errorf("%v of CPU a game over %d games, want at least the bots' 2 × %v", got, cal.Games, spin)
	}
}

// TestCalibrateStartupOnce: a pooled bot process's start-up and warm-up
// are no part of a game's cost: the fake bot burns 300 ms of CPU before
// its hello (as a JVM starts), 200 ms more in its first game (as a JVM
// compiles the bot) and next to nothing a game after. main put the two
// processes' start-ups into the first of the 3 calibration games: 200 ms
// a game, for games of a few milliseconds (and, with the start-up alone
// apart, the warm-ups: 130 ms). Both are measured apart (Startup, a
// process's) with the processes a worker holds (Procs: the two seats).
func TestCalibrateStartupOnce(t *testing.T) {
	if testspace.Race {
		// a second of the fake bots' CPU and two process starts (4 s
		// under the detector); CPU accounting, not concurrency, is
		// under test
		t.Skip("CPU accounting of bot processes: run without -race")
	}
	const spin, warmup = 300 * time.Millisecond, 200 * time.Millisecond
	t.Setenv("TOURNEY_FAKE_START_SPIN", spin.String())
	t.Setenv("TOURNEY_FAKE_WARMUP_SPIN", warmup.String())
	sp := fakeBotSpace(t, "start", "fakestart", externaltest.ModeFirst)
	defer external.CloseAll()
	st0, n0 := external.StartupCPU()
	cal, err := Calibrate(context.Background(), sp, time.Millisecond, false)
	if err != nil {
		t.Fatal(err)
	}
	st1, n1 := external.StartupCPU()
	t.Logf("%v of CPU a game over %d games; start-up %v a process, %d processes (%v over %d started here)", cal.PerGame[0][0], cal.Games, cal.Startup, cal.Procs, st1-st0, n1-n0)
	if got := cal.PerGame[0][0]; got > warmup/3 {
		t.Errorf("%v of CPU a game over %d games: the processes' start-up (%v each) or warm-up (%v) counted in the games", got, cal.Games, spin, warmup)
	}
	if n1-n0 != 2 || cal.Procs != 2 || st1-st0 < 2*spin*8/10 || cal.Startup < (spin+warmup)*8/10 || cal.Startup > (spin+warmup)*13/10 || cal.StartupCPU(2) != 4*cal.Startup {
		t.Errorf("start-ups: %d processes (%d held) for %v, %v a process with the warm-up, want 2 at %v to hello and %v of warm-up", n1-n0, cal.Procs, st1-st0, cal.Startup, spin, warmup)
	}
}

// fakeBotSpace is a space of two variants of the external bot NAME: this
// test binary as the fake bot in mode, on Connect Four at depth 1.
func fakeBotSpace(t *testing.T, name, bot, mode string) *study.Study {
	t.Helper()
	return testspace.Parse(t, name+".toml", fmt.Sprintf("name = %q\n", name)+testspace.FakeBot(t, bot, mode, "", testspace.PickParams)+fmt.Sprintf(`[[scenario]]
game   = "connect4"
bot    = %q
budget = { depth = 1 }
[params]
pick = { values = [1, 2] }
`, bot))
}
