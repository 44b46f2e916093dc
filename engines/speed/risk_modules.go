package speed

import (
	"math"
)

// The risk bot's move-level area evaluation, path highlighting and
// kill/attack modules, and the breadth-first searches they share.

// bfs is a breadth-first search over free cells that remembers each
// visited cell's parent and distance in cells.
type bfs struct {
	seen  marks
	prev  []int32
	dist  []int32
	queue []int32
}

// run searches from start (which need not be free) through free cells of s
// not in blocked (nil: none). It stops when stop (≥ 0) is reached and
// returns whether it was. accept, when not nil, must hold for a cell to
// be entered (start excepted).
func (f *bfs) run(s *State, start int32, blocked *marks, stop int32, accept func(i int32, d int32) bool) bool {
	w, h := s.w, s.h
	n := w * h
	f.seen.reset(n)
	f.prev, f.dist = resize(f.prev, n), resize(f.dist, n)
	f.queue = f.queue[:0]
	f.seen.set(start)
	f.prev[start], f.dist[start] = -1, 0
	f.queue = append(f.queue, start)
	for head := 0; head < len(f.queue); head++ {
		i := f.queue[head]
		if i == stop {
			return true
		}
		nb, k := neighbours(w, h, i)
		d := f.dist[i] + 1
		for _, j := range nb[:k] {
			if s.cells[j] != Free || (blocked != nil && blocked.has(j)) || f.seen.has(j) {
				continue
			}
			if accept != nil && !accept(j, d) {
				continue
			}
			f.seen.set(j)
			f.prev[j], f.dist[j] = i, d
			f.queue = append(f.queue, j)
		}
	}
	return false
}

// pathTo returns the cells from the cell after start to end, appended to
// buf, after a run that reached end.
func (f *bfs) pathTo(end int32, buf []int32) []int32 {
	k := len(buf)
	for i := end; f.prev[i] >= 0; i = f.prev[i] {
		buf = append(buf, i)
	}
	for a, z := k, len(buf)-1; a < z; a, z = a+1, z-1 {
		buf[a], buf[z] = buf[z], buf[a]
	}
	return buf
}

func onBoard(s *State, x, y int) bool { return x >= 0 && y >= 0 && x < s.w && y < s.h }

// isAlone reports whether no active opponent can reach the region of
// free cells around the player's head: no opponent's head touches one
// of its free cells.
func (b *riskBot) isAlone(s *State, player int) bool {
	q := &s.pl[player]
	if !onBoard(s, int(q.x), int(q.y)) {
		return true
	}
	b.fl.area(s, int(q.x), int(q.y), nil, 0)
	for p := 0; p < s.n; p++ {
		o := &s.pl[p]
		if p == player || !o.active {
			continue
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := int(o.x)+d[0], int(o.y)+d[1]
			if onBoard(s, x, y) && s.cells[y*s.w+x] == Free && b.fl.seen.has(int32(y*s.w+x)) {
				return false
			}
		}
	}
	return true
}

// moveAreas is the move-level part of Area-Evaluation: for every first
// move that survives a ply it measures the flood-fill area and the
// Voronoi territory behind the landing cell (the move's cells blocked),
// adds area_flood_weight·ln((maxF+1)/(F+1)) and
// area_voronoi_weight·ln((maxV+1)/(V+1)) to the move's cost and marks
// moves whose area is below area_safety × the best as unsafe. When no
// opponent can reach the player's region (fill mode), the Voronoi term is
// dropped and area_fill_speed and area_fill_hug price speed and open
// landing cells instead.
func (b *riskBot) moveAreas(s *State, player int, res *[numActions]riskResult) {
	q := &s.pl[player]
	b.alone = b.isAlone(s, player)
	alone := b.alone
	maxF, maxV := 0, 0
	var free [numActions]int
	for a := range numActions {
		if res[a].plies == 0 {
			continue
		}
		m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
		if m.fatal {
			continue
		}
		b.own.reset(s.w * s.h)
		for _, i := range m.cells[:m.n] {
			b.own.set(i)
		}
		if alone && b.fillChambers {
			res[a].flood = b.ch.fillable(s, int32(m.y*s.w+m.x), &b.own)
		} else {
			res[a].flood = b.fl.area(s, m.x, m.y, &b.own, 0)
		}
		maxF = max(maxF, res[a].flood)
		if alone {
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y := m.x+d[0], m.y+d[1]
				if onBoard(s, x, y) && s.cells[y*s.w+x] == Free && !b.own.has(int32(y*s.w+x)) {
					free[a]++
				}
			}
			res[a].cost *= b.fillMap
			res[a].cost += b.fillSpeed*float64(m.speed-1) + b.fillHug*float64(free[a])/4
		} else if b.areaVorW > 0 {
			res[a].voronoi = b.replyTerritory(s, player, m)
			maxV = max(maxV, res[a].voronoi)
		}
	}
	for a := range numActions {
		r := &res[a]
		if r.plies == 0 {
			continue
		}
		r.cost += b.areaFloodW * math.Log(float64(maxF+1)/float64(r.flood+1))
		if !alone && b.areaVorW > 0 {
			r.cost += b.areaVorW * math.Log(float64(maxV+1)/float64(r.voronoi+1))
		}
		r.unsafe = float64(r.flood) < b.areaSafety*float64(maxF)
	}
}

// areaScores fills b.score with the section scores of Area-Evaluation
// (once per step) and returns their minimum and maximum.
func (b *riskBot) areaScores(s *State) (lo, hi float64) {
	w, h := s.w, s.h
	if !b.scored {
		b.score = resize(b.score, w*h)
		clear(b.score)
		wl := 1.0
		var free []int32
		for l := 0; l < b.areaLevels; l++ {
			side := b.areaSection << l
			sw, sh := (w+side-1)/side, (h+side-1)/side
			free = resizeInt32(free, sw*sh*2)
			clear(free)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					j := (y/side*sw + x/side) * 2
					free[j+1]++
					if s.cells[y*w+x] == Free {
						free[j]++
					}
				}
			}
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					j := (y/side*sw + x/side) * 2
					b.score[y*w+x] += wl * float64(free[j]) / float64(free[j+1])
				}
			}
			wl *= b.areaLevelW
		}
		b.scored = true
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range b.score {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

func resizeInt32(v []int32, n int) []int32 {
	if cap(v) < n {
		return make([]int32, n)
	}
	return v[:n]
}

// path is path highlighting: a shortest path from the head to the
// nearest reachable free cell of the best area score; its first
// path_cells cells get 1 − (1 − path_incentive)·t, t the target's score
// minus the head's, over the board's score range.
func (b *riskBot) path(s *State, player int) {
	q := &s.pl[player]
	if !onBoard(s, int(q.x), int(q.y)) {
		return
	}
	lo, hi := b.areaScores(s)
	if hi-lo < 1e-12 {
		return
	}
	head := int32(int(q.y)*s.w + int(q.x))
	b.bf.run(s, head, nil, -1, nil)
	target := int32(-1)
	for _, i := range b.bf.queue[1:] {
		if target < 0 || b.score[i] > b.score[target]+1e-12 {
			target = i
		}
	}
	if target < 0 {
		return
	}
	t := (b.score[target] - b.score[head]) / (hi - lo)
	if t <= 0 {
		return
	}
	f := 1 - (1-b.pathIncent)*min(t, 1)
	b.cells = b.bf.pathTo(target, b.cells[:0])
	clear(b.fac)
	for k, i := range b.cells {
		if k >= b.pathCells {
			break
		}
		b.fac[i] = f
	}
	b.addFactors()
}

// kill is the attack module. For each active opponent within kill_range
// (Manhattan) the attack cell is the first free cell straight ahead of its
// head, at least round(kill_lead × its speed) cells away, that it cannot
// write next round. The player needs a shortest path there of at most
// kill_range cells that avoids every cell an opponent can write next
// round (else nothing is set: the attack is not safe). That path and the
// opponent's ray up to the attack cell cut the space beside the opponent's
// head into its left and right side. When the two sides are separate and
// the smaller holds fewer than kill_region_max cells and fewer than the
// player's own region, the path's cells get kill_incentive.
func (b *riskBot) kill(s *State, player int) {
	me := &s.pl[player]
	if !onBoard(s, int(me.x), int(me.y)) {
		return
	}
	w := s.w
	myHead := int32(int(me.y)*w + int(me.x))
	opponentReach(s, player, &b.reach)
	own := -1 // own region, computed once when needed
	clear(b.fac)
	set := false
	for p := 0; p < s.n; p++ {
		o := &s.pl[p]
		if p == player || !o.active || !onBoard(s, int(o.x), int(o.y)) {
			continue
		}
		ox, oy := int(o.x), int(o.y)
		if abs(ox-int(me.x))+abs(oy-int(me.y)) > b.killRange {
			continue
		}
		lead := max(1, int(math.Round(b.killLead*float64(o.speed))))
		dx, dy := o.dir.Delta()
		b.ray = b.ray[:0]
		target := int32(-1)
		// The attack cell: the first ray cell at least lead ahead that the
		// opponent cannot write next round (a speed-up reaches speed+1).
		for j := 1; j <= lead+int(o.speed)+1; j++ {
			x, y := ox+j*dx, oy+j*dy
			if !onBoard(s, x, y) || s.cells[y*w+x] != Free {
				break
			}
			i := int32(y*w + x)
			b.ray = append(b.ray, i)
			if j >= lead && !b.reach.has(i) {
				target = i
				break
			}
		}
		if target < 0 {
			continue
		}
		ok := b.bf.run(s, myHead, nil, target, func(i, _ int32) bool { return !b.reach.has(i) })
		if !ok || int(b.bf.dist[target]) > b.killRange {
			continue
		}
		b.cells = b.bf.pathTo(target, b.cells[:0])
		// The cut: the path and the opponent's ray.
		b.blk.reset(w * s.h)
		for _, i := range b.cells {
			b.blk.set(i)
		}
		for _, i := range b.ray {
			b.blk.set(i)
		}
		lx, ly := ox+dy, oy-dx // left of the heading (dir rotated counter-clockwise)
		rx, ry := ox-dy, oy+dx
		side := func(x, y int) (int, int32) {
			if !onBoard(s, x, y) || s.cells[y*w+x] != Free || b.blk.has(int32(y*w+x)) {
				return 0, -1
			}
			return 1 + b.fl.area(s, x, y, &b.blk, 0), int32(y*w + x)
		}
		nl, il := side(lx, ly)
		if il >= 0 && onBoard(s, rx, ry) && b.fl.seen.has(int32(ry*w+rx)) {
			continue // both sides are one region: no trap
		}
		nr, _ := side(rx, ry)
		small := min(nl, nr)
		if small >= b.killRegionMax {
			continue
		}
		if own < 0 {
			own = b.fl.area(s, int(me.x), int(me.y), nil, 0)
		}
		if small >= own {
			continue
		}
		for _, i := range b.cells {
			b.fac[i] = b.killIncent
		}
		set = true
	}
	if set {
		b.addFactors()
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
