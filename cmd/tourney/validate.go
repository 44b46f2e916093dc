package main

import (
	"context"
	"fmt"
	"io"
	"time"
	"tourney/tuner/plan"

	"tourney/tuner"
)

const validateUsage = `[SPACE.toml] [flags]

Checks a parameter space without running the sweep: prints the number of
variants, the games of each round, the total (a range: the sequential
tests stop early when variants differ; the most is every encounter, or
the race, played to its cap) and an estimate of the time
(from a few calibration games of the default configuration, unless
--no-estimate). Without SPACE.toml it checks the embedded default space.
Exits 2 with file:line: key: message on any error.`

func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", validateUsage, "tourney validate configs/connect4-threats.toml", stderr)
	workers := fs.Int("workers", 0, "workers assumed for the time estimate (default: number of CPUs)")
	noEst := fs.Bool("no-estimate", false, "do not play calibration games")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("validate takes one space file, got %d arguments", len(pos))
	}
	sp, err := loadSpace(pos)
	if err != nil {
		return err
	}
	variants := sp.Variants()
	bounds := plan.PlanTournament(sp, len(variants))
	t := sp.Tournament
	fmt.Fprintf(stdout, "space %s: ok\n", sp.Name)
	fmt.Fprintf(stdout, "variants: %d (%s)\n", len(variants), sp.Generate.Method)
	if t.Format == "race" {
		fmt.Fprintf(stdout, "format: race (first test after %d blocks, budget %d games, confidence %g)\n", t.FirstLook(), t.Cap(len(variants)), t.Confidence)
	} else {
		fmt.Fprintf(stdout, "format: knockout (groups of %d, %d advance; first test after %d blocks, at most %d games an encounter, confidence %g)\n",
			t.Group, t.Advance, t.FirstLook(), t.Cap(0), t.Confidence)
		fmt.Fprintf(stdout, "rounds: %d\n", bounds.Rounds)
		for i, g := range bounds.GamesPerRound {
			fmt.Fprintf(stdout, "round %d: at most %d games\n", i+1, g)
		}
	}
	if sp.Generate.Method == "staged" {
		// every stage, not only the first (tuner.StagedBounds)
		bounds.MinGames, bounds.MaxGames = 0, 0
		for _, st := range tuner.StagedBounds(sp) {
			fmt.Fprintf(stdout, "%s: %d variants, %d to %d games\n", st.Stage, st.Variants, st.MinGames, st.MaxGames)
			bounds.MinGames += st.MinGames
			bounds.MaxGames += st.MaxGames
		}
	}
	fmt.Fprintf(stdout, "total games: %d to %d (the tests stop early when the variants differ)\n", bounds.MinGames, bounds.MaxGames)
	for i := range sp.Scenarios {
		if why := sp.Scenarios[i].Repeats(); why != "" {
			fmt.Fprintf(stderr, "warning: scenario %d: %s\n", i+1, why)
		}
	}
	if *noEst || bounds.MaxGames == 0 {
		return nil
	}
	cal, err := tuner.Calibrate(ctx, sp, 2*time.Second)
	if err != nil {
		return err
	}
	w := *workers
	if w <= 0 {
		w = defaultWorkers()
	}
	est := cal.Estimate(bounds, w)
	per := scaleDuration(est, w, bounds.MaxGames)
	lo := scaleDuration(est, bounds.MinGames, bounds.MaxGames)
	fmt.Fprintf(stdout, "estimate: %s to %s on %d workers (%s per game, weighted by the games of each map, from %d calibration games)\n",
		lo.Round(time.Second/10), est.Round(time.Second/10), w, per.Round(time.Microsecond), cal.Games)
	return nil
}

// scaleDuration is d·num/den, in floating point: d·num overflows int64
// nanoseconds for long studies (82 h × 81 920 games).
func scaleDuration(d time.Duration, num, den int) time.Duration {
	return time.Duration(float64(d) * float64(num) / float64(den))
}
