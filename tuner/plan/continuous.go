package plan

import (
	"fmt"
	"math"
	"strings"

	"tourney/tuner/space"
)

// ContinuousConfig is the settings of spsa and cmaes with the search's
// length resolved: [tournament] budget, when given, sets SPSA's
// iterations (and A = iterations/10 unless given) or CMA-ES's
// generations: the budget's games (or CPU time, at the scenarios'
// measured costs) divided by one iteration's (generation's) games, at
// least 1. The budget is the search's; the final point's games and the
// hold-out come on top.
func ContinuousConfig(s *space.Space) space.ContinuousConfig {
	cfg := s.Generate.Continuous
	t := &s.Tournament
	if t.BudgetGames == 0 && t.BudgetCPU == 0 {
		return cfg
	}
	costs, known := scenarioCosts(s)
	budget := float64(t.BudgetGames)
	if t.BudgetCPU > 0 {
		if !known { // validate without measuring: the default length
			return cfg
		}
		budget = t.BudgetCPU.Seconds()
	}
	n, blocks := 2, 1
	if s.Generate.Method == "cmaes" {
		n, blocks = CMAESPopulation(s)+1, cfg.Blocks
	}
	ents := make([]SeatRef, n)
	for i := range ents {
		ents[i] = SeatRef{Kind: SeatPoint, Point: i}
	}
	per := 0.0
	for _, g := range pointBlock(s, 1, 0, ents, 0).Games {
		per += costs[g.Scenario]
	}
	rounds := max(1, int(budget/max(per*float64(blocks), 1e-12)))
	if s.Generate.Method == "cmaes" {
		cfg.Generations = rounds
	} else {
		cfg.Iterations = rounds
		if !cfg.ASet {
			cfg.A = float64(rounds) / 10
		}
	}
	return cfg
}

// Convergence (issue 32): whether the search had settled when its budget
// ran out. For each knob: its range, where the search started and ended,
// how far it moved in the last quarter of the search (the mean of its
// points over the last quarter minus their mean over the quarter before,
// a share of the range: means, so that the jitter around a peak averages
// out and a drift shows) and the size of its last steps (SPSA: the
// largest step of the last iteration, 2·r_k·c_k; CMA-ES: the last
// generation's spread), a share of the range. A knob is "moving" when it
// moved more than movingShare of its range in the last quarter and in the
// quarter before, in the same direction (a drift; a knob that barely
// matters wanders back and forth): the search is then unlikely to have
// reached the peak, and a larger budget may find more.
const movingShare = 0.05

// ConvergenceFile is the diagnostic's table (convergence.csv).
const ConvergenceFile = "convergence.csv"

// convergence is the diagnostic of a search whose points (θ after each
// round, the start first) are path and whose last steps are step (in each
// knob's units): convergence.csv's rows and the log's lines.
func convergence(s *space.Space, method string, path [][]float64, step []float64) (rows [][]string, lines []string) {
	rows = [][]string{{"param", "min", "max", "start", "final", "moved_last_quarter", "step", "status"}}
	n := len(path) - 1
	mean := func(i, from, to int) float64 { // of path[from+1 .. to]
		m := 0.0
		for _, x := range path[from+1 : to+1] {
			m += x[i] / float64(to-from)
		}
		return m
	}
	var moving []string
	for i, p := range s.Params {
		lo, hi := p.Bounds()
		span := hi - lo
		end := path[n][i]
		moved, before := 0.0, 0.0
		if n >= 4 {
			moved = (mean(i, n-n/4, n) - mean(i, n-n/2, n-n/4)) / span
			before = (mean(i, n-n/2, n-n/4) - mean(i, n-3*n/4, n-n/2)) / span
		}
		status := "settled"
		if math.Abs(moved) > movingShare && math.Abs(before) > movingShare && moved*before > 0 {
			status = "moving"
			moving = append(moving, fmt.Sprintf("%s %+.0f %%", p.Name, 100*moved))
		}
		rows = append(rows, []string{p.Name, FmtRound(lo, 6), FmtRound(hi, 6), FmtRound(path[0][i], 6), FmtRound(end, 6),
			FmtRound(moved, 4), FmtRound(step[i]/span, 4), status})
	}
	if len(moving) == 0 {
		lines = append(lines, fmt.Sprintf("%s: settled: no knob drifted more than %.0f %% of its range in the last quarter of the search (%s)\n", method, 100*movingShare, ConvergenceFile))
	} else {
		lines = append(lines, fmt.Sprintf("%s: NOT settled: still moving in the last quarter of the search: %s of the range; a larger budget may find more (%s)\n",
			method, strings.Join(moving, ", "), ConvergenceFile))
	}
	return rows, lines
}
