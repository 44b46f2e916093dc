package speed

// The risk bot's reply-aware Voronoi territory (area_voronoi_reply): a
// multi-source breadth-first search from every head at once, with the
// opponents near the bot allowed one reply move, the worst for the bot
// counting.

// vsrc is a source of the Voronoi search: a head (or landing cell) of
// owner, whose neighbours it reaches from round t+1 on.
type vsrc struct {
	cell  int32
	t     int32
	owner int8
}

// voronoi is the scratch of the multi-source search.
type voronoi struct {
	seen     marks
	owner    []int8
	tm       []int32
	cur, nxt []int32
}

// neutral marks a cell two owners reach in the same round.
const neutral = -1

// count returns the free cells (not in blocked) that owner me reaches
// strictly before every other source, one cell per round. Sources must be
// sorted by t.
func (v *voronoi) count(s *State, blocked *marks, src []vsrc, me int8) int {
	w, h := s.w, s.h
	n := w * h
	v.seen.reset(n)
	v.owner, v.tm = resize(v.owner, n), resize(v.tm, n)
	v.cur = v.cur[:0]
	k := 0
	own := 0
	for t := int32(0); ; t++ {
		for ; k < len(src) && src[k].t == t; k++ {
			c := src[k].cell
			if v.seen.setIf(c) {
				v.owner[c], v.tm[c] = src[k].owner, t
				v.cur = append(v.cur, c)
			} else if v.tm[c] == t && v.owner[c] != src[k].owner {
				v.owner[c] = neutral
			}
		}
		if len(v.cur) == 0 {
			if k >= len(src) {
				return own
			}
			continue
		}
		v.nxt = v.nxt[:0]
		for _, i := range v.cur {
			o := v.owner[i]
			if o == neutral {
				continue
			}
			nb, m := neighbours(w, h, i)
			for _, j := range nb[:m] {
				if s.cells[j] != Free || blocked.has(j) {
					continue
				}
				if v.seen.setIf(j) {
					v.owner[j], v.tm[j] = o, t+1
					v.nxt = append(v.nxt, j)
				} else if v.tm[j] == t+1 && v.owner[j] != o {
					v.owner[j] = neutral
				}
			}
		}
		for _, j := range v.nxt {
			if v.owner[j] == me {
				own++
			}
		}
		v.cur, v.nxt = v.nxt, v.cur
	}
}

// replyTerritory returns the bot's Voronoi territory after its move m:
// it stands on m's landing cell after one round; every opponent stands on
// its head, except that each opponent within area_voronoi_reply
// (Manhattan) of the bot's head may instead play any of its moves that
// does not die at once (one opponent at a time), and the smallest
// territory counts. b.own holds m's cells.
func (b *riskBot) replyTerritory(s *State, player int, m move) int {
	me := &s.pl[player]
	land := int32(m.y*s.w + m.x)
	b.vsrc = b.vsrc[:0]
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		if p == player || !q.active || !onBoard(s, int(q.x), int(q.y)) {
			continue
		}
		b.vsrc = append(b.vsrc, vsrc{cell: int32(int(q.y)*s.w + int(q.x)), t: 0, owner: int8(p)})
	}
	b.vsrc = append(b.vsrc, vsrc{cell: land, t: 1, owner: int8(player)})
	best := b.vor.count(s, &b.own, b.vsrc, int8(player))
	if b.vorReply <= 0 {
		return best
	}
	nOpp := len(b.vsrc) - 1
	for k := 0; k < nOpp; k++ {
		p := int(b.vsrc[k].owner)
		q := &s.pl[p]
		if abs(int(q.x)-int(me.x))+abs(int(q.y)-int(me.y)) > b.vorReply {
			continue
		}
		for a := range numActions {
			om := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
			if om.fatal {
				continue
			}
			clash := false
			for _, i := range om.cells[:om.n] {
				if b.own.has(i) {
					clash = true
				}
			}
			if clash {
				continue // a crossing: the cost map prices it
			}
			for _, i := range om.cells[:om.n] {
				b.own.set(i)
			}
			// The opponent moves from t 0 to its landing cell at t 1.
			srcs := append(b.vsrc2[:0], b.vsrc[:k]...)
			srcs = append(srcs, b.vsrc[k+1:nOpp]...)
			srcs = append(srcs, vsrc{cell: int32(om.y*s.w + om.x), t: 1, owner: int8(p)}, b.vsrc[nOpp])
			b.vsrc2 = srcs
			v := b.vor.count(s, &b.own, srcs, int8(player))
			best = min(best, v)
			for _, i := range om.cells[:om.n] {
				b.own.unset(i) // the cells were not m's (checked above)
			}
		}
	}
	return best
}
