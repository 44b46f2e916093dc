package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"tourney/engines/game"
	"tourney/tuner"
)

const matchUsage = `A B [flags]

Head to head between two bot configurations, each a bot config file (see
'tourney promote'), a bot name of the game, or "default" (the game's
default bot). Games are played in pairs with seats swapped; prints W/D/L
from A's side, the Elo difference with a 95% interval, the likelihood of
superiority and, with --sprt, the sequential test's verdict (the match
stops as soon as the test decides).`

func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("match", matchUsage, "tourney match configs/groker/tuned.toml default --games 20", stderr)
	var rf runFlags
	rf.register(fs, "directory for games.csv and summary.json (default: none)")
	gameName := fs.String("game", "", "game, when neither A nor B is a bot config file (default connect4)")
	maps := fs.String("map", "", "comma-separated built-in map names or map files (default: the game's default map)")
	games := fs.Int("games", 20, "total games (seats alternate)")
	budget := fs.String("budget", "", "per move: depth=N, nodes=N or time=DURATION (default: the bots' own)")
	opening := fs.Int("opening-plies", 0, "random moves that start each pair of games (varied positions for deterministic bots)")
	sprt := fs.String("sprt", "", "sequential test elo0,elo1[,alpha,beta]")
	grace := fs.Duration("grace", 100*time.Millisecond, "how far a move may overrun a time budget before it forfeits")
	hang := fs.Duration("hang-timeout", 2*time.Minute, "a move under a depth or node budget that takes longer forfeits")
	pos, err := parse(fs, args)
	if err != nil {
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
	} else if !fileExists(pos[0]) && !fileExists(pos[1]) {
		g, _ = findGame("connect4")
	}
	// A file fixes the game; read it first.
	order := []int{0, 1}
	if g == nil && !fileExists(pos[0]) {
		order = []int{1, 0}
	}
	var cfg tuner.MatchConfig
	for _, i := range order {
		gg, e, err := resolveEntrant(g, pos[i])
		if err != nil {
			return err
		}
		g = gg
		if i == 0 {
			cfg.A, cfg.NameA = e, pos[0]
		} else {
			cfg.B, cfg.NameB = e, pos[1]
		}
	}
	cfg.Game = g
	cfg.Games = *games
	if *opening < 0 {
		return usagef("--opening-plies %d: must not be negative", *opening)
	}
	cfg.OpeningPlies = *opening
	if cfg.Budget, err = parseBudget(*budget); err != nil {
		return err
	}
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
	for _, n := range names {
		m, err := loadMap(g, strings.TrimSpace(n))
		if err != nil {
			return err
		}
		cfg.Maps = append(cfg.Maps, m)
		cfg.MapNames = append(cfg.MapNames, m.Name())
	}
	if *sprt != "" {
		sp, err := tuner.ParseSPRT(*sprt)
		if err != nil {
			return usagef("--sprt: %v", err)
		}
		cfg.SPRT = &sp
	}
	res, err := tuner.RunMatch(ctx, &cfg, tuner.MatchOptions{
		Out: rf.out, Workers: rf.workers, Quiet: rf.quiet, Grace: *grace, HangTimeout: *hang, Version: version, Log: stderr,
	})
	if err != nil {
		return err
	}
	tuner.PrintMatch(stdout, &cfg, res)
	if rf.out != "" {
		fmt.Fprintf(stderr, "games and summary in %s\n", rf.out)
	}
	return nil
}
