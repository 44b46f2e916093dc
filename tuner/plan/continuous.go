package plan

import (
	"fmt"
	"math"
	"strings"

	"tourney/tuner/space"
	"tourney/tuner/study"
)

// ContinuousConfig is the settings of spsa and cmaes with the search's
// length resolved: [tournament] budget, when given, sets SPSA's
// iterations (and A = iterations/10 unless given) or CMA-ES's
// generations: the budget's games (or CPU time, at the scenarios'
// measured costs) divided by one iteration's (generation's) games, at
// least 1. The budget is the search's; the final point's games and the
// hold-out come on top.
func ContinuousConfig(s *study.Study) space.ContinuousConfig {
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
		cfg.REndScale = spsaREndScale(rounds)
		cfg.CEndScale = spsaCEndScale(rounds)
	}
	return cfg
}

// spsaREndScale is the factor on the default r_end of a budget's
// schedule of n iterations: (DefaultIterations/n)^spsaREndPower, at least
// 1 and at most spsaREndMax. spsaCEndScale is the factor on every knob's
// c_end: (DefaultIterations/n)^spsaCEndPower, at least 1 (c_end at most
// half the range). A schedule that scales with the budget, not one tuned
// at 20 000 games (issue 41): a shorter search perturbs more widely (a
// block's result then tells a slope from the noise sooner) and, since a
// step is r_k·c_k per unit of w, steps further. Chosen on the training
// seeds 1 .. 100 of both families at budget = 5000 (2 500 iterations;
// within 10 Elo of the peak, drawn / ridges): c power 0 and r power 0,
// 0.5, 1: 59/55, 75/71, 61/58; c power 0.25 with r power 0.35 and 0.5:
// 82/83, 82/83; c power 0.5 with r power 0, 0.1, 0.2, 0.35: 91/87,
// 89/88, 90/86, 84/87; c 0.75, r 0.2: 88/86. Shipped: c 0.5, r 0
// (results/measurements.md, "Continuous knobs, II").
func spsaREndScale(n int) float64 {
	if n >= space.DefaultIterations || spsaREndPower == 0 {
		return 1
	}
	return min(math.Pow(float64(space.DefaultIterations)/float64(n), spsaREndPower), spsaREndMax)
}

func spsaCEndScale(n int) float64 {
	if n >= space.DefaultIterations || spsaCEndPower == 0 {
		return 1
	}
	return math.Pow(float64(space.DefaultIterations)/float64(n), spsaCEndPower)
}

// spsaCEndPower, spsaREndPower and spsaREndMax: see spsaREndScale
// (variables for the ground-truth tests: TOURNEY_SPSA_CEND_POWER,
// TOURNEY_SPSA_REND_POWER).
var spsaCEndPower = 0.5

var (
	spsaREndPower = 0.0
	spsaREndMax   = 8.0
)

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

// A search is "settled" only when it could have moved and did not (issue
// 41): never when it ran fewer rounds than the method needs to leave its
// start (MinRounds; "too short"), and never on a knob that sat on a
// bound with its perturbation clipped through the last quarter ("pinned":
// the search compared the bound with a point inside and could not see
// what lies between).

// Rounds is a search's shape for convergence: the rounds it ran, the
// rounds the method needs (MinRounds), and per knob the rounds of the
// last quarter that sat on a bound with the perturbation clipped (nil: none).
type Rounds struct {
	Done, Needed int
	Pinned       []int
	// Played is the rounds of blocks before the final phase when more
	// than Done (cmaes's generations and its SPSA finish's iterations).
	Played int
}

// cmaesMinGenerations is the least number of generations in which CMA-ES
// can leave its start: its mean moves about σ (0.3 of a half-range) a
// generation, so a default on a bound needs about 7 to reach the far end;
// the step-size adaptation's and the averaging's horizons are a few
// generations more. With budget = 1000 or 2000 games (one generation of
// 1 088 games) it said "settled" before issue 41.
const cmaesMinGenerations = 10

// spsaMinTravel is the distance, in ranges, SPSA's steps must be able to
// carry a knob (every block agreeing: Σ 2·r_k·c_k) for the search to
// leave its start and come back: twice the range.
const spsaMinTravel = 2

// spsaMinIterations is the least number of iterations of SPSA: fewer are
// too few blocks to tell a slope from the noise, whatever the steps.
const spsaMinIterations = 100

// MinRounds is the least number of iterations (spsa) or generations
// (cmaes) of the search's schedule in which it can leave its start
// (validate warns below it; convergence.csv says "too short").
func MinRounds(s *study.Study) int {
	if s.Generate.Method == "cmaes" {
		return cmaesMinGenerations
	}
	cfg := ContinuousConfig(s)
	// the travel of a schedule of n iterations, in ranges, for the knob
	// that travels least
	travel := func(n int) float64 {
		c := cfg
		c.Iterations = n
		if !cfg.ASet {
			c.A = float64(n) / 10
		}
		worst := math.Inf(1)
		for _, pr := range s.Params {
			lo, hi := pr.SearchBounds()
			sc := spsaSchedule(c, cEnd(pr, c), rEnd(pr, c))
			t := 0.0
			for k := 1; k <= n; k++ {
				t += 2 * sc.r(k) * sc.c(k)
			}
			worst = min(worst, t/(hi-lo))
		}
		return worst
	}
	n := spsaMinIterations
	for n < 1<<22 && travel(n) < spsaMinTravel {
		n += n / 2
	}
	return n
}

// RoundsWarning is validate's warning about a search too short to leave
// its start ("" when it is not).
func RoundsWarning(s *study.Study) string {
	if !space.IsContinuous(s.Generate.Method) {
		return ""
	}
	cfg := ContinuousConfig(s)
	have, what := cfg.Iterations, "iterations"
	if s.Generate.Method == "cmaes" {
		have, what = cfg.Generations, "generations"
	}
	need := MinRounds(s)
	if have >= need {
		return ""
	}
	return fmt.Sprintf("%s: %d %s are too few to leave the start (the method needs at least %d): raise the budget or %s, or the search ends where it began", s.Generate.Method, have, what, need, what)
}

// convergence is the diagnostic of a search whose points (θ after each
// round, the start first, in the search's geometry) are path and whose
// last steps are step (in the same units): convergence.csv's rows and the
// log's lines.
func convergence(s *study.Study, method string, path [][]float64, step []float64, r Rounds) (rows [][]string, lines []string) {
	rows = [][]string{{"param", "min", "max", "start", "final", "moved_last_quarter", "step", "status"}}
	n := len(path) - 1
	mean := func(i, from, to int) float64 { // of path[from+1 .. to]
		m := 0.0
		for _, x := range path[from+1 : to+1] {
			m += x[i] / float64(to-from)
		}
		return m
	}
	short := r.Done < r.Needed
	var moving, pinned []string
	for i, p := range s.Params {
		lo, hi := p.SearchBounds()
		span := hi - lo
		end := path[n][i]
		moved, before := 0.0, 0.0
		if n >= 4 {
			moved = (mean(i, n-n/4, n) - mean(i, n-n/2, n-n/4)) / span
			before = (mean(i, n-n/2, n-n/4) - mean(i, n-3*n/4, n-n/2)) / span
		}
		status := "settled"
		switch {
		case short:
			status = "too short"
		case r.Pinned != nil && r.Pinned[i] > 0 && 2*r.Pinned[i] >= max(1, n/4):
			status = "pinned"
			pinned = append(pinned, p.Name)
		case math.Abs(moved) > movingShare && math.Abs(before) > movingShare && moved*before > 0:
			status = "moving"
			moving = append(moving, fmt.Sprintf("%s %+.0f %%", p.Name, 100*moved))
		}
		rows = append(rows, []string{p.Name, FmtRound(p.FromSearch(lo), 6), FmtRound(p.FromSearch(hi), 6), FmtRound(p.FromSearch(path[0][i]), 6), FmtRound(p.FromSearch(end), 6),
			FmtRound(moved, 4), FmtRound(step[i]/span, 4), status})
	}
	what := "iterations"
	if method == "cmaes" {
		what = "generations"
	}
	switch {
	case short:
		lines = append(lines, fmt.Sprintf("%s: NOT settled: %d %s are too few to leave the start (the method needs at least %d); a larger budget may find more (%s)\n", method, r.Done, what, r.Needed, ConvergenceFile))
	case len(pinned) > 0:
		lines = append(lines, fmt.Sprintf("%s: NOT settled: %s sat on a bound with the perturbation clipped (%s)\n", method, strings.Join(pinned, ", "), ConvergenceFile))
	case len(moving) == 0:
		lines = append(lines, fmt.Sprintf("%s: settled: no knob drifted more than %.0f %% of its range in the last quarter of the search (%s)\n", method, 100*movingShare, ConvergenceFile))
	default:
		lines = append(lines, fmt.Sprintf("%s: NOT settled: still moving in the last quarter of the search: %s of the range; a larger budget may find more (%s)\n",
			method, strings.Join(moving, ", "), ConvergenceFile))
	}
	return rows, lines
}

// The search's geometry (issue 41): spsa and cmaes move every knob in the
// space's search geometry (space.ParamRange.SearchBounds: log10 units for
// scale = "log", the knob's own units otherwise) and convert a point to
// the knobs' values only to play it (knobPoint, playValues).

// searchStart is the start in the search's geometry.
func searchStart(s *study.Study) []float64 {
	x := s.Start()
	for i := range x {
		x[i] = s.Params[i].ToSearch(x[i])
	}
	return x
}

// knobPoint is search point y as the knobs' values (in their ranges,
// before integers are rounded).
func knobPoint(s *study.Study, y []float64) []float64 {
	x := make([]float64, len(y))
	for i, p := range s.Params {
		lo, hi := p.Bounds()
		x[i] = min(max(p.FromSearch(y[i]), lo), hi)
	}
	return x
}

// playValues is search point y as a configuration's values.
func playValues(s *study.Study, y []float64) map[string]any {
	return s.PointValues(knobPoint(s, y))
}

// formatSearch writes search point y as the knobs' values for a CSV row.
func formatSearch(s *study.Study, y []float64) []string {
	return formatPoint(s, knobPoint(s, y))
}

// clip limits a search point to the ranges (in place).
func clip(s *study.Study, y []float64) []float64 {
	for i, p := range s.Params {
		lo, hi := p.SearchBounds()
		y[i] = min(max(y[i], lo), hi)
	}
	return y
}
