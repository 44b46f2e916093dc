package arena

import "tourney/engines/game"

// Forfeit reasons of external bots (engines/external): the process hung
// and was killed, or it exited.
const (
	ForfeitCrash    = "crash"
	ForfeitProtocol = "protocol"
)

// beginBot tells a bot with the game.Lifecycle capability that its game
// begins, and notes game.Observers.
func (g *gamePlay) beginBot(b game.Bot, m game.Map, seat int) {
	if l, ok := b.(game.Lifecycle); ok {
		l.BeginGame(m, seat)
	}
	if o, ok := b.(game.Observer); ok {
		g.observers = append(g.observers, o)
	}
}

// observe tells the observers about a sequential move.
func (g *gamePlay) observe(p int, a game.Action) {
	for _, o := range g.observers {
		o.Moved(p, a, g.s)
	}
}

// observeElimination tells the observers that seat is out.
func (g *gamePlay) observeElimination(seat int) {
	for _, o := range g.observers {
		o.Eliminated(seat, g.s)
	}
}

// endBots tells every bot with the game.Lifecycle capability that the game
// is over, once per game. A game the watchdog gave up on ends here too
// when its stuck move returns, unless the rules play on without the hung
// seat (an Eliminator game): then the continuation, which shares the
// bots, ends them.
func (g *gamePlay) endBots(r *Result) {
	if r == nil || g.ended || (r.err == errAbandoned && g.elim != nil) {
		return
	}
	g.ended = true
	e := game.GameEnd{Ranks: r.Ranks, Scores: r.Scores, End: r.End}
	for _, b := range g.bots {
		if l, ok := b.(game.Lifecycle); ok && b != nil {
			l.EndGame(e)
		}
	}
}
