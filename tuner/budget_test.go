package tuner

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/study"
)

// TestBudgetCoversHoldOut: a CPU budget is what the whole run costs at
// the scenarios' declared costs, the winner's hold-out rung included;
// the rung gets a tenth of the CPU (at least 2·MinDistinct blocks), not a
// tenth of the games (its blocks seat eight players on the costly map),
// and validate's bounds say so.
func TestBudgetCoversHoldOut(t *testing.T) {
	heavyUnderRace(t)
	for _, c := range []struct {
		budget      string
		cheap, dear float64 // declared CPU seconds a game
		minimum     bool    // the hold-out is its least size, not a tenth
	}{{"60m", 1, 10, true}, {"160m", 5, 10, false}} {
		cheap, dear := c.cheap, c.dear
		t.Run(c.budget, func(t *testing.T) {
			src := fmt.Sprintf(testspace.Text("budget", 7, "synthetic", "fixed", `maps = ["2p"]
cost = "%gs"
[[scenario]]
game = "synthetic"
bot = "fixed"
maps = ["8p"]
cost = "%gs"
[params]
elo = { values = [-60, -40, -20, 0, 20, 40, 60, 80] }
label = { values = [0, 1] }
[tournament]
format = "halving"
budget = %q
bootstrap = 100
`), cheap, dear, c.budget)
			sp, err := study.Parse("budget.toml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			budget := sp.Tournament.BudgetCPU.Seconds()
			block := 2*cheap + 8*dear // a hold-out block: both seatings on 2p, eight on 8p
			bounds := plan.AddHoldOut(sp, plan.PlanTournament(sp, len(sp.Variants())))
			work := 0.0
			for si, maps := range bounds.PerMap {
				for _, g := range maps {
					work += float64(g) * []float64{cheap, dear}[si]
				}
			}
			if work > budget+block {
				t.Errorf("validate's bounds: %.0f s of CPU for a budget of %.0f s", work, budget)
			}
			out := filepath.Join(t.TempDir(), "out")
			res, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true})
			if err != nil {
				t.Fatal(err)
			}
			tab, err := results.ReadTable(filepath.Join(out, "games.csv"))
			if err != nil {
				t.Fatal(err)
			}
			played, held := 0.0, 0.0
			seen := map[string]bool{}
			rc := map[string]float64{}
			for _, row := range tab.Rows {
				g := tab.Get(row, "game")
				if seen[g] {
					continue
				}
				seen[g] = true
				si, _ := strconv.Atoi(tab.Get(row, "scenario"))
				w := []float64{cheap, dear}[si]
				rc[tab.Get(row, "round")] += w
				if tab.Get(row, "encounter") == "0" {
					held += w
				} else {
					played += w
				}
			}
			t.Logf("CPU seconds per round %v; planned games per round %v", rc, bounds.GamesPerRound)
			if played+held > budget+block {
				t.Errorf("the run cost %.0f s (%.0f the tournament, %.0f the hold-out) of a budget of %.0f s", played+held, played, held, budget)
			}
			want := max(2*plan.MinDistinct, int(math.Ceil(played/10/block)))
			if got := res.Summary.HoldOutBlocks; got != want {
				t.Errorf("hold-out rung of %d blocks after %.0f s of games, want %d (a tenth of the CPU, at least %d)", got, played, want, 2*plan.MinDistinct)
			}
			if (want == 2*plan.MinDistinct) != c.minimum {
				t.Errorf("hold-out of %d blocks: the case meant to test the other branch", want)
			}
			if played+held < 0.9*budget {
				t.Errorf("the run cost %.0f s of a budget of %.0f s: the plan does not use it", played+held, budget)
			}
		})
	}
}
