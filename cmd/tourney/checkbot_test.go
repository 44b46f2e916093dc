package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
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
