package reversixt

import "math/bits"

// Whole-bitboard routines for maps of at most 8×8 without transitions
// (Map.small): cell (x, y) is bit y*8 + x. Fields off a smaller board and
// holes are in neither P nor O, so they stop lines like empty fields.

// bbPerft is mode-2 perft (spec §9.1) on pure bitboards for a 2-player
// position without special fields, expansion stones, overwrite stones or
// bombs: P is to move and has a move, O is the other player, E the empty
// fields. A player without a move is skipped; when neither has one the
// game is over (one leaf).
func bbPerft(P, O, E uint64, depth int) uint64 {
	moves := othelloMoves(P, O) & E
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for moves != 0 {
		sq := bits.TrailingZeros64(moves)
		moves &= moves - 1
		b := uint64(1) << sq
		f := bbFlips(sq, P, O)
		p2, o2, e2 := P|f|b, O&^f, E&^b
		if om := othelloMoves(o2, p2) & e2; om != 0 {
			if depth == 2 {
				n += uint64(bits.OnesCount64(om))
			} else {
				n += bbPerft(o2, p2, e2, depth-1)
			}
		} else if pm := othelloMoves(p2, o2) & e2; pm != 0 {
			if depth == 2 {
				n += uint64(bits.OnesCount64(pm))
			} else {
				n += bbPerft(p2, o2, e2, depth-1)
			}
		} else {
			n++ // game over
		}
	}
	return n
}

// othelloLike reports whether s can be counted by bbPerft: a small map,
// two players in phase 1, no stocks, no special fields or expansion
// stones, nobody disqualified.
func (s *State) othelloLike() bool {
	return s.m.small && s.n == 2 && s.phase == Phase1 && s.cur >= 0 &&
		s.ow[0] == 0 && s.ow[1] == 0 && s.bombs[0] == 0 && s.bombs[1] == 0 &&
		!s.disq[0] && !s.disq[1] &&
		s.vals[Choice]+s.vals[Inversion]+s.vals[Bonus]+s.vals[Expansion] == 0
}
