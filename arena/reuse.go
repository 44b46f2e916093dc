package arena

import "tourney/engines/game"

// reuse is a worker's memory carried from game to game: the bots of its
// finished games (for bots that implement game.Reconfigurer) and one
// scratch copy of the state per seat (for states that implement
// game.CloneIntoer). A sweep of thousands of short games then allocates
// no transposition table, search buffer or board copy per game. Each
// worker owns one; a worker abandoned after a hang takes its reuse with
// it, so nothing a stuck bot may still touch is handed out again.
type reuse struct {
	idle    map[reuseKey][]game.Bot
	scratch []game.State
}

type reuseKey struct{ game, bot string }

func newReuse() *reuse { return &reuse{idle: map[reuseKey][]game.Bot{}} }

// bot returns a bot for seat entrant e of a game of gameName: an idle one
// reconfigured for e's parameters, or a new one. r may be nil (no reuse).
func (r *reuse) bot(gameName string, e Entrant) (game.Bot, error) {
	if r != nil {
		k := reuseKey{gameName, e.Spec.Name}
		if l := r.idle[k]; len(l) > 0 {
			b := l[len(l)-1]
			l[len(l)-1] = nil
			r.idle[k] = l[:len(l)-1]
			if reconfigure(b, e.Params) {
				return b, nil
			}
		}
	}
	return newBot(e)
}

// reconfigure reconfigures b for p; a panic is a refusal.
func reconfigure(b game.Bot, p game.Params) (ok bool) {
	rc, isRC := b.(game.Reconfigurer)
	if !isRC {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return rc.Reconfigure(p)
}

// keep takes back the bots of a finished game g; a game with a fault (an
// error, panic, illegal move or timeout of some seat) gives none back,
// since a faulty bot may be in any state.
func (r *reuse) keep(g *gamePlay, res *Result) {
	if r == nil || g == nil || res == nil || res.err != nil || res.Forfeit >= 0 || len(g.faults) > 0 {
		return
	}
	name := g.job.Game.Info().Name
	for i, b := range g.bots {
		if b == nil || i >= len(g.job.Seats) {
			continue
		}
		if _, ok := b.(game.Reconfigurer); !ok {
			continue
		}
		k := reuseKey{name, g.job.Seats[i].Spec.Name}
		r.idle[k] = append(r.idle[k], b)
	}
}

// stateFor returns the copy of s that seat p's bot gets for one move:
// s's memory-reusing copy into the seat's scratch state when s can do it,
// else s.Clone(). r may be nil.
func (r *reuse) stateFor(s game.State, p int) game.State {
	ci, ok := s.(game.CloneIntoer)
	if r == nil || !ok {
		return s.Clone()
	}
	for len(r.scratch) <= p {
		r.scratch = append(r.scratch, nil)
	}
	c := ci.CloneInto(r.scratch[p])
	r.scratch[p] = c
	return c
}
