package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/tuner/match"
	"tourney/tuner/space"
	"tourney/tuner/stats"
)

const matchUsage = `A B [flags]

Head to head between two bot configurations, each a bot config file (see
'tourney promote'), a bot name of the game, or "default". Beside a bot
config file, "default" (or the name of the file's bot, or of another bot
the file declares in [bots]) is the file's own bot at its declared
defaults, built-in or external: 'tourney match my-bot.toml default' plays
the promoted values against the bot's own; with no file it is the game's
default bot. Both sides may be external bots. The games open as the
sweep did: with the opening_plies a promoted file carries (the sweep's,
when it was not the default), else as a sweep opens by default (the
game's default opening plies, none with an external bot), unless
--opening-plies says otherwise; the output says which.

Games are played in pairs (blocks) with seats swapped, and every
statistic is computed over pairs ('tourney help verdict'): W/D/L from
A's side, the pentanomial pair counts, the Elo difference with its
interval, normalized Elo, the likelihood of superiority and, with
--sprt, the exact GSPRT checked after each complete pair (the match stops as soon as it
decides). On maps of more than two seats A and B alternate around the
table and are compared by their points per block.

Budget: --budget, else the [budget] of the config files (what promote
wrote: the budget the winner was tested under), else the bots' own.`

func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("match", matchUsage, "tourney match configs/groker/tuned.toml default --games 20", stderr)
	var rf runFlags
	rf.register(fs, "directory for games.csv and summary.json (default: none)")
	gameName := fs.String("game", "", "game, when neither A nor B is a bot config file (default connect4)")
	maps := fs.String("map", "", "comma-separated built-in map names or map files (default: the game's default map)")
	games := fs.Int("games", 20, "total games, rounded up to whole pairs (seats alternate)")
	budget := fs.String("budget", "", "per move: depth=N, nodes=N or time=DURATION; time=1s,node_rate=N[,bank] is a clock counted in nodes (reproducible; bank: the contest's time bank) (default: the bots' own)")
	opening := fs.Int("opening-plies", 0, "random moves that start each pair of games (varied positions for deterministic bots) (default: a promoted file's opening_plies, the sweep's; else as a sweep opens: the game's default opening, none with an external bot)")
	sprt := fs.String("sprt", "", "sequential test elo0,elo1[,alpha,beta] (GSPRT over pairs)")
	normalized := fs.Bool("normalized", false, "SPRT bounds in normalized Elo (nElo) instead of logistic Elo")
	confidence := fs.Float64("confidence", 0.95, "confidence of the intervals")
	var ml moveLimits
	ml.register(fs, "")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := ml.check(); err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("match takes two bot configurations A and B, got %d arguments", len(pos))
	}
	if *games < 1 {
		return usagef("--games %d: must be at least 1", *games)
	}
	var g game.Game
	if *gameName != "" {
		if g, err = findGame(*gameName); err != nil {
			return err
		}
	} else if !isFileRef(pos[0]) && !isFileRef(pos[1]) {
		g, _ = findGame("connect4")
	}
	// A file fixes the game, and names its own bot: read it first.
	order := []int{0, 1}
	if !isFileRef(pos[0]) && isFileRef(pos[1]) {
		order = []int{1, 0}
	}
	var cfg match.Config
	var from [2]*space.BotConfig // the file of each side's budget
	var own [2]string            // a side that is the other side's own bot: what it resolved to
	var decls [2]*external.Decl  // each side's declaration, when it is an external bot (its clock)
	ext := false                 // a side is an external bot (the sweep's default opening: none)
	for k, i := range order {
		var ob ownBots
		other := from[order[0]]
		if k == 1 && other != nil {
			ob = other // "default", the file's bot's name: the file's own bot
		}
		gg, e, bc, err := resolveEntrant(g, pos[i], ob)
		if err != nil {
			return err
		}
		g = gg
		from[i] = bc
		switch {
		case bc != nil:
			decls[i] = bc.ExternalDecl(bc.Bot)
		case ob != nil:
			if _, _, ok := other.OwnBot(pos[i]); ok {
				own[i] = fmt.Sprintf("bot %s of %s at its declared defaults", e.Spec.Name, other.Path)
				decls[i] = other.ExternalDecl(e.Spec.Name)
			}
		}
		ext = ext || decls[i] != nil
		if i == 0 {
			cfg.A, cfg.NameA = e, pos[0]
		} else {
			cfg.B, cfg.NameB = e, pos[1]
		}
	}
	cfg.Game = g
	cfg.Games = *games
	openingSet := false
	fs.Visit(func(f *flag.Flag) { openingSet = openingSet || f.Name == "opening-plies" })
	if *opening < 0 {
		return usagef("--opening-plies %d: must not be negative", *opening)
	}
	cfg.OpeningPlies = *opening
	openingLine := fmt.Sprintf("opening: %d random plies a deal (--opening-plies)", *opening)
	// a promoted file's opening_plies: the opening its sweep played
	tested := -1
	var testedBy *space.BotConfig
	for _, bc := range from {
		if bc == nil || bc.OpeningPlies < 0 {
			continue
		}
		if testedBy != nil && bc.OpeningPlies != tested && !openingSet {
			return usagef("%s was tested with opening_plies = %d, %s with %d: give --opening-plies N", testedBy.Path, tested, bc.Path, bc.OpeningPlies)
		}
		if testedBy == nil {
			tested, testedBy = bc.OpeningPlies, bc
		}
	}
	switch {
	case openingSet:
	case testedBy != nil:
		cfg.OpeningPlies = tested
		openingLine = fmt.Sprintf("opening: %d random plies a deal, as the sweep %s was promoted from opened (its opening_plies; --opening-plies N to change)", tested, testedBy.Path)
	default:
		// as the sweep opens (a scenario without opening_plies)
		cfg.OpeningPlies = space.DefaultOpeningPlies(g, ext)
		why := "the game's default"
		if ext {
			why = "none with an external bot: a contest client expects the game from its first move"
		}
		openingLine = fmt.Sprintf("opening: %d random plies a deal, as a sweep of %s opens (%s; --opening-plies N to change)", cfg.OpeningPlies, g.Info().Name, why)
	}
	if cfg.Budget, err = parseBudget(*budget); err != nil {
		return err
	}
	switch {
	case *budget != "":
		cfg.A.Budget, cfg.B.Budget = game.Budget{}, game.Budget{}
		cfg.A.NodeRates, cfg.B.NodeRates = nil, nil
		from = [2]*space.BotConfig{}
	case cfg.A.Budget.IsZero():
		cfg.A.Budget, cfg.A.NodeRates, from[0] = cfg.B.Budget, cfg.B.NodeRates, from[1]
	case cfg.B.Budget.IsZero():
		cfg.B.Budget, cfg.B.NodeRates, from[1] = cfg.A.Budget, cfg.A.NodeRates, from[0]
	}
	if !(*confidence >= 0.5 && *confidence < 1) {
		return usagef("--confidence %g: must be at least 0.5 and less than 1", *confidence)
	}
	cfg.Confidence = *confidence
	seed, ok, err := rf.seedValue()
	if err != nil {
		return err
	}
	cfg.Seed = 1
	if ok {
		cfg.Seed = seed
	}
	names := []string{""}
	if *maps != "" {
		names = strings.Split(*maps, ",")
	}
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
		m, err := loadMap(g, names[i])
		if err != nil {
			return err
		}
		cfg.Maps = append(cfg.Maps, m)
		cfg.MapNames = append(cfg.MapNames, m.Name())
	}
	// a config's node rates by map: every map played has its rate (an
	// error names the file and key before any game), found by the name
	// given or the map's own
	for side, e := range []*arena.Entrant{&cfg.A, &cfg.B} {
		if from[side] == nil || e.NodeRates == nil {
			continue
		}
		rates := map[string]int64{}
		for i, m := range cfg.Maps {
			b, err := from[side].MapBudget(names[i], m.Name())
			if err != nil {
				return err
			}
			rates[m.Name()] = b.NodeRate
		}
		e.NodeRates = rates
	}
	if *sprt != "" {
		sp, err := stats.ParseSPRT(*sprt)
		if err != nil {
			return usagef("--sprt: %v", err)
		}
		sp.Normalized = *normalized
		cfg.SPRT = &sp
	}
	for i, side := range []string{"A", "B"} {
		if own[i] != "" {
			fmt.Fprintf(stdout, "%s = %s: %s\n", side, pos[i], own[i])
		}
	}
	fmt.Fprintln(stdout, openingLine)
	res, err := match.Run(ctx, &cfg, match.Options{
		Out: rf.out, Workers: rf.workers, Quiet: rf.quiet, Grace: ml.grace, HangTimeout: ml.hang, Version: version, Log: stderr,
	})
	if res != nil {
		match.Print(stdout, &cfg, res)
		// each external side's clock (its hello is said by now)
		last := ""
		for i, e := range []arena.Entrant{cfg.A, cfg.B} {
			if decls[i] == nil {
				continue
			}
			if l := decls[i].ClockLine(sideBudget(&cfg, e)); l != "" && l != last {
				fmt.Fprintln(stdout, l)
				last = l
			}
		}
		for _, w := range res.Warnings() {
			fmt.Fprintln(stderr, "warning: "+w)
		}
	}
	if err != nil {
		if res != nil && res.Interrupted {
			msg := "interrupted"
			if rf.out != "" {
				msg += "; the complete pairs and their summary are in " + rf.out
			}
			return &exitError{code: 1, msg: msg}
		}
		return err
	}
	if rf.out != "" {
		fmt.Fprintf(stderr, "games and summary in %s\n", rf.out)
	}
	return nil
}

// sideBudget is the budget a side plays its first map's games under:
// its own (a bot config's, with its node rate of that map), else the
// match's.
func sideBudget(c *match.Config, e arena.Entrant) game.Budget {
	if len(c.Maps) > 0 {
		e, _ = e.OnMap(c.MapNames[0], c.Maps[0].Name())
	}
	if !e.Budget.IsZero() {
		return e.Budget
	}
	b := c.Budget
	if len(c.NodeRates) > 0 && c.NodeRates[0] > 0 {
		b.NodeRate = c.NodeRates[0]
	}
	return b
}
