package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"tourney/engines/game"
)

// newFlags returns a flag set whose -h prints usage, an example and the
// flags.
func newFlags(name, usage, example string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package's own messages are replaced by one-line errors
	// (parse); only -h prints the usage.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: tourney %s %s\n\nExample:\n  %s\n\nFlags:\n", name, usage, example)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// moveLimits is --grace and --hang-timeout, as the commands that play
// take them: how far a move may overrun a time budget, and how long one
// under a depth or node budget may take, before it forfeits.
type moveLimits struct{ grace, hang time.Duration }

// register adds the two flags to fs; hangNote ends the hang timeout's
// line.
func (m *moveLimits) register(fs *flag.FlagSet, hangNote string) {
	fs.DurationVar(&m.grace, "grace", 100*time.Millisecond, "how far a move may overrun a time budget before it forfeits")
	fs.DurationVar(&m.hang, "hang-timeout", 2*time.Minute, "a move under a depth or node budget that takes longer forfeits"+hangNote)
}

// check refuses a negative grace and a hang timeout that is not
// positive.
func (m moveLimits) check() error {
	if m.grace < 0 || m.hang <= 0 {
		return usagef("--grace %v, --hang-timeout %v: the grace may not be negative, the hang timeout must be positive", m.grace, m.hang)
	}
	return nil
}

// parse parses flags and positional arguments in any order (flags may
// follow arguments, as in `tourney match a.toml b.toml --games 10`).
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	// --workers given explicitly must be at least 1 (left out, it means
	// the number of CPUs).
	var bad error
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "workers" {
			return
		}
		n, err := strconv.Atoi(f.Value.String())
		if err == nil && n == 0 && clusterFlagSet(fs) {
			return // a coordinator may leave the playing to its workers
		}
		if err == nil && n < 1 {
			bad = usagef("%s: --workers %d: want at least 1 (see 'tourney %s -h')", fs.Name(), n, fs.Name())
		}
	})
	return pos, bad
}

// parseOne is parse for a command of one argument, what it takes ("one
// results directory"): any other count is a usage error, "NAME takes
// WHAT, got N arguments".
func parseOne(fs *flag.FlagSet, args []string, what string) (string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		return "", usagef("%s takes %s, got %d arguments", fs.Name(), what, len(pos))
	}
	return pos[0], nil
}

// clusterFlagSet reports whether --nats or --nats-serve is set.
func clusterFlagSet(fs *flag.FlagSet) bool {
	for _, name := range []string{"nats", "nats-serve"} {
		if f := fs.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	return false
}

func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, err
			}
			return nil, usagef("%s: %v (see 'tourney %s -h')", fs.Name(), err, fs.Name())
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseBudget reads depth=N, nodes=N or time=DURATION, the last with
// ,node_rate=N (a clock in nodes) and ,bank (the contest's time bank).
func parseBudget(s string) (game.Budget, error) {
	var b game.Budget
	if s == "" {
		return b, nil
	}
	s, clock, _ := strings.Cut(s, ",")
	b, err := parseBudgetKind(s)
	if err != nil || clock == "" {
		return b, err
	}
	if b.Time <= 0 {
		return b, usagef("--budget %s,%s: node_rate and bank go with time=DURATION", s, clock)
	}
	for _, part := range strings.Split(clock, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "node_rate":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return b, usagef("--budget node_rate: %q is not a positive number of nodes per second", v)
			}
			b.NodeRate = n
		case "bank":
			b.Bank = true
		default:
			return b, usagef("--budget: %q: after time=DURATION come node_rate=N and bank", part)
		}
	}
	if b.Bank && b.NodeRate == 0 {
		return b, usagef("--budget: a bank is a clock in nodes: give node_rate=N too")
	}
	return b, nil
}

// parseBudgetKind reads depth=N, nodes=N or time=DURATION.
func parseBudgetKind(s string) (game.Budget, error) {
	var b game.Budget
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return b, usagef("--budget %q: want depth=N, nodes=N or time=DURATION", s)
	}
	switch k {
	case "depth", "nodes":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return b, usagef("--budget %s: %q is not a positive integer", k, v)
		}
		if k == "depth" {
			b.Depth = int(n)
		} else {
			b.Nodes = n
		}
	case "time":
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return b, usagef("--budget time: %q is not a positive duration such as 50ms", v)
		}
		b.Time = d
	default:
		return b, usagef("--budget %q: want depth=N, nodes=N or time=DURATION", s)
	}
	return b, nil
}

// runFlags are the flags common to the running commands.
type runFlags struct {
	out     string
	workers int
	seed    string
	quiet   bool
}

func (r *runFlags) register(fs *flag.FlagSet, outHelp string) {
	fs.StringVar(&r.out, "out", "", outHelp)
	fs.IntVar(&r.workers, "workers", 0, "games played at once (default: number of CPUs)")
	fs.StringVar(&r.seed, "seed", "", "run seed (overrides the file's)")
	fs.BoolVar(&r.quiet, "quiet", false, "no progress bar")
}

func (r *runFlags) seedValue() (uint64, bool, error) {
	if r.seed == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(r.seed, 10, 64)
	if err != nil {
		return 0, false, usagef("--seed %q: not a non-negative integer", r.seed)
	}
	return n, true, nil
}
