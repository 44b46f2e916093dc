package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"tourney/tuner/costs"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"tourney/engines/game"
	"tourney/tuner"
)

const validateUsage = `[SPACE.toml] [flags]

Checks a parameter space without running the sweep (every method: grid,
sweep, random, lhs, staged, factorial, spsa, cmaes; every format:
knockout, race, halving; 'tourney help formats'): prints the number of
variants, the games of each round, the total (a range: the sequential
tests stop early when variants differ; the most is every encounter, or
the race, played to its cap) and an estimate of the time
(from a few calibration games of the candidates, their
records written as a sweep writes them, or from
the scenarios' declared costs when every scenario declares one, unless
--no-estimate; a continuous search, spsa or cmaes, is timed at probe
points of the box, and its estimate runs from the cheapest probe's to
the dearest's: where the search goes is not known before the run; an
external bot's process pays its start-up and its first game's warm-up
once, not in every game: the estimate counts them once a process, for
one worker's processes at the least and every worker's at the most). Every external bot is started once and must say hello, as
before a sweep. Without SPACE.toml it checks the embedded default space.
Exits 2 with file:line: key: message on any error in the file, 1 when an
external bot cannot start. --variants prints every variant's values
instead, numbered as the sweep numbers them (variants.csv, the report,
replay): "tourney validate SPACE --variants | grep '^72 '" shows variant
72. --results DIR reads the winner of a finished sweep of this space
(DIR/summary.json) and advises on each knob whose winning value lies on
an end of this space's range or list ("position_weight ended on its lower
bound 0 ...: widen the range or search it on a log scale"); a range widened
since no longer names it.`

func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", validateUsage, "tourney validate configs/connect4-threats.toml", stderr)
	workers := fs.Int("workers", 0, "workers assumed for the time estimate (default: number of CPUs)")
	noEst := fs.Bool("no-estimate", false, "do not play calibration games")
	resultsDir := fs.String("results", "", "a finished sweep's results directory: advise on the knobs whose winner lies on an end of this space's ranges or lists")
	listVariants := fs.Bool("variants", false, "print every variant's values, numbered as the sweep numbers them (variants.csv's variant), and nothing else")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("validate takes one space file, got %d arguments", len(pos))
	}
	parsed, err := loadSpace(pos)
	if err != nil {
		return err
	}
	sp := study.Compile(parsed)
	if *listVariants {
		return printVariants(sp, stdout)
	}
	var advice []string
	if *resultsDir != "" {
		if advice, err = boundAdvice(sp, *resultsDir); err != nil {
			return err
		}
	}
	// every external bot starts and says hello, as before a sweep: a
	// space whose bot cannot start is not valid (exit 1, before output)
	if err := tuner.PreflightBots(ctx, sp); err != nil {
		return err
	}
	sp, clockLines, err := costs.ClockReport(ctx, sp, !*noEst)
	if err != nil {
		return err
	}
	variants := sp.Variants()
	t := sp.Tournament
	var cal costs.Calibration
	calibrated := false
	if d, ok := costs.Declared(sp); ok {
		cal, calibrated = d, true // the costs the sweep plans with
	}
	calibrate := func() error {
		if calibrated {
			return nil
		}
		var err error
		cal, err = costs.Calibrate(ctx, sp, 2*time.Second, true) // a sweep records its games unless --records none
		calibrated = err == nil
		return err
	}
	if t.Format == "halving" && t.BudgetCPU > 0 && !*noEst {
		// the sweep measures the cost of a game of each scenario (unless
		// declared) and sizes its rungs to the CPU budget: so does validate
		if err := calibrate(); err != nil {
			return err
		}
		sp = costs.WithCosts(sp, cal)
	}
	if err := costs.CheckBudget(sp); err != nil {
		return err
	}
	bounds := plan.PlanTournament(sp, len(variants))
	fmt.Fprintf(stdout, "space %s: ok\n", sp.Name)
	fmt.Fprintf(stdout, "variants: %d (%s)\n", len(variants), sp.Generate.Method)
	for _, a := range advice {
		fmt.Fprintln(stdout, a)
	}
	for _, l := range append(clockLines, sp.ClockLines()...) {
		fmt.Fprintln(stdout, l)
	}
	if f := sp.Factorial(); f != nil {
		fmt.Fprintf(stdout, "design: %s\n", f)
		fmt.Fprintf(stdout, "candidates: %d (the defaults and the design's runs); the other %d grid points get predicted ratings from the effects\n",
			sp.Candidates(), len(variants)-sp.Candidates())
	}
	c := plan.ContinuousConfig(sp) // the search's length from the budget, when given
	for _, w := range sp.StartWarnings() {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	if w := plan.RoundsWarning(sp); w != "" {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	switch {
	case sp.Generate.Method == "spsa":
		fmt.Fprintf(stdout, "search: spsa, %d iterations (A %g, alpha %g, gamma %g), then the final point against the defaults (%d games, confidence %g)\n",
			c.Iterations, c.A, c.Alpha, c.Gamma, bounds.MaxGames-bounds.GamesPerSearch, t.Confidence)
	case sp.Generate.Method == "cmaes":
		gens, iters := plan.CMAESSplit(sp)
		finish := ""
		if iters > 0 {
			finish = fmt.Sprintf(", an SPSA finish of %d iterations from its final point", iters)
		}
		fmt.Fprintf(stdout, "search: cmaes, %d generations of %d blocks (population %d, sigma %g)%s, then the final point against the defaults (%d games, confidence %g)\n",
			gens, c.Blocks, plan.CMAESPopulation(sp), c.Sigma, finish, bounds.MaxGames-bounds.GamesPerSearch, t.Confidence)
	}
	if space.IsContinuous(sp.Generate.Method) && t.BudgetCPU > 0 {
		fmt.Fprintf(stdout, "budget: %s of CPU for the search: the sweep measures a game's CPU time and sets the length from it (the count above assumes none is known)\n", t.BudgetCPU)
	}
	switch {
	case sp.Generate.Method == "spsa" || sp.Generate.Method == "cmaes":
	case sp.Generate.Method == "staged":
		fmt.Fprintf(stdout, "method: staged (stage 1: each parameter alone, %s; stage 2: the product of the two values kept of each; stage 3: a race of at most 7 finalists with the defaults)\n", stageFormat(t.Format))
		for _, st := range plan.StagedBounds(sp) {
			fmt.Fprintf(stdout, "%s: %d variants, %d to %d games\n", st.Stage, st.Variants, st.Plan.MinGames, st.Plan.MaxGames)
		}
	case t.Format == "race":
		fmt.Fprintf(stdout, "format: race (first test after %d blocks, budget %d games, confidence %g)\n", t.FirstLook(), t.Cap(len(variants)), t.Confidence)
	case t.Format == "halving" && plan.Refines(sp):
		budget := halvingBudget(t, plan.DefaultRefineGames)
		fmt.Fprintf(stdout, "format: halving with local refinement (the design rung, then a full factorial of the at most %d least certain knobs around the predicted best, then flip rounds around the leader and, when one takes no flip, a round of interacting pairs; budget %s)\n",
			plan.RefineKnobs, budget)
		if len(bounds.GamesPerRound) >= 2 {
			fmt.Fprintf(stdout, "design rung: %d games\nlocal rung: %d games\n", bounds.GamesPerRound[0], bounds.GamesPerRound[1])
		}
		names, when := plan.RefineRounds(sp)
		for i, g := range bounds.GamesPerRound[min(2, len(bounds.GamesPerRound)):] {
			if i >= len(names) {
				break
			}
			w := ""
			if when[i] != "" {
				w = ", " + when[i]
			}
			fmt.Fprintf(stdout, "%s: %d games%s\n", names[i], g, w)
		}
	case t.Format == "halving" && t.Gauntlet:
		budget := halvingBudget(t, plan.DefaultHalvingGames)
		fmt.Fprintf(stdout, "format: halving, a gauntlet (keep 1/%d a rung; the first rung self-play, every later rung and a final of at most %d finalists, the defaults and 2 predictions against the field only, decided on the points against it; budget %s)\n",
			t.Eta, t.Finalists, budget)
		for i, g := range bounds.GamesPerRound {
			switch {
			case i == len(bounds.GamesPerRound)-1:
				fmt.Fprintf(stdout, "final field rung: %d games\n", g)
			case i == 0:
				fmt.Fprintf(stdout, "rung 1 (self-play): %d games\n", g)
			default:
				fmt.Fprintf(stdout, "rung %d (against the field): %d games\n", i+1, g)
			}
		}
	case t.Format == "halving":
		budget := halvingBudget(t, plan.DefaultHalvingGames)
		fmt.Fprintf(stdout, "format: halving (keep 1/%d a rung, final race of at most %d finalists with the defaults and 2 predictions; budget %s)\n",
			t.Eta, t.Finalists, budget)
		for i, g := range bounds.GamesPerRound {
			if i == len(bounds.GamesPerRound)-1 {
				fmt.Fprintf(stdout, "final race: at most %d games\n", g)
			} else {
				fmt.Fprintf(stdout, "rung %d: %d games\n", i+1, g)
			}
		}
	default:
		fmt.Fprintf(stdout, "format: knockout (groups of %d, %d advance; first test after %d blocks, at most %d games an encounter, confidence %g)\n",
			t.Group, t.Advance, t.FirstLook(), t.Cap(0), t.Confidence)
		fmt.Fprintf(stdout, "rounds: %d\n", bounds.Rounds)
		for i, g := range bounds.GamesPerRound {
			fmt.Fprintf(stdout, "round %d: at most %d games\n", i+1, g)
		}
	}
	if len(variants) > 1 || space.IsContinuous(sp.Generate.Method) {
		bounds = plan.AddHoldOut(sp, bounds)
		switch {
		case bounds.HoldOut > 0 && t.Gauntlet:
			fmt.Fprintf(stdout, "hold-out rung: at most %d games (the winner and the defaults against the field on the same fresh deals; the verdict rests on their paired points)\n", bounds.HoldOut)
		case bounds.HoldOut > 0:
			fmt.Fprintf(stdout, "hold-out rung: at most %d games (the winner against the defaults on fresh seeds; the verdict rests on them)\n", bounds.HoldOut)
		}
	}
	if g := sp.Gate; g != nil {
		who := "the winner against the defaults"
		if len(g.Against) > 0 {
			var names []string
			for _, a := range g.Against {
				names = append(names, a.Name)
			}
			who = "the winner and the defaults each against " + strings.Join(names, ", ")
		}
		b := "the bots' own"
		if !g.Budget.IsZero() {
			b = g.Budget.String()
		}
		fmt.Fprintf(stdout, "promotion gate: at most %d games after the verdict (%s on %d map(s), budget %s, GSPRT [%g, %g]): \"better\" only when it passes; played only when the winner is not the defaults, not counted in the estimate\n",
			g.MaxGames, who, len(g.Maps), b, g.Elo[0], g.Elo[1])
	}
	if bounds.GamesPerSearch > 0 {
		fmt.Fprintf(stdout, "total games: %d (%d of the search, %d of the final point, %d of the hold-out)\n", bounds.MaxGames, bounds.GamesPerSearch, bounds.MaxGames-bounds.GamesPerSearch-bounds.HoldOut, bounds.HoldOut)
	} else {
		fmt.Fprintf(stdout, "total games: %d to %d (the tests stop early when the variants differ)\n", bounds.MinGames, bounds.MaxGames)
	}
	for i := range sp.Scenarios {
		if why := sp.Scenarios[i].Repeats(); why != "" {
			fmt.Fprintf(stderr, "warning: scenario %d: %s\n", i+1, why)
		}
	}
	warnIdleKnobs(sp, stderr)
	if *noEst || bounds.MaxGames == 0 {
		return nil
	}
	if !calibrated {
		// a small share of the run (its fewest games at the costs
		// measured so far), every candidate seated, the dearest
		// seating of each map noted (the range's most)
		cal, err = costs.CalibrateFor(ctx, sp, 2*time.Second, true, bounds)
		if err != nil {
			return err
		}
	}
	w := *workers
	if w <= 0 {
		w = defaultWorkers()
	}
	gamesLo, games := cal.Range(bounds)
	per := scaleDuration(games, 1, bounds.MaxGames).Round(time.Microsecond).String()
	// a pooled bot process starts once and plays on: its start-up is a
	// run's, not a game's (the processes of one worker at the least,
	// of every worker at the most)
	startLo, startHi := cal.StartupCPU(1), cal.StartupCPU(w)
	gamesLo, games = gamesLo+startLo, games+startHi
	est, lo := games/time.Duration(w), gamesLo/time.Duration(w)
	if len(cal.Probes) > 0 {
		per = scaleDuration(gamesLo, 1, bounds.MaxGames).Round(time.Microsecond).String() + " to " + per
	}
	if cal.Dearest != nil {
		per = scaleDuration(cal.CPU(bounds), 1, bounds.MaxGames).Round(time.Microsecond).String() + " on the mean, " + per + " at the dearest"
	}
	from := fmt.Sprintf("from %d calibration games with their records", cal.Games)
	if cal.Dearest != nil {
		from += "; the most puts every game at the cost of the dearest seating of candidates on its map (its mean over the calibration): which variants play longest, and how long the tournament runs, vary with the seed"
	}
	if cal.Startup > 0 {
		from += fmt.Sprintf("; the bot processes' start-up, %s of CPU each, once a process and not a game: %d to %d processes (%d a worker)", cal.Startup.Round(time.Millisecond), cal.Procs, cal.Procs*w, cal.Procs)
	}
	if cal.Games == 0 {
		from = "from the scenarios' declared costs"
	}
	if len(cal.Probes) > 0 {
		from = fmt.Sprintf("from %d calibration games with their records at %d probe points of the box, each played as the search and the final phase play it: where the search goes is not known, so from the cheapest probe's to the dearest's", cal.Games, len(cal.Probes))
	}
	// the fits after the games (the ratings' and effects' bootstrap):
	// timed on data of the plan's size, scaled with the games played
	fits, err := tuner.FitCost(ctx, sp)
	if err != nil {
		return err
	}
	fitsLo := scaleDuration(fits, bounds.MinGames, bounds.MaxGames)
	est += fits / time.Duration(w)
	lo += fitsLo / time.Duration(w)
	fmt.Fprintf(stdout, "estimate: %s to %s on %d workers (%s of CPU per game, weighted by the games of each map, %s; the fits included; CPU time: the estimate holds on idle cores)\n",
		lo.Round(time.Second/10), est.Round(time.Second/10), w, per, from)
	fmt.Fprintf(stdout, "CPU: %s to %s (games %s to %s, the rest %s to %s: the fits (%d bootstrap refits of the ratings and the effects) and the files, timed on a dry run of the plan)\n",
		(gamesLo + fitsLo).Round(time.Second), (games + fits).Round(time.Second),
		gamesLo.Round(time.Second), games.Round(time.Second),
		fitsLo.Round(time.Second/10), fits.Round(time.Second/10), t.Bootstrap)
	if cal.Games == 0 {
		// declared costs plan the run (the same games on any machine) but
		// were measured somewhere else: what the games cost here
		here, err := costs.CalibrateFor(ctx, sp, 2*time.Second, true, bounds)
		if err != nil {
			return err
		}
		if here.Games > 0 {
			gLo, g := here.Range(bounds)
			gLo, g = gLo+here.StartupCPU(1), g+here.StartupCPU(w)
			fmt.Fprintf(stdout, "this machine: %s to %s of CPU, the fits included (from %d calibration games: %s of CPU a game where the declared costs say %s; the declared costs plan the run, and its games are the same on any machine)\n",
				(gLo + fitsLo).Round(time.Second), (g + fits).Round(time.Second), here.Games,
				scaleDuration(g, 1, bounds.MaxGames).Round(time.Millisecond), scaleDuration(games, 1, bounds.MaxGames).Round(time.Millisecond))
		}
	}
	return nil
}

// printVariants writes one line per variant: its number (as in
// variants.csv), what it is, and every varied knob's value as the sweep
// plays it in the first scenario (the defaults' variant: the bot's own
// defaults).
func printVariants(sp *study.Study, w io.Writer) error {
	names := sp.ParamNames()
	variants := sp.Variants()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "variant\trole")
	for _, n := range names {
		fmt.Fprintf(tw, "\t%s", n)
	}
	fmt.Fprintln(tw)
	cand := sp.Candidates()
	for i, v := range variants {
		p, err := sp.BotParams(0, v)
		if err != nil {
			return err
		}
		role := "candidate"
		switch {
		case v.Default:
			role = "defaults"
		case i >= cand:
			role = "grid" // a factorial design's other grid points
		}
		fmt.Fprintf(tw, "%d\t%s", i, role)
		for _, n := range names {
			fmt.Fprintf(tw, "\t%s", game.FormatValue(p[n]))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	switch {
	case cand < len(variants):
		fmt.Fprintf(w, "(method factorial: variants 1..%d are the design's runs; the grid variants get ratings predicted from the effects, and halving plays those it predicts best)\n", cand-1)
	case space.IsContinuous(sp.Generate.Method):
		fmt.Fprintf(w, "(method %s moves a point through the ranges: its points are named p<n> in games.csv and its end point becomes variant 1)\n", sp.Generate.Method)
	case sp.Generate.Method == "staged":
		fmt.Fprintln(w, "(method staged: these are stage 1's variants; stages 2 and 3 add theirs, numbered after them, as the games decide)")
	}
	return nil
}

// halvingBudget names a halving tournament's budget: a CPU time, a
// number of games, or the default per candidate.
func halvingBudget(t space.TournamentConfig, perCandidate int) string {
	switch {
	case t.BudgetCPU > 0:
		return t.BudgetCPU.String() + " of CPU"
	case t.BudgetGames > 0:
		return fmt.Sprintf("%d games", t.BudgetGames)
	}
	return fmt.Sprintf("%d games per candidate", perCandidate)
}

// scaleDuration is d·num/den, in floating point: d·num overflows int64
// nanoseconds for long studies (82 h × 81 920 games).
func scaleDuration(d time.Duration, num, den int) time.Duration {
	return time.Duration(float64(d) * float64(num) / float64(den))
}

// stageFormat names the tournament of staged's first two stages.
func stageFormat(f string) string {
	if f == "" {
		f = "knockout"
	}
	return f
}

// warnIdleKnobs warns of the varied knobs that the bot declares as
// acting only under other budgets than the space's (space.IdleKnobs).
func warnIdleKnobs(sp *study.Study, stderr io.Writer) {
	for _, w := range sp.IdleKnobs() {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
}

// boundAdvice is validate's advice from a finished sweep in dir: every
// knob of the space whose winning value lies on an end of its range or
// list (space.OnBounds, issue 44), or a line that none does.
func boundAdvice(sp *study.Study, dir string) ([]string, error) {
	path := filepath.Join(dir, "summary.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &space.InputError{File: dir, Message: "not a finished sweep (no summary.json)"}
	}
	var sum results.Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return nil, &space.InputError{File: path, Message: err.Error()}
	}
	var out []string
	for _, h := range sp.OnBounds(sum.WinnerParams) {
		out = append(out, "advice: "+h.Text)
	}
	if len(out) == 0 {
		out = append(out, fmt.Sprintf("advice: no knob of the winner of %s (variant %d) lies on an end of this space's ranges or lists", dir, sum.Winner))
	}
	return out, nil
}
