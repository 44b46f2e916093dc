// Command tourney tunes game-playing bots by making their variants fight.
// See README.md and `tourney help`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"tourney/engines/external"
)

// version is the tool's version, written into summary.json.
var version = "0.1.0"

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"sweep", "tune: generate variants from a space and play a tournament", runSweep},
		{"worker", "play a cluster sweep's blocks (tourney sweep --nats/--nats-serve)", runWorker},
		{"match", "head to head between two bot configurations", runMatch},
		{"play", "play one game and print it (or play against a bot)", runPlay},
		{"perft", "count move sequences to a depth", runPerft},
		{"mapgen", "write a generated ReversiXT map", runMapgen},
		{"list", "list games, maps, bots and bot parameters", runList},
		{"validate", "check a parameter space without playing", runValidate},
		{"promote", "write the winner of a sweep as a bot config", runPromote},
		{"confirm", "play a sweep's winner against the defaults on fresh seeds", runConfirm},
		{"replay", "check a recorded game against the engine", runReplay},
		{"report", "write an HTML report of a results directory", runReport},
		{"serve", "watch running sweeps and compare past runs in a browser", runServe},
		{"version", "print the version", runVersion},
		{"check-bot", "check an external bot's protocol compliance", runCheckBot},
		{"client", "play in a real competition (ReversiXT TCP, Spe_ed websocket)", runClient},
		{"cleanup", "end bot processes a killed tourney left in a results directory", runCleanup},
	}
}

const mainUsage = `tourney tunes game-playing bots by making their variants fight.

Usage:
  tourney <command> [flags] [arguments]

Commands:
%s
Run 'tourney <command> -h' for a command's flags and an example.
Start with 'tourney sweep' (an embedded Connect Four space) or 'tourney list'.

Help topics ('tourney help TOPIC'):
%s`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run executes a command line and returns the exit status: 0 success,
// 1 failure, 2 usage or input error.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// External bots' processes never outlive a command (also after an
	// error or Ctrl-C, which cancels ctx and returns here).
	defer external.CloseAll()
	external.SetRunContext(ctx) // Ctrl-C also aborts a bot's start-up
	if len(args) > 0 && args[0] == "help" {
		return runHelp(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		printMainUsage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := c.run(ctx, args[1:], stdout, stderr)
			return report(err, stderr)
		}
	}
	fmt.Fprintf(stderr, "tourney: unknown command %q\n\n", args[0])
	printMainUsage(stderr)
	return 2
}

func printMainUsage(w io.Writer) {
	var list string
	for _, c := range commands() {
		list += fmt.Sprintf("  %-10s %s\n", c.name, c.summary)
	}
	var tl string
	for _, t := range topics() {
		tl += fmt.Sprintf("  %-10s %s\n", t.name, t.summary)
	}
	fmt.Fprintf(w, mainUsage, list, tl)
}

// exitError carries an explicit exit status (e.g. replay's 1 on a
// difference, play's 2 when the input ends).
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func report(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "tourney: "+ee.msg)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "tourney: "+err.Error())
	if isInputError(err) {
		return 2
	}
	if errors.Is(err, context.Canceled) {
		return 1
	}
	return 1
}
