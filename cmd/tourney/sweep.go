package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"tourney/tuner/costs"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"tourney/configs"
	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/tuner"
)

const sweepUsage = `[SPACE.toml] [flags]

Reads a parameter space, generates its variants, plays the tournament and
writes the results directory. It ends with the verdict: the winner's
rating against the defaults on hold-out blocks, the variants it cannot be
separated from, and "better than the defaults" or "no evidence of
improvement: keep the defaults". Without SPACE.toml it runs the embedded
default space (Connect Four).

Methods ([generate] method): grid, sweep, random, lhs, staged, factorial
(variants), spsa, cmaes (a point moved through the ranges).
Formats ([tournament] format): knockout (groups, a sequential test an
encounter), race (every survivor plays every block; Friedman and Conover
drop the worse), halving (successive halving, rungs of growing blocks).
'tourney help formats' says more.

Files in the results directory ('tourney help files'):
  space.toml      a copy of the space
  games.csv       a row per game and seat (timing.csv: their wall times, external bots' CPU)
  variants.csv    a row per variant: values, games, rating and interval, prediction
  ratings.csv     every rated entity (variants, the defaults, field bots)
  bracket.csv     a row per encounter or race look and participant
  effects.csv     the knob effects with intervals and changed pairs
  summary.json    counts, the winner, the verdict, forfeits, warnings
  winner.toml     the winner as a bot config (tourney promote)
  games.jsonl.gz  the game records (--records none: not written)
  stages.csv      method staged: what each stage kept
  spsa.csv, cmaes.csv, cmaes-candidates.csv, convergence.csv
                  methods spsa and cmaes: the search, and whether it settled
  costs.csv, noderates.csv
                  measured CPU cost a game and node rates (resume reuses them)
  workers.json    a cluster sweep's workers (--nats, --nats-serve)
  bots.json       what the external bots declared, and where they run (report, serve,
                  replay and confirm read it, and start no bot to learn it)
  bots/           external bots' stderr logs and pids (tourney cleanup)
  confirm/        confirm = true: the winner against the defaults, GSPRT
  gate/           [gate]: the promotion gate's games (against the defaults; with against,
                  K-OPPONENT-LOOK/winner/ and .../defaults/, each side's match)
  report.html     written by tourney report
  .tourney.lock   keeps a second process out`

func runSweep(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sweep", sweepUsage, "tourney sweep configs/synthetic-check.toml --workers 2 --out results/check", stderr)
	var rf runFlags
	rf.register(fs, "results directory (default results/<name>-<UTC timestamp>)")
	base := fs.String("base", "", "bot config file (TOML) whose parameters are added to the space's [base]")
	var ml moveLimits
	ml.register(fs, " (broken bots)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (for go tool pprof)")
	resume := fs.String("resume", "", "continue the interrupted sweep in this results directory (same space file and --seed)")
	recs := fs.String("records", "all", "game records in games.jsonl.gz: all (every move with its time, nodes and depth) or none (tourney replay DIR --record writes them later)")
	serveAddr := fs.String("serve", "", "watch the sweep in a browser: a web server on ADDR (host:port, :port or port; loopback unless a host is named)")
	var nf natsFlags
	nf.register(fs, true)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := nf.check(fs); err != nil {
		return err
	}
	if err := ml.check(); err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("sweep takes at most one space file, got %d arguments", len(pos))
	}
	if *recs != "all" && *recs != "none" {
		return usagef("--records %q: want all or none", *recs)
	}
	// A params = "hello" bot starts while the space is read: its stderr
	// waits for the results directory (RunSweep's SetLogDir, once the
	// directory is locked), or goes to tourney's stderr if the sweep
	// ends before.
	external.HoldLogs()
	defer external.SetLogDir("")
	var sp *space.Space
	if *resume != "" && len(pos) == 0 {
		// the copy in the results directory (relative map paths then
		// resolve against that directory: give the original file instead)
		sp, err = space.LoadResults(*resume) // its bots where the sweep ran them (bots.json)
	} else {
		sp, err = loadSpace(pos)
	}
	if err != nil {
		return err
	}
	if seed, ok, err := rf.seedValue(); err != nil {
		return err
	} else if ok {
		sp.Seed = seed
	}
	if *base != "" {
		if err := applyBase(sp, *base); err != nil {
			return err
		}
	}
	st := study.Compile(sp) // what the sweep plays
	out := rf.out
	if *resume != "" {
		if out != "" && out != *resume {
			return usagef("--resume %s and --out %s: a resumed sweep writes into the directory it resumes", *resume, out)
		}
		out = *resume
	}
	if out == "" {
		out = filepath.Join("results", st.Name+"-"+time.Now().UTC().Format("20060102T150405Z"))
	}
	// a budget the plan cannot keep is refused before any output
	if err := costs.CheckBudget(st); err != nil {
		return err
	}
	// every external bot starts and says hello before anything is
	// written (a coordinator that only coordinates does not run them)
	local := rf.workers
	if local == 0 && !flagGiven(fs, "workers") {
		local = runtime.NumCPU()
	}
	if !nf.enabled() || local > 0 {
		if err := tuner.PreflightBots(ctx, st); err != nil {
			return err
		}
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	opts := tuner.RunOptions{
		Out: out, Workers: rf.workers, Quiet: rf.quiet, Log: stderr,
		Grace: ml.grace, HangTimeout: ml.hang, Version: version, Resume: *resume != "",
		NoRecords: *recs == "none",
		// the header once the run is accepted (a CPU budget the measured
		// costs cannot keep is refused before it)
		Started: func(s *study.Study) {
			n := len(s.Variants())
			bounds := plan.AddHoldOut(s, plan.PlanTournament(s, n))
			fmt.Fprintf(stderr, "sweep %s: %d variants, %s, results in %s\n", s.Name, n, bounds, out)
			warnIdleKnobs(s, stderr)
		},
	}
	if *serveAddr != "" {
		stop, err := serveSweep(*serveAddr, out, st, &opts, stderr)
		if err != nil {
			return err
		}
		defer stop()
	}
	var coord *coordination
	if nf.enabled() {
		opts.Workers = max(local, 1) // summary.json; the runner plays
		if coord, err = startCoordination(ctx, &nf, st, out, *resume != "", local, ml.grace, ml.hang, stderr); err != nil {
			return err
		}
		defer coord.close()
		opts.Runner = coord.co
	}
	res, err := tuner.RunSweep(ctx, st, opts)
	if coord != nil {
		if err == nil {
			coord.end(stderr) // its workers stop
		}
		coord.close()
		if err == nil && coord.store != "" {
			_ = os.RemoveAll(coord.store) // nothing to resume
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			file := ""
			if len(pos) == 1 {
				file = pos[0] + " "
			}
			extra := ""
			switch {
			case nf.serve != "":
				extra = " --nats-serve " + nf.serve
			case nf.url != "":
				extra = " --nats " + nf.url
			}
			return &exitError{code: 1, msg: fmt.Sprintf("interrupted; the games played so far are in %s; continue with: tourney sweep %s--resume %s%s", out, file, out, extra)}
		}
		return err
	}
	// an external winner's config carries its [bots.NAME] table
	if err := space.AddExternalBotToConfig(filepath.Join(res.Dir, "winner.toml"), sp); err != nil {
		return err
	}
	printSweep(stdout, st, res)
	return nil
}

// flagGiven reports whether the flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// loadSpace reads the given space file or the embedded default.
func loadSpace(pos []string) (*space.Space, error) {
	if len(pos) == 0 {
		return space.Parse("default.toml", configs.Default)
	}
	return space.Load(pos[0])
}

// applyBase adds a bot config's parameters to the space's fixed ones.
func applyBase(sp *space.Space, path string) error {
	bc, err := space.LoadBotConfig(path)
	if err != nil {
		return err
	}
	return sp.AddBase(path, bc)
}

func printSweep(w io.Writer, sp *study.Study, res *tuner.Outcome) {
	s := res.Summary
	blocks := fmt.Sprintf("%d blocks", s.Blocks)
	if s.Distinct < s.Blocks {
		blocks += fmt.Sprintf(", %d distinct", s.Distinct)
	}
	fmt.Fprintf(w, "%s: %d variants, %d games (%s) in %.1fs (%.1f games/s), %d forfeits\n",
		s.Name, s.Variants, s.Games, blocks, s.Elapsed, s.GamesPerSec, s.Forfeits)
	if l := results.ForfeitsLine(s); l != "" {
		fmt.Fprintln(w, l)
	}
	if space.IsContinuous(sp.Generate.Method) {
		fmt.Fprintf(w, "%s: the final point is variant %d, played against the defaults on fresh seeds (%s.csv: the search)\n",
			sp.Generate.Method, res.Winner, sp.Generate.Method)
	} else if sp.Tournament.Format == "knockout" {
		fmt.Fprintf(w, "encounters: %d decided on evidence, %d at the cap (settled by the ratings), %d byes\n",
			s.Decisions["evidence"], s.Decisions["cap"], s.Decisions["bye"])
	}
	for _, warn := range s.Warnings { // above the verdict: it may mean nothing
		fmt.Fprintln(w, "warning: "+warn)
	}
	fmt.Fprintf(w, "winner: variant %d", res.Winner)
	names := sp.ParamNames()
	if len(names) > 0 {
		var kv []string
		vals := res.Variants[res.Winner].Values
		keys := slices.Sorted(maps.Keys(vals))
		for _, k := range keys {
			kv = append(kv, k+"="+game.FormatValue(vals[k]))
		}
		if len(kv) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(kv, " "))
		}
	}
	fmt.Fprintf(w, ", budget %s\n", s.Budget)
	fmt.Fprintln(w, res.Verdict.String())
	for _, l := range results.KnobLines(s.Knobs) {
		fmt.Fprintln(w, l)
	}
	if l := results.UnidentifiedLine(s.EffectsUnidentified); l != "" {
		fmt.Fprintln(w, l)
	}
	if cf := res.Verdict.Confirm; cf != nil {
		fmt.Fprintf(w, "confirmation: %d games on fresh seeds, %s, LLR %.2f → %s\n", cf.Games, cf.SPRT, cf.LLR, cf.State)
	}
	fmt.Fprintf(w, "results: %s\n", res.Dir)
	if res.Verdict.Better {
		fmt.Fprintf(w, "promote: tourney promote %s --to my-bot.toml\n", res.Dir)
	} else if g := res.Verdict.Gate; res.Verdict.Confirm == nil && (g == nil || g.Passed) {
		// no hint for a winner the promotion gate refused: no
		// confirmation undoes that
		fmt.Fprintf(w, "check on fresh seeds: tourney confirm %s\n", res.Dir)
	}
}
