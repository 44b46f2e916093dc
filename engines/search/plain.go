package search

import (
	"cmp"
	"math"
	"slices"

	"tourney/engines/game"
)

// Minimax is the seed's plain negamax without cut-offs, transposition
// table or budget: the reference that Negamax must agree with. It returns
// the root value from the mover's view and the first ordered move that
// reaches it (the first ordered move when every move is −∞). It clones at
// every node; use it on small depths only.
func Minimax(s game.State, depth int, h Hooks) (float64, game.Action) {
	mover := s.CurrentPlayer()
	if mover < 0 {
		return h.Evaluate(s, 0, 0), game.NoAction
	}
	return plainNegamax(s, depth, 0, mover, h)
}

func plainNegamax(s game.State, depth, ply, player int, h Hooks) (float64, game.Action) {
	mover := s.CurrentPlayer()
	if mover < 0 || depth <= 0 {
		return h.Evaluate(s, player, ply), game.NoAction
	}
	moves := s.LegalActions(mover, nil)
	if len(moves) == 0 {
		return h.Evaluate(s, player, ply), game.NoAction
	}
	plainOrder(s, mover, moves, h)
	best, bestMove := math.Inf(-1), moves[0]
	for _, a := range moves {
		c := s.Clone()
		c.Apply(a)
		cm := c.CurrentPlayer()
		var v float64
		if cm == mover {
			v, _ = plainNegamax(c, depth-1, ply+1, mover, h)
		} else {
			view := cm
			if cm < 0 {
				view = 1 - mover
			}
			v, _ = plainNegamax(c, depth-1, ply+1, view, h)
			v = -v
		}
		if v > best {
			best, bestMove = v, a
		}
	}
	return best, bestMove
}

// ParanoidMinimax is plain max/min search without cut-offs from the view of
// the player to move at s (every other player minimises). It is the
// reference that Paranoid must agree with.
func ParanoidMinimax(s game.State, depth int, h Hooks) (float64, game.Action) {
	root := s.CurrentPlayer()
	if root < 0 {
		return h.Evaluate(s, 0, 0), game.NoAction
	}
	return plainParanoid(s, depth, 0, root, h)
}

func plainParanoid(s game.State, depth, ply, root int, h Hooks) (float64, game.Action) {
	mover := s.CurrentPlayer()
	if mover < 0 || depth <= 0 {
		return h.Evaluate(s, root, ply), game.NoAction
	}
	moves := s.LegalActions(mover, nil)
	if len(moves) == 0 {
		return h.Evaluate(s, root, ply), game.NoAction
	}
	plainOrder(s, mover, moves, h)
	maxNode := mover == root
	best := math.Inf(1)
	if maxNode {
		best = math.Inf(-1)
	}
	bestMove := moves[0]
	for _, a := range moves {
		c := s.Clone()
		c.Apply(a)
		v, _ := plainParanoid(c, depth-1, ply+1, root, h)
		if (maxNode && v > best) || (!maxNode && v < best) {
			best, bestMove = v, a
		}
	}
	return best, bestMove
}

// plainOrder orders moves as the search does: by Keys (a stable sort,
// highest first) when set, otherwise by Order.
func plainOrder(s game.State, mover int, moves []game.Action, h Hooks) {
	if h.Keys != nil {
		keys := h.Keys(s, mover, moves, nil)
		if len(keys) != len(moves) {
			return
		}
		km := make([]keyedMove, len(moves))
		for i, a := range moves {
			km[i] = keyedMove{keys[i], int32(i), a}
		}
		slices.SortStableFunc(km, func(x, y keyedMove) int { return cmp.Compare(y.key, x.key) })
		for i, k := range km {
			moves[i] = k.a
		}
		return
	}
	if h.Order != nil {
		h.Order(s, mover, moves)
	}
}
