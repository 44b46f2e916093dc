package connect4

import "tourney/engines/game"

// Scopes of criterion 1 of the move order (order_threat_scope).
const (
	ScopeColumn = "column" // the column contains a threat of the side to move
	ScopeNext   = "next"   // the column's next free cell is such a threat
)

// OrderOptions select the move order of connect4.md §4.
type OrderOptions struct {
	Enabled bool   // order_moves: off tries the columns 0..6
	Scope   string // order_threat_scope: ScopeColumn or ScopeNext
	ByTable bool   // order_by_table: criterion 2
}

// DefaultOrder is the seed's order.
func DefaultOrder() OrderOptions {
	return OrderOptions{Enabled: true, Scope: ScopeColumn, ByTable: true}
}

// lines[c][r] is the number of lines of four through cell (c, r).
var lines = func() (t [Width][Height]int) {
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for c := 0; c < Width; c++ {
		for r := 0; r < Height; r++ {
			for _, d := range dirs {
				// lines starting at (c,r) - k·d for k = 0..3
				for k := 0; k < 4; k++ {
					c0, r0 := c-k*d[0], r-k*d[1]
					c3, r3 := c0+3*d[0], r0+3*d[1]
					if c0 >= 0 && c0 < Width && r0 >= 0 && r0 < Height &&
						c3 >= 0 && c3 < Width && r3 >= 0 && r3 < Height {
						t[c][r]++
					}
				}
			}
		}
	}
	return t
}()

// LinesThrough is the number of lines of four through (col, row): the
// table of connect4.md §4.
func LinesThrough(col, row int) int { return lines[col][row] }

const columnMask uint64 = 1<<Height - 1

// OrderMoves reorders the columns in moves (all playable in s) for player,
// the side to move, as connect4.md §4 says: columns with an own threat
// first, then by the number of lines through the next free cell, then
// left to right.
func OrderMoves(s *State, player int, o OrderOptions, moves []game.Action) {
	if !o.Enabled || len(moves) < 2 {
		return
	}
	threats := Threats(s, player)
	var keys [Width]int
	for i, a := range moves {
		c := int(a)
		h := int(s.height[c])
		k := 0
		if o.Scope == ScopeNext {
			if h < Height && threats&Bit(c, h) != 0 {
				k = 1 << 8
			}
		} else if threats&(columnMask<<(c*Stride)) != 0 {
			k = 1 << 8
		}
		if o.ByTable && h < Height {
			k |= lines[c][h] << 4
		}
		k |= Width - c // smaller column first
		keys[i] = k
	}
	// insertion sort, descending keys (all distinct)
	for i := 1; i < len(moves); i++ {
		a, k := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			keys[j], moves[j] = keys[j-1], moves[j-1]
		}
		keys[j], moves[j] = k, a
	}
}
