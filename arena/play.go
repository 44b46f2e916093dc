package arena

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"tourney/engines/game"
)

// Play plays one job on the calling goroutine, with no hang detection
// (a bot that never returns blocks it). Run is what sweeps use.
func Play(ctx context.Context, job *Job, opt Options) (*Result, error) {
	if err := checkSeats(job); err != nil {
		return nil, err
	}
	opt.defaults(1)
	run := &gameRun{limit: opt.jobLimit(job), cancel: func() {}}
	r := play(ctx, job, &opt, run)
	return r, r.err
}

func play(ctx context.Context, job *Job, opt *Options, run *gameRun) *Result {
	g := &gamePlay{ctx: ctx, job: job, opt: opt, run: run, inBot: -1, start: time.Now()}
	run.game = g
	return g.play(true)
}

// play sets the game up (when setup is set) and plays it to its end.
func (g *gamePlay) play(setup bool) (r *Result) {
	job := g.job
	defer func() {
		if e := recover(); e != nil {
			r = errResult(fmt.Errorf("%s: the game engine panicked (seed %d): %v\n%s",
				job.Game.Info().Name, job.Seed, e, debug.Stack()))
		}
		r.Job = job
		r.Elapsed = time.Since(g.start)
		g.rec.attach(r)
		g.endBots(r)
		g.processCPU(r)
	}()
	if setup {
		if r = g.setup(); r != nil {
			return r
		}
	}
	return g.resume()
}

// processCPU notes in r the CPU time of each seat's bot processes
// (game.ProcessTimer), after the bots have ended the game.
func (g *gamePlay) processCPU(r *Result) {
	if r == nil || r.err != nil || r.SeatTime == nil {
		return
	}
	r.SeatCPU = make([]time.Duration, len(r.SeatTime))
	for seat := range r.SeatCPU {
		r.SeatCPU[seat] = -1
		if seat < len(g.bots) && g.bots[seat] != nil {
			if pt, ok := g.bots[seat].(game.ProcessTimer); ok {
				r.SeatCPU[seat] = pt.ProcessCPU()
			}
		}
	}
}

// gamePlay is one game under way.
type gamePlay struct {
	ctx      context.Context
	job      *Job
	opt      *Options
	run      *gameRun
	s        game.State
	elim     game.Eliminator // nil when the rules end the game on a fault
	bots     []game.Bot
	readOnly []bool
	checker  game.ActionChecker
	legal    []game.Action
	joint    []game.Action
	faults   []fault // seats eliminated so far (Eliminator games)
	start    time.Time
	inBot    int    // seat whose Step is running, -1 between moves
	moves    uint64 // moves started
	rec      recorder
	ended    bool    // endBots ran
	bank     []int64 // the seats' time banks under a Bank clock (clock.go)
	// observers are the bots with game.Observer (nil: none)
	observers []game.Observer
}

// errAbandoned ends a game the watchdog has taken over.
var errAbandoned = fmt.Errorf("arena: game abandoned after a hang")

// setup builds the state and the bots; a non-nil result ends the game.
func (g *gamePlay) setup() *Result {
	job := g.job
	s, err := job.Game.NewState(job.Map, job.Seed)
	if err != nil {
		return errResult(err)
	}
	n := s.NumPlayers()
	if n != len(job.Seats) {
		return errResult(fmt.Errorf("%s on %s has %d seats, the job fills %d", job.Game.Info().Name, job.Map.Name(), n, len(job.Seats)))
	}
	m := job.Map
	var openingMoves []game.Action
	if job.OpeningPlies > 0 {
		if s, openingMoves, g.rec.open, err = opening(job.Game, job.Map, job.Seed, job.OpeningPlies); err != nil {
			return errResult(err)
		}
	}
	// Bots that read the map as the game's start (the course's protocols)
	// get the position after the opening as the map, built once and only
	// for them; when the position is no map (ReversiXT: stocks that
	// differ), observers get the game's map and the opening's moves.
	tried, replay := job.OpeningPlies == 0, false
	posMap := func() game.Map {
		if pm, ok := s.(game.PositionMapper); ok && !tried {
			tried = true
			if pos, err := pm.PositionMap(); err == nil {
				m = pos
			} else {
				replay = len(openingMoves) == s.MoveNumber()
			}
		}
		return m
	}
	g.adopt(s)
	g.bots = make([]game.Bot, n)
	g.readOnly = make([]bool, n)
	defer g.rec.init(job, g.bots)
	for i, e := range job.Seats {
		b, err := g.run.reuse.bot(job.Game.Info().Name, e)
		if err != nil {
			if g.elim == nil {
				return forfeitResult(job, i, ForfeitError, err.Error(), s)
			}
			g.eliminate(i, ForfeitError, err.Error())
			continue
		}
		b.Reset(game.Mix(job.Seed, uint64(i)+1))
		g.bots[i] = b
		if _, ok := b.(game.Lifecycle); ok {
			g.beginBot(b, posMap(), i)
			if o, ok := b.(game.Observer); ok && replay {
				if err := replayOpening(o, job, openingMoves); err != nil {
					return errResult(err)
				}
			}
		} else {
			g.beginBot(b, job.Map, i)
		}
		if ro, ok := b.(game.ReadOnlyBot); ok && ro.ReadOnly() {
			g.readOnly[i] = true
		}
	}
	return nil
}

// adopt makes s the game's state.
func (g *gamePlay) adopt(s game.State) {
	g.s = s
	g.checker, _ = s.(game.ActionChecker)
	g.elim, _ = s.(game.Eliminator)
}

// eliminate takes a faulty seat out of an Eliminator game.
func (g *gamePlay) eliminate(seat int, reason, detail string) {
	g.faults = append(g.faults, fault{seat, reason, detail})
	g.elim.Eliminate(seat)
	g.observeElimination(seat)
}

// resume plays until the game ends. A bot that panics forfeits: the game
// ends, or with an Eliminator the seat is eliminated and play goes on.
func (g *gamePlay) resume() *Result {
	for {
		if r := g.guarded(); r != nil {
			return r
		}
	}
}

// guarded runs the move loop, catching a panic; nil means "go on".
func (g *gamePlay) guarded() (r *Result) {
	defer func() {
		e := recover()
		if e == nil {
			return
		}
		seat := g.inBot
		if seat < 0 {
			r = errResult(fmt.Errorf("%s: the game engine panicked (seed %d): %v\n%s",
				g.job.Game.Info().Name, g.job.Seed, e, debug.Stack()))
			return
		}
		g.inBot = -1
		if g.run.stepped(g.moves) {
			r = errResult(errAbandoned)
			return
		}
		if g.elim == nil {
			r = faultsResult(g.job, append(g.faults, fault{seat, ForfeitPanic, fmt.Sprint(e)}), g.s)
			return
		}
		g.eliminate(seat, ForfeitPanic, fmt.Sprint(e))
		r = nil
	}()
	return g.loop()
}

// loop plays moves until the game ends (a bot panic escapes to guarded).
func (g *gamePlay) loop() *Result {
	job, s := g.job, g.s
	n := len(job.Seats)
	maxLen := job.Game.Info().MaxLength
	for !s.IsTerminal() {
		if maxLen > 0 && s.MoveNumber() >= maxLen {
			return g.finished(EndMaxLength)
		}
		cp := s.CurrentPlayer()
		if cp == game.SimultaneousPlayer {
			ja, ok := s.(game.JointApplier)
			if !ok {
				return errResult(fmt.Errorf("%s: simultaneous node in a state without ApplyJoint", job.Game.Info().Name))
			}
			g.joint = g.joint[:0]
			var faults []fault
			for p := 0; p < n; p++ {
				if (len(g.faults) > 0 && g.isEliminated(p)) || !g.hasLegal(p) {
					g.joint = append(g.joint, game.NoAction)
					continue
				}
				a, reason, detail := g.step(p)
				if reason == reasonAbandoned {
					return errResult(errAbandoned)
				}
				if reason != "" {
					// Every player of the round is asked: several may
					// forfeit at once.
					faults = append(faults, fault{p, reason, detail})
				}
				g.joint = append(g.joint, a)
			}
			if len(faults) > 0 {
				if g.elim == nil {
					return faultsResult(job, append(g.faults, faults...), s)
				}
				for _, f := range faults {
					g.eliminate(f.seat, f.reason, f.detail)
					g.joint[f.seat] = game.NoAction
				}
			}
			ja.ApplyJoint(g.joint)
			if g.observers != nil {
				g.observe(game.SimultaneousPlayer, game.NoAction)
			}
			continue
		}
		if cp < 0 || cp >= n {
			return errResult(fmt.Errorf("%s: current player %d out of range", job.Game.Info().Name, cp))
		}
		if g.bots[cp] == nil || g.isEliminated(cp) {
			return errResult(fmt.Errorf("%s: eliminated seat %d was given the move (seed %d)", job.Game.Info().Name, cp, job.Seed))
		}
		a, reason, detail := g.step(cp)
		if reason == reasonAbandoned {
			return errResult(errAbandoned)
		}
		if reason != "" {
			if g.elim == nil {
				return forfeitResult(job, cp, reason, detail, s)
			}
			g.eliminate(cp, reason, detail)
			continue
		}
		s.Apply(a)
		if g.observers != nil {
			g.observe(cp, a)
		}
	}
	return g.finished(EndNormal)
}

func (g *gamePlay) isEliminated(p int) bool {
	for _, f := range g.faults {
		if f.seat == p {
			return true
		}
	}
	return false
}

// finished is the result of a game that ran to its end; seats eliminated
// on the way are marked as forfeits (their scores and ranks are the
// rules').
func (g *gamePlay) finished(end string) *Result {
	r := finished(g.job, g.s, end)
	if len(g.faults) > 0 {
		var details []string
		for _, f := range g.faults {
			r.End[f.seat] = "forfeit:" + f.reason
			details = append(details, fmt.Sprintf("seat %d: %s", f.seat, f.detail))
		}
		r.Forfeit = g.faults[0].seat
		r.Detail = strings.Join(details, "; ")
	}
	return r
}

func (g *gamePlay) hasLegal(p int) bool {
	if g.checker != nil {
		return g.checker.HasLegal(p)
	}
	g.legal = g.s.LegalActions(p, g.legal[:0])
	return len(g.legal) > 0
}

func (g *gamePlay) isLegal(p int, a game.Action) bool {
	if g.checker != nil {
		return g.checker.IsLegal(p, a)
	}
	g.legal = g.s.LegalActions(p, g.legal[:0])
	return slices.Contains(g.legal, a)
}

// newBot builds a seat's bot; a panicking constructor is an error.
func newBot(e Entrant) (b game.Bot, err error) {
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("building bot %s panicked: %v", e.Spec.Name, x)
		}
	}()
	b, err = e.Spec.New(e.Params)
	if err == nil && b == nil {
		err = fmt.Errorf("bot %s: constructor returned no bot", e.Spec.Name)
	}
	return b, err
}

func finished(job *Job, s game.State, end string) *Result {
	n := s.NumPlayers()
	r := &Result{Job: job, Scores: s.Returns(nil), Ranks: game.Ranks(s), Plies: s.MoveNumber(), End: make([]string, n), Forfeit: -1}
	for i := range r.End {
		r.End[i] = end
	}
	return r
}

// stepBot asks seat p's bot for its move. reason is empty when the bot
// answered in time with a legal action; a panic in Step is caught by
// play's recover (no defer per move: this is the arena's hot path).
func (g *gamePlay) stepBot(p int) (a game.Action, reason, detail string) {
	b := g.job.Budget
	if eb := g.job.Seats[p].Budget; !eb.IsZero() {
		b = eb
	}
	g.moves++
	g.run.beginMove(g.moves, p)
	st := g.s
	if !g.readOnly[p] || g.elim != nil {
		// A read-only bot may still fill the state's caches (ReversiXT's
		// target cache): in a game that plays on without a hung seat the
		// watchdog clones g.s while that bot's Step may still run, so it
		// gets a copy there too.
		st = g.run.reuse.stateFor(g.s, p)
	}
	b, nodeClock := g.clockOf(p, b)
	var err error
	switch {
	case nodeClock:
		a, reason, detail = g.stepNodeClock(p, b, st)
		if reason != "" {
			return a, reason, detail
		}
	case b.Time > 0:
		lim := b.Time
		var left int64
		if c, ok := g.bots[p].(game.Clocked); ok {
			// a bot with its own clock (a time bank) may take longer
			lim = max(lim, c.MoveAllowance(b))
			g.run.extra.Store(int64(lim - b.Time))
		} else if b.Bank {
			// an in-process bot under a wall-clock bank
			left = g.bankIn(p, b)
			b.Left, lim = left, time.Duration(left)
			g.run.extra.Store(int64(lim - b.Time))
		}
		t0 := time.Now()
		sctx, cancel := context.WithTimeout(g.ctx, lim)
		g.inBot = p
		a, err = g.bots[p].Step(sctx, st, p, b)
		g.inBot = -1
		cancel()
		if lim > b.Time {
			g.run.extra.Store(0)
		}
		if g.run.stepped(g.moves) {
			return game.NoAction, reasonAbandoned, ""
		}
		d := time.Since(t0)
		if err == nil && d > lim+g.opt.Grace {
			return game.NoAction, ForfeitTimeout, fmt.Sprintf("move took %s, budget %s + grace %s", d.Round(time.Millisecond), lim, g.opt.Grace)
		}
		g.bankOut(p, b, left, int64(d))
	default:
		g.inBot = p
		a, err = g.bots[p].Step(g.ctx, st, p, b)
		g.inBot = -1
		if g.run.stepped(g.moves) {
			// The watchdog declared this move hung and took the game over.
			return game.NoAction, reasonAbandoned, ""
		}
	}
	if err != nil {
		return game.NoAction, game.FaultReason(err, ForfeitError), err.Error()
	}
	if !g.isLegal(p, a) {
		return game.NoAction, ForfeitIllegal, fmt.Sprintf("action %s is not legal", g.s.ActionString(p, a))
	}
	if c, ok := g.s.(game.Canonicalizer); ok {
		a = c.Canonical(p, a) // one move, one action in records and hashes
	}
	return a, "", ""
}

// Opening returns the initial state of a game with seed after plies random
// legal moves drawn from seed. An opening that would finish the game is
// drawn again (up to 100 times); after that the last unfinished prefix is
// used.
func Opening(g game.Game, m game.Map, seed uint64, plies int) (game.State, error) {
	s, _, _, err := opening(g, m, seed, plies)
	return s, err
}

// opening is Opening that also returns the moves of a sequential game's
// opening (nil at simultaneous nodes) and a hash of every random move it
// played (0 for none): two openings with the same hash are the same
// moves.
func opening(g game.Game, m game.Map, seed uint64, plies int) (game.State, []game.Action, uint64, error) {
	var best game.State
	var bestMoves []game.Action
	var bestHash uint64
	for try := uint64(0); try < 100; try++ {
		s, err := g.NewState(m, seed)
		if err != nil {
			return nil, nil, 0, err
		}
		rng := game.NewRand(game.Mix(seed, 0x09e4, try))
		var legal, moves []game.Action
		var h uint64
		joint := make([]game.Action, s.NumPlayers())
		for i := 0; i < plies && !s.IsTerminal(); i++ {
			prev, prevHash := s.Clone(), h
			if cp := s.CurrentPlayer(); cp == game.SimultaneousPlayer {
				for p := range joint {
					legal = s.LegalActions(p, legal[:0])
					joint[p] = game.NoAction
					if len(legal) > 0 {
						joint[p] = legal[rng.IntN(len(legal))]
					}
					h = game.Mix(h, uint64(i), uint64(p), uint64(int64(joint[p])))
				}
				s.(game.JointApplier).ApplyJoint(joint)
			} else {
				legal = s.LegalActions(cp, legal[:0])
				a := legal[rng.IntN(len(legal))]
				h = game.Mix(h, uint64(i), uint64(cp), uint64(int64(a)))
				s.Apply(a)
				moves = append(moves, a)
			}
			if s.IsTerminal() {
				if best == nil || prev.MoveNumber() > best.MoveNumber() {
					best, bestMoves, bestHash = prev, moves[:max(len(moves)-1, 0)], prevHash
				}
				break
			}
		}
		if !s.IsTerminal() {
			return s, moves, h, nil
		}
	}
	return best, bestMoves, bestHash, nil
}

// replayOpening tells an observer the moves of the opening, from the
// game's first state.
func replayOpening(o game.Observer, job *Job, moves []game.Action) error {
	s, err := job.Game.NewState(job.Map, job.Seed)
	if err != nil {
		return err
	}
	for _, a := range moves {
		p := s.CurrentPlayer()
		s.Apply(a)
		o.Moved(p, a, s)
	}
	return nil
}
