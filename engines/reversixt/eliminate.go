package reversixt

// Eliminate implements game.Eliminator: a seat that forfeits in the arena
// (illegal move, error, panic, timeout) is disqualified as spec §7.2 says
// and the game goes on without it.
func (s *State) Eliminate(p int) { s.Disqualify(p) }
