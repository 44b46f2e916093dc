package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tourney/engines/game"
)

const replayUsage = `GAME FILE

Checks a recorded game against the engine, state by state: exit 0 when
every state is reproduced, 1 with the first difference otherwise. Spe_ed
reads the official server's logs (a JSON array of the state messages).`

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", replayUsage, "tourney replay speed configs/speed/example-game.json", stderr)
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
	rp, ok := g.(game.Replayer)
	if !ok {
		return usagef("replay: %s has no recorded-game format", g.Info().Name)
	}
	f, err := os.Open(pos[1])
	if err != nil {
		return usagef("replay: %v", err)
	}
	defer f.Close()
	n, err := rp.Replay(f)
	if err != nil {
		return &exitError{code: 1, msg: fmt.Sprintf("%s: %v", pos[1], err)}
	}
	fmt.Fprintf(stdout, "%s: %d states reproduced\n", pos[1], n)
	return nil
}
