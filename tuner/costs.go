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
	costs, err := readCosts(path, len(s.Scenarios))
	if err != nil {
		return nil, err
	}
	if costs == nil {
		fmt.Fprintf(r.opt.Log, "measuring the CPU time of a game of each scenario (the budget of %s becomes games)\n", t.BudgetCPU)
		cal, err := Calibrate(ctx, s, 3*time.Second, !r.opt.NoRecords)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		b.WriteString("scenario,cost_s\n")
		for si := range s.Scenarios {
			c := cal.ScenarioCost(si)
			costs = append(costs, c)
			fmt.Fprintf(&b, "%d,%s\n", si+1, strconv.FormatFloat(c.Seconds(), 'f', 6, 64))
		}
		if err := writeFileAtomic(path, []byte(b.String())); err != nil {
			return nil, err
		}
	}
	c := *s
	c.Scenarios = slices.Clone(s.Scenarios)
	for si := range c.Scenarios {
		if c.Scenarios[si].Cost == 0 {
			c.Scenarios[si].Cost = max(costs[si], time.Microsecond)
		}
	}
	return &c, nil
}

// readCosts reads costs.csv (nil when there is none).
func readCosts(path string, n int) ([]time.Duration, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != n+1 {
		return nil, fmt.Errorf("%s: %d scenarios, the space has %d", path, len(lines)-1, n)
	}
	var out []time.Duration
	for i, ln := range lines[1:] {
		f := strings.Split(ln, ",")
		sec, err := strconv.ParseFloat(f[len(f)-1], 64)
		if len(f) != 2 || err != nil || sec <= 0 {
			return nil, fmt.Errorf("%s:%d: want scenario,cost_s", path, i+2)
		}
		out = append(out, time.Duration(sec*float64(time.Second)))
	}
	return out, nil
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
