package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
	"tourney/internal/testspace"
)

// TestCheckBotNodes: check-bot says which clock a bot plays, checks the
// node reports of a bot that counts its nodes (present on every answer,
// non-negative, within the clock's balance) with messages that say what
// to fix, and plays it under a clock in nodes.
func TestCheckBotNodes(t *testing.T) {
	exe, _ := os.Executable()
	dir := t.TempDir()
	for _, c := range []struct {
		name, mode, spend string
		code              int
		want              []string
	}{
		{"counts", externaltest.ModeNodes, "", 0, []string{
			`ok    clock: the bot counts its nodes (hello "clock": "nodes")`,
			"ok    clock in nodes time=20ms,node_rate=100000,bank: map ",
			"balances 2000, 3000, 3500, 3750,",
			"ok    reproducible under the clock in nodes",
			"ok    node reports: info.nodes on all ",
			"ok    node rate: about ",
			"no protocol fault"}},
		{"wall", externaltest.ModeFirst, "", 0, []string{`note  clock: the wall clock (its hello has no "clock": "nodes")`, "no protocol fault"}},
		{"missing", externaltest.ModeNodesMissing, "", 1, []string{"protocol: the bot counts its nodes (hello \"clock\": \"nodes\"): info.nodes is missing (every action must report the nodes its move searched"}},
		{"negative", externaltest.ModeNodesNegative, "", 1, []string{"info.nodes is negative (-5)"}},
		{"over", externaltest.ModeNodes, "10", 1, []string{"FAULT under the clock in nodes time=20ms,node_rate=100000,bank", "timeout: the move searched 20000 nodes, the clock allowed 2000 (20ms at 100000 nodes/s) + grace 10000: obey clock.left_nodes"}},
		{"zero", externaltest.ModeNodes, "0", 0, []string{"note  every move under the clock in nodes reported 0 nodes"}},
	} {
		env := fmt.Sprintf("%s = %q", externaltest.Env, c.mode)
		if c.spend != "" {
			env += fmt.Sprintf(", TOURNEY_FAKE_SPEND = %q", c.spend)
		}
		p := writeFile(t, dir, c.name+".toml", fmt.Sprintf(`[bots.fake]
game = "connect4"
cmd = [%q]
env = { %s }
params = "hello"
startup = "5s"
move_timeout = "2s"
quit_grace = "2s"
`, exe, env))
		code, out, stderr := tourney(t, "check-bot", p, "--games", "1", "--maps", "1")
		if code != c.code {
			t.Errorf("%s: exit %d, want %d:\n%s%s", c.name, code, c.code, out, stderr)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in:\n%s", c.name, w, out)
			}
		}
	}
	noChildren(t)
}

// TestNodeClockSweepExternal: an external bot that counts its nodes is
// swept under a banked clock in nodes: the games follow its balance (the
// fake bot's moves do), games.csv is byte-identical at 1 and 2 workers,
// and a move that takes longer on the wall clock than the clock's time
// (a loaded machine) is no timeout: it costs its nodes. On the wall clock
// (before the node clock for external bots) those moves forfeited.
func TestNodeClockSweepExternal(t *testing.T) {
	dir := t.TempDir()
	space := `name = "fake-nodes"
seed = 5

` + testspace.FakeBot(t, "fake", externaltest.ModeNodes, `, TOURNEY_FAKE_DELAY = "150ms", TOURNEY_FAKE_DELAY_TURNS = "1"`, `"hello"`) + `move_timeout = "20s"
quit_grace = "200ms"

[[scenario]]
game   = "connect4"
bot    = "fake"
budget = { time = "20ms", bank = true, node_rate = 100000 }
field  = ["random"]

[params]
pick = { values = [0, 1] }
` + protocolTournament
	p := writeFile(t, dir, "s.toml", space)
	// no forfeits under the clock in nodes, at 1 and 2 workers alike
	g := sweepAtOneAndTwo(t, dir, p, gamesCSV)
	if n := bytes.Count(g, []byte("\n")); n < 3 {
		t.Fatalf("games.csv has %d lines:\n%s", n, g)
	}
	noChildren(t)
}
