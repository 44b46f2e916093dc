package speed

import "tourney/engines/game"

// bots lists the built-in bots for Game.Bots, the default (best) first:
// survivor, risk, random.
func bots() []game.BotSpec {
	return []game.BotSpec{SurvivorSpec(), RiskSpec(), game.RandomSpec()}
}

// Helpers shared by the Spe_ed bots: a one-round simulation of one
// player's move on a read-only board, and a bounded flood fill. Neither
// changes the State; scratch marks live in the bot's own buffers.

// move is one player's simulated round: the cells it would write and
// where its head ends.
type move struct {
	cells [MaxSpeed]int32 // board indices written, in order
	n     int             // number of cells written
	x, y  int             // landing cell (valid only when !fatal)
	dir   Direction
	speed int
	fatal bool // certain death whatever the others do
}

// simulate plays action a for a player at (x, y) heading dir at speed sp
// in round r (the round being played, counted from 1) against the
// current cells, as the rules do for a player alone: a speed outside
// 1..MaxSpeed is fatal before moving, a step off the board is fatal, and
// a written cell that is not free is fatal. Jump rounds (r mod 6 = 0) at
// speed ≥ 3 write only the first and the last step.
func simulate(s *State, x, y int, dir Direction, sp int, r int, a game.Action) move {
	var m move
	dir, sp = steer(a, dir, sp)
	m.dir, m.speed = dir, sp
	if sp < 1 || sp > MaxSpeed {
		m.fatal = true
		return m
	}
	jump := r%6 == 0 && sp >= 3
	dx, dy := dir.Delta()
	for st := 0; st < sp; st++ {
		x += dx
		y += dy
		if x < 0 || y < 0 || x >= s.w || y >= s.h {
			m.fatal = true
			return m
		}
		if jump && st != 0 && st != sp-1 {
			continue
		}
		i := int32(y*s.w + x)
		m.cells[m.n] = i
		m.n++
		if s.cells[i] != Free {
			m.fatal = true
		}
	}
	m.x, m.y = x, y
	return m
}

// marks is a board-sized array of generation stamps: cell i is marked
// when mark[i] == gen. next() clears all marks in O(1).
type marks struct {
	mark []uint32
	gen  uint32
}

func (k *marks) reset(n int) {
	if cap(k.mark) < n {
		k.mark = make([]uint32, n)
		k.gen = 0
	}
	k.mark = k.mark[:n]
	k.next()
}

func (k *marks) next() {
	k.gen++
	if k.gen == 0 { // wrapped: clear for real
		clear(k.mark)
		k.gen = 1
	}
}

func (k *marks) set(i int32)      { k.mark[i] = k.gen }
func (k *marks) has(i int32) bool { return k.mark[i] == k.gen }
func (k *marks) unset(i int32)    { k.mark[i] = 0 } // gen is never 0
func (k *marks) setIf(i int32) bool { // set and report whether it was new
	if k.mark[i] == k.gen {
		return false
	}
	k.mark[i] = k.gen
	return true
}

// neighbours returns the cells beside cell i on a w × h board (left,
// right, up, down; those on the board) and how many there are.
func neighbours(w, h int, i int32) (nb [4]int32, k int) {
	cx, cy := int(i)%w, int(i)/w
	if cx > 0 {
		nb[k] = i - 1
		k++
	}
	if cx < w-1 {
		nb[k] = i + 1
		k++
	}
	if cy > 0 {
		nb[k] = i - int32(w)
		k++
	}
	if cy < h-1 {
		nb[k] = i + int32(w)
		k++
	}
	return nb, k
}

// flooder counts free cells reachable by 4-neighbour steps.
type flooder struct {
	seen  marks
	queue []int32
}

// area counts the free cells reachable from the landing cell (x, y) in
// 4-neighbour steps, through cells that are free on s and not in
// blocked (the cells of the move itself are passed there). The landing
// cell is not counted. It stops after limit cells (limit ≤ 0: no limit)
// and returns the count and the cells it visited (its work).
func (f *flooder) area(s *State, x, y int, blocked *marks, limit int) int {
	w, h := s.w, s.h
	f.seen.reset(w * h)
	f.queue = f.queue[:0]
	start := int32(y*w + x)
	f.seen.set(start)
	f.queue = append(f.queue, start)
	count := 0
	for head := 0; head < len(f.queue); head++ {
		i := f.queue[head]
		nb, k := neighbours(w, h, i)
		for _, j := range nb[:k] {
			if s.cells[j] != Free || (blocked != nil && blocked.has(j)) || !f.seen.setIf(j) {
				continue
			}
			count++
			if limit > 0 && count >= limit {
				return count
			}
			f.queue = append(f.queue, j)
		}
	}
	return count
}

// opponentReach marks in k every cell that an active opponent of player
// could write in the next round with any of its five actions (cells
// before a board exit or a crash included, since they are written too).
func opponentReach(s *State, player int, k *marks) {
	k.reset(s.w * s.h)
	r := s.round + 1
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		if p == player || !q.active {
			continue
		}
		for a := range numActions {
			m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), r, a)
			for _, i := range m.cells[:m.n] {
				k.set(i)
			}
		}
	}
}
