package speed

import "tourney/engines/game"

var _ game.Eliminator = (*State)(nil)

// Eliminate implements game.Eliminator as the official server treats a
// player without a valid answer in time (spec §4.2, §7.4): the player
// has no legal action from now on and is eliminated in the next round
// before it moves (it scores the rounds survived before that round); the
// round is still played by the others. Used by the arena when a bot
// errs, panics, overruns its budget or (external bots) misses the
// deadline.
func (s *State) Eliminate(p int) {
	if p < 0 || p >= s.n || !s.pl[p].active || s.IsTerminal() {
		return
	}
	s.out |= 1 << p
}
