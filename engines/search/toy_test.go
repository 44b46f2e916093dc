package search

import (
	"fmt"
	"math"

	"tourney/engines/game"
)

// toy is a small game with a pseudo-random tree, made for testing the
// search: a position is the multiset of actions played so far (so that
// different orders transpose), turns are irregular (a player sometimes
// moves twice), games end early at random with a win or a draw, and the
// static evaluation is a hash of the position. toy has no Undo; toyU adds
// it.
type toy struct {
	n      int // players
	maxLen int
	cap    int8 // how often each action may be played (0: 4)
	seed   uint64
	counts [4]int8
	ply    int
}

type toyU struct{ toy }

func newToy(n, maxLen int, seed uint64) *toy { return &toy{n: n, maxLen: maxLen, seed: seed} }

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (t *toy) Hash() uint64 {
	h := t.seed
	for _, c := range t.counts {
		h = mix(h ^ uint64(c))
	}
	return h
}

func (t *toy) legalMask() int {
	h := t.Hash()
	banned := int(h>>8) % 5
	m := 0
	for a := 0; a < 4; a++ {
		if t.counts[a] < max(t.cap, 4) && a != banned {
			m |= 1 << a
		}
	}
	return m
}

func (t *toy) IsTerminal() bool {
	if t.ply >= t.maxLen || t.legalMask() == 0 {
		return true
	}
	return t.ply >= 2 && t.Hash()%9 == 0
}

func (t *toy) NumPlayers() int { return t.n }

func (t *toy) CurrentPlayer() int {
	if t.IsTerminal() {
		return game.TerminalPlayer
	}
	p := t.ply % t.n
	if t.Hash()%7 == 0 {
		p = (p + 1) % t.n
	}
	return p
}

func (t *toy) LegalActions(player int, buf []game.Action) []game.Action {
	if player != t.CurrentPlayer() {
		return buf
	}
	m := t.legalMask()
	for a := 0; a < 4; a++ {
		if m&(1<<a) != 0 {
			buf = append(buf, game.Action(a))
		}
	}
	return buf
}

func (t *toy) Apply(a game.Action) {
	if t.IsTerminal() || t.legalMask()&(1<<a) == 0 {
		panic(fmt.Sprintf("toy: illegal action %d", a))
	}
	t.counts[a]++
	t.ply++
}

func (t *toyU) Undo(a game.Action) {
	t.counts[a]--
	t.ply--
}

// winner is the winning seat of a terminal state, or -1 for a draw.
func (t *toy) winner() int {
	w := int(t.Hash()>>16) % (t.n + 1)
	if w == t.n {
		return -1
	}
	return w
}

func (t *toy) Returns(buf []float64) []float64 {
	w := -1
	if t.IsTerminal() {
		w = t.winner()
	}
	for p := 0; p < t.n; p++ {
		switch {
		case w < 0:
			buf = append(buf, 0.5)
		case w == p:
			buf = append(buf, 1)
		default:
			buf = append(buf, 0)
		}
	}
	return buf
}

func (t *toy) MoveNumber() int                               { return t.ply }
func (t *toy) Clone() game.State                             { c := *t; return &c }
func (t *toyU) Clone() game.State                            { c := *t; return &c }
func (t *toy) ActionString(player int, a game.Action) string { return fmt.Sprint(int(a)) }
func (t *toy) String() string                                { return fmt.Sprint(t.counts) }

// toyEval is the static evaluation: zero-sum for 2 players (so that
// paranoid and negamax agree), independent per player otherwise. With
// quick, wins and losses are ±(1e9 − ply) instead of ±Inf.
func toyEval(quick bool) EvalFunc {
	return func(s game.State, player, ply int) float64 {
		var t *toy
		switch x := s.(type) {
		case *toy:
			t = x
		case *toyU:
			t = &x.toy
		}
		if t.IsTerminal() {
			w := t.winner()
			switch {
			case w < 0:
				return 0
			case w == player:
				if quick {
					return 1e9 - float64(ply)
				}
				return math.Inf(1)
			default:
				if quick {
					return -(1e9 - float64(ply))
				}
				return math.Inf(-1)
			}
		}
		h := t.Hash()
		if t.n == 2 {
			v := float64(int(h>>20%201)-100) / 10
			if player == 1 {
				v = -v
			}
			return v
		}
		return float64(int(mix(h^uint64(player))>>20%201)-100) / 10
	}
}

// toyOrder reverses the moves at some positions, so that the order is not
// always the LegalActions order.
func toyOrder(s game.State, player int, moves []game.Action) {
	if s.(game.Hasher).Hash()%3 == 0 {
		for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
			moves[i], moves[j] = moves[j], moves[i]
		}
	}
}
