package main

import (
	"context"
	"fmt"
	"io"

	"tourney/engines/external"
	"tourney/tuner/lock"
)

const cleanupUsage = `DIR

Ends the external bot processes that a tourney process killed with
kill -9 (or a crash) left running for the results directory DIR: every
process recorded in DIR/bots/pids whose start time still matches (a
recycled pid is never touched), and their descendants, also those that
detached (setsid), found by the tag in their environment. A sweep resumed
in DIR does the same first. Refused while a tourney process runs in DIR.`

func runCleanup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("cleanup", cleanupUsage, "tourney cleanup results/check", stderr)
	dir, err := parseOne(fs, args, "one results directory")
	if err != nil {
		return err
	}
	unlock, err := lock.Dir(dir)
	if err != nil {
		return err
	}
	defer unlock()
	ls, err := external.CleanupDir(dir)
	external.WriteLeftovers(stdout, dir, ls)
	if err != nil {
		return err
	}
	if len(ls) == 0 {
		fmt.Fprintf(stdout, "no leftover bot process of %s\n", dir)
	}
	return nil
}
