package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSweepRefusalsBeforeOutput: a halving budget the plan cannot keep
// (in games: known from the plan; in CPU: known once the costs are
// measured) is refused with exit 2, the error as the only output, and
// no results directory (the sweep printed its header "sweep NAME: …
// variants …" first, and the measured refusal left the directory with
// space.toml, games.csv and costs.csv).
func TestSweepRefusalsBeforeOutput(t *testing.T) {
	const space = `name = "b"
seed = 1
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [%s] }
[tournament]
format = "halving"
%s
`
	// 40 variants: the fits of their plan alone are estimated at several
	// seconds of CPU, far beyond the 1 s budget however fast the machine
	var forty []string
	for i := range 40 {
		forty = append(forty, fmt.Sprintf("%d.0", 10*i))
	}
	for _, c := range []struct{ values, budget, want string }{
		{"0.0, 10.0, 20.0, 30.0, 40.0, 50.0", `budget = 10`, "a budget of 10 games cannot be kept"},
		{strings.Join(forty, ", "), `budget = "1s"`, "a budget of 1s of CPU cannot be kept"},
	} {
		dir := t.TempDir()
		p := writeFile(t, dir, "b.toml", fmt.Sprintf(space, c.values, c.budget))
		res := filepath.Join(dir, "r")
		code, out, stderr := tourney(t, "sweep", p, "--workers", "1", "--out", res, "--quiet")
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != 2 || out != "" || len(lines) != 1 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "b.toml:10") {
			t.Errorf("%s: exit %d, want 2 and the error alone:\n%s%s", c.budget, code, out, stderr)
		}
		if _, err := os.Stat(res); err == nil {
			t.Errorf("%s: the results directory was made", c.budget)
		}
	}
}
