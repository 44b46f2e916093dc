package clustertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tourney/internal/testspace"
)

// effects are the landscape's knobs' effects (x1, x2, ...): small.
var effects = []int{20, -10, 5}

// WriteSpace writes the cluster's test space under dir and returns the
// space file: the synthetic landscape bot on a map file in a
// subdirectory and a field bot config one directory up (both must
// travel to the workers), knobs knobs x1.. of two values each, a
// knockout of encounters of at most maxGames games.
func WriteSpace(t testing.TB, dir string, knobs int, includeDefaults bool, maxGames string) string {
	t.Helper()
	var params, main strings.Builder
	for k := range knobs {
		fmt.Fprintf(&params, "x%d = { values = [0, 1] }\n", k+1)
		fmt.Fprintf(&main, "x%d = { \"0\" = 0, \"1\" = %d }\n", k+1, effects[k])
	}
	text := fmt.Sprintf(`name = "cl"
seed = 5

[[scenario]]
game = "synthetic"
bot  = "landscape"
maps = ["maps/flat.toml"]
field = ["../shared/ref.toml"]

[params]
%s
[generate]
method = "grid"
include_defaults = %v

[tournament]
format = "knockout"
group = 2
advance = 1
min_blocks = 2
max_games = %s
`, params.String(), includeDefaults, maxGames)
	testspace.WriteFiles(t, dir, map[string]string{
		"space/cl.toml":        text,
		"space/maps/flat.toml": fmt.Sprintf("doc = \"%d knobs, small effects\"\nplayers = 2\n\n[main]\n%s", knobs, main.String()),
		"shared/ref.toml":      "game = \"synthetic\"\nbot = \"landscape\"\n[params]\nx1 = 1\n",
	})
	return filepath.Join(dir, "space", "cl.toml")
}

// Identical are the files a cluster run writes byte for byte as a local
// run does.
var Identical = []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml"}

// SameFiles checks that the results directories a and b hold the same
// Identical files (and that a holds them).
func SameFiles(t *testing.T, a, b string) {
	t.Helper()
	for _, f := range Identical {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil || len(x) == 0 {
			t.Fatalf("%s: %v (empty or missing)", f, err)
		}
		y, _ := os.ReadFile(filepath.Join(b, f))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between %s and %s", f, a, b)
		}
	}
}

// EveryBlockPlayed checks that summary.json of the cluster run's results
// directory dir counts blocks and names a player (a worker) for each.
func EveryBlockPlayed(t *testing.T, dir string) {
	t.Helper()
	var sum struct {
		Blocks  int               `json:"blocks"`
		Players map[string]string `json:"players"`
	}
	b, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Blocks == 0 || len(sum.Players) != sum.Blocks {
		t.Errorf("summary.json: %d blocks, %d with a player", sum.Blocks, len(sum.Players))
	}
}

// SyncBuf is a buffer that goroutines may write at once (a log).
type SyncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
