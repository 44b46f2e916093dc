package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"
	"tourney/tuner/space"

	"tourney/tuner"
)

const confirmUsage = `RESULTS_DIR [flags]

Plays the winner of a finished sweep against the defaults on fresh seeds
(the first scenario's maps, budget and opening) with a GSPRT, as
confirm = true in [tournament] does at the end of a sweep: at most
confirm_games games (default 1000), hypotheses confirm_elo (default
[0, 10] Elo), error rates 1 − confidence. Writes RESULTS_DIR/confirm/
(games.csv, summary.json) and updates the verdict in summary.json:
"better than the defaults" when the test accepts, else "keep the
defaults".`

func runConfirm(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("confirm", confirmUsage, "tourney confirm results/check --games 400", stderr)
	workers := fs.Int("workers", 0, "parallel games (default: number of CPUs)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	games := fs.Int("games", 0, "at most this many games (default: the space's confirm_games)")
	spaceFile := fs.String("space", "", "the space file (default: RESULTS_DIR/space.toml; give the original when it names map files by relative path)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("confirm takes one results directory, got %d arguments", len(pos))
	}
	dir := pos[0]
	if *workers < 0 {
		return usagef("--workers %d: must be at least 1", *workers)
	}
	path := *spaceFile
	if path == "" {
		path = filepath.Join(dir, "space.toml")
	}
	sp, err := space.Load(path)
	if err != nil {
		return err
	}
	if *games < 0 {
		return usagef("--games %d: must be positive", *games)
	}
	if *games > 0 {
		sp.Tournament.ConfirmGames = *games
	}
	cf, res, err := tuner.ConfirmDir(ctx, sp, dir, tuner.RunOptions{Workers: *workers, Quiet: *quiet, Log: stderr,
		Grace: 100 * time.Millisecond, HangTimeout: 2 * time.Minute, Version: version})
	if res != nil {
		tuner.PrintMatch(stdout, &tuner.MatchConfig{Game: sp.Scenarios[0].Game, NameA: "winner", NameB: "defaults",
			Budget: sp.Scenarios[0].Budget, Confidence: sp.Tournament.Confidence}, res)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 1, msg: "interrupted"}
		}
		return err
	}
	fmt.Fprintf(stdout, "confirmation: %s, LLR %.2f → %s\n", cf.SPRT, cf.LLR, cf.State)
	if cf.State == "H1" {
		fmt.Fprintf(stdout, "verdict: better than the defaults (confirmed on fresh seeds)\npromote: tourney promote %s --to my-bot.toml\n", dir)
	} else {
		fmt.Fprintln(stdout, "verdict: no evidence of improvement: keep the defaults")
	}
	return nil
}
