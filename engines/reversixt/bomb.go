package reversixt

import "tourney/engines/game"

// BombConfig holds the bomb-phase parameters of the paranoid bot (spec
// §10.4).
type BombConfig struct {
	FocusAhead  float64 // bomb_focus_ahead
	FocusWeight float64 // bomb_focus_weight
	OwnWeight   float64 // bomb_own_weight
}

// DefaultBombConfig is spec §10.4's defaults.
func DefaultBombConfig() BombConfig { return BombConfig{FocusAhead: 1, FocusWeight: 2, OwnWeight: 1} }

// blaster simulates blasts without changing the state.
type blaster struct {
	mark  cellMarks
	queue []int32
}

// lost counts, per cell value, the fields the bomb on t would destroy
// (State.blastArea, as State.blast destroys them).
func (bl *blaster) lost(s *State, t int, out *[16]int) {
	*out = [16]int{}
	q := s.blastArea(&bl.mark, bl.queue, t)
	for _, c := range q {
		out[s.board[c]&15]++
	}
	bl.queue = q
}

// BombFocus returns the seat the bomb phase aims at for seat p (spec
// §10.4 rule 1), or -1 when p is the only active player. Active players
// are ordered by stone count, best first, ties by seat number; A is the
// one just before p (gap a), B the one just after (gap b).
func BombFocus(s *State, p int, focusAhead float64) int {
	var cnt [9]int
	for _, v := range s.board {
		if v >= 1 && v <= 8 {
			cnt[v]++
		}
	}
	before := func(q, r int) bool { // q ranks before r
		return cnt[q+1] > cnt[r+1] || (cnt[q+1] == cnt[r+1] && q < r)
	}
	a, b := -1, -1
	for q := 0; q < s.n; q++ {
		if q == p || s.disq[q] {
			continue
		}
		if before(q, p) {
			if a < 0 || before(a, q) {
				a = q // the closest of those before p
			}
		} else if b < 0 || before(q, b) {
			b = q // the closest of those after p
		}
	}
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	gapA := float64(cnt[a+1] - cnt[p+1])
	gapB := float64(cnt[p+1] - cnt[b+1])
	if gapA <= focusAhead*gapB {
		return a
	}
	return b
}

// bombTarget returns the greedy bomb of spec §10.4 rule 2 for seat p:
// the first target in row-major order with the highest
// focusWeight·lost(focus) + lost(all active opponents) − ownWeight·lost(p).
// It returns game.NoAction when no field is left.
func (bl *blaster) bombTarget(s *State, p int, focus int, focusWeight, ownWeight float64) game.Action {
	best := game.NoAction
	bestScore := 0.0
	var lost [16]int
	for t, v := range s.board {
		if v == Hole {
			continue
		}
		bl.lost(s, t, &lost)
		sc := -ownWeight * float64(lost[p+1])
		if focus >= 0 {
			sc += focusWeight * float64(lost[focus+1])
		}
		for q := 0; q < s.n; q++ {
			if q != p && !s.disq[q] {
				sc += float64(lost[q+1])
			}
		}
		if best == game.NoAction || sc > bestScore {
			best, bestScore = MakeAction(t, 0), sc
		}
	}
	return best
}
