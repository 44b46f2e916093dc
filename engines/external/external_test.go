package external_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"tourney/engines/all"
	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/engines/game"
)

func TestMain(m *testing.M) {
	externaltest.MaybeRun()
	code := m.Run()
	external.CloseAll()
	os.Exit(code)
}

// fake declares the test binary as a fake bot in mode.
func fake(t testing.TB, g, mode string) *external.Decl {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &external.Decl{
		Name: "fake-" + mode, Game: g, Cmd: []string{exe}, Env: map[string]string{externaltest.Env: mode},
		HelloParams: true, Startup: 5 * time.Second, MoveTimeout: 2 * time.Second, QuitGrace: 200 * time.Millisecond,
	}
}

func noChildren(t *testing.T) {
	t.Helper()
	external.CloseAll()
	if n := external.Live(); n != 0 {
		t.Errorf("%d external processes still registered", n)
	}
	if c := externaltest.Children(); len(c) > 0 {
		t.Errorf("child processes alive: %v", c)
	}
}

// playOne plays a game of g on its default map with bots on every seat,
// the way the arena does (Reset, BeginGame, Step, EndGame), and returns
// the forfeit reason of the first faulty seat ("" when none).
func playOne(t *testing.T, g game.Game, spec game.BotSpec, seed uint64) (reason string, plies int) {
	t.Helper()
	m, err := g.LoadMap(g.Maps()[0])
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewState(m, seed)
	if err != nil {
		t.Fatal(err)
	}
	n := s.NumPlayers()
	bots := beginBots(t, spec, m, seed, n)
	defer endBots(bots, s)
	ctx := context.Background()
	for !s.IsTerminal() && s.MoveNumber() < 400 {
		cp := s.CurrentPlayer()
		if cp == game.SimultaneousPlayer {
			joint := make([]game.Action, n)
			for p := range joint {
				joint[p] = game.NoAction
				if len(s.LegalActions(p, nil)) == 0 {
					continue
				}
				a, err := bots[p].Step(ctx, s.Clone(), p, game.Budget{Depth: 1})
				if err != nil {
					return game.FaultReason(err, "error"), s.MoveNumber()
				}
				joint[p] = a
			}
			s.(game.JointApplier).ApplyJoint(joint)
			continue
		}
		a, err := bots[cp].Step(ctx, s.Clone(), cp, game.Budget{Depth: 1})
		if err != nil {
			return game.FaultReason(err, "error"), s.MoveNumber()
		}
		s.Apply(a)
	}
	return "", s.MoveNumber()
}

// beginBots builds n bots of spec and begins a game on m for them, seat
// i's bot seeded as the arena does (game.Mix(seed, i+1)).
func beginBots(t *testing.T, spec game.BotSpec, m game.Map, seed uint64, n int) []game.Bot {
	t.Helper()
	bots := make([]game.Bot, n)
	for i := range bots {
		b, _, err := spec.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		b.Reset(game.Mix(seed, uint64(i)+1))
		b.(game.Lifecycle).BeginGame(m, i)
		bots[i] = b
	}
	return bots
}

// endBots ends the game of bots with s's ranks and scores.
func endBots(bots []game.Bot, s game.State) {
	for _, b := range bots {
		b.(game.Lifecycle).EndGame(game.GameEnd{Ranks: game.Ranks(s), Scores: s.Returns(nil), End: make([]string, len(bots))})
	}
}

// resolve starts d's program and reads its hello.
func resolve(t testing.TB, d *external.Decl) game.BotSpec {
	t.Helper()
	spec, err := d.Resolve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// logDir sends the bots' logs to a new folder for the test's time and
// returns it.
func logDir(t *testing.T) string {
	dir := t.TempDir()
	external.SetLogDir(dir)
	t.Cleanup(func() { external.SetLogDir("") })
	return dir
}

// readLog is bot name's log in the log folder dir.
func readLog(dir, name string) string {
	log, _ := os.ReadFile(filepath.Join(dir, "bots", name+".log"))
	return string(log)
}

func TestEveryGameOverJSONLines(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			d := fake(t, g.Info().Name, externaltest.ModeFirst)
			spec := resolve(t, d)
			if p, ok := spec.Param("pick"); !ok || p.Kind != game.Int || p.Max != 3 {
				t.Fatalf("hello params not read: %+v", spec.Params)
			}
			for seed := uint64(1); seed <= 2; seed++ {
				reason, plies := playOne(t, g, spec, seed)
				if reason != "" || plies == 0 {
					t.Fatalf("seed %d: forfeit %q after %d plies", seed, reason, plies)
				}
			}
		})
	}
	noChildren(t)
}

// TestJSONStates checks that every game's state encoding is valid JSON
// along a game (random moves) and carries the player to move.
func TestJSONStates(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			for _, mn := range g.Maps() {
				m, err := g.LoadMap(mn)
				if err != nil {
					t.Fatal(err)
				}
				s, _ := g.NewState(m, 7)
				enc, ok := s.(game.JSONEncoder)
				if !ok {
					t.Fatalf("%T has no JSON encoding", s)
				}
				rng := game.NewRand(3)
				var prev []byte
				for i := 0; i < 300 && !s.IsTerminal(); i++ {
					buf := enc.AppendJSON(nil, 0)
					var v map[string]any
					if err := json.Unmarshal(buf, &v); err != nil {
						t.Fatalf("map %s ply %d: %v\n%s", mn, i, err, buf)
					}
					if i > 0 && slices.Equal(buf, prev) {
						t.Fatalf("map %s ply %d: the encoding did not change with the move", mn, i)
					}
					prev = buf
					if cp := s.CurrentPlayer(); cp == game.SimultaneousPlayer {
						joint := make([]game.Action, s.NumPlayers())
						for p := range joint {
							l := s.LegalActions(p, nil)
							joint[p] = game.NoAction
							if len(l) > 0 {
								joint[p] = l[rng.IntN(len(l))]
							}
						}
						s.(game.JointApplier).ApplyJoint(joint)
					} else {
						l := s.LegalActions(cp, nil)
						s.Apply(l[rng.IntN(len(l))])
					}
				}
			}
		})
	}
}

func TestFaultsDirect(t *testing.T) {
	g := all.Games()[0] // connect4
	cases := []struct{ mode, reason string }{
		{externaltest.ModeGarbage, "protocol"},
		{externaltest.ModeIllegal, "illegal"},
		{externaltest.ModeHang, "timeout"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			d := fake(t, g.Info().Name, c.mode)
			d.MoveTimeout = 300 * time.Millisecond
			spec := resolve(t, d)
			reason, _ := playOne(t, g, spec, 1)
			if reason != c.reason {
				t.Fatalf("forfeit %q, want %q", reason, c.reason)
			}
		})
	}
	t.Run("nohello", func(t *testing.T) {
		d := fake(t, g.Info().Name, externaltest.ModeNoHello)
		d.Startup = 300 * time.Millisecond
		_, err := d.Resolve(context.Background())
		if game.FaultReason(err, "") != "timeout" {
			t.Fatalf("resolve: %v, want a timeout", err)
		}
	})
	t.Run("exit", func(t *testing.T) {
		d := fake(t, g.Info().Name, externaltest.ModeExit)
		spec := resolve(t, d)
		// Seeds whose first seat's game seed is even crash; the next
		// game starts a new process.
		var reasons []string
		for seed := uint64(1); seed <= 6; seed++ {
			r, _ := playOne(t, g, spec, seed)
			reasons = append(reasons, r)
		}
		if !slices.Contains(reasons, "crash") || !slices.Contains(reasons, "") {
			t.Fatalf("reasons %q: want crashes and complete games", reasons)
		}
	})
	t.Run("ignore-quit", func(t *testing.T) {
		d := fake(t, g.Info().Name, externaltest.ModeIgnoreQuit)
		spec := resolve(t, d)
		if r, _ := playOne(t, g, spec, 1); r != "" {
			t.Fatalf("forfeit %q", r)
		}
		t0 := time.Now()
		external.CloseAll()
		if el := time.Since(t0); el > 3*time.Second {
			t.Fatalf("CloseAll took %s", el)
		}
	})
	noChildren(t)
}

func TestCancelKills(t *testing.T) {
	g := all.Games()[0]
	d := fake(t, g.Info().Name, externaltest.ModeHang)
	d.MoveTimeout = time.Minute
	b, _, _ := resolve(t, d).Build(nil)
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, 1)
	b.(game.Lifecycle).BeginGame(m, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err := b.Step(ctx, s, 0, game.Budget{Depth: 1})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(t0) > 5*time.Second {
		t.Fatalf("Step: %v after %s", err, time.Since(t0))
	}
	b.(game.Lifecycle).EndGame(game.GameEnd{})
	noChildren(t)
}

// BenchmarkRoundTripJSONL measures one move's round trip to an instant
// external bot (the fake bot on Connect Four): encode the turn, write it
// to the pipe, the bot reads, parses and answers, tourney reads and
// checks the action. p50 and p99 are reported in µs.
func BenchmarkRoundTripJSONL(b *testing.B) {
	g := all.Games()[0]
	d := fake(b, g.Info().Name, externaltest.ModeFirst)
	bot, _, _ := resolve(b, d).Build(nil)
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, 1)
	bot.(game.Lifecycle).BeginGame(m, 0)
	if _, err := bot.Step(context.Background(), s, 0, game.Budget{Depth: 1}); err != nil {
		b.Fatal(err)
	}
	benchSteps(b, bot, s)
}

// benchSteps times b.N moves of bot (seat 0, depth 1) in s, begun,
// reports the median and 99th percentile in µs, ends the game and
// closes the bot's process.
func benchSteps(b *testing.B, bot game.Bot, s game.State) {
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		if _, err := bot.Step(ctx, s, 0, game.Budget{Depth: 1}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
	bot.(game.Lifecycle).EndGame(game.GameEnd{})
	external.CloseAll()
}

// BenchmarkNewGame measures a game's start on a reused process (BeginGame,
// the first move, EndGame) for a tourney/2 bot and a tourney/1 bot, whose
// next game waits until it has handled end (settle): the difference is
// that wait.
func BenchmarkNewGame(b *testing.B) {
	for _, mode := range []string{externaltest.ModeFirst, externaltest.ModeLegacy} {
		b.Run(mode, func(b *testing.B) {
			g := all.Games()[0]
			spec := resolve(b, fake(b, g.Info().Name, mode))
			m, _ := g.LoadMap(g.Maps()[0])
			s, _ := g.NewState(m, 1)
			ctx := context.Background()
			for i := range b.N + 1 {
				if i == 1 {
					b.ResetTimer()
				}
				bot, _, _ := spec.Build(nil)
				bot.(game.Lifecycle).BeginGame(m, 0)
				if _, err := bot.Step(ctx, s, 0, game.Budget{Depth: 1}); err != nil {
					b.Fatal(err)
				}
				bot.(game.Lifecycle).EndGame(game.GameEnd{Ranks: []int{1, 2}, Scores: []float64{1, 0}, End: []string{"normal", "normal"}})
			}
			b.StopTimer()
			external.CloseAll()
		})
	}
}
