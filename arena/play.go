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
	defer func() {
		if e := recover(); e != nil {
			r = errResult(fmt.Errorf("%s: the game engine panicked (seed %d): %v\n%s",
				job.Game.Info().Name, job.Seed, e, debug.Stack()))
		}
		r.Job = job
		r.Elapsed = time.Since(start)
	}()
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
	bots := make([]game.Bot, n)
	for i, e := range job.Seats {
		b, err := newBot(e)
		if err != nil {
			return forfeitResult(job, i, ForfeitError, err.Error(), s)
		}
		b.Reset(game.Mix(job.Seed, uint64(i)+1))
		bots[i] = b
	}
	maxLen := job.Game.Info().MaxLength
	var legal []game.Action
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
			for p := 0; p < n; p++ {
				legal = s.LegalActions(p, legal[:0])
				if len(legal) == 0 {
					joint = append(joint, game.NoAction)
					continue
				}
				a, reason, detail := step(ctx, bots[p], s, p, job.Budget, run, opt)
				if reason == "" && !slices.Contains(legal, a) {
					reason, detail = ForfeitIllegal, fmt.Sprintf("action %d is not legal", a)
				}
				if reason != "" {
					return forfeitResult(job, p, reason, detail, s)
				}
				joint = append(joint, a)
			}
			ja.ApplyJoint(joint)
			continue
		}
		if cp < 0 || cp >= n {
			return errResult(fmt.Errorf("%s: current player %d out of range", job.Game.Info().Name, cp))
		}
		legal = s.LegalActions(cp, legal[:0])
		a, reason, detail := step(ctx, bots[cp], s, cp, job.Budget, run, opt)
		if reason == "" && !slices.Contains(legal, a) {
			reason, detail = ForfeitIllegal, fmt.Sprintf("action %s is not legal", s.ActionString(cp, a))
		}
		if reason != "" {
			return forfeitResult(job, cp, reason, detail, s)
		}
		s.Apply(a)
	}
	return finished(job, s, EndNormal)
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

// step asks one bot for its move. reason is empty when the bot answered in
// time without error or panic (legality is the caller's check).
func step(ctx context.Context, bot game.Bot, s game.State, p int, b game.Budget, run *gameRun, opt *Options) (a game.Action, reason, detail string) {
	run.steps.Add(1)
	run.seat.Store(int32(p))
	defer run.seat.Store(-1)
	sctx := ctx
	var t0 time.Time
	if b.Time > 0 {
		t0 = time.Now()
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, b.Time)
		defer cancel()
	}
	defer func() {
		if e := recover(); e != nil {
			a, reason, detail = game.NoAction, ForfeitPanic, fmt.Sprint(e)
		}
	}()
	a, err := bot.Step(sctx, s.Clone(), p, b)
	if err != nil {
		return game.NoAction, ForfeitError, err.Error()
	}
	if b.Time > 0 {
		if d := time.Since(t0); d > b.Time+opt.Grace {
			return game.NoAction, ForfeitTimeout, fmt.Sprintf("move took %s, budget %s + grace %s", d.Round(time.Millisecond), b.Time, opt.Grace)
		}
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
