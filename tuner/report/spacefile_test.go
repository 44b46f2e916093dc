package report

import (
	"os"
	"path/filepath"
	"testing"
)

// Reading a results directory never starts a bot: a space whose bot
// declares its knobs in its hello is not loaded (the report falls back
// on variants.csv), and the bot's command never runs.
func TestLoadSpaceStartsNoBot(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	sp := filepath.Join(dir, "space.toml")
	if err := os.WriteFile(sp, []byte(`name = "x"
[bots.b]
game = "connect4"
cmd = ["sh", "-c", "touch `+mark+`"]
params = "hello"
[[scenario]]
game = "connect4"
bot = "b"
[params]
p = { values = [1, 2] }
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSpace(sp); err == nil {
		t.Error("a params = \"hello\" space loaded")
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("the bot's command ran")
	}
}
