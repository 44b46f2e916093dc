package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// exampleBot is one of the example bots that play the clock in nodes
// (scripts/examples): its command (built in dir where it needs a build)
// and its space file. skip says why it cannot run here.
func exampleBot(t *testing.T, lang, dir string) (cmd []string, space string) {
	t.Helper()
	ex, err := filepath.Abs("../../scripts/examples")
	if err != nil {
		t.Fatal(err)
	}
	switch lang {
	case "python":
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("python3 is not installed: the Python example bot cannot run")
		}
		return []string{py, filepath.Join(ex, "jsonl_c4_nodes.py")}, filepath.Join(ex, "c4nodes-py.toml")
	case "java":
		javac, err := exec.LookPath("javac")
		if err != nil {
			t.Skip("javac is not installed (a JDK): the Java example bot cannot be compiled")
		}
		java, err := exec.LookPath("java")
		if err != nil {
			t.Skip("java is not installed: the Java example bot cannot run")
		}
		out, err := exec.Command(javac, "-Xlint:all", "-Werror", "-d", dir, filepath.Join(ex, "JsonlC4Nodes.java")).CombinedOutput()
		if err != nil {
			t.Fatalf("javac JsonlC4Nodes.java: %v\n%s", err, out)
		}
		return []string{java, "-cp", dir, "JsonlC4Nodes"}, filepath.Join(ex, "c4nodes-java.toml")
	}
	t.Fatalf("no example bot in %s", lang)
	return nil, ""
}

// TestExampleBotsNodeClock: the example bots in Python and Java (a real
// alpha-beta search that counts its nodes and obeys the balance in nodes
// of each turn's clock) pass check-bot, their shipped space files are
// valid, and a sweep of their knob under time = "200ms", bank = true and a
// node_rate gives byte-identical games.csv at 1 and 2 workers, without a
// forfeit.
func TestExampleBotsNodeClock(t *testing.T) {
	for _, lang := range []string{"python", "java"} {
		t.Run(lang, func(t *testing.T) {
			dir := t.TempDir()
			cmd, shipped := exampleBot(t, lang, dir)
			quoted := make([]string, len(cmd))
			for i, a := range cmd {
				quoted[i] = fmt.Sprintf("%q", a)
			}
			bot := fmt.Sprintf(`[bots.c4]
game    = "connect4"
cmd     = [%s]
params  = "hello"
startup = "60s" # a JVM on a loaded machine
quit_grace = "10s" # and its exit
`, strings.Join(quoted, ", "))
			p := writeFile(t, dir, "bot.toml", bot)
			code, out, stderr := tourney(t, "check-bot", p, "--games", "1")
			for _, w := range []string{"ok    clock: the bot counts its nodes", "ok    reproducible under the clock in nodes", "ok    node reports: info.nodes on all", "no protocol fault"} {
				if code != 0 || !strings.Contains(out, w) {
					t.Fatalf("check-bot: exit %d, no %q:\n%s%s", code, w, out, stderr)
				}
			}
			if lang == "python" { // the shipped file as it is (the Java one compiles at start-up: slow)
				if code, out, stderr := tourney(t, "validate", shipped, "--no-estimate"); code != 0 {
					t.Fatalf("validate %s: exit %d\n%s%s", shipped, code, out, stderr)
				}
			}
			space := bot + `
[[scenario]]
game          = "connect4"
bot           = "c4"
budget        = { time = "200ms", bank = true, node_rate = 10000 }
opening_plies = 2
field         = ["alphabeta"]

[params]
center_weight = { values = [0, 4] }
` + protocolTournament
			sp := writeFile(t, dir, "s.toml", "name = \"c4-"+lang+"\"\nseed = 3\n\n"+space)
			g := sweepAtOneAndTwo(t, dir, sp, gamesCSV)
			t.Logf("%d lines of games.csv, identical at 1 and 2 workers", bytes.Count(g, []byte("\n")))
			noChildren(t)
		})
	}
}
