package reversixt

import (
	"math/bits"

	"tourney/engines/game"
)

// collectFlips returns the stones that seat value pv captures by playing
// on t (in the state's scratch fbuf, valid until the next call): one walk
// per direction, all lines found before any stone flips (lines may cross
// through transitions).
func (s *State) collectFlips(t int, pv uint8) []int32 {
	cls := &classTab[pv]
	next, b := s.m.next, s.board
	buf := s.fbuf[:0]
	// The directions whose first step is a foreign stone, without a
	// branch per direction (nb is t itself where there is no step).
	dm := foreignDirs(cls, b, s.m.nb, t)
	for ; dm != 0; dm &= dm - 1 {
		start := len(buf)
		cur := int32(t*8 + bits.TrailingZeros(dm))
		for {
			cur = next[cur]
			if cur < 0 {
				buf = buf[:start]
				break
			}
			c := int(cur >> 3)
			k := cls[b[c]&15]
			if c == t || k == 0 {
				buf = buf[:start]
				break
			}
			if k == 2 {
				break
			}
			buf = append(buf, int32(c))
		}
	}
	s.fbuf = buf
	return buf
}

// perft2 is Perft(2) in phase 1 on the generic path: the leaves under
// each move are the move variants of the next seat to move. A move on an
// empty field or an overwrite move is made lightly (board bytes, cell
// bitsets, value counts and the overwrite stock only: no hash, change
// log, undo record or turn bookkeeping) and the next seat's variants are
// counted with rayCount; a move on a special field, or one after which
// phase 1 ends, goes through apply, Perft(1) and Undo.
//
// The count of q, the first seat after the mover that is not
// disqualified, is taken once before the moves, marking every cell it
// read (deps). A light move that changes none of those cells (its field
// and the stones it flips) leaves q's count as it was (the mover's stocks
// are not q's), and a seat with a
// move moves next: such a move is counted without being made. On maps
// where the players start in separate pairs, half of the movers' next
// seats play elsewhere on the board.
func (s *State) perft2() uint64 {
	p := int(s.cur)
	for len(s.pbuf) <= 2 {
		s.pbuf = append(s.pbuf, make([]game.Action, 0, 32))
	}
	acts := s.LegalActions(p, s.pbuf[2][:0])
	s.pbuf[2] = acts
	// Only a count above 0 is used: it says that q moves next.
	var cached uint64
	for i := 1; i < s.n; i++ {
		if q := (p + i) % s.n; !s.disq[q] {
			if s.hasMoveQuick(q) {
				cached = s.rayCount(q, true)
			}
			break
		}
	}
	pv := uint8(p + 1)
	var n uint64
	for _, a := range acts {
		t, _ := SplitAction(a)
		if v := s.board[t]; v == Empty || isStone(v) {
			flips := s.collectFlips(t, pv)
			if cached > 0 && !s.touches(t, flips) {
				n += cached
				continue
			}
			if k, ok := s.lightCount(p, t, flips); ok {
				n += k
				continue
			}
		}
		s.apply(a)
		n += s.Perft(1)
		s.Undo(a)
	}
	return n
}

// touches reports whether field t or one of the cells in flips was read
// by the last rayCount with deps.
func (s *State) touches(t int, flips []int32) bool {
	dm, de := s.dmk.m, s.dmk.e
	if dm[t] == de {
		return true
	}
	for _, c := range flips {
		if dm[c] == de {
			return true
		}
	}
	return false
}

// lightCount makes seat p's move on t (an empty field, or a stone with
// an overwrite stone), which flips the stones flips, lightly, counts the move variants of the seat
// that moves next and takes the move back. ok is false when no seat can
// move after it (phase 1 ends).
func (s *State) lightCount(p, t int, flips []int32) (k uint64, ok bool) {
	pv := uint8(p + 1)
	if cap(s.obuf) < len(flips) {
		s.obuf = make([]uint8, len(flips), 2*len(flips))
	}
	olds := s.obuf[:len(flips)]
	b, vb, nw := s.board, s.vb, s.m.nw
	own := vb[int(pv)*nw : int(pv)*nw+nw]
	sum := s.vsum[pv]
	// Make. vsum of the old values keeps its bits (a superset of the
	// non-zero words is enough to walk a bitset); vsum[pv] is restored.
	for i, c := range flips {
		old := b[c]
		olds[i] = old
		b[c] = pv
		w, bit := c>>6, uint64(1)<<(c&63)
		vb[int(old)*nw+int(w)] &^= bit
		own[w] |= bit
		s.vsum[pv] |= 1 << w
		s.vals[old]--
	}
	tv := b[t]
	if tv != Empty {
		s.ow[p]-- // an overwrite move
	}
	b[t] = pv
	tw, tbit := t>>6, uint64(1)<<(t&63)
	vb[int(tv)*nw+tw] &^= tbit
	own[tw] |= tbit
	s.vsum[pv] |= 1 << tw
	s.vals[tv]--
	s.vals[pv] += int32(len(flips)) + 1

	for i := 1; i <= s.n; i++ {
		q := (p + i) % s.n
		if s.disq[q] || !s.hasMoveQuick(q) {
			continue
		}
		if k = s.rayCount(q, false); k > 0 {
			ok = true
			break
		}
	}

	// Unmake: clear p's bit before setting the old value's, which may
	// be p's own (an overwrite of an own stone, or the second time a
	// stone on two lines is flipped).
	b[t] = tv
	own[tw] &^= tbit
	vb[int(tv)*nw+tw] |= tbit
	for i := len(flips) - 1; i >= 0; i-- { // backwards: lines may share a stone
		c, old := flips[i], olds[i]
		b[c] = old
		w, bit := c>>6, uint64(1)<<(c&63)
		own[w] &^= bit
		vb[int(old)*nw+int(w)] |= bit
		s.vals[old]++
	}
	s.vsum[pv] = sum
	s.vals[tv]++
	s.vals[pv] -= int32(len(flips)) + 1
	if tv != Empty {
		s.ow[p]++
	}
	return k, ok
}

// rayCount is countFor(p) on the generic path without a target set: the
// walks of rayTargets, each target counted once (an epoch mark per cell,
// cmk) with its variants (n on a choice field, 2 on a bonus field, else
// 1). With deps, every cell whose value the count read (p's stones,
// their eight neighbours, the cells of the walks and the expansion
// stones) is marked in dmk, in a new epoch (see perft2).
func (s *State) rayCount(p int, deps bool) uint64 {
	pv := uint8(p + 1)
	ow := s.ow[p] > 0
	nw := s.m.nw
	s.rmk.fit(len(s.board))
	ce := s.cmk.begin(len(s.board))
	cm := s.cmk.m
	if deps {
		s.dmk.begin(len(s.board))
	}
	de, dmk := s.dmk.e, s.dmk.m
	n := uint64(s.n)
	var k uint64
	if ow && s.vals[Expansion] > 0 {
		xs := s.vb[int(Expansion)*nw : int(Expansion)*nw+nw]
		for ws := s.vsum[Expansion]; ws != 0; ws &= ws - 1 {
			w := bits.TrailingZeros64(ws)
			for word := xs[w]; word != 0; word &= word - 1 {
				c := w<<6 | bits.TrailingZeros64(word)
				cm[c] = ce
				if deps {
					dmk[c] = de
				}
				k++
			}
		}
	}
	cls := &classTab[pv]
	next, nb, b, mk := s.m.next, s.m.nb, s.board, s.rmk.m
	own := s.vb[int(pv)*nw : int(pv)*nw+nw]
	for ws := s.vsum[pv]; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := own[w]; word != 0; {
			o := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			dm := foreignDirs(cls, b, nb, o)
			if deps {
				dmk[o] = de
				for _, c := range nb[o*8 : o*8+8] {
					dmk[c] = de
				}
			}
			for ; dm != 0; dm &= dm - 1 {
				nx := next[o*8+bits.TrailingZeros(dm)]
				ep := s.rmk.next()
				mk[o], mk[nx>>3] = ep, ep
				cur := nx
				for {
					cur = next[cur]
					if cur < 0 {
						break
					}
					c := int(cur >> 3)
					v := b[c]
					kc := cls[v&15]
					if deps {
						dmk[c] = de
					}
					if kc == 1 { // foreign: an overwrite target, and on
						if ow && mk[c] != ep && cm[c] != ce {
							cm[c] = ce
							k++
						}
						mk[c] = ep
						continue
					}
					if mk[c] != ep && v != Hole && (kc == 0 || ow) && cm[c] != ce {
						// empty or special: a normal move; own: overwrite
						cm[c] = ce
						switch v {
						case Choice:
							k += n
						case Bonus:
							k += 2
						default:
							k++
						}
					}
					break
				}
			}
		}
	}
	return k
}

// foreignDirs is the set of directions d (bit d) in which the first step
// from cell c lands on a foreign stone (class 1 of cls), computed without
// a branch: nb holds c itself where there is no step, and c's own value
// is never foreign where it matters (an empty target field, an own
// stone; callers that walk on still check the step).
func foreignDirs(cls *[16]uint8, b []uint8, nb []uint16, c int) uint {
	n := nb[c*8 : c*8+8 : c*8+8]
	return uint(cls[b[n[0]]&15]&1) | uint(cls[b[n[1]]&15]&1)<<1 |
		uint(cls[b[n[2]]&15]&1)<<2 | uint(cls[b[n[3]]&15]&1)<<3 |
		uint(cls[b[n[4]]&15]&1)<<4 | uint(cls[b[n[5]]&15]&1)<<5 |
		uint(cls[b[n[6]]&15]&1)<<6 | uint(cls[b[n[7]]&15]&1)<<7
}
