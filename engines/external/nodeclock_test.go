package external_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"tourney/engines/all"
	"tourney/engines/external"
	"tourney/engines/external/externaltest"
	"tourney/engines/game"
)

// clockGame plays one Connect Four game of d (seat 0) against itself
// (seat 1) under budget b, keeping each seat's bank in nodes as the arena
// does (clockOf, stepNodeClock) when the bot counts its nodes. It returns
// the first fault, the nodes each move of seat 0 reported and the
// balances it was handed.
func clockGame(t *testing.T, d *external.Decl, b game.Budget, seed uint64) (fault error, nodes, left []int64) {
	t.Helper()
	g, err := all.Find("connect4")
	if err != nil {
		t.Fatal(err)
	}
	spec := resolve(t, d)
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, seed)
	bots := beginBots(t, spec, m, seed, 2)
	defer endBots(bots, s)
	bank := make([]int64, 2)
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		bud := b
		counted := bots[p].(game.NodeClocker).NodeClocked()
		if counted {
			bank[p] += b.ClockNodes(b.Time)
			bud.Left = bank[p]
		} else {
			bud = bud.WallClock()
		}
		a, err := bots[p].Step(context.Background(), s.Clone(), p, bud)
		if err != nil {
			return err, nodes, left
		}
		used := bots[p].(game.Informer).LastMove().Nodes
		if counted {
			bank[p] -= used
		}
		if p == 0 {
			nodes = append(nodes, used)
			left = append(left, bud.Left)
		}
		s.Apply(a)
	}
	return nil, nodes, left
}

// TestNodeClockReports: a bot whose hello says "clock": "nodes" is a
// game.NodeClocker, its turns carry the clock in nodes (its moves follow
// its balance: it spends half of it), and its info.nodes is its
// LastMove; a bot that does not announce is not node-clocked.
func TestNodeClockReports(t *testing.T) {
	defer noChildren(t)
	b := game.Budget{Time: 10 * time.Millisecond, NodeRate: 100_000, Bank: true} // 1 000 nodes a move
	d := fake(t, "connect4", externaltest.ModeNodes)
	err, nodes, left := clockGame(t, d, b, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !d.NodeClocked() || d.Clock() != external.ClockNodes {
		t.Fatalf("decl clock %q", d.Clock())
	}
	want := int64(1000)
	for i := range nodes {
		if left[i] != want || nodes[i] != want/2 {
			t.Fatalf("move %d: left %d nodes %d, want left %d and half of it", i, left[i], nodes[i], want)
		}
		want = want - want/2 + 1000
	}
	if len(nodes) < 3 {
		t.Fatalf("only %d moves", len(nodes))
	}
	// the same game again: the same nodes
	_, again, _ := clockGame(t, d, b, 3)
	if !slices.Equal(again, nodes) {
		t.Fatalf("replayed game: %v, first %v", again, nodes)
	}

	w := fake(t, "connect4", externaltest.ModeFirst)
	slow := b
	slow.Time = 5 * time.Second // on the wall clock: generous, under -race on a loaded machine
	if err, _, _ := clockGame(t, w, slow, 3); err != nil {
		t.Fatal(err)
	}
	if w.NodeClocked() || w.Clock() != external.ClockWall {
		t.Fatalf("a bot that did not announce: clock %q", w.Clock())
	}
}

// TestNodeReportFaults: an announcing bot's missing or negative node
// report is a protocol forfeit, never a move, naming info.nodes.
func TestNodeReportFaults(t *testing.T) {
	defer noChildren(t)
	b := game.Budget{Time: 10 * time.Millisecond, NodeRate: 100_000, Bank: true}
	for _, c := range []struct{ mode, want string }{
		{externaltest.ModeNodesMissing, "info.nodes is missing"},
		{externaltest.ModeNodesNegative, "info.nodes is negative"},
	} {
		err, nodes, _ := clockGame(t, fake(t, "connect4", c.mode), b, 3)
		if game.FaultReason(err, "") != "protocol" || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%s: %v, want a protocol fault saying %q", c.mode, err, c.want)
		}
		if c.mode == externaltest.ModeNodesMissing && len(nodes) != 2 {
			t.Fatalf("%s: %d moves of seat 0 before the fault, want 2", c.mode, len(nodes))
		}
	}
}

// TestProcessCPU: the CPU time of a bot's process tree counts a child
// that burns CPU at the bot's first turn: reaped by the bot (the bot's
// cutime, then its rusage), and running (read from /proc while it runs);
// tourney's own CPU time does not grow by it.
func TestProcessCPU(t *testing.T) {
	defer noChildren(t)
	const spin = 300 * time.Millisecond
	g, _ := all.Find("connect4")
	d := fake(t, "connect4", externaltest.ModeBusy)
	d.Env["TOURNEY_FAKE_SPIN"] = spin.String()
	d.MoveTimeout = 60 * time.Second // the spin, on a loaded machine
	m, _ := g.LoadMap(g.Maps()[0])
	s, _ := g.NewState(m, 1)
	bt, _, _ := resolve(t, d).Build(nil)
	bt.Reset(1)
	bt.(game.Lifecycle).BeginGame(m, 0)
	self0 := externaltest.CPUTime()
	if _, err := bt.Step(context.Background(), s.Clone(), 0, game.Budget{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	self := externaltest.CPUTime() - self0
	got := bt.(game.ProcessTimer).ProcessCPU()
	bt.(game.Lifecycle).EndGame(game.GameEnd{Ranks: []int{1, 1}, Scores: []float64{0.5, 0.5}, End: []string{"normal", "normal"}})
	after := bt.(game.ProcessTimer).ProcessCPU()
	t.Logf("the game's process CPU %s (after end %s), tourney's own CPU during the move %s", got, after, self)
	if got < spin*8/10 || after < got || after > got+50*time.Millisecond {
		t.Fatalf("the bot's game CPU %s (after end %s), want at least %s", got, after, spin*8/10)
	}
	if self > spin/2 {
		t.Fatalf("tourney's own CPU grew by %s during the move: it was the child's", self)
	}
	if tot := d.ProcessCPU(); tot < got {
		t.Fatalf("the decl's CPU %s < the game's %s", tot, got)
	}
	external.CloseAll()
	if tot, all := d.ProcessCPU(), external.ProcessCPU(); tot < got || all < tot {
		t.Fatalf("after the processes ended: decl %s, all %s, want at least %s", tot, all, got)
	}

	// a child still running: read from /proc while it spins
	bg := fake(t, "connect4", externaltest.ModeBusy)
	bg.Env["TOURNEY_FAKE_SPIN"] = spin.String()
	bg.Env["TOURNEY_FAKE_SPIN_BG"] = "1"
	bt, _, _ = resolve(t, bg).Build(nil)
	bt.Reset(1)
	bt.(game.Lifecycle).BeginGame(m, 0)
	if _, err := bt.Step(context.Background(), s.Clone(), 0, game.Budget{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	var seen time.Duration
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if seen = bt.(game.ProcessTimer).ProcessCPU(); seen >= spin*8/10 {
			break
		}
	}
	bt.(game.Lifecycle).EndGame(game.GameEnd{Ranks: []int{1, 1}, Scores: []float64{0.5, 0.5}, End: []string{"normal", "normal"}})
	if seen < spin*8/10 {
		t.Fatalf("a running child's CPU: %s seen, want at least %s", seen, spin*8/10)
	}
}

// TestClockLine: the summary line says which clock a bot plays.
func TestClockLine(t *testing.T) {
	defer noChildren(t)
	b := game.Budget{Time: 200 * time.Millisecond, NodeRate: 100_000, Bank: true}
	n := fake(t, "connect4", externaltest.ModeNodes)
	w := fake(t, "connect4", externaltest.ModeFirst)
	if n.ClockLine(b) != "" {
		t.Fatalf("before hello: %q", n.ClockLine(b))
	}
	for _, d := range []*external.Decl{n, w} {
		if _, err := d.Resolve(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		d    *external.Decl
		b    game.Budget
		want string
	}{
		{n, b, "bot fake-nodes plays the clock in nodes (time=200ms,node_rate=100000,bank)"},
		{n, b.WallClock(), "has no node_rate: it plays the wall clock"},
		{w, b, "bot fake-first plays the wall clock (200ms per move; its hello has no \"clock\": \"nodes\")"},
		{n, game.Budget{Depth: 3}, ""},
	} {
		got := c.d.ClockLine(c.b)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s under %s: %q, want %q", c.d.Name, c.b, got, c.want)
		}
	}
}

// TestClockNotedOnce: the note on the clock a bot plays is in its log
// once a bot, however many processes it runs (main: once a process, one
// a seat and worker: 4 lines for a sweep at 2 workers).
func TestClockNotedOnce(t *testing.T) {
	defer noChildren(t)
	dir := logDir(t)
	b := game.Budget{Time: 10 * time.Millisecond, NodeRate: 100_000, Bank: true}
	n := fake(t, "connect4", externaltest.ModeNodes)
	n.Name = "fake-nodes-once" // a log of its own (logs are by name)
	w := fake(t, "connect4", externaltest.ModeFirst)
	w.Name = "fake-wall-once"
	wall := b
	wall.Time = 5 * time.Second // generous, under -race on a loaded machine
	for _, c := range []struct {
		d    *external.Decl
		b    game.Budget
		want string
	}{{n, b, "counts its nodes"}, {w, wall, "on the wall clock"}} {
		for range 2 { // two games, two processes each
			if err, _, _ := clockGame(t, c.d, c.b, 3); err != nil {
				t.Fatal(err)
			}
		}
		if log := readLog(dir, c.d.Name); strings.Count(log, c.want) != 1 {
			t.Errorf("bot %s: %d notes saying %q, want 1:\n%s", c.d.Name, strings.Count(log, c.want), c.want, log)
		}
	}
}
