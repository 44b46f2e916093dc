package main

import (
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
)

// TestClockLines: match, validate and sweep say which clock an external
// bot plays under a time budget: in nodes for a bot whose hello says
// "clock": "nodes", the wall clock for one that does not (main said
// nothing in any of them).
func TestClockLines(t *testing.T) {
	const nodes = "bot fake plays the clock in nodes"
	const wall = "bot fake plays the wall clock"
	for _, c := range []struct{ mode, want, not string }{
		{externaltest.ModeNodes, nodes, wall},
		{externaltest.ModeFirst, wall, nodes},
	} {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			check := func(what, out string) {
				t.Helper()
				if !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
					t.Errorf("%s: want %q (and not %q) in\n%s", what, c.want, c.not, out)
				}
			}
			cfg := fakeConfig(t, dir, c.mode)
			code, out, stderr := tourney(t, "match", cfg, "default", "--budget", "time=50ms,node_rate=100000", "--games", "2", "--quiet")
			if code != 0 {
				t.Fatalf("match: exit %d\n%s\n%s", code, out, stderr)
			}
			check("match", out)
			space := strings.Replace(fakeSpace(t, c.mode, ""), "budget = { depth = 1 }", `budget = { time = "50ms", node_rate = 100000 }`, 1)
			space = strings.Replace(space, `field  = ["random"]`, "", 1)
			p := writeFile(t, dir, "s.toml", space)
			code, out, stderr = tourney(t, "validate", p, "--no-estimate")
			if code != 0 {
				t.Fatalf("validate: exit %d\n%s\n%s", code, out, stderr)
			}
			check("validate", out)
			code, out, stderr = tourney(t, "sweep", p, "--out", filepath.Join(dir, "r"), "--quiet")
			if code != 0 {
				t.Fatalf("sweep: exit %d\n%s\n%s", code, out, stderr)
			}
			check("sweep", stderr)
			noChildren(t)
		})
	}
}
