package arena

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"tourney/engines/game"
)

// Play plays one job on the calling goroutine, with no hang detection
// (a bot that never returns blocks it). Run is what sweeps use.
func Play(ctx context.Context, job *Job, opt Options) (*Result, error) {
	opt.defaults(1)
	run := &gameRun{limit: opt.moveLimit(job.Budget), cancel: func() {}}
	r := play(ctx, job, &opt, run)
	return r, r.err
}

func play(ctx context.Context, job *Job, opt *Options, run *gameRun) (r *Result) {
	start := time.Now()
	g := &gamePlay{ctx: ctx, job: job, opt: opt, run: run, inBot: -1}
	defer func() {
		if e := recover(); e != nil {
			if g.inBot >= 0 {
				// A bot panicked inside Step: it forfeits.
				r = forfeitResult(job, g.inBot, ForfeitPanic, fmt.Sprint(e), g.s)
			} else {
				r = errResult(fmt.Errorf("%s: the game engine panicked (seed %d): %v\n%s",
					job.Game.Info().Name, job.Seed, e, debug.Stack()))
			}
		}
		r.Job = job
		r.Elapsed = time.Since(start)
	}()
	return g.play()
}

// gamePlay is one game under way.
type gamePlay struct {
	ctx      context.Context
	job      *Job
	opt      *Options
	run      *gameRun
	s        game.State
	bots     []game.Bot
	readOnly []bool
	checker  game.ActionChecker
	legal    []game.Action
	inBot    int    // seat whose Step is running, -1 between moves
	moves    uint64 // moves started
}

func (g *gamePlay) play() *Result {
	job := g.job
	s, err := job.Game.NewState(job.Map, job.Seed)
	if err != nil {
		return errResult(err)
	}
	n := s.NumPlayers()
	if n != len(job.Seats) {
		return errResult(fmt.Errorf("%s on %s has %d seats, the job fills %d", job.Game.Info().Name, job.Map.Name(), n, len(job.Seats)))
	}
	if job.OpeningPlies > 0 {
		if s, err = Opening(job.Game, job.Map, job.Seed, job.OpeningPlies); err != nil {
			return errResult(err)
		}
	}
	g.s = s
	g.checker, _ = s.(game.ActionChecker)
	g.bots = make([]game.Bot, n)
	g.readOnly = make([]bool, n)
	for i, e := range job.Seats {
		b, err := newBot(e)
		if err != nil {
			return forfeitResult(job, i, ForfeitError, err.Error(), s)
		}
		b.Reset(game.Mix(job.Seed, uint64(i)+1))
		g.bots[i] = b
		if ro, ok := b.(game.ReadOnlyBot); ok && ro.ReadOnly() {
			g.readOnly[i] = true
		}
	}
	maxLen := job.Game.Info().MaxLength
	var joint []game.Action
	for !s.IsTerminal() {
		if maxLen > 0 && s.MoveNumber() >= maxLen {
			return finished(job, s, EndMaxLength)
		}
		cp := s.CurrentPlayer()
		if cp == game.SimultaneousPlayer {
			ja, ok := s.(game.JointApplier)
			if !ok {
				return errResult(fmt.Errorf("%s: simultaneous node in a state without ApplyJoint", job.Game.Info().Name))
			}
			joint = joint[:0]
			var faults []fault
			for p := 0; p < n; p++ {
				if !g.hasLegal(p) {
					joint = append(joint, game.NoAction)
					continue
				}
				a, reason, detail := g.step(p)
				if reason != "" {
					// Every player of the round is asked: several may
					// forfeit at once.
					faults = append(faults, fault{p, reason, detail})
				}
				joint = append(joint, a)
			}
			if len(faults) > 0 {
				return faultsResult(job, faults, s)
			}
			ja.ApplyJoint(joint)
			continue
		}
		if cp < 0 || cp >= n {
			return errResult(fmt.Errorf("%s: current player %d out of range", job.Game.Info().Name, cp))
		}
		a, reason, detail := g.step(cp)
		if reason != "" {
			return forfeitResult(job, cp, reason, detail, s)
		}
		s.Apply(a)
	}
	return finished(job, s, EndNormal)
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

// step asks seat p's bot for its move. reason is empty when the bot
// answered in time with a legal action; a panic in Step is caught by
// play's recover (no defer per move: this is the arena's hot path).
func (g *gamePlay) step(p int) (a game.Action, reason, detail string) {
	b := g.job.Budget
	g.moves++
	g.run.beginMove(g.moves, p)
	st := g.s
	if !g.readOnly[p] {
		st = g.s.Clone()
	}
	var err error
	if b.Time > 0 {
		t0 := time.Now()
		sctx, cancel := context.WithTimeout(g.ctx, b.Time)
		g.inBot = p
		a, err = g.bots[p].Step(sctx, st, p, b)
		g.inBot = -1
		cancel()
		if d := time.Since(t0); err == nil && d > b.Time+g.opt.Grace {
			return game.NoAction, ForfeitTimeout, fmt.Sprintf("move took %s, budget %s + grace %s", d.Round(time.Millisecond), b.Time, g.opt.Grace)
		}
	} else {
		g.inBot = p
		a, err = g.bots[p].Step(g.ctx, st, p, b)
		g.inBot = -1
	}
	if err != nil {
		return game.NoAction, ForfeitError, err.Error()
	}
	if !g.isLegal(p, a) {
		return game.NoAction, ForfeitIllegal, fmt.Sprintf("action %s is not legal", g.s.ActionString(p, a))
	}
	return a, "", ""
}

// Opening returns the initial state of a game with seed after plies random
// legal moves drawn from seed. An opening that would finish the game is
// drawn again (up to 100 times); after that the last unfinished prefix is
// used.
func Opening(g game.Game, m game.Map, seed uint64, plies int) (game.State, error) {
	var best game.State
	for try := uint64(0); try < 100; try++ {
		s, err := g.NewState(m, seed)
		if err != nil {
			return nil, err
		}
		rng := game.NewRand(game.Mix(seed, 0x09e4, try))
		var legal []game.Action
		joint := make([]game.Action, s.NumPlayers())
		for i := 0; i < plies && !s.IsTerminal(); i++ {
			prev := s.Clone()
			if cp := s.CurrentPlayer(); cp == game.SimultaneousPlayer {
				for p := range joint {
					legal = s.LegalActions(p, legal[:0])
					joint[p] = game.NoAction
					if len(legal) > 0 {
						joint[p] = legal[rng.IntN(len(legal))]
					}
				}
				s.(game.JointApplier).ApplyJoint(joint)
			} else {
				legal = s.LegalActions(cp, legal[:0])
				s.Apply(legal[rng.IntN(len(legal))])
			}
			if s.IsTerminal() {
				if best == nil || prev.MoveNumber() > best.MoveNumber() {
					best = prev
				}
				break
			}
		}
		if !s.IsTerminal() {
			return s, nil
		}
	}
	return best, nil
}
