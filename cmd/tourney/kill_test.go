//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/internal/testspace"
)

// A sweep of equal synthetic variants: encounters usually play to their
// cap, some thousands of games, several seconds on a busy machine.
var killSpace = testspace.Fixed("kill", 41, `label = { values = [1, 2, 3, 4, 5, 6, 7, 8] }
`+testspace.PairsKnockout+`min_blocks = 1
max_games = 3000
`)

// kill -9 safety (scripts/kill-resume.sh does it on 8-player ReversiXT):
// a sweep process killed with SIGKILL once rows have reached games.csv is
// resumed to byte-identical results files; while a process runs in a
// directory, a resume of that directory is refused (the lock).
func TestKillNineResume(t *testing.T) {
	heavyUnderRace(t)
	if testing.Short() {
		t.Skip("plays some thousands of games three times")
	}
	tmp := t.TempDir()
	space := writeFile(t, tmp, "kill.toml", killSpace)
	ref := filepath.Join(tmp, "ref")
	if code, _, e := tourney(t, "sweep", space, "--workers", "2", "--quiet", "--out", ref); code != 0 {
		t.Fatalf("reference run: %d %s", code, e)
	}
	dir := filepath.Join(tmp, "killed")
	p := startTourney(t, nil, "sweep", space, "--workers", "2", "--quiet", "--out", dir)
	// wait for rows beyond the header (flushed at least every second)
	p.awaitRunning(t, time.Minute, 20*time.Millisecond, "games.csv rows", func() bool {
		b, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
		return bytes.Count(b, []byte("\n")) > 1
	})
	// while it runs, a resume of its directory is refused
	code, _, e := tourney(t, "sweep", space, "--resume", dir, "--quiet")
	if code != 1 || !strings.Contains(e, "in use by another tourney process") {
		t.Errorf("resume of a directory in use: exit %d, %q", code, e)
	}
	if p.kill(); p.err == nil {
		t.Fatal("the sweep finished before the kill")
	}
	if _, err := os.Stat(filepath.Join(dir, "variants.csv")); err == nil {
		t.Fatal("the killed sweep had finished")
	}
	if code, _, e := tourney(t, "sweep", space, "--workers", "2", "--quiet", "--resume", dir); code != 0 {
		t.Fatalf("resume after kill -9: %d %s", code, e)
	}
	for _, f := range []string{"games.csv", "variants.csv", "bracket.csv", "ratings.csv", "winner.toml"} {
		a, _ := os.ReadFile(filepath.Join(ref, f))
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs after kill -9 and resume", f)
		}
	}
}
