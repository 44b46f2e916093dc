package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/confirm"
	"tourney/tuner/costs"
	"tourney/tuner/match"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

const confirmUsage = `RESULTS_DIR [flags]
       tourney confirm --against BOT A B [flags]

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
summary.json's field_checks.

With --against BOT and two bot configurations A and B (bot config files,
bot names, or "default") instead of a results directory, A and B each play
BOT on the same deals: each one's points a game and the paired difference
A − B with its interval (the deals' own luck cancels). The conditions are
--space's first scenario (maps, budget, opening, seed, confirm_games), or
--map, --budget, --opening-plies and --seed (default: the game's default
map, the configurations' own [budget], no opening, seed 1); --games is the
games of each side (default 200). --out DIR keeps the games (DIR/A/,
DIR/B/).`

func runConfirm(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("confirm", confirmUsage, "tourney confirm results/check --games 400", stderr)
	workers := fs.Int("workers", 0, "parallel games (default: number of CPUs)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	games := fs.Int("games", 0, "at most this many games (default: the space's confirm_games; with A B: 200 a side)")
	wall := fs.Bool("wall-clock", false, "play a clock budget (time with node_rate) on the real wall clock instead of in nodes: the check that the winner transfers to the contest's clock (writes RESULTS_DIR/confirm-wall/; not reproducible)")
	against := fs.String("against", "", "instead of the defaults, play the winner and the defaults (or A and B) each against this bot (a bot name or a bot config file, e.g. an external contest bot) on the same games: the transfer check, as a difference of points a game (RESULTS_DIR/against-NAME/)")
	spaceFile := fs.String("space", "", "the space file (default: RESULTS_DIR/space.toml; give the original when it names map files by relative path); with A B: the conditions to play under")
	var ml moveLimits
	ml.register(fs, "")
	gameName := fs.String("game", "", "with A B: the game, when none of A, B and BOT is a bot config file (default connect4)")
	maps := fs.String("map", "", "with A B: comma-separated built-in map names or map files (default: the game's default map)")
	budget := fs.String("budget", "", "with A B: per move, as match takes it (default: the configurations' own [budget])")
	opening := fs.Int("opening-plies", 0, "with A B: random moves that start each deal")
	seedFlag := fs.String("seed", "", "with A B: the deals' seed (default 1, or the space's)")
	outDir := fs.String("out", "", "with A B: keep the games in DIR/A/ and DIR/B/ (default: none)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := ml.check(); err != nil {
		return err
	}
	if *workers < 0 {
		return usagef("--workers %d: must be at least 1", *workers)
	}
	if *games < 0 {
		return usagef("--games %d: must be positive", *games)
	}
	opt := confirm.Options{Workers: *workers, Quiet: *quiet, Log: stderr,
		Grace: ml.grace, HangTimeout: ml.hang, Version: version, WallClock: *wall}
	pairOnly := map[string]bool{"game": true, "map": true, "budget": true, "opening-plies": true, "seed": true, "out": true}
	if *against != "" && len(pos) == 2 {
		return confirmPair(ctx, pairArgs{a: pos[0], b: pos[1], against: *against, space: *spaceFile, game: *gameName, maps: *maps,
			budget: *budget, opening: *opening, seed: *seedFlag, out: *outDir, games: *games, given: func(n string) bool { return flagGiven(fs, n) }}, opt, stdout)
	}
	for n := range pairOnly {
		if flagGiven(fs, n) {
			return usagef("--%s goes with --against BOT A B (two configurations), not with a results directory", n)
		}
	}
	if len(pos) != 1 {
		if *against != "" {
			return usagef("confirm --against takes one results directory, or two bot configurations A and B; got %d arguments", len(pos))
		}
		return usagef("confirm takes one results directory, got %d arguments", len(pos))
	}
	dir := pos[0]
	path := *spaceFile
	load := study.Load
	if path == "" {
		path, load = filepath.Join(dir, "space.toml"), study.LoadRecorded // its bots as the sweep recorded them (bots.json)
	}
	sp, err := load(path)
	if err != nil {
		return err
	}
	if *games > 0 {
		sp.Tournament.ConfirmGames = *games
	}
	if *against != "" {
		return confirmAgainst(ctx, sp, dir, *against, opt, stdout)
	}
	cf, res, err := confirm.Dir(ctx, sp, dir, opt)
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
		if g := gateOf(dir); g != nil && !g.Passed {
			// the promotion gate's refusal stands (issue 44)
			fmt.Fprintf(stdout, "verdict: no evidence of improvement: keep the defaults (%s)\n", g.What())
			break
		}
		fmt.Fprintf(stdout, "verdict: better than the defaults (confirmed on fresh seeds)\npromote: tourney promote %s --to my-bot.toml\n", dir)
	case "H0":
		fmt.Fprintf(stdout, "confirmation: %s, LLR %.2f → H0\n", cf.SPRT, cf.LLR)
		fmt.Fprintln(stdout, "verdict: no evidence of improvement: keep the defaults (the confirmation rejected the winner)")
	default:
		// the cap came first: the games could not decide, and the
		// sweep's verdict stands
		fmt.Fprintf(stdout, "%s: %s\n", cf.Undecided(), cf.SPRT)
		fmt.Fprintf(stdout, "verdict: %s (the sweep's verdict stands)\n", cf.SweepText)
		if g := gateOf(dir); cf.SweepBetter && (g == nil || g.Passed) {
			fmt.Fprintf(stdout, "promote: tourney promote %s --to my-bot.toml\n", dir)
		}
	}
	return nil
}

// gateOf is the promotion gate recorded in dir/summary.json (nil: none).
func gateOf(dir string) *results.GateCheck {
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return nil
	}
	var sum results.Summary
	if json.Unmarshal(data, &sum) != nil {
		return nil
	}
	return sum.Verdict.Gate
}

// confirmBudget is the budget a confirmation's games are printed under.
func confirmBudget(sp *study.Study, wall bool) game.Budget {
	if wall {
		return sp.Scenarios[0].Budget.WallClock()
	}
	return sp.Scenarios[0].Budget
}

// confirmAgainst runs confirm --against: the winner and the defaults
// against one bot on the same games.
func confirmAgainst(ctx context.Context, sp *study.Study, dir, ref string, opt confirm.Options, stdout io.Writer) error {
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
	printPaired(stdout, fc, "winner", "defaults")
	fmt.Fprintf(stdout, "games: %s\n", fc.Dir)
	return nil
}

// pairArgs are confirm --against BOT A B's arguments.
type pairArgs struct {
	a, b, against, space, game, maps, budget, seed, out string
	opening, games                                      int
	given                                               func(flag string) bool
}

// confirmPair runs confirm --against BOT A B: A and B each against BOT
// on the same deals, and the paired difference of their points.
func confirmPair(ctx context.Context, pa pairArgs, opt confirm.Options, stdout io.Writer) error {
	var sp *study.Study
	if pa.space != "" {
		for _, n := range []string{"game", "map", "budget", "opening-plies", "seed"} {
			if pa.given(n) {
				return usagef("--%s and --space: the space's first scenario sets the conditions", n)
			}
		}
		var err error
		if sp, err = study.Load(pa.space); err != nil {
			return err
		}
	}
	var g game.Game
	switch {
	case sp != nil:
		g = sp.Scenarios[0].Game
	case pa.game != "":
		var err error
		if g, err = findGame(pa.game); err != nil {
			return err
		}
	case !fileExists(pa.a) && !fileExists(pa.b) && !fileExists(pa.against):
		g, _ = findGame("connect4")
	}
	// a file fixes the game: read the files first
	refs := []string{pa.a, pa.b, pa.against}
	order := []int{0, 1, 2}
	if g == nil {
		slices.SortStableFunc(order, func(i, j int) int { return cmpBool(!fileExists(refs[i]), !fileExists(refs[j])) })
	}
	var ents [3]arena.Entrant
	var bcs [3]*space.BotConfig
	// "default" or the bot's name beside a file: the file's own bot at its
	// declared defaults (the space's, with --space; else the first file's)
	var own ownBots
	if sp != nil {
		own = sp
	}
	for _, i := range order {
		gg, e, bc, err := resolveEntrant(g, refs[i], own)
		if err != nil {
			return err
		}
		g, ents[i], bcs[i] = gg, e, bc
		if own == nil && bc != nil {
			own = bc
		}
	}
	cond := confirm.Conditions{Game: g, Seed: 1, Confidence: 0.95}
	games := 200
	if sp != nil {
		var err error
		if sp, err = costs.ResolveNodeRates(ctx, sp, "", false, opt.Log); err != nil {
			return err
		}
		sc := &sp.Scenarios[0]
		cond = confirm.Conditions{Game: g, Maps: sc.Maps, MapNames: sc.MapNames, Budget: sc.Budget, NodeRates: sc.NodeRates,
			OpeningPlies: sc.OpeningPlies, Seed: game.Mix(sp.Seed, 0xf1e1d), Confidence: sp.Tournament.Confidence}
		games = sp.Tournament.ConfirmGames
		for i := range ents { // the space's conditions hold for every side
			ents[i].Budget, ents[i].NodeRates = game.Budget{}, nil
		}
	} else {
		if seed, ok, err := (&runFlags{seed: pa.seed}).seedValue(); err != nil {
			return err
		} else if ok {
			cond.Seed = seed
		}
		if pa.opening < 0 {
			return usagef("--opening-plies %d: must not be negative", pa.opening)
		}
		cond.OpeningPlies = pa.opening
		names := []string{""}
		if pa.maps != "" {
			names = strings.Split(pa.maps, ",")
		}
		for _, n := range names {
			m, err := loadMap(g, strings.TrimSpace(n))
			if err != nil {
				return err
			}
			cond.Maps = append(cond.Maps, m)
			cond.MapNames = append(cond.MapNames, strings.TrimSpace(n))
			if cond.MapNames[len(cond.MapNames)-1] == "" {
				cond.MapNames[len(cond.MapNames)-1] = m.Name()
			}
		}
		b, err := parseBudget(pa.budget)
		if err != nil {
			return err
		}
		if pa.budget != "" {
			cond.Budget = b
			for i := range ents {
				ents[i].Budget, ents[i].NodeRates = game.Budget{}, nil
			}
		} else {
			// a side without a [budget] plays under the first one given
			var from arena.Entrant
			for _, e := range ents {
				if !e.Budget.IsZero() {
					from = e
					break
				}
			}
			for i := range ents {
				if ents[i].Budget.IsZero() {
					ents[i].Budget, ents[i].NodeRates = from.Budget, from.NodeRates
				}
			}
		}
	}
	if pa.games > 0 {
		games = pa.games
	}
	for i, bc := range bcs {
		if bc != nil && ents[i].NodeRates != nil {
			if err := bc.CheckMaps(cond.MapNames, cond.Maps); err != nil {
				return err // its node rates by map: before any game
			}
		}
	}
	if opt.WallClock {
		if cond.Budget.Time > 0 && (cond.Budget.NodeRate > 0 || cond.NodeRates != nil) {
			cond.Budget, cond.NodeRates = cond.Budget.WallClock(), nil
		}
		for i := range ents {
			if ents[i].Budget.Time > 0 {
				ents[i].Budget, ents[i].NodeRates = ents[i].Budget.WallClock(), nil
			}
		}
	}
	name := strings.TrimSuffix(filepath.Base(pa.against), ".toml")
	sides := [2]confirm.Side{{Label: "A", Entrant: ents[0]}, {Label: "B", Entrant: ents[1]}}
	fc, _, err := confirm.Paired(ctx, cond, sides, name, ents[2], games, pa.out, opt)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 1, msg: "interrupted"}
		}
		return err
	}
	printPaired(stdout, fc, "A="+pa.a, "B="+pa.b)
	if pa.out != "" {
		fmt.Fprintf(stdout, "games: %s\n", pa.out)
	}
	return nil
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// printPaired writes a paired check: each side's points a game against
// the bot, and the paired difference with its interval.
func printPaired(w io.Writer, fc *results.FieldCheck, a, b string) {
	iv := "no interval"
	if fc.Lo != nil && fc.Hi != nil {
		iv = fmt.Sprintf("[%+.3f, %+.3f]", *fc.Lo, *fc.Hi)
	}
	short := func(s string) string { x, _, _ := strings.Cut(s, "="); return x }
	fmt.Fprintf(w, "against %s (%s, %d deals of two games): %s %.3f, %s %.3f points a game\n", fc.Against, fc.Budget, fc.Deals, a, fc.Winner, b, fc.Defaults)
	fmt.Fprintf(w, "%s − %s: %+.3f points a game %s (paired on the deals, p %.3g)\n", short(a), short(b), fc.Diff, iv, fc.P)
	if fc.Forfeits[0]+fc.Forfeits[1] > 0 {
		fmt.Fprintf(w, "forfeits of %s: %d against %s, %d against %s\n", fc.Against, fc.Forfeits[0], short(a), fc.Forfeits[1], short(b))
	}
}
