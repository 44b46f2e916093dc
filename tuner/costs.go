package tuner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"tourney/tuner/results"
	"tourney/tuner/space"
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
func (r *sweepRun) resolveCosts(ctx context.Context) (*space.Space, error) {
	s, err := resolveNodeRates(ctx, r.s, r.opt.Out, r.opt.Resume, r.opt.Log)
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
	costs, other, err := readCosts(path, len(s.Scenarios))
	if err != nil {
		return nil, err
	}
	withCosts := func() *space.Space {
		c := *s
		c.Scenarios = slices.Clone(s.Scenarios)
		for si := range c.Scenarios {
			if c.Scenarios[si].Cost == 0 {
				c.Scenarios[si].Cost = max(costs[si], time.Microsecond)
			}
		}
		return &c
	}
	if costs == nil {
		fmt.Fprintf(r.opt.Log, "measuring the CPU time of a game of each scenario (the budget of %s becomes games)\n", t.BudgetCPU)
		cpu := processCPU()
		// a twentieth of the budget at most: measuring is paid from it
		cal, err := Calibrate(ctx, s, max(min(3*time.Second, t.BudgetCPU/20), 100*time.Millisecond), !r.opt.NoRecords)
		if err != nil {
			return nil, err
		}
		calCPU := processCPU() - cpu // (logged below)
		for si := range s.Scenarios {
			costs = append(costs, cal.ScenarioCost(si))
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
		other = processCPU() - cpu + fits
		fmt.Fprintf(r.opt.Log, "measured: %s of CPU for the calibration, %s estimated for the fits and files\n", calCPU.Round(time.Millisecond), fits.Round(time.Millisecond))
		var b strings.Builder
		b.WriteString("scenario,cost_s\n")
		for si, c := range costs {
			fmt.Fprintf(&b, "%d,%s\n", si+1, strconv.FormatFloat(c.Seconds(), 'f', 6, 64))
		}
		fmt.Fprintf(&b, "%s,%s\n", otherRow, strconv.FormatFloat(other.Seconds(), 'f', 6, 64))
		if err := results.WriteFileAtomic(path, []byte(b.String())); err != nil {
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

// otherRow is costs.csv's row of the CPU a run spends besides its games:
// the calibration, the fits and the files.
const otherRow = "other"

// readCosts reads costs.csv (nil when there is none): the cost of a game
// of each scenario and, in a last row "other" (absent in the files of
// older versions), the CPU the run spends besides its games.
func readCosts(path string, n int) (costs []time.Duration, other time.Duration, err error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 1 && strings.HasPrefix(lines[len(lines)-1], otherRow+",") {
		sec, err := strconv.ParseFloat(strings.TrimPrefix(lines[len(lines)-1], otherRow+","), 64)
		if err != nil || sec < 0 {
			return nil, 0, fmt.Errorf("%s:%d: want %s,cpu_s", path, len(lines), otherRow)
		}
		other = time.Duration(sec * float64(time.Second))
		lines = lines[:len(lines)-1]
	}
	if len(lines) != n+1 {
		return nil, 0, fmt.Errorf("%s: %d scenarios, the space has %d", path, len(lines)-1, n)
	}
	for i, ln := range lines[1:] {
		f := strings.Split(ln, ",")
		sec, err := strconv.ParseFloat(f[len(f)-1], 64)
		if len(f) != 2 || err != nil || sec <= 0 {
			return nil, 0, fmt.Errorf("%s:%d: want scenario,cost_s", path, i+2)
		}
		costs = append(costs, time.Duration(sec*float64(time.Second)))
	}
	return costs, other, nil
}

// WithCosts is s with every scenario that declares no cost given its
// calibrated one (what a halving sweep with a CPU budget plans with).
func WithCosts(s *space.Space, cal Calibration) *space.Space {
	c := *s
	c.Scenarios = slices.Clone(s.Scenarios)
	for si := range c.Scenarios {
		if c.Scenarios[si].Cost == 0 {
			c.Scenarios[si].Cost = max(cal.ScenarioCost(si), time.Microsecond)
		}
	}
	return &c
}
