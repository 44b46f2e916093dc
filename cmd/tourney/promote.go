package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"tourney/tuner/results"
	"tourney/tuner/space"
)

const promoteUsage = `RESULTS_DIR [--to FILE]

Writes the winner of a finished sweep (RESULTS_DIR/winner.toml, checked
against summary.json's verdict) as a bot config file (the format that
'match', 'confirm --against', 'client --config' and 'sweep --base' read),
with the budget it was tested under and an external bot's [bots] table. Without --to it prints it. When the sweep's verdict is "keep the
defaults", or the winner did not pass the space's promotion gate
([gate]), it refuses (exit 1) unless --force.`

func runPromote(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("promote", promoteUsage, "tourney promote results/check --to my-bot.toml", stderr)
	to := fs.String("to", "", "file to write (default: standard output)")
	force := fs.Bool("force", false, "promote even when the verdict is \"no evidence of improvement: keep the defaults\" or the winner failed the promotion gate")
	dir, err := parseOne(fs, args, "one results directory")
	if err != nil {
		return err
	}
	src := filepath.Join(dir, "winner.toml")
	if _, err := os.Stat(src); err != nil {
		return usagef("%s: no winner.toml (is it the results directory of a finished sweep?)", dir)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "summary.json")); err == nil && !*force {
		var sum results.Summary
		if json.Unmarshal(data, &sum) == nil && sum.Verdict.Gate != nil && !sum.Verdict.Gate.Passed {
			return &exitError{code: 1, msg: fmt.Sprintf("%s: the winner did not pass: %s; nothing to promote (--force to write the winner anyway)", dir, sum.Verdict.Gate.What())}
		}
		if sum.Verdict.Text != "" && !sum.Verdict.Better {
			return &exitError{code: 1, msg: fmt.Sprintf("%s: %s; nothing to promote (--force to write the winner anyway)", dir, sum.Verdict.Text)}
		}
	}
	// Read it back through the checked loader: a promoted config must be
	// one that match and sweep accept.
	bc, err := space.LoadBotConfig(src)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if *to == "" {
		// an external bot's directory is written relative to here
		if data, err = space.MoveBotConfig(src, data, "winner.toml"); err != nil {
			return err
		}
		_, err = stdout.Write(data)
		return err
	}
	if err := os.MkdirAll(filepath.Dir(*to), 0o755); err != nil {
		return err
	}
	// an external bot's directory, relative to the file, follows it
	if data, err = space.MoveBotConfig(src, data, *to); err != nil {
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
