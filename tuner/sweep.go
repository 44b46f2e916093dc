package tuner

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/tuner/confirm"
	"tourney/tuner/costs"
	"tourney/tuner/lock"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/runner"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// RunOptions configure a sweep.
type RunOptions struct {
	Out         string // results directory (created; must not hold results already)
	Workers     int
	Quiet       bool      // no progress bar
	Log         io.Writer // warnings and round summaries (stderr); nil: discard
	Grace       time.Duration
	HangTimeout time.Duration
	Version     string
	// Resume continues an interrupted sweep in Out: the games already in
	// Out/games.csv are checked against the plan and counted, not played
	// again, and the sweep goes on from the first missing game. The space
	// and seed must be the ones of the interrupted run.
	Resume bool
	// NoRecords turns the game records (games.jsonl.gz: every move with
	// its time, nodes and depth) off.
	NoRecords bool
	// StopAfter, when positive, stops the sweep after that many games as
	// an interruption would (results.ErrStopped; the directory can be resumed).
	StopAfter int
	// Runner plays the blocks (default: the local arena with Workers,
	// Grace and HangTimeout).
	Runner runner.Runner
	// WallClock makes a confirmation of a clock in nodes play on the
	// wall clock (the transfer check; confirm.go).
	WallClock bool
	// Started, when set, is called once the run is accepted (its costs
	// measured, when a CPU budget needs them), before the first game,
	// with the space the plan uses: a command prints its header there,
	// so that no refusal comes after output (refuse.go).
	Started func(s *study.Study)
}

// confirm is the options of the sweep's confirmation.
func (o RunOptions) confirm() confirm.Options {
	return confirm.Options{Workers: o.Workers, Quiet: o.Quiet, Grace: o.Grace, HangTimeout: o.HangTimeout,
		Version: o.Version, Log: o.Log, WallClock: o.WallClock}
}

// eagerVerdict breaks the verdict on purpose (tests only, statistics.md
// §8: a null test must be able to fail): no hold-out rung, and "better"
// whenever the winner's tournament rating is above the defaults'.
var eagerVerdict bool

// Outcome is a finished sweep.
type Outcome struct {
	Dir      string
	Variants []space.Variant
	Winner   int
	Verdict  results.Verdict
	Summary  results.Summary
	// Ratings of the variants on the run's scale (the defaults = 0), and
	// their intervals at the run's confidence (NaN: none).
	Ratings, Lo, Hi []float64
}

// sweepRun is one sweep: its options, the planner's host, the runner,
// the progress line, and the results as they come in.
type sweepRun struct {
	*results.Sweep
	s      *study.Study
	opt    RunOptions
	runner runner.Runner
	bar    *arena.Progress

	statusMu         sync.Mutex
	status, rnStatus string // the planner's and the runner's part of the progress line
}

// RunSweep plays the tournament of a space and writes the results
// directory.
func RunSweep(ctx context.Context, s *study.Study, opt RunOptions) (*Outcome, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	r := &sweepRun{s: s, opt: opt, runner: opt.Runner}
	if r.runner == nil {
		r.runner = runner.Local{Workers: opt.Workers, Grace: opt.Grace, HangTimeout: opt.HangTimeout}
	}
	rec, err := results.New(s, results.Options{Out: opt.Out, Log: opt.Log, Workers: opt.Workers, Version: opt.Version,
		NoRecords: opt.NoRecords, StopAfter: opt.StopAfter, Runner: r.runner})
	if err != nil {
		return nil, err
	}
	r.Sweep = rec
	for _, sc := range s.Scenarios {
		if sc.Budget.Time > 0 && opt.Workers > runtime.NumCPU() {
			fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
			break
		}
	}

	if err := costs.CheckBudget(s); err != nil { // before anything is written
		return nil, err
	}
	fresh := false // the run makes its results directory (refuse.go)
	if !opt.Resume {
		fresh = freshDir(opt.Out)
		if err := results.PrepareDir(opt.Out); err != nil {
			return nil, err
		}
	}
	unlock, err := lock.Dir(opt.Out)
	if err != nil {
		return nil, err
	}
	defer unlock()
	cleanupLeftovers(opt.Out, opt.Log)
	external.SetLogDir(opt.Out) // bots' stderr: OUT/bots/NAME.log, their pids: OUT/bots/pids
	defer external.SetLogDir("")
	defer rec.Close()
	if opt.Resume {
		err = rec.Resume()
	} else {
		err = rec.Create()
	}
	if err != nil {
		return nil, err
	}
	// what the external bots declared, and where they run: report,
	// serve, replay and confirm read it and start no bot to learn it
	if err := s.WriteBotRecord(opt.Out); err != nil {
		return nil, err
	}

	for i := range s.Scenarios {
		if why := s.Scenarios[i].Repeats(); why != "" {
			fmt.Fprintf(opt.Log, "warning: scenario %d: %s\n", i+1, why)
		}
	}
	start := time.Now()
	s, err = r.acceptCosts(ctx, fresh)
	if err != nil {
		return nil, err
	}
	r.s = s
	rec.SetSpace(s)
	for _, l := range s.ClockLines() { // each external bot's clock (the rates are known now)
		fmt.Fprintln(opt.Log, l)
	}
	nv := len(rec.Variants())
	bounds := plan.AddHoldOut(s, plan.PlanTournament(s, nv))
	r.bar = arena.NewProgress(bounds.MaxGames, opt.Quiet, s.Name)
	if o, ok := r.runner.(runner.Observed); ok {
		o.SetStatus(func(text string) { r.setStatus(&r.rnStatus, text) })
		defer o.SetStatus(nil)
	}
	pl, err := plan.New(s, nv)
	if err != nil {
		return nil, err
	}
	winner, err := r.run(ctx, pl)
	rep := pl.Report()
	if err == nil && !eagerVerdict {
		err = r.holdOut(ctx, winner, rep.Rounds+1)
	}
	r.bar.Finish()
	rec.SetReport(rep)
	if err != nil {
		_ = rec.Flush()
		return nil, err
	}
	if err := rec.Finish(); err != nil {
		return nil, err
	}
	if units, n := rec.Blocks(); n > 0 && 4*n >= units {
		r.bar.Logf(opt.Log, "warning: %d of %d blocks repeated an earlier block of their encounter game for game and count once: the evidence is %d distinct block(s) (set opening_plies, or add maps)\n", n, units, units-n)
	} else if n > 0 {
		r.bar.Logf(opt.Log, "note: %d of %d blocks repeated an earlier block game for game (the same opening drawn twice) and count once\n", n, units)
	}
	rt, err := rec.Ratings()
	if err != nil {
		return nil, err
	}
	verdict := rec.Verdict(winner, rt)
	if err := rec.Effects(); err != nil {
		fmt.Fprintf(opt.Log, "warning: parameter effects: %v (no effects.csv)\n", err)
	}
	if eagerVerdict && !math.IsNaN(verdict.Elo) {
		// deliberately broken (tests only): no price for the choice
		verdict.Better = verdict.Elo > 0
	}
	if rt, err = rec.HoldOut(&verdict, rt); err != nil {
		return nil, err
	}
	if s.Tournament.Confirm && winner != rec.Default() {
		r.bar.Logf(opt.Log, "confirming variant %d against the defaults (at most %d games)\n", winner, s.Tournament.ConfirmGames)
		cdir := filepath.Join(opt.Out, "confirm")
		// a resumed sweep plays its confirmation again: the games of
		// the last one, interrupted or not, are replaced (its match
		// writes only into an empty directory)
		if err := os.RemoveAll(cdir); err != nil {
			return nil, err
		}
		cf, _, err := confirm.Winner(ctx, s, winner, rec.Params(winner, 0), cdir, opt.confirm())
		if err != nil {
			return nil, fmt.Errorf("confirmation: %w", err)
		}
		cf.Apply(&verdict)
	}
	if s.Gate != nil && winner != rec.Default() {
		// the promotion gate: the contest's conditions ([gate], issue 44)
		r.bar.Logf(opt.Log, "promotion gate: variant %d and the defaults under the gate's conditions (at most %d games)\n", winner, s.Gate.MaxGames)
		gc, err := confirm.Gate(ctx, s, winner, rec.Params(winner, 0), filepath.Join(opt.Out, "gate"), opt.confirm())
		if err != nil {
			return nil, fmt.Errorf("promotion gate: %w", err)
		}
		gc.Apply(&verdict)
		if verdict.FieldGain == nil || !verdict.FieldGain.Paired { // a gauntlet's is its hold-out's
			verdict.FieldGain = rec.FieldGain(winner)
		}
	}
	elapsed := time.Since(start)
	out := &Outcome{Dir: opt.Out, Variants: rec.Variants(), Winner: winner, Verdict: verdict, Ratings: rt.Elo[:nv],
		Lo: rt.Lo[:nv], Hi: rt.Hi[:nv]}
	out.Summary = rec.Summary(winner, elapsed, verdict)
	if err := rec.WriteResults(winner, verdict, &out.Summary, rt); err != nil {
		return nil, err
	}
	if err := rec.WriteTables(pl); err != nil { // spsa.csv, cmaes.csv
		return nil, err
	}
	if w := arena.AbandonedWarning(arena.Abandoned()); w != "" {
		r.bar.Logf(opt.Log, "warning: %s\n", w)
	}
	return out, nil
}

// holdOut plays the winner's hold-out rung (plan.HoldOut): about a tenth
// of the games played so far (of their CPU time when the scenarios have
// costs), at least 2·plan.MinDistinct blocks, of the winner against the
// defaults on fresh seeds. Its blocks played no part
// in choosing the winner: the winner's rating against the defaults, its
// interval and the verdict come from them alone (statistics.md §8).
func (r *sweepRun) holdOut(ctx context.Context, winner, round int) error {
	if winner == r.Default() || len(r.Variants()) < 2 || r.s.Tournament.NoHoldOut {
		return nil
	}
	n := plan.HoldOutBlocksWork(r.s, r.Work())
	blocks := plan.HoldOut(r.s, round, winner, r.DefaultVariant(), 0, n)
	r.StartRung(n)
	first, _ := r.Blocks()
	r.Status(fmt.Sprintf("hold-out: variant %d against the defaults, %d blocks", winner, n))
	results, err := r.play(ctx, blocks)
	if err != nil {
		return err
	}
	if err := plan.Book(blocks, results); err != nil {
		return err
	}
	for i, b := range blocks {
		if b.Dup {
			r.MarkDup(first + i)
		}
	}
	return nil
}

// Host: what the planner may ask of the sweep (besides the results'
// Fit, Rate, Inseparable, AddPoint and AddVariant).

func (r *sweepRun) Logf(format string, args ...any) { r.bar.Logf(r.opt.Log, format, args...) }
func (r *sweepRun) Status(text string)              { r.setStatus(&r.status, text) }

// setStatus sets the planner's or the runner's part of the progress line.
func (r *sweepRun) setStatus(part *string, text string) {
	r.statusMu.Lock()
	defer r.statusMu.Unlock()
	*part = text
	s := r.status
	if r.rnStatus != "" {
		if s != "" {
			s += "; "
		}
		s += r.rnStatus
	}
	r.bar.SetStatus(s)
}

// run asks the planner for blocks, plays them and hands their results
// back, until the planner has no more; then it names the winner.
func (r *sweepRun) run(ctx context.Context, pl plan.Planner) (int, error) {
	for {
		blocks, err := pl.Next(r)
		if err != nil {
			return 0, err
		}
		if len(blocks) == 0 {
			return pl.Winner(r)
		}
		first, _ := r.Blocks()
		results, err := r.play(ctx, blocks)
		if err != nil {
			return 0, err
		}
		if err := pl.Look(r, blocks, results); err != nil {
			return 0, err
		}
		for i, b := range blocks {
			if b.Dup { // the same games as an earlier block: they count once
				r.MarkDup(first + i)
			}
		}
	}
}

// play runs a batch of blocks (resuming from an interrupted run's rows
// first) and returns their results.
func (r *sweepRun) play(ctx context.Context, blocks []*plan.Block) ([][]plan.Result, error) {
	results := make([][]plan.Result, len(blocks))
	var jobs []arena.Job
	var keys, firsts []int
	var plans []plan.GamePlan
	for bi, blk := range blocks {
		results[bi] = make([]plan.Result, len(blk.Games))
		key, js := r.AddBlock(blk, &results, bi)
		keys = append(keys, key)
		firsts = append(firsts, len(jobs))
		jobs = append(jobs, js...)
		plans = append(plans, blk.Games...)
	}
	progress := r.bar.Batch()
	replayed := 0
	for replayed < len(jobs) {
		ok, err := r.Replay(&jobs[replayed])
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		replayed++
		progress(replayed)
	}
	if replayed < len(jobs) {
		if err := r.StartWriting(); err != nil {
			return nil, err
		}
	}
	// what is left, block by block (the first may have been half replayed)
	var rest []runner.Block
	for bi := range blocks {
		lo, hi := firsts[bi], len(jobs)
		if bi+1 < len(blocks) {
			hi = firsts[bi+1]
		}
		lo = max(lo, replayed)
		if lo < hi {
			rest = append(rest, runner.Block{Key: keys[bi], Jobs: jobs[lo:hi], Plans: plans[lo:hi]})
		}
	}
	n := replayed
	err := r.runner.Play(ctx, rest, func(res *arena.Result) error {
		if err := r.Emit(res); err != nil {
			return err
		}
		n++
		progress(n)
		return nil
	})
	return results, err
}

// Leader names the best of the given variants by the ratings of all
// games so far, for the progress line ("" when they cannot be rated yet).
func (r *sweepRun) Leader(vs []int) string {
	fit, err := r.Fit()
	if err != nil || len(vs) == 0 {
		return ""
	}
	best := -1
	for _, v := range vs {
		if !math.IsNaN(fit[v]) && (best < 0 || fit[v] > fit[best]) {
			best = v
		}
	}
	if best < 0 {
		return ""
	}
	return fmt.Sprintf(", leader: variant %d (%+.0f Elo)", best, fit[best])
}

// cleanupLeftovers ends the external bot processes an earlier tourney
// process left in dir (killed with kill -9: nothing could clean up). It
// runs under the directory's lock, before this run records its own.
func cleanupLeftovers(dir string, log io.Writer) {
	ls, err := external.CleanupDir(dir)
	if err != nil {
		fmt.Fprintf(log, "warning: cleaning up leftover bot processes of %s: %v\n", dir, err)
	}
	external.WriteLeftovers(log, dir, ls)
}
