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
	return plainSearch(s, depth, 0, max(s.CurrentPlayer(), 0), false, h)
}

// ParanoidMinimax is plain max/min search without cut-offs from the view of
// the player to move at s (every other player minimises). It is the
// reference that Paranoid must agree with.
func ParanoidMinimax(s game.State, depth int, h Hooks) (float64, game.Action) {
	return plainSearch(s, depth, 0, max(s.CurrentPlayer(), 0), true, h)
}

// plainSearch is both references at a node ply plies below the root (a
// root whose game is over is valued from player 0's view). Negamax: view
// is the mover, and a child of another mover counts negated from that
// mover's view (from the opponent's, 1 − mover, when the game is over
// there). Paranoid: view is the root's mover, who maximises while every
// other player minimises.
func plainSearch(s game.State, depth, ply, view int, paranoid bool, h Hooks) (float64, game.Action) {
	mover := s.CurrentPlayer()
	var moves []game.Action
	if mover >= 0 && depth > 0 {
		moves = s.LegalActions(mover, nil)
	}
	if len(moves) == 0 {
		return h.Evaluate(s, view, ply), game.NoAction
	}
	plainOrder(s, mover, moves, h)
	maxNode := !paranoid || mover == view
	best := math.Inf(1)
	if maxNode {
		best = math.Inf(-1)
	}
	bestMove := moves[0]
	for _, a := range moves {
		c := s.Clone()
		c.Apply(a)
		var v float64
		switch cm := c.CurrentPlayer(); {
		case paranoid || cm == mover:
			v, _ = plainSearch(c, depth-1, ply+1, view, paranoid, h)
		case cm < 0:
			v, _ = plainSearch(c, depth-1, ply+1, 1-mover, false, h)
			v = -v
		default:
			v, _ = plainSearch(c, depth-1, ply+1, cm, false, h)
			v = -v
		}
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
