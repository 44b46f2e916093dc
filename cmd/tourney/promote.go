package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"tourney/tuner"
)

const promoteUsage = `RESULTS_DIR [--to FILE]

Writes the winner of a finished sweep as a bot config file (the format
that 'match' and 'sweep --base' read). Without --to it prints it.`

func runPromote(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("promote", promoteUsage, "tourney promote results/c4 --to my-bot.toml", stderr)
	to := fs.String("to", "", "file to write (default: standard output)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("promote takes one results directory, got %d arguments", len(pos))
	}
	src := filepath.Join(pos[0], "winner.toml")
	if _, err := os.Stat(src); err != nil {
		return usagef("%s: no winner.toml (is it the results directory of a finished sweep?)", pos[0])
	}
	// Read it back through the checked loader: a promoted config must be
	// one that match and sweep accept.
	bc, err := tuner.LoadBotConfig(src)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if *to == "" {
		_, err = stdout.Write(data)
		return err
	}
	if err := os.MkdirAll(filepath.Dir(*to), 0o755); err != nil {
		return err
	}
	tmp := *to + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, *to); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "promoted %s %s to %s\n", bc.Game, bc.Bot, *to)
	return nil
}
