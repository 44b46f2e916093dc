package costs

import (
	"fmt"
	"time"

	"tourney/tuner/plan"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// CheckBudget refuses a budget in games that the plan cannot keep: a
// successive halving plays at least one block of every rung and its final
// race's first look, and when that passes the budget by more than 5 %
// (or one block) the budget would be overrun (issue 31: a budget of 3
// games played 26). The error names the file, line and key and the
// least budget the plan can keep. A CPU budget's games are checked the
// same way once the scenarios have costs (WithCosts).
func CheckBudget(s *study.Study) error {
	t := &s.Tournament
	if t.Format != "halving" || space.IsContinuous(s.Generate.Method) || t.BudgetGames == 0 && t.BudgetCPU == 0 {
		return nil
	}
	pl := plan.PlanTournament(s, len(s.Variants()))
	if t.BudgetGames > 0 {
		least := pl.MinGames
		if float64(least) > 1.05*float64(t.BudgetGames) && least > t.BudgetGames+maxBlockGames(s) {
			return s.KeyError("tournament.budget", fmt.Sprintf("a budget of %d games cannot be kept: this plan plays at least %d (a block of every rung and the final race's first look); give at least %d, or fewer candidates",
				t.BudgetGames, least, least))
		}
		return nil
	}
	if cal, ok := Declared(s); ok && pl.MaxGames > 0 {
		least := time.Duration(float64(cal.CPU(pl)) * float64(pl.MinGames) / float64(pl.MaxGames))
		if float64(least) > 1.05*float64(t.BudgetCPU) {
			return s.KeyError("tournament.budget", fmt.Sprintf("a budget of %s of CPU cannot be kept: this plan's games take at least %s (a block of every rung and the final race's first look); give at least that, or fewer candidates",
				t.BudgetCPU, least.Round(time.Second)))
		}
	}
	return nil
}

// maxBlockGames is a generous block: a rotation of the largest map's
// seats, twice.
func maxBlockGames(s *study.Study) int {
	most := 2
	for _, sc := range s.Scenarios {
		for _, m := range sc.Maps {
			most = max(most, m.Players())
		}
	}
	return 2 * most
}
