package speed

import (
	"math/rand/v2"
	"testing"

	"tourney/engines/game"
)

// refState is an independent, naive reading of spec §4: a cell ends as −1
// exactly when it was occupied before the round or written by two or more
// moves, and a player is out when any cell it wrote ends as −1.
type refState struct {
	w, h   int
	cells  map[[2]int]int
	x, y   []int
	dir    []Direction
	speed  []int
	active []bool
	round  int
}

func refFrom(s *State) *refState {
	r := &refState{w: s.w, h: s.h, cells: map[[2]int]int{}, round: s.round}
	for i, c := range s.cells {
		if c != 0 {
			r.cells[[2]int{i % s.w, i / s.w}] = int(c)
		}
	}
	for p := 0; p < s.n; p++ {
		q := s.Player(p)
		r.x = append(r.x, q.X)
		r.y = append(r.y, q.Y)
		r.dir = append(r.dir, q.Direction)
		r.speed = append(r.speed, q.Speed)
		r.active = append(r.active, q.Active)
	}
	return r
}

func (r *refState) play(actions []game.Action) {
	r.round++
	writes := map[[2]int][]int{}
	mine := make([][][2]int, len(r.x))
	for p, a := range actions {
		if !r.active[p] {
			continue
		}
		switch a {
		case TurnLeft:
			r.dir[p] = (r.dir[p] + 3) % 4
		case TurnRight:
			r.dir[p] = (r.dir[p] + 1) % 4
		case SpeedUp:
			r.speed[p]++
		case SlowDown:
			r.speed[p]--
		}
		if a == game.NoAction || r.speed[p] < 1 || r.speed[p] > 10 {
			r.active[p] = false
			continue
		}
		d := map[Direction][2]int{Up: {0, -1}, Right: {1, 0}, Down: {0, 1}, Left: {-1, 0}}[r.dir[p]]
		dx, dy := d[0], d[1]
		for st := 1; st <= r.speed[p]; st++ {
			r.x[p] += dx
			r.y[p] += dy
			if r.x[p] < 0 || r.y[p] < 0 || r.x[p] >= r.w || r.y[p] >= r.h {
				r.active[p] = false
				break
			}
			if r.round%6 == 0 && r.speed[p] >= 3 && st > 1 && st < r.speed[p] {
				continue
			}
			c := [2]int{r.x[p], r.y[p]}
			writes[c] = append(writes[c], p)
			mine[p] = append(mine[p], c)
		}
	}
	for c, ps := range writes {
		if r.cells[c] != 0 || len(ps) > 1 {
			r.cells[c] = -1
		} else {
			r.cells[c] = ps[0] + 1
		}
	}
	for p := range mine {
		for _, c := range mine[p] {
			if r.cells[c] == -1 {
				r.active[p] = false
			}
		}
	}
}

func (r *refState) equal(t *testing.T, s *State) bool {
	t.Helper()
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			if int(s.Cell(x, y)) != r.cells[[2]int{x, y}] {
				t.Errorf("round %d cell (%d,%d): engine %d, reference %d", s.round, x, y, s.Cell(x, y), r.cells[[2]int{x, y}])
				return false
			}
		}
	}
	for p := range r.x {
		q := s.Player(p)
		if q.X != r.x[p] || q.Y != r.y[p] || q.Direction != r.dir[p] || q.Speed != r.speed[p] || q.Active != r.active[p] {
			t.Errorf("round %d player %d: engine %+v, reference %d %d %s %d %t", s.round, p+1, q, r.x[p], r.y[p], r.dir[p], r.speed[p], r.active[p])
			return false
		}
	}
	return true
}

// cautious picks a uniformly random action among those that survive one
// round if nobody else moved differently (a random action when none does);
// it makes long games with high speeds and many jump rounds.
func cautious(s *State, p int, rng *rand.Rand, tmp []game.Action) game.Action {
	var ok []game.Action
	for a := range numActions {
		c := s.Copy()
		for q := range tmp {
			tmp[q] = game.NoAction
			if q != p {
				c.pl[q].active = false // the others stand still
			}
		}
		tmp[p] = a
		c.round1(tmp, &[MaxPlayers]bool{})
		if c.pl[p].active {
			ok = append(ok, a)
		}
	}
	if len(ok) == 0 {
		return game.Action(rng.IntN(int(numActions)))
	}
	return ok[rng.IntN(len(ok))]
}

// TestAgainstReference plays long games with cautious random players and
// compares every round with the naive reference.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	jumps, rounds := 0, 0
	for g := 0; g < 60; g++ {
		n := 2 + g%5
		m, _ := NewMap(n, 0, 0)
		if g%3 == 0 {
			m, _ = NewMap(n, 10+g%7, 9+g%5)
		}
		s := NewState(m, uint64(g))
		r := refFrom(s)
		joint := make([]game.Action, n)
		tmp := make([]game.Action, n)
		for !s.IsTerminal() {
			for p := range joint {
				joint[p] = game.NoAction
				if s.pl[p].active {
					joint[p] = cautious(s, p, rng, tmp)
					if rng.IntN(200) == 0 {
						joint[p] = game.NoAction // a rare timeout
					}
				}
			}
			if (s.round+1)%6 == 0 {
				for p := range joint {
					if s.pl[p].active && s.pl[p].speed >= 3 {
						jumps++
					}
				}
			}
			s.ApplyJoint(joint)
			r.play(joint)
			rounds++
			if !r.equal(t, s) {
				t.Fatalf("game %d differs\n%s", g, s)
			}
		}
	}
	t.Logf("%d rounds, %d jump moves", rounds, jumps)
	if jumps < 50 {
		t.Errorf("only %d jump moves exercised", jumps)
	}
}

// benchGames plays 6-player games on 80×80, every active player's action
// from pick, and reports the mean game length.
func benchGames(b *testing.B, pick func(s *State, p int, rng *rand.Rand) game.Action) {
	m, _ := NewMap(6, 80, 80)
	rng := rand.New(rand.NewPCG(1, 2))
	joint := make([]game.Action, 6)
	rounds := 0
	for i := 0; b.Loop(); i++ {
		s := NewState(m, uint64(i))
		for !s.IsTerminal() {
			for p := range joint {
				joint[p] = game.NoAction
				if s.pl[p].active {
					joint[p] = pick(s, p, rng)
				}
			}
			s.ApplyJoint(joint)
		}
		rounds += s.round
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkGameCautious6p80x80 plays 6-player games on 80×80 with the
// cautious random players of TestAgainstReference (long games; each
// copies the state five times a round, so this measures them more than
// the engine).
func BenchmarkGameCautious6p80x80(b *testing.B) {
	tmp := make([]game.Action, 6)
	benchGames(b, func(s *State, p int, rng *rand.Rand) game.Action { return cautious(s, p, rng, tmp) })
}

// BenchmarkGameSafe6p80x80 plays 6-player games on 80×80 with instant
// bots that still last: each plays a random action among those its own
// simulate (no state copy) finds safe, so games run to about 60 rounds.
// This is the engine's cost per whole game (spec target: under 5 ms).
func BenchmarkGameSafe6p80x80(b *testing.B) {
	benchGames(b, func(s *State, p int, rng *rand.Rand) game.Action {
		q := &s.pl[p]
		var ok [numActions]game.Action
		k := 0
		for a := range numActions {
			if !simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a).fatal {
				ok[k] = a
				k++
			}
		}
		if k == 0 {
			return game.Action(rng.IntN(int(numActions)))
		}
		return ok[rng.IntN(k)]
	})
}
