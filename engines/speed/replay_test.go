package speed

import (
	"os"
	"path/filepath"
	"testing"

	"tourney/engines/internal/shared"
)

func TestReplayOracles(t *testing.T) {
	dir := shared.Path(t, "oracles", "speed")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no recorded games")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			n, err := Replay(fh)
			if err != nil {
				t.Fatalf("after %d rounds: %v", n, err)
			}
			t.Logf("%d rounds replayed", n)
		})
	}
}
