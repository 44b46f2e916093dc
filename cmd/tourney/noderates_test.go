package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rxWinner is a winner.toml of a sweep under a clock with a node rate
// per map (issue 30 point 4).
const rxWinner = `# winner of rx-rates (variant 1)
game = "reversixt"
bot = "paranoid"

[params]
aspiration = false

[budget]
time = "2ms"
node_rate = { duel10 = 100000, "gen-2p-8x8-h0-t0-o0-b0s0:1" = 150000 }
bank = true
`

// TestPromoteMatchNodeRatesByMap: promote writes a winner whose clock
// has a node rate per map with its table, and match plays it at each
// map's rate; a map without a rate is an error naming the file, line and
// key before any game.
func TestPromoteMatchNodeRatesByMap(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "res")
	os.MkdirAll(res, 0o755)
	writeFile(t, res, "winner.toml", rxWinner)
	writeFile(t, res, "summary.json", `{"verdict": {"text": "better than the defaults", "better_than_defaults": true}}`)
	tuned := filepath.Join(dir, "tuned.toml")
	if code, _, stderr := tourney(t, "promote", res, "--to", tuned); code != 0 {
		t.Fatalf("promote: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(tuned); !strings.Contains(string(b), "node_rate = { duel10 = 100000, \"gen-2p-8x8-h0-t0-o0-b0s0:1\" = 150000 }\nbank = true\n") {
		t.Fatalf("promoted:\n%s", b)
	}
	code, _, stderr := tourney(t, "match", "default", tuned, "--map", "duel10,standard8", "--games", "2", "--quiet", "--out", filepath.Join(dir, "none"))
	if code != 2 || !strings.Contains(stderr, tuned+":10:1: budget.node_rate: no node rate for map standard8") {
		t.Fatalf("a map without a rate: %d %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "none", "games.csv")); err == nil {
		t.Errorf("games played before the refusal")
	}
	m := filepath.Join(dir, "m")
	code, out, stderr := tourney(t, "match", tuned, "default", "--map", "gen-2p-8x8-h0-t0-o0-b0s0:1", "--games", "2", "--quiet", "--out", m)
	want := "time=2ms,bank (node_rate by map: gen-2p-8x8-h0-t0-o0-b0s0:1 150000)"
	if code != 0 || !strings.Contains(out, "budget "+want) {
		t.Fatalf("match: %d %q %q", code, out, stderr)
	}
	var sum struct{ Budget string }
	b, _ := os.ReadFile(filepath.Join(m, "summary.json"))
	if err := json.Unmarshal(b, &sum); err != nil || sum.Budget != want {
		t.Errorf("summary budget %q %v", sum.Budget, err)
	}
}
