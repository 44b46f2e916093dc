package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
	"tourney/engines/game"
	"tourney/tuner/confirm"
	"tourney/tuner/match"
	"tourney/tuner/space"
)

const confirmUsage = `RESULTS_DIR [flags]

Plays the winner of a finished sweep against the defaults on fresh seeds
(the first scenario's maps, budget and opening) with a GSPRT, as
confirm = true in [tournament] does at the end of a sweep: at most
confirm_games games (default 1000), hypotheses confirm_elo (default
[0, 10] Elo), error rates 1 − confidence. Writes RESULTS_DIR/confirm/
(games.csv, summary.json; the winner and the defaults numbered as in the
sweep's files) and updates the verdict in summary.json: "better than the
defaults" when the test accepts H1, "keep the defaults" when it accepts
H0; when the games run out first the test is undecided and the sweep's
verdict stands ("confirmation undecided after N games (LLR x in [a, b])").

With --wall-clock a sweep tuned under a clock in nodes (time with
node_rate) plays the confirmation on the real wall clock: the contest's
clock, where time management and the machine's speed decide. It writes
RESULTS_DIR/confirm-wall/ and keeps the figure beside the one tuned in
nodes (summary.json: wall_clock_confirmation; the report shows both).
Its games are not reproducible; use no more workers than CPUs.

With --against BOT the winner and the defaults each play BOT (a bot name
or a bot config file) on the same deals; the difference of their points a
game, with its interval, goes to RESULTS_DIR/against-BOT/ and
summary.json's field_checks.`

func runConfirm(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("confirm", confirmUsage, "tourney confirm results/check --games 400", stderr)
	workers := fs.Int("workers", 0, "parallel games (default: number of CPUs)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	games := fs.Int("games", 0, "at most this many games (default: the space's confirm_games)")
	wall := fs.Bool("wall-clock", false, "play a clock budget (time with node_rate) on the real wall clock instead of in nodes: the check that the winner transfers to the contest's clock (writes RESULTS_DIR/confirm-wall/; not reproducible)")
	against := fs.String("against", "", "instead of the defaults, play the winner and the defaults each against this bot (a bot name or a bot config file, e.g. an external contest bot) on the same games: the transfer check, as a difference of points a game (RESULTS_DIR/against-NAME/)")
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
	load := space.Load
	if path == "" {
		path, load = filepath.Join(dir, "space.toml"), space.LoadRecorded // its bots as the sweep recorded them (bots.json)
	}
	sp, err := load(path)
	if err != nil {
		return err
	}
	if *games < 0 {
		return usagef("--games %d: must be positive", *games)
	}
	if *games > 0 {
		sp.Tournament.ConfirmGames = *games
	}
	if *against != "" {
		return confirmAgainst(ctx, sp, dir, *against, confirm.Options{Workers: *workers, Quiet: *quiet, Log: stderr,
			Grace: 100 * time.Millisecond, HangTimeout: 2 * time.Minute, Version: version, WallClock: *wall}, stdout)
	}
	cf, res, err := confirm.Dir(ctx, sp, dir, confirm.Options{Workers: *workers, Quiet: *quiet, Log: stderr,
		Grace: 100 * time.Millisecond, HangTimeout: 2 * time.Minute, Version: version, WallClock: *wall})
	if res != nil {
		match.Print(stdout, &match.Config{Game: sp.Scenarios[0].Game, NameA: "winner", NameB: "defaults",
			Budget: confirmBudget(sp, *wall), Confidence: sp.Tournament.Confidence}, res)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 1, msg: "interrupted"}
		}
		return err
	}
	switch cf.State {
	case "H1":
		fmt.Fprintf(stdout, "confirmation: %s, LLR %.2f → H1\n", cf.SPRT, cf.LLR)
		fmt.Fprintf(stdout, "verdict: better than the defaults (confirmed on fresh seeds)\npromote: tourney promote %s --to my-bot.toml\n", dir)
	case "H0":
		fmt.Fprintf(stdout, "confirmation: %s, LLR %.2f → H0\n", cf.SPRT, cf.LLR)
		fmt.Fprintln(stdout, "verdict: no evidence of improvement: keep the defaults (the confirmation rejected the winner)")
	default:
		// the cap came first: the games could not decide, and the
		// sweep's verdict stands
		fmt.Fprintf(stdout, "%s: %s\n", cf.Undecided(), cf.SPRT)
		fmt.Fprintf(stdout, "verdict: %s (the sweep's verdict stands)\n", cf.SweepText)
		if cf.SweepBetter {
			fmt.Fprintf(stdout, "promote: tourney promote %s --to my-bot.toml\n", dir)
		}
	}
	return nil
}

// confirmBudget is the budget a confirmation's games are printed under.
func confirmBudget(sp *space.Space, wall bool) game.Budget {
	if wall {
		return sp.Scenarios[0].Budget.WallClock()
	}
	return sp.Scenarios[0].Budget
}

// confirmAgainst runs confirm --against: the winner and the defaults
// against one bot on the same games.
func confirmAgainst(ctx context.Context, sp *space.Space, dir, ref string, opt confirm.Options, stdout io.Writer) error {
	sc := &sp.Scenarios[0]
	_, ent, bc, err := resolveEntrant(sc.Game, ref, sp) // "default", the space's bot: its declared defaults
	if err != nil {
		return err
	}
	if bc != nil {
		if err := bc.CheckMaps(sc.MapNames, sc.Maps); err != nil {
			return err // its node rates by map: before any game
		}
	}
	name := strings.TrimSuffix(filepath.Base(ref), ".toml")
	fc, err := confirm.Against(ctx, sp, dir, name, ent, opt)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 1, msg: "interrupted"}
		}
		return err
	}
	iv := "no interval"
	if fc.Lo != nil && fc.Hi != nil {
		iv = fmt.Sprintf("[%+.3f, %+.3f]", *fc.Lo, *fc.Hi)
	}
	fmt.Fprintf(stdout, "against %s (%s, %d deals of two games): winner %.3f, defaults %.3f points a game\n", fc.Against, fc.Budget, fc.Deals, fc.Winner, fc.Defaults)
	fmt.Fprintf(stdout, "winner − defaults: %+.3f points a game %s (paired on the deals, p %.3g)\n", fc.Diff, iv, fc.P)
	if fc.Forfeits[0]+fc.Forfeits[1] > 0 {
		fmt.Fprintf(stdout, "forfeits of %s: %d against the winner, %d against the defaults\n", fc.Against, fc.Forfeits[0], fc.Forfeits[1])
	}
	fmt.Fprintf(stdout, "games: %s\n", fc.Dir)
	return nil
}
