package reversixt

import "math/bits"

// rayTargets finds the phase-1 targets of seat p (spec §5.2) by walking
// back from p's stones instead of testing every field: a field t captures
// in some direction exactly when the walk from one of p's stones o, in
// the reverse direction, crosses one or more foreign stones and then
// reaches t, without t appearing earlier on that walk (the loop rule, seen
// from the other end; the step function is reversible, spec §3.5). On
// such a walk from o, after the first foreign stone every further foreign
// stone is an overwrite target, the first empty or special field is a
// normal target and the walk ends there, and the first own stone other
// than o is an overwrite target and ends it. Expansion stones are added
// for the expansion rule when p has an overwrite stone.
//
// With set != nil the targets are or-ed into set (a cell bitset of
// Map.nw words); with set == nil it reports whether any target exists and
// stops at the first.
func (s *State) rayTargets(p int, set []uint64) bool {
	pv := uint8(p + 1)
	ow := s.ow[p] > 0
	nw := s.m.nw
	if ow && s.vals[Expansion] > 0 {
		if set == nil {
			return true
		}
		xs := s.vb[int(Expansion)*nw : int(Expansion)*nw+nw]
		for ws := s.vsum[Expansion]; ws != 0; ws &= ws - 1 {
			w := bits.TrailingZeros64(ws)
			set[w] |= xs[w]
		}
		s.tsum |= s.vsum[Expansion]
	}
	if !ow && s.vals[pv] > 0 {
		// Only free fields are targets: when they are fewer than the
		// stones to walk from, test them instead (most have no foreign
		// neighbour in the late game: one look at 8 cells).
		if free := s.vals[Empty] + s.vals[Choice] + s.vals[Inversion] + s.vals[Bonus]; free < 2*s.vals[pv] {
			return s.freeTargets(pv, set)
		}
		return s.ownFreeTargets(pv, set)
	}
	s.rmk.fit(len(s.board))
	cls := &classTab[pv]
	next, nb, b, mk := s.m.next, s.m.nb, s.board, s.rmk.m
	found := false
	own := s.vb[int(pv)*nw : int(pv)*nw+nw]
	for ws := s.vsum[pv]; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := own[w]; word != 0; {
			o := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			for dm := foreignDirs(cls, b, nb, o); dm != 0; dm &= dm - 1 {
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
					k := cls[v&15]
					if k == 1 { // foreign: an overwrite target, and on
						if ow && mk[c] != ep {
							if set == nil {
								return true
							}
							set[c>>6] |= 1 << (c & 63)
							s.tsum |= 1 << (c >> 6)
							found = true
						}
						mk[c] = ep
						continue
					}
					if mk[c] != ep && v != Hole && (k == 0 || ow) {
						// empty or special: a normal move; own: overwrite
						if set == nil {
							return true
						}
						set[c>>6] |= 1 << (c & 63)
						s.tsum |= 1 << (c >> 6)
						found = true
					}
					break
				}
			}
		}
	}
	return found
}

// ownFreeTargets is rayTargets for a seat without overwrite stones, from
// its stones: the targets are the free fields that end a walk, and a
// free field cannot be on the walk before (its other cells are o and
// foreign stones), so no marks are needed.
func (s *State) ownFreeTargets(pv uint8, set []uint64) bool {
	nw := s.m.nw
	cls := &classTab[pv]
	next, nb, b := s.m.next, s.m.nb, s.board
	found := false
	own := s.vb[int(pv)*nw : int(pv)*nw+nw]
	for ws := s.vsum[pv]; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := own[w]; word != 0; word &= word - 1 {
			o := w<<6 | bits.TrailingZeros64(word)
			for dm := foreignDirs(cls, b, nb, o); dm != 0; dm &= dm - 1 {
				cur := next[o*8+bits.TrailingZeros(dm)]
				for {
					cur = next[cur]
					if cur < 0 {
						break
					}
					c := int(cur >> 3)
					v := b[c]
					k := cls[v&15]
					if k == 1 {
						continue
					}
					if k == 0 && v != Hole {
						if set == nil {
							// c captures back towards o: the hint
							// of hasMove (witness).
							s.wit[pv-1] = cur ^ 4
							return true
						}
						set[c>>6] |= 1 << (c & 63)
						s.tsum |= 1 << (c >> 6)
						found = true
					}
					break
				}
			}
		}
	}
	return found
}

// freeTargets is rayTargets for a seat without overwrite stones, from
// the free fields: a free field t is a target when some direction from t
// crosses one or more foreign stones and then reaches an own stone, t not
// met again on the way (spec §3.5, as captures).
func (s *State) freeTargets(pv uint8, set []uint64) bool {
	nw := s.m.nw
	cls := &classTab[pv]
	next, nb, b := s.m.next, s.m.nb, s.board
	found := false
	for _, fv := range [...]uint8{Empty, Choice, Inversion, Bonus} {
		fb := s.vb[int(fv)*nw : int(fv)*nw+nw]
		for ws := s.vsum[fv]; ws != 0; ws &= ws - 1 {
			w := bits.TrailingZeros64(ws)
			for word := fb[w]; word != 0; word &= word - 1 {
				t := w<<6 | bits.TrailingZeros64(word)
			dirs:
				for dm := foreignDirs(cls, b, nb, t); dm != 0; dm &= dm - 1 {
					cur := next[t*8+bits.TrailingZeros(dm)]
					for {
						cur = next[cur]
						if cur < 0 {
							break
						}
						c := int(cur >> 3)
						k := cls[b[c]&15]
						if k == 0 || c == t {
							break
						}
						if k == 2 {
							if set == nil {
								s.wit[pv-1] = int32(t*8 + bits.TrailingZeros(dm))
								return true
							}
							set[w] |= 1 << (t & 63)
							s.tsum |= 1 << w
							found = true
							break dirs
						}
					}
				}
			}
		}
	}
	return found
}

// targetSet returns the phase-1 targets of seat p as a cell bitset in the
// state's scratch (valid until the next call); bit w of s.tsum tells
// whether word w is not 0 (only those words are cleared for the next
// call).
func (s *State) targetSet(p int) []uint64 {
	nw := s.m.nw
	s.tvalid = false // the last set is overwritten
	if cap(s.tset) < nw {
		s.tset, s.tsum = make([]uint64, nw), 0
	}
	full := s.tset[:cap(s.tset)] // tsum may describe a larger map's set
	for ws := s.tsum; ws != 0; ws &= ws - 1 {
		full[bits.TrailingZeros64(ws)] = 0
	}
	set := full[:nw]
	s.tsum = 0
	s.rayTargets(p, set)
	s.tvalid, s.tp, s.tnid = true, int8(p), s.nid
	return set
}

// targetsOf is targetSet(p), or the last set when it is seat p's in this
// position.
func (s *State) targetsOf(p int) []uint64 {
	if s.tvalid && p == int(s.tp) && s.tnid == s.nid {
		return s.tset[:s.m.nw]
	}
	return s.targetSet(p)
}
