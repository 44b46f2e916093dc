package tuner

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"tourney/tuner/costs"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// costsFile records the measured CPU cost per game of every scenario
// when a halving tournament's budget is a CPU time and the space
// declares no costs: the budget is turned into games once, at the start,
// and a resumed run reads the same figures (so its plan is the same).
// A new run measures again: for byte-identical reruns declare each
// scenario's cost, or give the budget in games.
const costsFile = "costs.csv"

// resolveCosts gives every scenario its cost when the plan needs them,
// and first every clock that asks for it its node rates (the costs are
// measured under the clocks).
func (r *sweepRun) resolveCosts(ctx context.Context) (*study.Study, error) {
	s, err := costs.ResolveNodeRates(ctx, r.s, r.opt.Out, r.opt.Resume, r.opt.Log)
	if err != nil {
		return nil, err
	}
	r.s = s
	t := &s.Tournament
	if t.Format != "halving" && !space.IsContinuous(s.Generate.Method) || t.BudgetCPU == 0 {
		return s, nil
	}
	declared := true
	for _, sc := range s.Scenarios {
		declared = declared && sc.Cost > 0
	}
	if declared {
		return s, nil
	}
	path := filepath.Join(r.opt.Out, costsFile)
	per, other, err := costs.ReadCosts(path, len(s.Scenarios))
	if err != nil {
		return nil, err
	}
	withCosts := func() *study.Study {
		c := *s
		c.Scenarios = slices.Clone(s.Scenarios)
		for si := range c.Scenarios {
			if c.Scenarios[si].Cost == 0 {
				c.Scenarios[si].Cost = max(per[si], time.Microsecond)
			}
		}
		return &c
	}
	if per == nil {
		fmt.Fprintf(r.opt.Log, "measuring the CPU time of a game of each scenario (the budget of %s becomes games)\n", t.BudgetCPU)
		cpu := costs.ProcessCPU()
		// a twentieth of the budget at most: measuring is paid from it
		cal, err := costs.Calibrate(ctx, s, max(min(3*time.Second, t.BudgetCPU/20), 100*time.Millisecond), !r.opt.NoRecords)
		if err != nil {
			return nil, err
		}
		calCPU := costs.ProcessCPU() - cpu // (logged below)
		for si := range s.Scenarios {
			per = append(per, cal.ScenarioCost(si))
		}
		// What the budget pays for besides the plan's games: this
		// measurement, and the fits and files (a dry run of the plan):
		// a CPU budget covers the whole run (issue 31: a budget of 4 min
		// used 4 min 59 s, the fits uncounted).
		fits, err := FitCost(ctx, withCosts())
		if err != nil {
			return nil, err
		}
		// the calibration and the dry runs, spent already, and the fits
		// to come
		other = costs.ProcessCPU() - cpu + fits
		fmt.Fprintf(r.opt.Log, "measured: %s of CPU for the calibration, %s estimated for the fits and files\n", calCPU.Round(time.Millisecond), fits.Round(time.Millisecond))
		if err := costs.WriteCosts(path, per, other); err != nil {
			return nil, err
		}
	}
	c := withCosts()
	if other > 0 {
		// the plan's games get what the rest leaves
		if other > t.BudgetCPU*9/10 {
			return nil, s.KeyError("tournament.budget", fmt.Sprintf("a budget of %s of CPU cannot be kept: measuring the games' costs, the fits and the files take %s of it already; give more, or declare each scenario's cost", t.BudgetCPU, other.Round(time.Millisecond)))
		}
		c.Tournament.BudgetCPU = t.BudgetCPU - other
		fmt.Fprintf(r.opt.Log, "CPU budget: %s for the games (%s of the %s go to measuring, fitting and writing)\n",
			c.Tournament.BudgetCPU.Round(time.Second), (t.BudgetCPU - c.Tournament.BudgetCPU).Round(time.Second), t.BudgetCPU)
	}
	return c, nil
}
