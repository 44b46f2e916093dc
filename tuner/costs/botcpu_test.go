package costs

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/tuner/space"
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
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sp, err := space.Parse("busy.toml", []byte(fmt.Sprintf(`name = "busy"
[bots.fake]
game    = "connect4"
cmd     = [%q]
env     = { %s = %q }
params  = { pick = { type = "int", default = 0, min = 0, max = 3 } }
startup = "60s"
[[scenario]]
game   = "connect4"
bot    = "fake"
budget = { depth = 1 }
[params]
pick = { values = [1, 2] }
`, exe, externaltest.Env, externaltest.ModeBusy)))
	if err != nil {
		t.Fatal(err)
	}
	defer external.CloseAll()
	cal, err := Calibrate(context.Background(), sp, time.Millisecond, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := cal.PerGame[0][0]; got < 2*spin*8/10 {
		t.Errorf("%v of CPU a game over %d games, want at least the bots' 2 × %v", got, cal.Games, spin)
	}
}
