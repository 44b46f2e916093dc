package tuner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"tourney/tuner/costs"
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

// TestCPUBudgetKept: a CPU budget with costs the sweep measures covers
// the whole run, the measuring, the fits and the files included (issue
// 31: a budget of 4 min used 4 min 59 s, the fits uncounted). Two
// checks:
//   - at the costs the run measured (costs.csv: a game's CPU, and what
//     the measuring, the dry runs and the fits to come take), the games
//     it played and the rest fit the budget and 5 %: the plan's
//     arithmetic, exact;
//   - the process's CPU stays within the budget and 15 %: here the rest
//     is 2-3 s of the 6 s, and leaving it out spends 40 % more. The
//     margin is the machine's: a game of 0.3 ms costs up to a fifth
//     more CPU under another process's load than when it was measured
//     (5.2-6.5 s used on this machine with a second test binary beside
//     it, 6.75 s once in CI).
func TestCPUBudgetKept(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("plays 6 s of CPU; CPU times under the race detector are not the run's")
	}
	text := "name = \"cpu\"\nseed = 2\n[[scenario]]\ngame = \"connect4\"\nbot = \"alphabeta\"\nbudget = { depth = 3 }\n" +
		"[params]\nopponent_weight = { values = [0.5, 1.0, 1.5, 2.0] }\nthreat_exponent = { values = [0.5, 1.0] }\n" +
		"[tournament]\nformat = \"halving\"\nbudget = \"6s\"\nbootstrap = 200\n"
	const budget = 6 * time.Second
	sp := parseSpace(t, "cpu.toml", text)
	cpu := costs.ProcessCPU()
	res, out := sweepSpace(t, sp, 2, RunOptions{})
	used := costs.ProcessCPU() - cpu
	per, other, err := costs.ReadCosts(filepath.Join(out, costsFile), 1)
	if err != nil || len(per) != 1 || other <= 0 {
		t.Fatalf("costs.csv: %v %v %v", per, other, err)
	}
	planned := other + time.Duration(res.Summary.Games)*per[0]
	t.Logf("CPU budget 6s: %s used, %d games at %s, %s besides: %s at the measured costs", used, res.Summary.Games, per[0], other, planned)
	if planned.Seconds() > budget.Seconds()*1.05 {
		t.Errorf("at its own measured costs the run spent %s of a budget of %s", planned, budget)
	}
	if used.Seconds() > budget.Seconds()*1.15 {
		t.Errorf("a CPU budget of %s used %s", budget, used)
	}
	if used.Seconds() < budget.Seconds()*0.5 || planned.Seconds() < budget.Seconds()*0.8 {
		t.Errorf("a CPU budget of %s used only %s (%s at the measured costs): the plan does not use it", budget, used, planned)
	}
}
