package arena

import "tourney/engines/game"

// Forfeit reasons of external bots (engines/external): the process hung
// and was killed, or it exited.
const (
	ForfeitCrash    = "crash"
	ForfeitProtocol = "protocol"
)

// beginBot tells a bot with the game.Lifecycle capability that its game
// begins.
func beginBot(b game.Bot, m game.Map, seat int) {
	if l, ok := b.(game.Lifecycle); ok {
		l.BeginGame(m, seat)
	}
}

// endBots tells every bot with the game.Lifecycle capability that the game
// is over (once per game: not for the goroutine of a game the watchdog
// took over, whose finisher calls it).
func (g *gamePlay) endBots(r *Result) {
	if r == nil || r.err == errAbandoned || g.ended {
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
