package reversixt

import (
	"fmt"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
)

// mapFeatures counts what a map holds.
type mapFeatures struct {
	players, width, height      int
	overwrites, bombs, strength int
	holes, choice, inversion    int
	bonus, expansion            int
	transitions                 int
	directions                  int // distinct directions at transition ends
	loops                       int // (cell, direction) walks that come back through a transition
	stones                      [9]int
}

func featuresOf(m *Map) mapFeatures {
	f := mapFeatures{players: m.NPlayers, width: m.Width, height: m.Height,
		overwrites: m.Overwrites, bombs: m.Bombs, strength: m.Strength, transitions: len(m.Transitions)}
	for _, v := range m.Cells {
		switch {
		case v == Hole:
			f.holes++
		case v == Choice:
			f.choice++
		case v == Inversion:
			f.inversion++
		case v == Bonus:
			f.bonus++
		case v == Expansion:
			f.expansion++
		case v >= 1 && v <= 8:
			f.stones[v]++
		}
	}
	var dirs [8]bool
	for _, t := range m.Transitions {
		dirs[t.R1], dirs[t.R2] = true, true
	}
	for _, d := range dirs {
		if d {
			f.directions++
		}
	}
	f.loops = transitionLoops(m)
	return f
}

// transitionLoops counts the (cell, direction) pairs whose walk with the
// step function comes back to the cell after passing a transition.
func transitionLoops(m *Map) int {
	n := 0
	for c := range m.Cells {
		if m.Cells[c] == Hole {
			continue
		}
		for d := 0; d < 8; d++ {
			cur, dir, through := c, d, false
			for k := 0; k <= len(m.Cells)*8; k++ {
				c2, d2, ok := m.Next(cur, dir)
				if !ok {
					break
				}
				if d2 != dir || !adjacent(m, cur, c2, dir) {
					through = true
				}
				cur, dir = c2, d2
				if cur == c {
					if through {
						n++
					}
					break
				}
			}
		}
	}
	return n
}

// adjacent reports whether c2 is the straight neighbour of c in direction d.
func adjacent(m *Map, c, c2, d int) bool {
	x, y := m.XY(c)
	x2, y2 := m.XY(c2)
	return x+dirX[d] == x2 && y+dirY[d] == y2
}

// The maps designed for this project: header, size and features.
func TestBuiltinMapFeatures(t *testing.T) {
	type want struct {
		mapFeatures
		minTransitions, minHoles, minChoice, minInversion, minBonus, minExpansion, minDirections int
		loops                                                                                    bool
	}
	h := func(players, w, hgt, ow, bombs, strength int) mapFeatures {
		return mapFeatures{players: players, width: w, height: hgt, overwrites: ow, bombs: bombs, strength: strength}
	}
	cases := map[string]want{
		"duel10":  {h(2, 10, 10, 2, 2, 0), 18, 16, 0, 0, 4, 4, 8, true},
		"tri13":   {h(3, 13, 13, 3, 2, 1), 16, 20, 2, 2, 4, 4, 8, true},
		"cross14": {h(4, 14, 14, 2, 1, 2), 18, 68, 4, 4, 4, 4, 8, true},
		"octo20":  {h(8, 20, 20, 2, 1, 1), 28, 72, 4, 4, 4, 8, 8, true},
	}
	seen := map[int]bool{}
	for name, w := range cases {
		f := featuresOf(mustLoad(t, name))
		seen[f.players] = true
		got := fmt.Sprintf("%dp %dx%d ow %d bombs %d/%d", f.players, f.width, f.height, f.overwrites, f.bombs, f.strength)
		exp := fmt.Sprintf("%dp %dx%d ow %d bombs %d/%d", w.players, w.width, w.height, w.overwrites, w.bombs, w.strength)
		if got != exp {
			t.Errorf("%s: header %s, want %s", name, got, exp)
		}
		if f.transitions < w.minTransitions || f.holes < w.minHoles || f.choice < w.minChoice || f.inversion < w.minInversion ||
			f.bonus < w.minBonus || f.expansion < w.minExpansion || f.directions < w.minDirections || (w.loops && f.loops == 0) {
			t.Errorf("%s: features %+v, want at least %+v", name, f, w)
		}
		if f.width > 20 || f.height > 20 {
			t.Errorf("%s: %dx%d is larger than 20×20", name, f.width, f.height)
		}
		// every player has stones, all the same number
		for p := 1; p <= f.players; p++ {
			if f.stones[p] == 0 || f.stones[p] != f.stones[1] {
				t.Errorf("%s: player %d has %d stones at the start, player 1 %d", name, p, f.stones[p], f.stones[1])
			}
		}
		// the first player can move, every player has a move in the first round
		s := NewState(mustLoad(t, name))
		if s.IsTerminal() || s.CurrentPlayer() != 0 {
			t.Errorf("%s: player 1 cannot move at the start", name)
		}
		t.Logf("%s: %+v", name, f)
	}
	for _, p := range []int{2, 3, 4, 8} {
		if !seen[p] {
			t.Errorf("no designed map for %d players", p)
		}
	}
	// together: all the features
	var all mapFeatures
	for name := range cases {
		f := featuresOf(mustLoad(t, name))
		all.choice += f.choice
		all.inversion += f.inversion
		all.bonus += f.bonus
		all.expansion += f.expansion
		all.holes += f.holes
		all.loops += f.loops
		all.overwrites += f.overwrites
		all.bombs += f.bombs
		all.strength = max(all.strength, f.strength)
	}
	if all.choice == 0 || all.inversion == 0 || all.bonus == 0 || all.expansion == 0 || all.holes == 0 || all.loops == 0 ||
		all.overwrites == 0 || all.bombs == 0 || all.strength < 1 {
		t.Errorf("the designed maps lack a feature: %+v", all)
	}
}

// symmetry maps a cell to its image, a direction to its image and a player
// to its image.
type symmetry struct {
	name   string
	cell   func(m *Map, x, y int) (int, int)
	dir    func(d int) int
	player func(n, p int) int
}

var (
	mirrorSwap = symmetry{"mirror x, players swapped",
		func(m *Map, x, y int) (int, int) { return m.Width - 1 - x, y },
		func(d int) int { return (8 - d) % 8 },
		func(n, p int) int { return 3 - p }}
	transposeSwap23 = symmetry{"transpose, players 2 and 3 swapped",
		func(m *Map, x, y int) (int, int) { return y, x },
		func(d int) int { return (14 - d) % 8 },
		func(n, p int) int { return [4]int{0, 1, 3, 2}[p] }}
	antiTranspose = symmetry{"anti-transpose",
		func(m *Map, x, y int) (int, int) { return m.Width - 1 - y, m.Height - 1 - x },
		func(d int) int { return (10 - d) % 8 },
		func(n, p int) int { return p }}
	quarterTurn = func(shift int) symmetry {
		return symmetry{fmt.Sprintf("quarter turn, players +%d", shift),
			func(m *Map, x, y int) (int, int) { return m.Height - 1 - y, x },
			func(d int) int { return (d + 2) % 8 },
			func(n, p int) int { return (p-1+shift)%n + 1 }}
	}
)

// The designed maps are fair: a symmetry of the board, the transitions and
// the start maps every player's position to another's.
func TestBuiltinMapSymmetry(t *testing.T) {
	cases := map[string][]symmetry{
		"duel10":  {mirrorSwap},
		"tri13":   {transposeSwap23, antiTranspose},
		"cross14": {quarterTurn(1)},
		"octo20":  {quarterTurn(2)},
	}
	for name, syms := range cases {
		m := mustLoad(t, name)
		for _, sym := range syms {
			for y := 0; y < m.Height; y++ {
				for x := 0; x < m.Width; x++ {
					v := m.Cells[m.Index(x, y)]
					x2, y2 := sym.cell(m, x, y)
					w := m.Cells[m.Index(x2, y2)]
					if v >= 1 && v <= 8 {
						v = uint8(sym.player(m.NPlayers, int(v)))
					}
					if v != w {
						t.Errorf("%s: %s: (%d,%d) = %c maps to (%d,%d) = %c", name, sym.name, x, y, cellChars[m.Cells[m.Index(x, y)]], x2, y2, cellChars[w])
					}
				}
			}
			type end struct{ x, y, r int }
			key := func(a, b end) [2]end {
				if a.x > b.x || (a.x == b.x && (a.y > b.y || (a.y == b.y && a.r > b.r))) {
					a, b = b, a
				}
				return [2]end{a, b}
			}
			have := map[[2]end]bool{}
			for _, tr := range m.Transitions {
				have[key(end{tr.X1, tr.Y1, tr.R1}, end{tr.X2, tr.Y2, tr.R2})] = true
			}
			for _, tr := range m.Transitions {
				x1, y1 := sym.cell(m, tr.X1, tr.Y1)
				x2, y2 := sym.cell(m, tr.X2, tr.Y2)
				k := key(end{x1, y1, sym.dir(tr.R1)}, end{x2, y2, sym.dir(tr.R2)})
				if !have[k] {
					t.Errorf("%s: %s: transition %v has no image (%v)", name, sym.name, tr, k)
				}
			}
		}
	}
}

// checkInvariants checks a state against its map: holes stay holes (no
// stone on a hole), phase 1 makes no holes, the cell values are valid,
// the stone counts add up and match Returns, and no stock is negative.
func checkInvariants(s *State) error {
	m := s.Map()
	count := make([]int, 14)
	for c := range m.Cells {
		v := s.Cell(c)
		if v > Hole {
			return fmt.Errorf("cell %d has value %d", c, v)
		}
		if m.Cells[c] == Hole && v != Hole {
			return fmt.Errorf("cell %d: a hole of the map holds %d", c, v)
		}
		if v >= 1 && v <= 8 && int(v) > s.NumPlayers() {
			return fmt.Errorf("cell %d: stone of player %d on a %d-player map", c, v, s.NumPlayers())
		}
		count[v]++
	}
	if s.Phase() == Phase1 {
		holes := 0
		for _, v := range m.Cells {
			if v == Hole {
				holes++
			}
		}
		if count[Hole] != holes {
			return fmt.Errorf("phase 1 with %d holes, the map has %d", count[Hole], holes)
		}
	}
	ret := s.Returns(nil)
	sum := 0
	for _, k := range count {
		sum += k
	}
	if sum != len(m.Cells) {
		return fmt.Errorf("cell counts add up to %d of %d", sum, len(m.Cells))
	}
	for p := 0; p < s.NumPlayers(); p++ {
		if got := s.Count(p); got != count[p+1] {
			return fmt.Errorf("Count(%d) = %d, the board has %d", p, got, count[p+1])
		}
		if !s.Disqualified(p) && ret[p] != float64(count[p+1]) {
			return fmt.Errorf("Returns[%d] = %v, the board has %d stones", p, ret[p], count[p+1])
		}
		if s.Overwrites(p) < 0 || s.BombsLeft(p) < 0 {
			return fmt.Errorf("seat %d: overwrites %d, bombs %d", p, s.Overwrites(p), s.BombsLeft(p))
		}
	}
	return nil
}

// playChecked plays one random game to the end, checking the invariants
// after every move and the length bound; it returns the moves.
func playChecked(tb testing.TB, m *Map, seed uint64) []game.Action {
	tb.Helper()
	s := NewState(m)
	rng := game.NewRand(seed)
	var played, buf []game.Action
	bombs := make([]int, s.NumPlayers())
	for !s.IsTerminal() {
		if len(played) > m.MaxLength() {
			tb.Fatalf("%s: no end after %d moves (bound %d)", m.Name(), len(played), m.MaxLength())
		}
		p := s.CurrentPlayer()
		buf = s.LegalActions(p, buf[:0])
		if len(buf) == 0 {
			tb.Fatalf("%s: seat %d to move has no legal action\n%s", m.Name(), p, s)
		}
		a := buf[rng.IntN(len(buf))]
		phase, ow, bo := s.Phase(), s.Overwrites(p), s.BombsLeft(p)
		s.Apply(a)
		played = append(played, a)
		if err := checkInvariants(s); err != nil {
			tb.Fatalf("%s seed %d move %d: %v\n%s", m.Name(), seed, len(played), err, s)
		}
		if phase == Phase2 {
			bombs[p]++
			if s.BombsLeft(p) != bo-1 || s.Overwrites(p) != ow {
				tb.Fatalf("%s: a bomb move of seat %d: bombs %d -> %d, overwrites %d -> %d", m.Name(), p, bo, s.BombsLeft(p), ow, s.Overwrites(p))
			}
		}
	}
	// the game ends when no active player has a bomb or no field is left
	for p, k := range bombs {
		if s.BombsLeft(p) != 0 && s.anyField() {
			tb.Fatalf("%s: seat %d threw %d bombs and has %d left at the end\n%s", m.Name(), p, k, s.BombsLeft(p), s)
		}
	}
	return played
}

// Random games to the end on every built-in map, with the invariants after
// every move.
func TestBuiltinMapsRandomGames(t *testing.T) {
	games := 30
	if raceEnabled || testing.Short() {
		games = 4
	}
	for _, name := range BuiltinMaps {
		m := mustLoad(t, name)
		total := 0
		for g := 0; g < games; g++ {
			total += len(playChecked(t, m, uint64(g)))
		}
		t.Logf("%s: %d games, %.1f moves on average (bound %d)", name, games, float64(total)/float64(games), m.MaxLength())
	}
}

// The conformance suite on each designed map alone, to the end of every
// game (TestConformanceBuiltin plays all built-in maps too).
func TestConformanceDesignedMaps(t *testing.T) {
	playouts := 6
	if raceEnabled || testing.Short() {
		playouts = 2
	}
	for _, name := range []string{"duel10", "tri13", "cross14", "octo20"} {
		t.Run(name, func(t *testing.T) {
			sum := conformance.Run(t, Game{}, conformance.Options{Maps: []string{name}, Playouts: playouts, Seed: 11})
			if sum.Finished != playouts {
				t.Errorf("%d of %d playouts finished", sum.Finished, playouts)
			}
		})
	}
}
