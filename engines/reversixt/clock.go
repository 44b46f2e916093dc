package reversixt

// RemainingMoves estimates seat me's own moves left in phase 1, this one
// included: every move but an overwrite fills a free field, the players
// take turns, and overwrite stones add moves. In the bomb phase it is
// the bombs left (the bot does not search there).
func RemainingMoves(s *State, me int) int {
	if s.Phase() != Phase1 {
		return max(s.BombsLeft(me), 1)
	}
	free := 0
	m := s.Map()
	for c := range m.Cells {
		switch s.Cell(c) {
		case Empty, Choice, Inversion, Bonus:
			free++
		}
	}
	active := 0
	for p := 0; p < s.NumPlayers(); p++ {
		if !s.Disqualified(p) {
			active++
		}
	}
	return max(1, (free+active-1)/max(active, 1)+s.Overwrites(me))
}
