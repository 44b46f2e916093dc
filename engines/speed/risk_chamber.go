package speed

// The risk bot's fill-mode area: the room a player can still fill from a
// cell, articulation points counted (area_fill_chambers).

// chamber is the scratch of fillable: an iterative depth-first search
// that finds articulation points (Tarjan's low-link) over the free cells
// of a region.
type chamber struct {
	seen     marks
	disc     []int32
	low      []int32
	in, best []int32
	stack    []chamberFrame
}

type chamberFrame struct {
	v, parent int32
	k         int8 // next neighbour to look at (0..3)
}

// fillable estimates how many free cells (not in blocked) a player
// standing on start can still enter one after another. The free cells
// reachable from start fall into chambers: a chamber hangs off an
// articulation point, and a path that enters it cannot come back. A
// chamber is assumed to be fillable whole, and a path leaves it through
// one articulation point into one chamber below, the best one; so a
// cell's value is its chamber's size plus the best of the chambers below
// it. The plain flood-fill area counts every chamber; a corridor that
// branches into two rooms counts one room here. The start cell is not
// counted.
func (c *chamber) fillable(s *State, start int32, blocked *marks) int {
	w, h := s.w, s.h
	n := w * h
	c.seen.reset(n)
	c.disc, c.low = resize(c.disc, n), resize(c.low, n)
	c.in, c.best = resize(c.in, n), resize(c.best, n)
	t := int32(0)
	visit := func(v, parent int32) {
		c.seen.set(v)
		c.disc[v], c.low[v] = t, t
		t++
		c.in[v], c.best[v] = 1, 0
		c.stack = append(c.stack, chamberFrame{v: v, parent: parent})
	}
	c.stack = c.stack[:0]
	visit(start, -1)
	for len(c.stack) > 0 {
		f := &c.stack[len(c.stack)-1]
		v := f.v
		if f.k < 4 {
			k := f.k
			f.k++
			x, y := int(v)%w, int(v)/w
			switch k {
			case 0:
				x++
			case 1:
				x--
			case 2:
				y++
			default:
				y--
			}
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			j := int32(y*w + x)
			if s.cells[j] != Free || (blocked != nil && blocked.has(j)) {
				continue
			}
			if !c.seen.has(j) {
				visit(j, v) // f may move: it is not used again
			} else if j != f.parent {
				c.low[v] = min(c.low[v], c.disc[j])
			}
			continue
		}
		p := f.parent
		c.stack = c.stack[:len(c.stack)-1]
		if p < 0 {
			break
		}
		c.low[p] = min(c.low[p], c.low[v])
		if c.low[v] >= c.disc[p] {
			// v's subtree is a chamber behind the articulation point p.
			c.best[p] = max(c.best[p], c.in[v]+c.best[v])
		} else {
			c.in[p] += c.in[v]
			c.best[p] = max(c.best[p], c.best[v])
		}
	}
	return int(c.in[start] - 1 + c.best[start])
}
