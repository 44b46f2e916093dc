package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/internal/testspace"
	"tourney/tuner/cluster"
)

// TestMain: the test binary doubles as a fake external bot, as tourney
// for `tourney client` (TOURNEY_TEST_CLI), and as tourney started with
// TOURNEY_TEST_ARGS (arguments separated by newlines), so that a test can
// kill a real process with SIGKILL (kill_test.go).
func TestMain(m *testing.M) {
	externaltest.MaybeRun() // the test binary doubles as a fake external bot (first: a bot of a TOURNEY_TEST_ARGS tourney inherits that variable)
	if d, err := time.ParseDuration(os.Getenv("TOURNEY_TEST_BLOCK_DELAY")); err == nil {
		cluster.BlockDelay = d // cluster_test.go: workers killed mid-block
	}
	if a := os.Getenv("TOURNEY_TEST_ARGS"); a != "" {
		os.Exit(run(context.Background(), strings.Split(a, "\n"), os.Stdout, os.Stderr))
	}
	if os.Getenv("TOURNEY_TEST_CLI") == "1" {
		// ... and as tourney itself (tourney client as an external bot)
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// noChildren fails when an external process is left (run defers
// external.CloseAll; the process table must be clean afterwards).
func noChildren(t *testing.T) {
	t.Helper()
	if n := external.Live(); n != 0 {
		t.Errorf("%d external processes still registered", n)
	}
	// a child killed at the run's end may still be a zombie for a moment,
	// until the goroutine that waits for it reaps it: give it two seconds
	c := externaltest.Children()
	for end := time.Now().Add(2 * time.Second); len(c) > 0 && time.Now().Before(end); c = externaltest.Children() {
		time.Sleep(20 * time.Millisecond)
	}
	if len(c) > 0 {
		t.Errorf("child processes alive after the run: %v", c)
	}
}

// fakeSpace is a Connect Four space whose bot is the test binary in mode.
func fakeSpace(t *testing.T, mode, extra string) string {
	return fmt.Sprintf(`name = "fake-%s"
seed = 5

`, mode) + testspace.FakeBot(t, "fake", mode, "", testspace.PickParams) + fmt.Sprintf(`move_timeout = "300ms"
quit_grace = "200ms"
%s
[[scenario]]
game   = "connect4"
bot    = "fake"
budget = { depth = 1 }
field  = ["random"]

[params]
pick = { values = [0, 1, 2] }

[tournament]
min_blocks = 1
max_games = 1   # one block an encounter
`, extra)
}

// protocolTournament ends a space whose protocol is under test: one
// block an encounter and no holdout.
const protocolTournament = `
[tournament]
min_blocks = 1
max_games = 1   # one block an encounter
holdout = false # the protocol is under test, not the verdict
`

// sweepGames writes space to dir/s.toml, sweeps it on 2 workers into
// dir/r and returns that run's games.csv and directory.
func sweepGames(t *testing.T, dir, space string) ([]byte, string) {
	t.Helper()
	p := writeFile(t, dir, "s.toml", space)
	res := filepath.Join(dir, "r")
	code, out, stderr := tourney(t, "sweep", p, "--workers", "2", "--out", res, "--quiet")
	if code != 0 {
		t.Fatalf("sweep: exit %d\n%s\n%s", code, out, stderr)
	}
	g, _ := os.ReadFile(filepath.Join(res, "games.csv"))
	return g, res
}

// wantPlayed fails unless games.csv g has no forfeit and names each of maps.
func wantPlayed(t *testing.T, g []byte, maps ...string) {
	t.Helper()
	ok := !bytes.Contains(g, []byte("forfeit"))
	for _, m := range maps {
		ok = ok && bytes.Contains(g, []byte(m))
	}
	if !ok {
		t.Fatalf("games.csv:\n%s", g)
	}
}

// TestExternalFaults: one sweep per fault; each completes, the forfeits
// are in games.csv with their reason, each with its cause in the bot's
// log, counted by bot and reason on stdout and in summary.json, a
// variant that forfeited most of its games is named above the verdict,
// and no process is left. (A bot that never says hello stops the sweep
// before it starts: preflight_test.go.)
func TestExternalFaults(t *testing.T) {
	cases := []struct {
		mode, want string
	}{
		{externaltest.ModeGarbage, "forfeit:protocol"},
		{externaltest.ModeIllegal, "forfeit:illegal"},
		{externaltest.ModeHang, "forfeit:timeout"},
		{externaltest.ModeExit, "forfeit:crash"},
		{externaltest.ModeIgnoreQuit, ""},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			s := fakeSpace(t, c.mode, "")
			p := writeFile(t, dir, "s.toml", s)
			res := filepath.Join(dir, "r")
			t0 := time.Now()
			code, out, stderr := tourney(t, "sweep", p, "--workers", "2", "--out", res, "--quiet")
			if code != 0 || !strings.Contains(out, "winner: variant") {
				t.Fatalf("sweep: exit %d\n%s\n%s", code, out, stderr)
			}
			noChildren(t)
			if el := time.Since(t0); el > 30*time.Second {
				t.Errorf("sweep took %s", el)
			}
			g, err := os.ReadFile(filepath.Join(res, "games.csv"))
			if err != nil {
				t.Fatal(err)
			}
			if c.want != "" && !strings.Contains(string(g), ","+c.want) {
				t.Fatalf("games.csv has no %s:\n%s", c.want, g)
			}
			if c.want == "" && strings.Contains(string(g), "forfeit") {
				t.Fatalf("unexpected forfeit:\n%s", g)
			}
			if c.mode == externaltest.ModeExit && !strings.Contains(string(g), ",normal") {
				t.Fatalf("after a crash the bot is not restarted:\n%s", g)
			}
			log, err := os.ReadFile(filepath.Join(res, "bots", "fake.log"))
			if err != nil || !bytes.Contains(log, []byte("fake bot: new game")) {
				t.Fatalf("stderr log: %v %q", err, log)
			}
			if c.want == "" {
				if strings.Contains(out, "warning: variant") || strings.Contains(out, "forfeits by bot") {
					t.Errorf("forfeits said without a forfeit:\n%s", out)
				}
				return
			}
			reason := strings.TrimPrefix(c.want, "forfeit:")
			n := strings.Count(string(g), ","+c.want+",")
			if got := bytes.Count(log, []byte(": "+reason+": ")); !bytes.Contains(log, []byte("tourney: forfeit: game ")) || got != n {
				t.Errorf("%d forfeits in games.csv, %d lines on them in the bot's log:\n%s", n, got, log)
			}
			var sum struct {
				ByBot    map[string]map[string]int `json:"forfeits_by_bot"`
				Warnings []string                  `json:"warnings"`
			}
			b, _ := os.ReadFile(filepath.Join(res, "summary.json"))
			if err := json.Unmarshal(b, &sum); err != nil || sum.ByBot["fake"][reason] != n {
				t.Errorf("summary.json forfeits_by_bot %v, want fake %s %d (%v)", sum.ByBot, reason, n, err)
			}
			if want := fmt.Sprintf("fake %s %d", reason, n); !strings.Contains(out, "forfeits by bot and reason (every seat): "+want) {
				t.Errorf("stdout does not say %q:\n%s", want, out)
			}
			if c.mode != externaltest.ModeExit { // every game a variant plays is a forfeit
				w, v := strings.Index(out, "warning: variant 0 forfeited"), strings.Index(out, "winner: variant")
				if w < 0 || w > v || len(sum.Warnings) != 3 {
					t.Errorf("no warning above the verdict (summary.json: %q):\n%s", sum.Warnings, out)
				}
			}
		})
	}
}

// TestExternalBadDeclarations: strict checks with file:line.
func TestExternalBadDeclarations(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ edit, want string }{
		{`pick = { values = [0, 9] }`, "9 is outside the allowed range 0..3"},
		{`depth = { values = [1] }`, `no parameter "depth"`},
	}
	for i, c := range cases {
		s := strings.Replace(fakeSpace(t, externaltest.ModeFirst, ""), "pick = { values = [0, 1, 2] }", c.edit, 1)
		p := writeFile(t, dir, fmt.Sprintf("b%d.toml", i), s)
		code, _, stderr := tourney(t, "validate", p, "--no-estimate")
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "b"+fmt.Sprint(i)+".toml:") {
			t.Errorf("case %d: exit %d %q, want %q", i, code, stderr, c.want)
		}
	}
	bad := map[string]string{
		`cmd = []`:                          "bots.fake.cmd",
		`protocol = "smoke"`:                "bots.fake.protocol",
		`startup = "soon"`:                  "bots.fake.startup",
		`colour = "red"`:                    "unknown key",
		`restart = "sometimes"`:             "bots.fake.restart",
		`timing = "bank"`:                   "timing is for protocol reversixt-tcp",
		`params = { x = { type = "int" } }`: "bots.fake.params",
		`params = { x = { type = "float", default = 5.0, min = 0.0, max = 1.0 } }`: "outside",
	}
	i := 0
	for line, want := range bad {
		s := fakeSpace(t, externaltest.ModeFirst, line)
		key := strings.SplitN(line, " ", 2)[0]
		if key == "cmd" || key == "params" || key == "startup" {
			// replace the existing key instead of repeating it
			s = replaceKeyLine(s, key, line)
		}
		p := writeFile(t, dir, fmt.Sprintf("c%d.toml", i), s)
		i++
		code, _, stderr := tourney(t, "validate", p, "--no-estimate")
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d %q, want %q", line, code, stderr, want)
		}
	}
	noChildren(t)
}

func replaceKeyLine(s, key, line string) string {
	var out []string
	seen := false
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, key+" ") && !seen {
			seen = true
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestPythonBotEveryGame: a sweep over the example Python bot's parameter
// for each of the five games, byte-identical CSVs at --workers 1 and 2.
func TestPythonBotEveryGame(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	script, _ := filepath.Abs("../../scripts/examples/jsonl_random.py")
	for _, g := range []string{"connect4", "groker", "tourality", "speed", "reversixt"} {
		t.Run(g, func(t *testing.T) {
			dir := t.TempDir()
			space := fmt.Sprintf(`name = "py-%s"
seed = 9

[bots.pyrandom]
game   = %q
cmd    = [%q, %q]
params = "hello"

[[scenario]]
game   = %q
bot    = "pyrandom"
budget = { depth = 1 }

[params]
first_prob = { values = [0.0, 0.5, 1.0] }
`+protocolTournament, g, g, py, script, g)
			p := writeFile(t, dir, "s.toml", space)
			sweepAtOneAndTwo(t, dir, p, resultCSVs)
			noChildren(t)
		})
	}
}

func TestCheckBot(t *testing.T) {
	exe, _ := os.Executable()
	dir := t.TempDir()
	for _, c := range []struct {
		mode string
		code int
		want string
	}{
		{externaltest.ModeFirst, 0, "no protocol fault"},
		{externaltest.ModeIllegal, 1, `FAULT map`},
		{externaltest.ModeGarbage, 1, "protocol: expected an action message"},
		{externaltest.ModeHang, 1, "timeout: bot fake: no action within 300ms (killed)"},
		{externaltest.ModeNoHello, 1, "FAULT start-up: bot fake: no hello within 300ms"},
		{externaltest.ModeIgnoreQuit, 1, "FAULT did not exit within 2s of quit"},
		{externaltest.ModeExit, 1, "crash: bot fake exited during the game"},
		{externaltest.ModeExtraEnd, 1, ": protocol: "}, // a line while no turn was open, or (arrived later) a stale id
		{externaltest.ModeStale, 1, "protocol: an answer to turn"},
		{externaltest.ModeLegacy, 0, "note  actions without the turn's \"id\""},
		{externaltest.ModeLegacyExtraEnd, 0, "lines arrived while no turn was open (after an answer or after end) and were discarded, never a move"},
	} {
		startup := "5s" // generous under -race; the no-hello case is told to wait less
		if c.mode == externaltest.ModeNoHello {
			startup = "300ms"
		}
		p := writeFile(t, dir, c.mode+".toml", fmt.Sprintf(`[bots.fake]
game = "connect4"
cmd = [%q]
env = { %s = %q }
params = "hello"
startup = "%s"
move_timeout = "300ms"
quit_grace = "2s"
`, exe, externaltest.Env, c.mode, startup))
		code, out, stderr := tourney(t, "check-bot", p, "--games", "3")
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, want %d and %q:\n%s%s", c.mode, code, c.code, c.want, out, stderr)
		}
	}
	noChildren(t)
}

// TestReversiXTServerAndClient: tourney's hosted ReversiXT server (an
// external reversixt-tcp bot) against tourney's client, on maps with 2,
// 3, 4 and 8 players, transitions, special fields and bombs.
func TestReversiXTServerAndClient(t *testing.T) {
	heavyUnderRace(t) // wall-clock moves of race-built clients time out on a busy machine
	exe, _ := os.Executable()
	dir := t.TempDir()
	maps, last := `["duel10", "tri13", "cross14", "octo20"]`, "octo20"
	if raceEnabled {
		// 8-player games of race-built clients take minutes; CI runs
		// every map without the detector (.ci/run)
		maps, last = `["duel10", "tri13"]`, "tri13"
	}
	space := fmt.Sprintf(`name = "rxt-tcp"
seed = 4

[bots.tcpclient]
game     = "reversixt"
protocol = "reversixt-tcp"
cmd      = [%q, "client", "reversixt", "--server", "{addr}", "--group", "{player}", "--seed", "{param:seed}"]
env      = { TOURNEY_TEST_CLI = "1" }
params   = { seed = { type = "int", default = 1, min = 1, max = 100 } }

[[scenario]]
game   = "reversixt"
bot    = "tcpclient"
maps   = %s
budget = { depth = 1 }
field  = ["random"]

[params]
seed = { values = [1, 2] }
`+protocolTournament, exe, maps)
	g, _ := sweepGames(t, dir, space)
	wantPlayed(t, g, last)
	noChildren(t)
}

// TestReversiXTOpeningAndBank: tourney's client through the hosted
// server with opening plies (the position after them is the map, or the
// moves are relayed when it is no map) under a time budget (the official
// time bank): no forfeit, on 2-, 3- and 8-player maps.
func TestReversiXTOpeningAndBank(t *testing.T) {
	if raceEnabled || testing.Short() {
		// whole 8-player games of 16 client processes, 30-45 s under the
		// detector, where a 1 s bank is tight; CI runs this test without
		// it (.ci/run)
		t.Skip("plays whole games over TCP: run without -race")
	}
	exe, _ := os.Executable()
	dir := t.TempDir()
	space := fmt.Sprintf(`name = "rxt-opening"
seed = 5

[bots.tcpclient]
game     = "reversixt"
protocol = "reversixt-tcp"
cmd      = [%q, "client", "reversixt", "--server", "{addr}", "--group", "{player}", "--seed", "{param:seed}", "--depth", "1"]
env      = { TOURNEY_TEST_CLI = "1" }
params   = { seed = { type = "int", default = 1, min = 1, max = 100 } }

[[scenario]]
game   = "reversixt"
bot    = "tcpclient"
maps   = ["duel10", "example15", "octo20"]
budget = { time = "1s" }
opening_plies = 2
field  = ["trivial"]

[params]
seed = { values = [1, 2] }
`+protocolTournament, exe)
	g, _ := sweepGames(t, dir, space)
	wantPlayed(t, g, "octo20", "example15")
	noChildren(t)
}

// TestSpeedWebsocket: the hosted Spe_ed server plays full 2- and
// 6-player games with the Python websocket client and with tourney's own
// client; a client that misses a deadline forfeits by timeout.
func TestSpeedWebsocket(t *testing.T) {
	if raceEnabled {
		// whole Spe_ed games over websockets, several seconds a move under
		// the detector; CI runs this test without it (.ci/run)
		t.Skip("plays whole websocket games: run without -race")
	}
	exe, _ := os.Executable()
	py, pyErr := exec.LookPath("python3")
	script, _ := filepath.Abs("../../scripts/examples/speed_ws_greedy.py")
	run := func(t *testing.T, cmd, budget, maps string) []byte {
		dir := t.TempDir()
		space := fmt.Sprintf(`name = "speed-ws"
seed = 6

[bots.ws]
game     = "speed"
protocol = "speed-ws"
cmd      = %s
env      = { TOURNEY_TEST_CLI = "1" }
params   = { seed = { type = "int", default = 1, min = 1, max = 100 }, stall = { type = "int", default = 0, min = 0, max = 100 } }

[[scenario]]
game   = "speed"
bot    = "ws"
maps   = %s
budget = %s

[params]
stall = { values = [0, 3] }
`+protocolTournament, cmd, maps, budget)
		g, res := sweepGames(t, dir, space)
		if log, _ := os.ReadFile(filepath.Join(res, "bots", "ws.log")); bytes.Contains(g, []byte("forfeit")) && len(log) > 0 {
			lines := strings.Split(string(log), "\n")
			t.Logf("bots/ws.log (last lines):\n%s", strings.Join(lines[max(0, len(lines)-30):], "\n"))
		}
		noChildren(t)
		return g
	}
	t.Run("python", func(t *testing.T) {
		if pyErr != nil {
			t.Skip("python3 is not installed")
		}
		g := run(t, fmt.Sprintf(`[%q, %q, "--seed", "{param:seed}", "--stall-round", "{param:stall}"]`, py, script), `{ time = "3s" }`, `["speed-2p-30x30", "speed-6p-30x30"]`)
		// variant 1 stalls in round 3: a timeout forfeit; variant 0 and
		// the default seats play on to the end.
		rows, err := csv.NewReader(bytes.NewReader(g)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Fatalf("games.csv: %v\n%s", err, g)
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		timeouts := 0
		for _, r := range rows[1:] {
			end, v := r[col["end"]], r[col["variant"]]
			switch {
			case end == "forfeit:timeout" && v == "1":
				timeouts++
				// eliminated in round 3, as the official server does: a
				// 6-player game goes on without it
				if r[col["map"]] == "speed-6p-30x30" && r[col["plies"]] <= "3" && len(r[col["plies"]]) == 1 {
					t.Errorf("the 6-player game ended with the stalling seat (plies %s)", r[col["plies"]])
				}
			case end != "normal":
				t.Fatalf("seat of variant %s ended %s:\n%s", v, end, g)
			}
		}
		if timeouts == 0 {
			t.Fatalf("no timeout forfeit of the stalling variant:\n%s", g)
		}
	})
	t.Run("go-client", func(t *testing.T) {
		g := run(t, fmt.Sprintf(`[%q, "client", "speed", "--budget", "depth=1", "--seed", "{param:seed}"]`, exe), `{ time = "5s" }`, `["speed-6p-30x30"]`)
		wantPlayed(t, g, "speed-6p-30x30")
	})
}

// TestPromoteExternal: the winner of a sweep of an external bot is a
// config that carries its [bots.NAME] table, so match can play it, and
// the sweep's opening_plies (4 here, where an external bot's default is
// none), so match opens as the sweep did (main: 0 random plies).
func TestPromoteExternal(t *testing.T) {
	dir := t.TempDir()
	sp := strings.Replace(fakeSpace(t, externaltest.ModeFirst, ""), "field  = [\"random\"]\n", "field  = [\"random\"]\nopening_plies = 4\n", 1)
	p := writeFile(t, dir, "s.toml", sp)
	res := filepath.Join(dir, "r")
	if code, out, stderr := tourney(t, "sweep", p, "--out", res, "--quiet"); code != 0 {
		t.Fatalf("sweep: %d %s %s", code, out, stderr)
	}
	cfg := filepath.Join(dir, "sub", "winner.toml")
	// one block an encounter is no evidence (statistics.md §8): --force
	if code, _, stderr := tourney(t, "promote", res, "--to", cfg, "--force"); code != 0 {
		t.Fatalf("promote: %d %s", code, stderr)
	}
	b, _ := os.ReadFile(cfg)
	if !bytes.Contains(b, []byte("[bots.fake]")) || !bytes.Contains(b, []byte(`params = { pick = { type = "int", default = 0, min = 0, max = 3 } }`)) {
		t.Fatalf("promoted config:\n%s", b)
	}
	// the bot's directory is stored relative to the file (the space's
	// directory, one level up), never as an absolute path
	if !bytes.Contains(b, []byte("\ndir = \"..\"\n")) {
		t.Fatalf("promoted config: want dir = \"..\":\n%s", b)
	}
	if !bytes.Contains(b, []byte("\nopening_plies = 4 ")) {
		t.Fatalf("promoted config: want the sweep's opening_plies = 4:\n%s", b)
	}
	code, out, stderr := tourney(t, "match", cfg, "default", "--games", "4", "--budget", "depth=1", "--out", filepath.Join(dir, "m"), "--quiet")
	if code != 0 || !strings.Contains(out, "4 games") {
		t.Fatalf("match: %d %q %q", code, out, stderr)
	}
	if want := "opening: 4 random plies a deal, as the sweep " + cfg + " was promoted from opened"; !strings.Contains(out, want) {
		t.Errorf("match: want %q in\n%s", want, out)
	}
	noChildren(t)
}

// TestReversiXTPythonClient: the Python TCP client (its own copy of the
// rules) plays through the hosted server without a single forfeit.
func TestReversiXTPythonClient(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	script, _ := filepath.Abs("../../scripts/examples/rxt_tcp_random.py")
	dir := t.TempDir()
	if raceEnabled {
		// the Python rules make these games slow; the hosted server's
		// path under the detector is TestReversiXTServerAndClient's, and
		// CI runs this test without it (.ci/run)
		t.Skip("plays whole games with a Python client: run without -race")
	}
	space := fmt.Sprintf(`name = "rxt-py"
seed = 4

[bots.pytcp]
game     = "reversixt"
protocol = "reversixt-tcp"
cmd      = [%q, %q, "--server", "{addr}", "--group", "{player}", "--seed", "{param:seed}"]
params   = { seed = { type = "int", default = 1, min = 1, max = 100 } }

[[scenario]]
game   = "reversixt"
bot    = "pytcp"
maps   = ["duel10", "tri13", "cross14"]
budget = { depth = 1 }
field  = ["random"]

[params]
seed = { values = [1, 2] }
`+protocolTournament, py, script)
	g, _ := sweepGames(t, dir, space)
	wantPlayed(t, g, "cross14")
	noChildren(t)
}

// TestExternalInterrupt: Ctrl-C (the command's context cancelled) during
// a move of a hung bot ends the run at once and leaves no process.
func TestExternalInterrupt(t *testing.T) {
	dir := t.TempDir()
	s := strings.Replace(fakeSpace(t, externaltest.ModeHang, ""), `move_timeout = "300ms"`, `move_timeout = "1m"`, 1)
	p := writeFile(t, dir, "s.toml", s)
	ctx, cancel := context.WithCancel(context.Background()) // as signal.NotifyContext does
	defer cancel()
	time.AfterFunc(500*time.Millisecond, cancel)
	var o, e bytes.Buffer
	t0 := time.Now()
	code := run(ctx, []string{"sweep", p, "--out", filepath.Join(dir, "r"), "--quiet", "--workers", "2"}, &o, &e)
	if code != 1 || !strings.Contains(e.String(), "interrupted") {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	if el := time.Since(t0); el > 10*time.Second {
		t.Fatalf("the interrupted run took %s", el)
	}
	noChildren(t)
}
