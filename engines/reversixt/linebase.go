package reversixt

import (
	"math/bits"
	"slices"

	"tourney/engines/game"
)

// The move lists of the overwrite phase, by difference from the parent.
//
// Sibling nodes of the search differ from their parent by one move, a few
// changed fields; the lines of the next mover q (rayGains) differ only
// where a walk from one of q's stones crosses or reaches a changed field.
// lineBase keeps, for a parent position and seat q, every walk of
// rayGains (the entries it wrote, and for every state (field, heading)
// the walk that entered it), the lines per target and direction, and
// q's move list with its keys. A child then walks again only the walks
// that entered a changed field (and those from a changed field that is,
// or was, q's stone): their old entries are taken out, the walks are made
// on the child's board and their entries put in, on an overlay of the
// touched fields; the move list is the parent's, with the touched fields'
// moves replaced (choice fields are always recomputed: their key depends
// on the stone counts). The result is rayMoves' list and keys, the same
// values (TestRayDelta compares them at every child of random positions).
//
// A walk from own stone o heading d reads the fields it enters (and o);
// a walk that enters no changed field is the same on both boards. A walk
// of the child that enters a changed field enters, before it, the same
// unchanged fields as the parent's walk from o heading d, so that walk
// enters the same changed field (or its first step is that field: the
// base records every first step, capturing or not). Each line (t, d) is
// the entry of exactly one walk on either board, so taking out all old
// entries first and then putting in the new ones leaves every other
// entry as it was.

// lineBase is the parent data of rayDelta.
type lineBase struct {
	gen      uint64 // evaluator.gen at the time (one per root)
	s        *State
	nid      uint64 // the parent's node id
	q, bonus int
	built    bool

	cell  []baseCell // per field: its lines' directions and total
	line  []float64  // per field and direction: the line's sum
	visit []int32    // per state c*8+d: 1 + the origin state of the walk entering c heading d
	wr    []uint64   // per origin state o*8+d: its entries ents[lo:hi], lo<<32 | hi, | loopWalk

	ents []int32 // t*8+d per line, by walk
	// what to clear before the next build
	vlist, olist, lcells []int32

	tset   []uint64
	moves  []game.Action
	keys   []float64
	choice []int32 // choice fields among the targets
	pos    []int32 // per field t: the index in moves of the first move on a field ≥ t
}

// baseCell is a field's lines in lineBase: the directions with a line
// and the sum of the lines (integers: exact in any order), side by side
// so that a touched field costs one cache line, not two.
type baseCell struct {
	total float64
	mask  uint8
}

// ovCell is a touched field of rayDelta's overlay (current when ep is the
// overlay's epoch): the child's mask and total.
type ovCell struct {
	total float64
	ep    uint32
	mask  uint8
}

// loopWalk marks a walk (lineBase.wr) that enters a field twice.
const loopWalk = 1 << 63

// maxDeltaChanges is the most changed fields (log entries) from the
// parent for which rayDelta is used; choice and inversion fields change
// more, and their children are listed in full.
const maxDeltaChanges = 64

// maxBaseDepth bounds the search depth that keeps parent data.
const maxBaseDepth = 48

// baseFor returns the parent data for the moves of seat p at s, building
// it at the second request from children of the same parent (a parent
// whose first child is cut off does not pay for it); nil: list in full.
func (e *evaluator) baseFor(s *State, p, bonus int) *lineBase {
	d := len(s.undo) - 1
	if d < 0 || d >= maxBaseDepth || s.ow[p] == 0 {
		return nil
	}
	r := &s.undo[d]
	if len(s.log)-int(r.log) > maxDeltaChanges {
		return nil
	}
	for len(e.bases) <= d {
		e.bases = append(e.bases, &lineBase{})
	}
	bs := e.bases[d]
	if bs.gen == e.gen && bs.s == s && bs.nid == r.nid && bs.q == p && bs.bonus == bonus {
		if !bs.built {
			e.buildBase(bs, s, p, bonus, int(r.log))
			bs.built = true
		}
		return bs
	}
	bs.gen, bs.s, bs.nid, bs.q, bs.bonus, bs.built = e.gen, s, r.nid, p, bonus, false
	return nil
}

// buildBase computes bs for seat p at the parent of s, whose changes are
// s.log[from:]: the board is set back to the parent's for the walk, then
// forward again.
func (e *evaluator) buildBase(bs *lineBase, s *State, p, bonus, from int) {
	n := len(s.board)
	if len(bs.cell) != n {
		*bs = lineBase{gen: bs.gen, s: bs.s, nid: bs.nid, q: bs.q, bonus: bs.bonus,
			cell: make([]baseCell, n), line: make([]float64, 8*n), visit: make([]int32, 8*n), wr: make([]uint64, 8*n)}
	}
	for _, st := range bs.vlist {
		bs.visit[st] = 0
	}
	for _, c := range bs.lcells {
		bs.cell[c] = baseCell{}
	}
	for _, os := range bs.olist {
		bs.wr[os] = 0
	}
	bs.vlist, bs.lcells, bs.olist, bs.ents = bs.vlist[:0], bs.lcells[:0], bs.olist[:0], bs.ents[:0]

	// Back to the parent's board (the log's old values, last first),
	// remembering each entry's new value for the way forward.
	lg := s.log[from:]
	e.nbuf = slices.Grow(e.nbuf[:0], len(lg))[:len(lg)]
	for i := len(lg) - 1; i >= 0; i-- {
		c := int(lg[i].cell)
		e.nbuf[i] = s.board[c]
		s.set(c, s.board[c], lg[i].old)
	}

	nw := s.m.nw
	if len(bs.tset) < nw {
		bs.tset = make([]uint64, 64)
	}
	clear(bs.tset)
	tset := bs.tset[:nw]
	pv := uint8(p + 1)
	if s.vals[Expansion] > 0 {
		xs := s.vb[int(Expansion)*nw : int(Expansion)*nw+nw]
		for w := range tset {
			tset[w] |= xs[w]
		}
	}
	e.rmk.fit(n)
	wt := &e.wt[p]
	cls := &classTab[pv]
	next, b, strat, rmk := s.m.next, s.board, e.strat, e.rmk.m
	cell, line, visit, wr := bs.cell, bs.line, bs.visit, bs.wr
	vlist, olist, lcells, ents := bs.vlist, bs.olist, bs.lcells, bs.ents
	steps := int64(0)
	own := s.vb[int(pv)*nw : int(pv)*nw+nw]
	for w, word := range own {
		for ; word != 0; word &= word - 1 {
			o := w<<6 | bits.TrailingZeros64(word)
			for d := 0; d < 8; d++ {
				os := int32(o*8 + d)
				cur := next[os]
				if cur < 0 {
					continue
				}
				visit[cur] = os + 1
				vlist = append(vlist, cur)
				f := int(cur >> 3)
				if cls[b[f]&15] != 1 {
					continue
				}
				lo := len(ents)
				loop := uint64(0)
				ep := e.rmk.next()
				rmk[o], rmk[f] = ep, ep
				sum := strat[f] * wt[b[f]&15]
				for {
					cur = next[cur]
					if cur < 0 {
						break
					}
					steps++
					c := int(cur >> 3)
					v := b[c]
					k := cls[v&15]
					visit[cur] = os + 1
					vlist = append(vlist, cur)
					if rmk[c] == ep {
						loop = loopWalk
					} else {
						dd := int(cur+4) & 7
						bc := &cell[c]
						if bc.mask == 0 {
							lcells = append(lcells, int32(c))
						}
						bc.mask |= 1 << dd
						bc.total += sum
						line[c*8+dd] = sum
						ents = append(ents, int32(c*8+dd))
						if v != Hole {
							tset[c>>6] |= 1 << (c & 63)
						}
					}
					if k != 1 {
						break
					}
					rmk[c] = ep
					sum += strat[c] * wt[v&15]
				}
				wr[os] = loop | uint64(lo)<<32 | uint64(len(ents))
				olist = append(olist, os)
			}
		}
	}
	bs.vlist, bs.olist, bs.lcells, bs.ents = vlist, olist, lcells, ents
	e.steps += steps

	// The parent's moves and keys (choice keys are recomputed per child).
	moves, keys, choice := bs.moves[:0], bs.keys[:0], bs.choice[:0]
	for w, word := range tset {
		for ; word != 0; word &= word - 1 {
			t := w<<6 | bits.TrailingZeros64(word)
			if b[t] == Choice {
				choice = append(choice, int32(t))
				for q := 1; q <= s.n; q++ {
					moves = append(moves, MakeAction(t, q))
					keys = append(keys, 0)
				}
				continue
			}
			g := e.keyOf(b[t], t, p, cell[t].mask, line[t*8:t*8+8])
			if b[t] == Bonus {
				moves = append(moves, MakeAction(t, bonus))
			} else {
				moves = append(moves, MakeAction(t, 0))
			}
			keys = append(keys, g)
		}
	}
	bs.moves, bs.keys, bs.choice = moves, keys, choice
	bs.pos = slices.Grow(bs.pos[:0], n+1)[:n+1]
	k := 0
	for t := 0; t <= n; t++ {
		for k < len(moves) && int(moves[k])>>4 < t {
			k++
		}
		bs.pos[t] = int32(k)
	}

	// Forward to the child again.
	for i := range lg {
		c := int(lg[i].cell)
		s.set(c, s.board[c], e.nbuf[i])
	}
}

// keyOf is gain for seat p on field t holding tv with the lines of mask
// and line (line[d] the line in direction d): cellGain's value, the
// lines added direction by direction in cellGain's order.
func (e *evaluator) keyOf(tv uint8, t, p int, mask uint8, line []float64) float64 {
	g := 0.0
	if tv != uint8(p+1) {
		g += e.strat[t] * e.wt[p][tv&15]
	}
	if isStone(tv) {
		g -= e.vo
	}
	for dm := uint(mask); dm != 0; dm &= dm - 1 {
		g += line[bits.TrailingZeros(dm)]
	}
	return g
}

// rayDelta is rayMoves(s, p, bonus, buf) from the parent data bs (see
// lineBase): it appends the moves and leaves their keys in e.keys.
func (e *evaluator) rayDelta(s *State, p, bonus int, bs *lineBase, buf []game.Action) []game.Action {
	n := len(s.board)
	from := int(s.undo[len(s.undo)-1].log)
	pv := uint8(p + 1)
	b := s.board

	// The changed fields, each once.
	if len(e.oldv) != n {
		e.oldv = make([]uint8, n)
	}
	oldv := e.oldv
	cep := e.cmk.begin(n)
	cmk := e.cmk.m
	chg := e.chg[:0]
	olds := e.olds[:0]
	for _, ch := range s.log[from:] {
		if c := ch.cell; cmk[c] != cep {
			cmk[c] = cep
			chg = append(chg, c)
			olds = append(olds, ch.old)
			e.oldv[c] = ch.old
		}
	}
	// The walks to make again: those that entered a changed field, and
	// those from a changed field that is or was q's stone.
	if len(e.omk.m) != 8*n {
		e.omk = cellMarks{m: make([]uint32, 8*n)}
	}
	oep := e.omk.next()
	omk := e.omk.m
	aff := e.aff[:0]
	for i, c := range chg {
		for _, v := range bs.visit[c*8 : c*8+8] {
			if v != 0 && omk[v-1] != oep {
				omk[v-1] = oep
				aff = append(aff, v-1)
			}
		}
		if olds[i] == pv || b[c] == pv {
			for d := int32(0); d < 8; d++ {
				if os := c*8 + d; omk[os] != oep {
					omk[os] = oep
					aff = append(aff, os)
				}
			}
		}
	}

	// The overlay: ov[t] is the child's mask and total of a touched
	// field t; with a non-integer Vo its lines are ovLine[t*8:t*8+8],
	// copied from the parent's when it is touched.
	if len(e.ov) != n {
		e.ov, e.ovLine, e.ovEp = make([]ovCell, n), make([]float64, 8*n), 0
	}
	e.ovEp++
	if e.ovEp == 0 {
		clear(e.ov)
		e.ovEp = 1
	}
	vep := e.ovEp
	ov, ovLine := e.ov, e.ovLine
	nw := s.m.nw
	if len(e.tb) < nw {
		e.tb = make([]uint64, 64)
	}
	tb, tbsum := e.tb, uint64(0)
	bcell, bline := bs.cell, bs.line
	voInt := e.voInt
	touch := func(t int) *ovCell {
		o := &ov[t]
		if o.ep != vep {
			bc := &bcell[t]
			*o = ovCell{total: bc.total, ep: vep, mask: bc.mask}
			if !voInt {
				copy(ovLine[t*8:t*8+8], bline[t*8:t*8+8])
			}
			tb[t>>6] |= 1 << (t & 63)
			tbsum |= 1 << (t >> 6)
		}
		return o
	}
	// Out with the old entries, all of them first. A walk is the same
	// up to the first changed field it enters (o and the first step
	// included), so are its entries before it. A walk whose changed
	// fields (after that) are foreign stones both before and after
	// (stones flipped between other seats: the usual case) keeps its
	// path and end, and each line after such a field only changes by the
	// field's change in weight: those lines are shifted, the walk is not
	// made again (unless it enters a field twice).
	next := s.m.next
	wt := &e.wt[p]
	cls := &classTab[pv]
	strat := e.strat
	redo := e.redo[:0]
	for _, os := range aff {
		r := bs.wr[os]
		ents := bs.ents[r>>32&(1<<31-1) : uint32(r)]
		if len(ents) == 0 {
			redo = append(redo, os)
			continue
		}
		k := 0
		if cmk[os>>3] != cep && cmk[next[os]>>3] != cep {
			for k < len(ents) && cmk[ents[k]>>3] != cep {
				k++
			}
			pure := r&loopWalk == 0
			for _, en := range ents[k:] {
				if c := en >> 3; cmk[c] == cep && (cls[oldv[c]&15] != 1 || cls[b[c]&15] != 1) {
					pure = false
					break
				}
			}
			if pure {
				delta := 0.0
				for _, en := range ents[k:] {
					t := int(en >> 3)
					if delta != 0 {
						touch(t).total += delta
						if !voInt {
							ovLine[en] += delta
						}
					}
					if cmk[t] == cep {
						delta += strat[t] * (wt[b[t]&15] - wt[oldv[t]&15])
					}
				}
				continue
			}
		}
		redo = append(redo, os)
		for _, en := range ents[k:] {
			o := touch(int(en >> 3))
			o.mask &^= 1 << (en & 7)
			o.total -= bline[en]
		}
	}
	// In with the child's walks.
	e.rmk.fit(n)
	rmk := e.rmk.m
	steps := int64(0)
	for _, os := range redo {
		o := int(os >> 3)
		if b[o] != pv {
			continue
		}
		cur := next[os]
		if cur < 0 {
			continue
		}
		f := int(cur >> 3)
		if cls[b[f]&15] != 1 {
			continue
		}
		live := cmk[o] == cep || cmk[f] == cep
		ep := e.rmk.next()
		rmk[o], rmk[f] = ep, ep
		sum := strat[f] * wt[b[f]&15]
		for {
			cur = next[cur]
			if cur < 0 {
				break
			}
			steps++
			c := int(cur >> 3)
			v := b[c]
			k := cls[v&15]
			live = live || cmk[c] == cep
			if live && rmk[c] != ep {
				dd := int(cur+4) & 7
				o := touch(c)
				o.mask |= 1 << dd
				o.total += sum
				if !voInt {
					ovLine[c*8+dd] = sum
				}
			}
			if k != 1 {
				break
			}
			rmk[c] = ep
			sum += strat[c] * wt[v&15]
		}
	}
	e.redo = redo
	e.steps += steps
	for _, c := range chg {
		touch(int(c))
	}
	for _, c := range bs.choice {
		touch(int(c))
	}

	// The parent's list with the touched fields' moves replaced. Most
	// touched fields keep their number of moves: the list is copied in
	// a few long runs, split only at the fields whose number changes
	// (they become or stop being targets, or change kind), and the
	// others' moves are patched in place. First the touched fields in
	// order, with their number of moves and key.
	bm, bk, pos := bs.moves, bs.keys, bs.pos
	tf := e.tf[:0]
	for ; tbsum != 0; tbsum &= tbsum - 1 {
		w := bits.TrailingZeros64(tbsum)
		word := tb[w]
		tb[w] = 0
		for ; word != 0; word &= word - 1 {
			t := w<<6 | bits.TrailingZeros64(word)
			o := &ov[t]
			tv, mask := b[t], o.mask
			f := touchedField{t: int32(t), old: pos[t+1] - pos[t]}
			if tv == Hole || mask == 0 && tv != Expansion {
				tf = append(tf, f) // not a target
				continue
			}
			f.n = 1
			if tv == Choice {
				f.n = int32(s.n)
			}
			g := 0.0
			if tv != pv {
				g += strat[t] * wt[tv&15]
			}
			if isStone(tv) {
				g -= e.vo
			}
			if voInt || mask&(mask-1) == 0 {
				// Every term an integer, or one line: the total (of
				// integer lines, exact in any order).
				g += o.total
			} else {
				for dm := uint(mask); dm != 0; dm &= dm - 1 {
					g += ovLine[t*8+bits.TrailingZeros(dm)]
				}
			}
			f.key = g
			tf = append(tf, f)
		}
	}
	// The list: the runs between fields whose number of moves changes
	// (their moves are left as zeros), then every touched field's moves
	// written in place.
	start := len(buf)
	keys := e.keys[:0]
	i := 0
	for _, f := range tf {
		if f.n == f.old {
			continue
		}
		t := int(f.t)
		buf = append(buf, bm[i:pos[t]]...)
		keys = append(keys, bk[i:pos[t]]...)
		i = int(pos[t+1])
		for q := 0; q < int(f.n); q++ {
			buf = append(buf, 0)
			keys = append(keys, 0)
		}
	}
	buf = append(buf, bm[i:]...)
	keys = append(keys, bk[i:]...)
	shift := 0
	for _, f := range tf {
		t := int(f.t)
		j := int(pos[t]) + shift
		shift += int(f.n - f.old)
		switch {
		case f.n == 0:
		case b[t] == Choice:
			for q := 1; q <= s.n; q++ {
				buf[start+j+q-1] = MakeAction(t, q)
				keys[j+q-1] = f.key + e.specialGain(s, t, q, p)
			}
		case b[t] == Bonus:
			buf[start+j], keys[j] = MakeAction(t, bonus), f.key
		default:
			buf[start+j], keys[j] = MakeAction(t, 0), f.key
		}
	}
	e.tf = tf
	e.keys = keys
	e.chg, e.olds, e.aff = chg, olds, aff
	return buf
}

// touchedField is a field that rayDelta lists again: its number of moves
// in the parent's list (old) and now (n), and its key now.
type touchedField struct {
	t, old, n int32
	key       float64
}
