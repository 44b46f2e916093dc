package arena

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tourney/engines/game"
)

// Entrant is what sits in a seat: a bot of the job's game with complete
// parameters. ID is the caller's name for it in results ("3" for variant
// 3, "default", "field:random").
type Entrant struct {
	ID     string
	Spec   game.BotSpec
	Params game.Params
	// Budget, when set, replaces the job's budget for this seat (a match
	// between configurations promoted under different budgets).
	Budget game.Budget
	// NodeRates are Budget's node rates by map name (a bot config whose
	// clock has a rate per map). The caller resolves them when it builds
	// a job (OnMap), as a scenario's rates become its job's budget: a job
	// is complete in itself, and Run and Play refuse a seat with them.
	NodeRates map[string]int64
}

// OnMap returns the entrant as it plays on a map (names: the map's names,
// the first the table has rules): Budget with the map's node rate, no
// NodeRates. ok is false when NodeRates has none of the names.
func (e Entrant) OnMap(names ...string) (Entrant, bool) {
	if e.NodeRates == nil {
		return e, true
	}
	for _, n := range names {
		if r, has := e.NodeRates[n]; has {
			e.Budget.NodeRate, e.NodeRates = r, nil
			return e, true
		}
	}
	return e, false
}

// checkSeats refuses a job with a seat whose node rates by map were not
// resolved (OnMap): it would play its clock on the wall clock.
func checkSeats(job *Job) error {
	for p, e := range job.Seats {
		if e.NodeRates != nil {
			return fmt.Errorf("seat %d (%s) on map %s: its node rates by map are not resolved (arena.Entrant.OnMap)", p, e.ID, job.Map.Name())
		}
	}
	return nil
}

// Job is one game to play.
type Job struct {
	Game   game.Game
	Map    game.Map
	Seed   uint64 // the game's seed: the state's setup and every bot's seed derive from it
	Seats  []Entrant
	Budget game.Budget
	// OpeningPlies random legal moves (drawn from Seed) are played before
	// the bots take over; jobs with the same seed get the same opening.
	OpeningPlies int
	// Record asks for the game's moves with their time and search
	// telemetry in Result.Moves.
	Record bool
	// Meta is the caller's data, handed back untouched in the Result.
	Meta any
}

// End values of a seat (games.csv `end`).
const (
	EndNormal    = "normal"
	EndMaxLength = "max-length"
)

// Forfeit reasons.
const (
	ForfeitIllegal = "illegal"
	ForfeitPanic   = "panic"
	ForfeitTimeout = "timeout"
	ForfeitError   = "error"
)

// reasonAbandoned is internal: the watchdog took the game over.
const reasonAbandoned = "abandoned"

// Result is a played game.
type Result struct {
	Index  int // position of the job in the batch
	Job    *Job
	Scores []float64 // raw score per seat (game.State.Returns at the end)
	Ranks  []int     // 1 = best; ties share the better rank
	Plies  int       // Apply/ApplyJoint calls
	End    []string  // per seat: normal, max-length or forfeit:<reason>
	// Forfeit is the (first) seat that lost by fault, or -1; End marks
	// every forfeiting seat; Detail says what they did.
	Forfeit int
	Detail  string
	Elapsed time.Duration // wall clock (never written to the CSV files)
	// SeatTime and SeatMoves are, per seat, the wall clock spent in Step
	// and the number of Steps (always filled; nil when the game could not
	// be set up).
	SeatTime  []time.Duration
	SeatMoves []int
	// SeatCPU is, per seat, the CPU time the seat's bot processes spent
	// on the game (game.ProcessTimer: an external bot's process tree,
	// read at the game's end), or -1 for a bot that runs in tourney's
	// own process; nil when the game could not be set up.
	SeatCPU []time.Duration
	// SeatSearch is, per seat, the search telemetry its bot reported
	// (game.Informer; always filled like SeatMoves). Under depth and node
	// budgets it is deterministic.
	SeatSearch []SeatSearch
	// Moves is the game's move record when Job.Record is set.
	Moves []MoveRecord
	// Print is the game's fingerprint (always set; see Print): equal
	// Prints of one seating are the same game.
	Print uint64

	err error // an engine failure: stops the batch
}

// Options configure Run.
type Options struct {
	Workers int // default runtime.NumCPU()
	// Grace is how far a bot may overrun a time budget before it forfeits
	// (default 100ms).
	Grace time.Duration
	// HangTimeout is how long one move may take under a depth or node
	// budget (or none) before the bot is declared hung and forfeits
	// (default 2 minutes). It only catches broken bots: with depth and
	// node budgets results never depend on the clock otherwise.
	HangTimeout time.Duration
	// Progress, when set, is called by the collector after each result.
	Progress func(done int)
}

func (o *Options) defaults(n int) {
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.Workers > n {
		o.Workers = n
	}
	if o.Workers < 1 {
		o.Workers = 1
	}
	if o.Grace <= 0 {
		o.Grace = 100 * time.Millisecond
	}
	if o.HangTimeout <= 0 {
		o.HangTimeout = 2 * time.Minute
	}
}

// jobLimit is the longest moveLimit of a job's seats.
func (o *Options) jobLimit(job *Job) time.Duration {
	d := o.moveLimit(job.Budget)
	for _, e := range job.Seats {
		if !e.Budget.IsZero() {
			d = max(d, o.moveLimit(e.Budget))
		}
	}
	return d
}

// moveLimit is the wall-clock time after which a move counts as hung.
func (o *Options) moveLimit(b game.Budget) time.Duration {
	if b.Time > 0 && b.NodeRate <= 0 && !b.Bank {
		return b.Time + o.Grace
	}
	return o.HangTimeout
}

// Run plays jobs on opt.Workers goroutines and calls emit with every result
// in job order, from a single goroutine (the collector). It returns the
// first error of emit or of the game engine (a panic in the rules is a bug
// and stops the batch), or ctx.Err() when cancelled; the results emitted
// before that are complete and in order.
func Run(ctx context.Context, jobs []Job, opt Options, emit func(*Result) error) error {
	if len(jobs) == 0 {
		return nil
	}
	for i := range jobs {
		if err := checkSeats(&jobs[i]); err != nil {
			return err
		}
	}
	opt.defaults(len(jobs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	next := make(chan int)
	results := make(chan *Result, opt.Workers)
	go func() {
		defer close(next)
		for i := range jobs {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	tick := time.Second
	for i := range jobs {
		if d := opt.jobLimit(&jobs[i]) / 8; d < tick {
			tick = d
		}
	}
	tick = max(tick, time.Millisecond)

	p := &pool{ctx: ctx, jobs: jobs, opt: &opt, next: next, results: results}
	for range opt.Workers {
		p.start()
	}
	go p.watch(tick)

	pending := make(map[int]*Result)
	done := 0
	for done < len(jobs) {
		var r *Result
		select {
		case r = <-results:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			return r.err
		}
		pending[r.Index] = r
		for {
			r, ok := pending[done]
			if !ok {
				break
			}
			delete(pending, done)
			if err := emit(r); err != nil {
				return err
			}
			done++
			if opt.Progress != nil {
				opt.Progress(done)
			}
		}
	}
	return nil
}

// pool holds the workers. A worker whose bot hangs is abandoned (its game
// is finished by the watchdog with a timeout forfeit) and replaced.
type pool struct {
	ctx     context.Context
	jobs    []Job
	opt     *Options
	next    chan int
	results chan *Result

	mu      sync.Mutex
	workers []*worker
}

type worker struct {
	run   atomic.Pointer[gameRun]
	reuse *reuse // bots and state copies kept between the worker's games
}

// gameRun is the game a worker is playing; owned reports who may deliver
// its result (the worker, or the watchdog after a hang).
type gameRun struct {
	index  int
	limit  time.Duration
	cancel context.CancelFunc
	// move is moves<<8 | seat+1 of the move begun last: one atomic store
	// per move (the hot path). Between moves the arena's own work is
	// short, so a count that stops changing means a bot is stuck.
	move  atomic.Uint64
	taken atomic.Bool // the result has been delivered
	// mu orders the watchdog's take-over of a hung move (takeHung) with
	// the end of that move on the game's goroutine (stepped): a Step that
	// returns just as the watchdog gives up on it is either abandoned or
	// ended, never both (the watchdog copies the game's records to play on
	// without the seat, and the game's goroutine writes them).
	mu sync.Mutex
	// extra is how much longer than limit the running move may take (a
	// game.Clocked bot's time bank), in nanoseconds.
	extra atomic.Int64
	game  *gamePlay // set before the first move
	reuse *reuse    // the worker's, nil for no reuse
	// watchdog's bookkeeping
	lastSteps uint64
	stalled   time.Duration
}

// hungRunning counts the moves the watchdog took over as hung (takeHung)
// whose Step has not returned yet, in the whole process.
var hungRunning atomic.Int64

// Abandoned is the number of moves taken over as hung, in any Run of
// this process, whose bot has not returned from Step yet. An external
// bot's Step returns once its process is killed; an in-process bot that
// does not stop when its context ends keeps a goroutine, and often a
// core, busy for ever, and the process's other moves come late (a
// wall-clock run's forfeits then grow from game to game). Commands
// warn of it at the end of a run.
func Abandoned() int { return int(hungRunning.Load()) }

// AbandonedWarning is the warning of a run after which n moves taken over
// as hung are still running, or "" when n is 0.
func AbandonedWarning(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf("%d move(s) forfeited as hung have not returned from the bot's Step: an in-process bot that does not stop when its context ends keeps searching and takes CPU from every later move (the wall clock's forfeits then grow)", n)
}

func (p *pool) start() { p.startWith(nil) }

// startWith starts a worker that first finishes the game g (if not nil).
func (p *pool) startWith(g *gamePlay) {
	w := &worker{}
	if g != nil {
		w.run.Store(g.run)
	}
	p.mu.Lock()
	p.workers = append(p.workers, w)
	p.mu.Unlock()
	go func() {
		if g != nil {
			r := g.play(false)
			g.run.cancel()
			r.Index = g.run.index
			if !g.run.taken.CompareAndSwap(false, true) {
				return
			}
			w.run.Store(nil)
			p.send(r)
		}
		p.work(w)
	}()
}

func (p *pool) send(r *Result) {
	select {
	case p.results <- r:
	case <-p.ctx.Done():
	}
}

func (p *pool) work(w *worker) {
	for i := range p.next {
		job := &p.jobs[i]
		gctx, cancel := context.WithCancel(p.ctx)
		if w.reuse == nil {
			w.reuse = newReuse()
		}
		run := &gameRun{index: i, limit: p.opt.jobLimit(job), cancel: cancel, reuse: w.reuse}
		w.run.Store(run)
		r := play(gctx, job, p.opt, run)
		cancel()
		r.Index = i
		if !run.taken.CompareAndSwap(false, true) {
			return // the watchdog gave up on this game and started another worker
		}
		w.run.Store(nil)
		w.reuse.keep(run.game, r)
		p.send(r)
	}
}

// watch finds moves that run past their limit.
func (p *pool) watch(tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-t.C:
		}
		p.mu.Lock()
		ws := slices.Clone(p.workers)
		p.mu.Unlock()
		for _, w := range ws {
			run := w.run.Load()
			if run == nil || run.taken.Load() {
				continue
			}
			mv := run.move.Load()
			steps, seat := mv>>8, int(mv&0xff)-1
			if seat < 0 || steps != run.lastSteps {
				run.lastSteps, run.stalled = steps, 0
				continue
			}
			run.stalled += tick
			if run.stalled <= run.limit+time.Duration(run.extra.Load()) {
				continue
			}
			if !run.takeHung(mv) {
				continue
			}
			run.cancel()
			p.mu.Lock()
			p.workers = slices.DeleteFunc(p.workers, func(x *worker) bool { return x == w })
			p.mu.Unlock()
			detail := fmt.Sprintf("move %d took longer than %s", steps, run.limit)
			if g := run.game; g != nil && g.elim != nil && seat < len(g.bots) {
				// The rules play on without the hung seat: a new worker
				// finishes the game on a copy of its state, then goes on
				// with the next jobs.
				p.startWith(p.continuation(g, seat, detail))
				continue
			}
			job := &p.jobs[run.index]
			r := forfeitResult(job, seat, ForfeitTimeout, detail, nil)
			r.Index = run.index
			if g := run.game; g != nil {
				g.hung(seat, run.limit, r)
			}
			p.start()
			p.send(r)
		}
	}
}

// continuation returns a game that goes on from the hung game g's state
// with seat eliminated. It is called by the watchdog while g's goroutine
// is stuck in seat's Step: g's state is only read (by Clone), and once the
// stuck Step returns that goroutine sees run.taken and stops.
func (p *pool) continuation(old *gamePlay, seat int, detail string) *gamePlay {
	gctx, cancel := context.WithCancel(p.ctx)
	run := &gameRun{index: old.run.index, limit: old.run.limit, cancel: cancel}
	g := &gamePlay{ctx: gctx, job: old.job, opt: p.opt, run: run, inBot: -1, start: old.start,
		bots: old.bots, readOnly: old.readOnly, faults: slices.Clone(old.faults), moves: old.moves,
		rec: old.rec.clone(), observers: old.observers, bank: slices.Clone(old.bank)}
	run.game = g
	g.adopt(old.s.Clone())
	g.hung(seat, old.run.limit, nil)
	g.eliminate(seat, ForfeitTimeout, detail)
	return g
}

func (r *gameRun) beginMove(moves uint64, seat int) { r.move.Store(moves<<8 | uint64(seat+1)) }

// takeHung takes the game over for the watchdog when mv is still the move
// running and nobody has taken the game yet.
func (r *gameRun) takeHung(mv uint64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.move.Load() == mv && r.taken.CompareAndSwap(false, true) {
		hungRunning.Add(1) // until the Step returns (stepped)
		return true
	}
	return false
}

// stepped is called on the game's goroutine when a bot's Step returns: it
// reports whether the watchdog took the game over (the move is then
// abandoned), and otherwise ends the move before the watchdog can.
func (r *gameRun) stepped(moves uint64) (abandoned bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.taken.Load() {
		hungRunning.Add(-1) // (taken while a Step runs: only by takeHung)
		return true
	}
	r.endMove(moves)
	return false
}

// endMove marks that no bot is thinking (seat bits 0): the arena's own
// work between moves, and a game's end (Observer and Lifecycle calls,
// which talk to external bots under their own I/O deadlines), is not
// counted against the last mover.
func (r *gameRun) endMove(moves uint64) { r.move.Store(moves << 8) }

// errResult carries an engine failure to the collector.
func errResult(err error) *Result { return &Result{err: err} }

// fault is a seat that lost by fault.
type fault struct {
	seat           int
	reason, detail string
}

// forfeitResult ends a game with seat losing by fault.
func forfeitResult(job *Job, seat int, reason, detail string, s game.State) *Result {
	return faultsResult(job, []fault{{seat, reason, detail}}, s)
}

// faultsResult ends a game with the given seats losing by fault (several
// at once at a simultaneous node). The others are ranked by score among
// themselves; the forfeiters rank below them, tied (so when every seat
// forfeits the game is a draw). A forfeiter's score is the game's penalty
// (game.Forfeiter) or its current return. s may be nil (state unknown).
func faultsResult(job *Job, faults []fault, s game.State) *Result {
	n := len(job.Seats)
	scores := make([]float64, n)
	if s != nil {
		scores = s.Returns(scores[:0])
	}
	bad := make([]bool, n)
	end := make([]string, n)
	for i := range end {
		end[i] = EndNormal
	}
	var details []string
	for _, f := range faults {
		bad[f.seat] = true
		end[f.seat] = "forfeit:" + f.reason
		details = append(details, fmt.Sprintf("seat %d: %s", f.seat, f.detail))
		if fs, ok := s.(game.Forfeiter); ok && s != nil {
			scores[f.seat] = fs.ForfeitScore(f.seat)
		}
	}
	var others []float64
	for i, v := range scores {
		if !bad[i] {
			others = append(others, v)
		}
	}
	oranks := game.RanksFromScores(others)
	ranks := make([]int, n)
	k := 0
	for i := range ranks {
		if bad[i] {
			ranks[i] = len(others) + 1
			continue
		}
		ranks[i] = oranks[k]
		k++
	}
	plies := 0
	if s != nil {
		plies = s.MoveNumber()
	}
	return &Result{Job: job, Scores: scores, Ranks: ranks, Plies: plies, End: end,
		Forfeit: faults[0].seat, Detail: strings.Join(details, "; ")}
}
