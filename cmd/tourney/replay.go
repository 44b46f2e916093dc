package main

import (
	"context"
	"io"
)

const replayUsage = `GAME FILE

Checks a recorded game against the engine, state by state: exit 0 when
every state is reproduced, 1 with the first difference otherwise.`

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", replayUsage, "tourney replay speed game.json", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("replay takes a game and a file, got %d arguments", len(pos))
	}
	g, err := findGame(pos[0])
	if err != nil {
		return err
	}
	return usagef("replay: %s has no recorded-game format (replay comes with the Spe_ed engine)", g.Info().Name)
}
