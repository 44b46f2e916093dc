package external_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"tourney/engines/all"
	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/engines/game"
)

// playSeat0 plays one Connect Four game with the external bot in seat 0
// and the first legal move elsewhere, the arena's way (BeginGame,
// Steps, EndGame); it returns the external seat's fault ("" none) and
// how many moves it made.
func playSeat0(t *testing.T, spec game.BotSpec, seed uint64, bud game.Budget) (reason string, moves int) {
	t.Helper()
	g := all.Games()[0]
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, seed)
	b, _, err := spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset(seed)
	b.(game.Lifecycle).BeginGame(m, 0)
	defer b.(game.Lifecycle).EndGame(game.GameEnd{Ranks: []int{1, 2}, Scores: []float64{1, 0}, End: []string{"normal", "normal"}})
	for !s.IsTerminal() {
		cp := s.CurrentPlayer()
		if cp != 0 {
			s.Apply(s.LegalActions(cp, nil)[0])
			continue
		}
		ctx, cancel := context.Background(), func() {}
		if bud.Time > 0 {
			ctx, cancel = context.WithTimeout(ctx, bud.Time)
		}
		t0 := time.Now()
		a, err := b.Step(ctx, s.Clone(), 0, bud)
		cancel()
		if err != nil {
			return game.FaultReason(err, "error"), moves
		}
		if bud.Time > 0 && time.Since(t0) > bud.Time+100*time.Millisecond {
			return "timeout (arena)", moves
		}
		moves++
		s.Apply(a)
	}
	return "", moves
}

// An extra action written after end is never a move of the next game:
// the next game is a protocol forfeit (the line is in the bot's log), and
// the game after it, with a new process, starts clean.
func TestExtraLineAfterEnd(t *testing.T) {
	dir := logDir(t)
	d := fake(t, "connect4", externaltest.ModeExtraEnd)
	spec := resolve(t, d)
	if r, n := playSeat0(t, spec, 1, game.Budget{Depth: 1}); r != "" || n == 0 {
		t.Fatalf("first game: %q after %d moves", r, n)
	}
	time.Sleep(50 * time.Millisecond) // the extra line has arrived
	if r, n := playSeat0(t, spec, 2, game.Budget{Depth: 1}); r != "protocol" || n != 0 {
		t.Fatalf("second game: %q after %d moves, want a protocol forfeit before any move", r, n)
	}
	if log := readLog(dir, d.Name); !strings.Contains(log, "while no turn was open") {
		t.Errorf("the bot's log does not say why:\n%s", log)
	}
	noChildren(t)
}

// The same line arriving after the next turn was sent carries the old
// id: a stale answer, forfeit:protocol.
func TestStaleAnswer(t *testing.T) {
	dir := logDir(t)
	d := fake(t, "connect4", externaltest.ModeStale)
	spec := resolve(t, d)
	r, n := playSeat0(t, spec, 1, game.Budget{Depth: 1})
	if r != "protocol" || n != 1 {
		t.Fatalf("%q after %d moves, want a protocol forfeit at the second move", r, n)
	}
	if log := readLog(dir, d.Name); !strings.Contains(log, "not to the open turn") {
		t.Errorf("the bot's log does not say why:\n%s", log)
	}
	noChildren(t)
}

// A bot that says tourney/2 must echo ids: its first action without one
// is a protocol fault.
func TestPromisedEcho(t *testing.T) {
	d := fake(t, "connect4", externaltest.ModeNoEcho)
	if r, n := playSeat0(t, resolve(t, d), 1, game.Budget{Depth: 1}); r != "protocol" || n != 0 {
		t.Fatalf("%q after %d moves, want a protocol forfeit at the first move", r, n)
	}
	noChildren(t)
}

// A tourney/1 bot (no ids) that writes an action after every end: the
// line arrives before the next game's first turn is sent (settle), is
// discarded, counted and noted in its log, and is never a move: every
// game of the same process is played without a fault.
func TestLegacyExtraLineDiscarded(t *testing.T) {
	dir := logDir(t)
	d := fake(t, "connect4", externaltest.ModeLegacyExtraEnd)
	spec := resolve(t, d)
	const games = 6
	for seed := uint64(1); seed <= games; seed++ {
		if r, n := playSeat0(t, spec, seed, game.Budget{Depth: 1}); r != "" || n == 0 {
			t.Fatalf("game %d: %q after %d moves", seed, r, n)
		}
	}
	if got := d.Discarded(); got != games-1 {
		t.Errorf("%d lines discarded, want %d (one after each end but the last)", got, games-1)
	}
	log := readLog(dir, d.Name)
	if c := strings.Count(log, "while no turn was open (after its last answer or after end), discarded"); c != games-1 {
		t.Errorf("%d notes of a discarded line in the bot's log, want %d:\n%s", c, games-1, log)
	}
	noChildren(t)
}

// A legacy bot (no id echoed) still plays, with one note in its log.
func TestLegacyBotPlays(t *testing.T) {
	d := fake(t, "connect4", externaltest.ModeLegacy)
	spec := resolve(t, d)
	for seed := uint64(1); seed <= 2; seed++ {
		if r, n := playSeat0(t, spec, seed, game.Budget{Depth: 1}); r != "" || n == 0 {
			t.Fatalf("%q after %d moves", r, n)
		}
	}
	noChildren(t)
}

// Start-up (spawn and hello) is charged to Startup, not to the first
// move: a bot that needs 1.5 s to start plays a 1 s move limit.
func TestSlowStartIsNotAMove(t *testing.T) {
	if testing.Short() {
		t.Skip("sleeps 1.5 s")
	}
	d := fake(t, "connect4", externaltest.ModeSlowStart)
	d.HelloParams = false
	d.Env["TOURNEY_FAKE_SLEEP"] = "1500ms"
	d.Startup = 10 * time.Second
	spec := resolve(t, d)
	r, n := playSeat0(t, spec, 1, game.Budget{Time: time.Second})
	if r != "" || n == 0 {
		t.Fatalf("%q after %d moves, want a complete game", r, n)
	}
	noChildren(t)
}

// A bot that ignores SIGTERM and leaves a grandchild in a session of
// its own (setsid, immune to process-group kills, SIGTERM ignored): both
// are gone when the run ends, and none is a zombie of ours.
func TestSetsidGrandchildKilled(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	mark := "TOURNEY_TEST_MARK=" + t.Name()
	d := fake(t, "connect4", externaltest.ModeSetsid)
	d.Env["TOURNEY_TEST_MARK"] = t.Name()
	pidfile := filepath.Join(t.TempDir(), "pid")
	d.Env["TOURNEY_FAKE_PIDFILE"] = pidfile
	spec := resolve(t, d)
	if r, _ := playSeat0(t, spec, 1, game.Budget{Depth: 1}); r != "" {
		t.Fatalf("forfeit %q", r)
	}
	if len(externaltest.Marked(mark)) < 2 {
		t.Fatalf("the bot and its grandchild should run: %v", externaltest.Marked(mark))
	}
	external.CloseAll()
	if m := externaltest.Marked(mark); len(m) > 0 {
		t.Fatalf("left after the run: %v", m)
	}
	b, _ := os.ReadFile(pidfile)
	if _, err := os.Stat("/proc/" + string(b)); len(b) == 0 || err == nil {
		t.Fatalf("the grandchild %q is still in the process table", b)
	}
	noChildren(t)
}

// A bot's stderr flood is capped in its log, with a note.
func TestStderrCapped(t *testing.T) {
	dir := t.TempDir()
	old := external.LogCap
	external.LogCap = 100 << 10
	defer func() { external.LogCap = old }()
	external.HoldLogs() // as a sweep does before it reads the space
	d := fake(t, "connect4", externaltest.ModeFlood)
	d.Env["TOURNEY_FAKE_FLOOD"] = "1000000"
	spec := resolve(t, d)
	external.SetLogDir(dir)
	defer external.SetLogDir("")
	if r, _ := playSeat0(t, spec, 1, game.Budget{Depth: 1}); r != "" {
		t.Fatalf("forfeit %q", r)
	}
	noChildren(t)
	time.Sleep(50 * time.Millisecond)
	log, _ := os.ReadFile(filepath.Join(dir, "bots", d.Name+".log"))
	if len(log) < 100<<10 || len(log) > 100<<10+500 || !strings.Contains(string(log), "log capped at 102400 bytes") {
		t.Fatalf("log of %d bytes, ends %q", len(log), log[max(0, len(log)-200):])
	}
	pids, _ := os.ReadFile(filepath.Join(dir, "bots", external.PidsFile))
	if !strings.Contains(string(pids), " ") {
		t.Errorf("no process recorded in bots/pids: %q", pids)
	}
}
