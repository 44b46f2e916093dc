package tuner

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"gonum.org/v1/gonum/stat"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/tuner/lock"
	"tourney/tuner/plan"
	"tourney/tuner/records"
	"tourney/tuner/runner"
	"tourney/tuner/space"
	"tourney/tuner/stats"
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
	// an interruption would (ErrStopped; the directory can be resumed).
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
	Started func(s *space.Space)
}

// StoreDir is the directory of a results directory that holds the
// embedded NATS server's store of a cluster sweep (tourney sweep
// --nats-serve); a sweep may start in a directory holding only it.
const StoreDir = ".nats"

// eagerVerdict breaks the verdict on purpose (tests only, statistics.md
// §8: a null test must be able to fail): no hold-out rung, and "better"
// whenever the winner's tournament rating is above the defaults'.
var eagerVerdict bool

// ErrStopped is returned when RunOptions.StopAfter games were played.
var ErrStopped = errors.New("stopped after the requested number of games")

// Outcome is a finished sweep.
type Outcome struct {
	Dir      string
	Variants []space.Variant
	Winner   int
	Verdict  Verdict
	Summary  Summary
	// Ratings of the variants on the run's scale (the defaults = 0), and
	// their intervals at the run's confidence (NaN: none).
	Ratings, Lo, Hi []float64
}

// variantStats accumulates a variant's games.
type variantStats struct {
	games    int
	points   float64 // unweighted, summed
	raw      float64
	rankSum  float64
	places   Placements
	forfeits int
	outRound int // 0: still in
}

type sweepRun struct {
	s        *space.Space
	opt      RunOptions
	variants []space.Variant
	params   [][]game.Params // [variant][scenario]
	defaults []game.Params   // [scenario]
	stats    []variantStats
	bracket  [][]string
	games    *csv.Writer  // nil while games of an earlier run are replayed
	gbuf     bytes.Buffer // games.csv rows since the last flush
	gf       *os.File
	prior    []priorGame // resume: the games of the interrupted run
	gameNo   int
	work     float64   // the games' work so far (plan.GameWork: CPU seconds or games)
	workPer  []float64 // plan.GameWork per scenario
	flushed  time.Time // last flush of games.csv
	replayed int       // games taken from an interrupted run
	bar      *arena.Progress
	done     int // games emitted (progress)

	recw   *records.Writer // nil: records off
	timing *csv.Writer     // timing.csv: wall-clock per game and seat
	tbuf   bytes.Buffer    // its rows since the last flush
	tf     *os.File
	table  *PlacementTable // games of more than two seats, by entrant id

	units int          // blocks scheduled so far (the bootstrap's unit)
	dup   map[int]bool // blocks that repeated an earlier one (plan.Block.Dup)
	// rungFrom is the first block of the winner's hold-out rung (−1:
	// none); rungOnly makes the ratings see the rung alone.
	rungFrom int
	rungOnly bool
	// rungBlocks and rungGame: the rung's blocks and its first game
	rungBlocks, rungGame int
	recs                 []stats.Game // every game, for the ratings
	recScen              []int        // each game's scenario
	recRound             []int        // each game's round
	ents                 entities
	// decisions counts how encounters were decided (evidence, cap, bye).
	decisions map[string]int
	rounds    int
	// stopped is plan.Report.Stopped: the variants whose last
	// encounter stopped on evidence against them (nil until the
	// tournament has ended).
	stopped map[int]plan.Stop
	runner  runner.Runner
	eff     *effectsResult // parameter effects (after the games)

	statusMu         sync.Mutex
	status, rnStatus string // the planner's and the runner's part of the progress line
	// points are the continuous planners' unrated entrants (entrants.go):
	// [point][scenario].
	points [][]game.Params

	forfeits forfeitTally // forfeits.go
}

// RunSweep plays the tournament of a space and writes the results
// directory.
func RunSweep(ctx context.Context, s *space.Space, opt RunOptions) (*Outcome, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	r := &sweepRun{s: s, opt: opt, variants: s.Variants(), decisions: map[string]int{}, runner: opt.Runner, rungFrom: -1}
	if r.runner == nil {
		r.runner = runner.Local{Workers: opt.Workers, Grace: opt.Grace, HangTimeout: opt.HangTimeout}
	}
	for sc := range s.Scenarios {
		r.defaults = append(r.defaults, s.DefaultParams(sc))
	}
	for _, v := range r.variants {
		row := make([]game.Params, len(s.Scenarios))
		for sc := range s.Scenarios {
			p, err := s.BotParams(sc, v)
			if err != nil {
				return nil, err
			}
			row[sc] = p
		}
		r.params = append(r.params, row)
	}
	r.stats = make([]variantStats, len(r.variants))
	r.ents = newEntities(s, r.variants, r.params, r.defaults)
	for _, sc := range s.Scenarios {
		if sc.Budget.Time > 0 && opt.Workers > runtime.NumCPU() {
			fmt.Fprintf(opt.Log, "warning: time budgets with %d workers on %d CPUs: moves will get less CPU than their budget\n", opt.Workers, runtime.NumCPU())
			break
		}
	}

	if err := CheckBudget(s); err != nil { // before anything is written
		return nil, err
	}
	var gf *os.File
	fresh := false // the run makes its results directory (refuse.go)
	r.table = &PlacementTable{}
	if opt.Resume {
		unlock, err := lock.Dir(opt.Out)
		if err != nil {
			return nil, err
		}
		defer unlock()
		cleanupLeftovers(opt.Out, opt.Log)
		external.SetLogDir(opt.Out) // bots' stderr: OUT/bots/NAME.log, their pids: OUT/bots/pids
		defer external.SetLogDir("")
		if gf, err = r.openResume(); err != nil {
			return nil, err
		}
	} else {
		fresh = freshDir(opt.Out)
		if err := prepareDir(opt.Out); err != nil {
			return nil, err
		}
		unlock, err := lock.Dir(opt.Out)
		if err != nil {
			return nil, err
		}
		defer unlock()
		cleanupLeftovers(opt.Out, opt.Log)
		external.SetLogDir(opt.Out) // bots' stderr: OUT/bots/NAME.log, their pids: OUT/bots/pids
		defer external.SetLogDir("")
		if err := writeFileAtomic(filepath.Join(opt.Out, "space.toml"), s.Source); err != nil {
			return nil, err
		}
		// The header reaches the disk before the first game: a run killed
		// at any moment can be resumed.
		if gf, err = os.Create(filepath.Join(opt.Out, "games.csv")); err != nil {
			return nil, err
		}
		hdr, _ := csvBytes([][]string{gamesHeader})
		if _, err := gf.Write(hdr); err != nil {
			return nil, err
		}
		r.gf = gf
		r.games = csv.NewWriter(&r.gbuf)
		if err := r.openSidecars(0); err != nil {
			return nil, err
		}
	}
	defer gf.Close()
	defer r.closeSidecars()
	r.gf = gf

	for i := range s.Scenarios {
		if why := s.Scenarios[i].Repeats(); why != "" {
			fmt.Fprintf(opt.Log, "warning: scenario %d: %s\n", i+1, why)
		}
	}
	start := time.Now()
	s, err := r.acceptCosts(ctx, fresh)
	if err != nil {
		return nil, err
	}
	r.s = s
	bounds := plan.AddHoldOut(s, plan.PlanTournament(s, len(r.variants)))
	r.bar = arena.NewProgress(bounds.MaxGames, opt.Quiet, s.Name)
	if o, ok := r.runner.(runner.Observed); ok {
		o.SetStatus(func(text string) { r.setStatus(&r.rnStatus, text) })
		defer o.SetStatus(nil)
	}
	pl, err := plan.New(s, len(r.variants))
	if err != nil {
		return nil, err
	}
	winner, err := r.run(ctx, pl)
	rep := pl.Report()
	if err == nil && !eagerVerdict {
		err = r.holdOut(ctx, winner, rep.Rounds+1)
	}
	r.bar.Finish()
	r.bracket, r.decisions, r.rounds, r.stopped = rep.Bracket, rep.Decisions, rep.Rounds, rep.Stopped
	for v, round := range rep.OutRound {
		r.stats[v].outRound = round
	}
	if err != nil {
		_ = r.flush()
		return nil, err
	}
	if r.games == nil { // everything was replayed
		if err := r.startWriting(); err != nil {
			return nil, err
		}
	}
	if err := r.closeSidecars(); err != nil { // flushes games.csv too
		return nil, err
	}
	if err := gf.Close(); err != nil {
		return nil, err
	}
	if n := len(r.dup); n > 0 && 4*n >= r.units {
		r.bar.Logf(opt.Log, "warning: %d of %d blocks repeated an earlier block of their encounter game for game and count once: the evidence is %d distinct block(s) (set opening_plies, or add maps)\n", n, r.units, r.units-n)
	} else if n > 0 {
		r.bar.Logf(opt.Log, "note: %d of %d blocks repeated an earlier block game for game (the same opening drawn twice) and count once\n", n, r.units)
	}
	rt, err := r.ratings()
	if err != nil {
		return nil, err
	}
	verdict := r.verdict(winner, rt)
	er, err := r.effects()
	if err != nil {
		fmt.Fprintf(opt.Log, "warning: parameter effects: %v (no effects.csv)\n", err)
		er = nil
	}
	r.eff = er
	if eagerVerdict && !math.IsNaN(verdict.Elo) {
		// deliberately broken (tests only): no price for the choice
		verdict.Better = verdict.Elo > 0
	}
	if s.Tournament.NoHoldOut && verdict.Better {
		// no blocks outside the choice: nothing to promote on
		verdict.Better = false
		verdict.Text = verdictKeep + " (holdout = false: the winner played no hold-out rung)"
	}
	if r.rungFrom >= 0 {
		if err := r.rungVerdict(&verdict, rt); err != nil {
			return nil, err
		}
		// the winner's row is its hold-out rating (the tournament's is
		// inflated by the choice)
		rt.Elo, rt.Lo, rt.Hi = slices.Clone(rt.Elo), slices.Clone(rt.Lo), slices.Clone(rt.Hi)
		rt.Elo[winner], rt.Lo[winner], rt.Hi[winner] = verdict.Elo, verdict.Lo, verdict.Hi
	}
	if s.Tournament.Confirm && winner != r.ents.def {
		r.bar.Logf(opt.Log, "confirming variant %d against the defaults (at most %d games)\n", winner, s.Tournament.ConfirmGames)
		cf, _, err := Confirm(ctx, s, winner, r.params[winner][0], filepath.Join(opt.Out, "confirm"), opt)
		if err != nil {
			return nil, fmt.Errorf("confirmation: %w", err)
		}
		cf.apply(&verdict)
	}
	elapsed := time.Since(start)
	out := &Outcome{Dir: opt.Out, Variants: r.variants, Winner: winner, Verdict: verdict, Ratings: rt.Elo[:len(r.variants)],
		Lo: rt.Lo[:len(r.variants)], Hi: rt.Hi[:len(r.variants)]}
	out.Summary = r.summary(winner, r.rounds, elapsed, verdict)
	if err := r.writeResults(out, rt); err != nil {
		return nil, err
	}
	if err := r.writeTables(pl); err != nil { // spsa.csv, cmaes.csv
		return nil, err
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
	d := r.ents.def
	if winner == d || len(r.variants) < 2 || r.s.Tournament.NoHoldOut {
		return nil
	}
	def := -1
	if d < r.ents.variants {
		def = d
	}
	n := plan.HoldOutBlocksWork(r.s, r.work)
	blocks := plan.HoldOut(r.s, round, winner, def, 0, n)
	r.rungFrom, r.rungBlocks, r.rungGame = r.units, n, r.gameNo
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
			if r.dup == nil {
				r.dup = map[int]bool{}
			}
			r.dup[r.rungFrom+i] = true
		}
	}
	return nil
}

// verdictFalseBetter is the largest share of runs in which the hold-out
// verdict may call an equal winner better (one-sided).
const verdictFalseBetter = 0.01

// rungVerdict rates the winner against the defaults on the hold-out rung
// alone and makes that the verdict's rating, interval and decision:
// "better" when the rung's interval at the run's confidence excludes 0
// and so does its one-sided 99 % bound: a false "better" in at most 1 %
// of runs, as the continuous methods' confidence of 0.99 gives them. A
// 95 % interval alone says "better" of an equal winner in 2.5 % of runs
// (measured: 9 of 400 seeds of the null landscape with halving), above
// the bar of at most 2 % (issue 19); with the bound 1 of 200. A stricter
// confidence stays stricter. The tournament's adjusted bound stays
// beside it (LoAdjusted).
func (r *sweepRun) rungVerdict(v *Verdict, main stats.Ratings) error {
	r.rungOnly = true
	defer func() { r.rungOnly = false }()
	rt, err := r.ratings()
	if err != nil {
		return err
	}
	w, d := v.Winner, r.ents.def
	db := r.distinctBlocks()
	v.Held = true
	v.Elo, v.Lo, v.Hi = rt.Elo[w]-rt.Elo[d], rt.Lo[w], rt.Hi[w]
	v.HeldDistinct = min(db[w], db[d])
	v.Flat = flatDiffs(refitDiffs(rt, w, d))
	if r.dup[r.rungFrom] && v.HeldDistinct < plan.MinDistinct {
		v.Better = false
		v.Text = verdictKeep + fmt.Sprintf(" (distinct blocks of the hold-out: %d, too few to separate anything: identical games count once; set opening_plies or add maps)", v.HeldDistinct)
		return nil
	}
	switch {
	case v.HeldDistinct < plan.MinDistinct:
		v.Better = false
		v.Text = verdictKeep + fmt.Sprintf(" (distinct blocks of the hold-out: %d, too few)", v.HeldDistinct)
	case v.Flat:
		v.Better = false
		v.Text = verdictKeep + " (no variation on the hold-out: every block gave the same result)"
	case v.Lo > 0:
		if (1-r.s.Tournament.Confidence)/2 > verdictFalseBetter {
			diffs := refitDiffs(rt, w, d)
			slices.Sort(diffs)
			if bound := stat.Quantile(verdictFalseBetter, stat.LinInterp, diffs, nil); !(bound > 0) {
				v.Better = false
				v.Text = verdictKeep + fmt.Sprintf(" (the interval excludes 0, but not the hold-out's one-sided %s %% bound: %s Elo)",
					fmtRound(100*(1-verdictFalseBetter), 1), fmtRound(bound, 1))
				break
			}
		}
		v.Better = true
		v.Text = verdictBetter
	case v.worse():
		v.Better = false
		v.Text = verdictKeep + " (the winner is worse than the defaults)"
	default:
		v.Better = false
		v.Text = verdictKeep
	}
	_ = main
	return nil
}

// prepareDir creates dir; an existing directory must be empty so that no
// earlier results are mixed with new ones (but for StoreDir, the store
// of the coordinator's embedded NATS server, made before the sweep).
func prepareDir(dir string) error {
	if dir == "" {
		return errors.New("no results directory given")
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 && !(len(ents) == 1 && ents[0].Name() == StoreDir) {
		return fmt.Errorf("%s: results directory is not empty (choose another --out)", dir)
	}
	return os.MkdirAll(dir, 0o755)
}

// gameMeta travels with a job: the block it belongs to and where its
// result goes.
type gameMeta struct {
	blk  *plan.Block
	unit int
	plan plan.GamePlan
	// out is the result's place: the batch's block and the game in it.
	out      *[][]plan.Result
	bi, game int
}

func (r *sweepRun) entrant(sc int, ref plan.SeatRef) arena.Entrant {
	scen := &r.s.Scenarios[sc]
	switch ref.Kind {
	case plan.SeatVariant:
		return arena.Entrant{ID: strconv.Itoa(ref.Variant), Spec: scen.Bot, Params: r.params[ref.Variant][sc]}
	case plan.SeatFiller:
		return arena.Entrant{ID: "default", Spec: scen.Bot, Params: r.defaults[sc]}
	case plan.SeatPoint:
		id, p := r.pointEntrant(sc, ref)
		return arena.Entrant{ID: id, Spec: scen.Bot, Params: p}
	}
	f := scen.Field[ref.Field]
	return arena.Entrant{ID: "field:" + f.Name, Spec: f.Spec, Params: f.Params}
}

// Host: what the planner may ask of the sweep.

func (r *sweepRun) Fit() ([]float64, error)         { return r.fit() }
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
func (r *sweepRun) Leader(vs []int) string { return r.leader(vs) }

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
		first := r.units
		results, err := r.play(ctx, blocks)
		if err != nil {
			return 0, err
		}
		if err := pl.Look(r, blocks, results); err != nil {
			return 0, err
		}
		for i, b := range blocks {
			if b.Dup { // the same games as an earlier block: they count once
				if r.dup == nil {
					r.dup = map[int]bool{}
				}
				r.dup[first+i] = true
			}
		}
	}
}

// jobs turns a planned block into arena jobs.
func (r *sweepRun) jobs(blk *plan.Block, unit int, out *[][]plan.Result, bi int) []arena.Job {
	jobs := make([]arena.Job, len(blk.Games))
	for i, gp := range blk.Games {
		ents := make([]arena.Entrant, len(gp.Seats))
		for j, ref := range gp.Seats {
			ents[j] = r.entrant(gp.Scenario, ref)
		}
		jobs[i] = gameJob(r.s, gp.Scenario, gp.Map, gp.Seed, ents, !r.opt.NoRecords)
		jobs[i].Meta = gameMeta{blk: blk, unit: unit, plan: gp, out: out, bi: bi, game: i}
	}
	return jobs
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
		keys = append(keys, r.units)
		firsts = append(firsts, len(jobs))
		jobs = append(jobs, r.jobs(blk, r.units, &results, bi)...)
		plans = append(plans, blk.Games...)
		r.units++
	}
	progress := r.bar.Batch()
	replayed := 0
	for replayed < len(jobs) && r.gameNo < len(r.prior) && r.prior[r.gameNo].complete(len(jobs[replayed].Seats)) {
		if err := r.emit(r.prior[r.gameNo].result(&jobs[replayed])); err != nil {
			return nil, err
		}
		replayed++
		r.replayed++
		progress(replayed)
	}
	if replayed < len(jobs) && r.games == nil {
		if err := r.startWriting(); err != nil {
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
		if err := r.emit(res); err != nil {
			return err
		}
		n++
		progress(n)
		return nil
	})
	return results, err
}

// fmtFloat writes a CSV number: shortest exact form, '.' as decimal point.
func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// leader names the best of the given variants by the ratings of all games
// so far, for the progress line ("" when they cannot be rated yet).
func (r *sweepRun) leader(vs []int) string {
	fit, err := r.fit()
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
