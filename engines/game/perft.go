package game

// Perft counts the action sequences of exactly depth moves from s through
// the generic interface (Undo when the state has it, Clone otherwise). At a
// simultaneous node every combination of the players' actions is one move.
// Terminal states have no moves, so games that end early count nothing.
func Perft(s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if s.IsTerminal() {
		return 0
	}
	p := s.CurrentPlayer()
	if p == SimultaneousPlayer {
		return perftJoint(s, depth)
	}
	acts := s.LegalActions(p, nil)
	if depth == 1 {
		return uint64(len(acts))
	}
	var n uint64
	if u, ok := s.(Undoer); ok {
		for _, a := range acts {
			s.Apply(a)
			n += Perft(s, depth-1)
			u.Undo(a)
		}
		return n
	}
	for _, a := range acts {
		c := s.Clone()
		c.Apply(a)
		n += Perft(c, depth-1)
	}
	return n
}

func perftJoint(s State, depth int) uint64 {
	np := s.NumPlayers()
	lists := make([][]Action, np)
	for p := range lists {
		lists[p] = s.LegalActions(p, nil)
		if len(lists[p]) == 0 {
			lists[p] = []Action{NoAction}
		}
	}
	joint := make([]Action, np)
	idx := make([]int, np)
	var n uint64
	for {
		for p := range joint {
			joint[p] = lists[p][idx[p]]
		}
		c := s.Clone()
		c.(JointApplier).ApplyJoint(joint)
		n += Perft(c, depth-1)
		p := 0
		for ; p < np; p++ {
			idx[p]++
			if idx[p] < len(lists[p]) {
				break
			}
			idx[p] = 0
		}
		if p == np {
			return n
		}
	}
}
