package tuner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBudgetKept: a budget in games that the plan cannot keep is an error
// naming file:line:key, before anything is written (issue 31: a budget of
// 3 games played 26); a budget it can keep is kept within 5 % (the
// hold-out rung's tenth on top, as documented).
func TestBudgetKept(t *testing.T) {
	land, _ := filepath.Abs("../configs/synthetic/twelve.toml")
	text := func(method, budget string) string {
		return "name = \"b\"\nseed = 1\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [\"" + land + "\"]\n" +
			"[params]\nx1 = { values = [0, 1] }\nx2 = { values = [0, 1] }\nx3 = { values = [0, 1] }\nx4 = { values = [0, 1] }\nx5 = { values = [0, 1] }\n" +
			"[generate]\nmethod = \"" + method + "\"\n[tournament]\nformat = \"halving\"\nbootstrap = 100\nbudget = " + budget + "\n"
	}
	for _, method := range []string{"factorial", "grid"} {
		sp := parseSpace(t, "b.toml", text(method, "3"))
		out := filepath.Join(t.TempDir(), "out")
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true})
		if err == nil || !strings.Contains(err.Error(), "b.toml:18:1: tournament.budget: a budget of 3 games cannot be kept") {
			t.Errorf("%s, budget 3: %v", method, err)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: a refused budget left %s", method, out)
		}
		for _, budget := range []int{100, 400} {
			sp := parseSpace(t, "b.toml", text(method, strconv.Itoa(budget)))
			res, _ := sweepSpace(t, sp, 2, RunOptions{})
			if played := res.Summary.Games - res.Summary.HoldOutGames; float64(played) > 1.05*float64(budget) {
				t.Errorf("%s: a budget of %d games played %d (and %d of the hold-out)", method, budget, played, res.Summary.HoldOutGames)
			}
		}
	}
}
