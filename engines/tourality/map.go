package tourality

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// Map limits (spec §3 item 3).
const (
	MinSide  = 2
	MaxSide  = 64
	MaxChips = 64
)

// Directions and the stay move, numbered as on the tournament server.
const (
	Up    = 0
	Right = 1
	Down  = 2
	Left  = 3
	Stay  = 4
)

var dirNames = [5]string{"up", "right", "down", "left", "stay"}

// Map is a Tourality board: obstacles, the initial chips and the two start
// cells, with static distances precomputed. It is immutable.
type Map struct {
	name  string
	w, h  int
	wall  []bool
	start [2]int
	// chipCell[i] is the cell of chip i (row-major order); chipAt[cell] is
	// the chip number there or -1.
	chipCell []int
	chipAt   []int8
	all      uint64 // every chip
	// nb[cell][dir] is the neighbour in direction dir, or -1 when it is off
	// the board or an obstacle.
	nb [][4]int16
	// dist[i][cell] is the static distance from chip i to cell (-1: none).
	dist [][]int16
	// chipDist[i][j] is the static distance between chips i and j.
	chipDist [][]int16
}

// Name is the map's name (built-in name or file path).
func (m *Map) Name() string { return m.name }

// Players is 2.
func (m *Map) Players() int { return 2 }

// Width and Height are the board size.
func (m *Map) Width() int  { return m.w }
func (m *Map) Height() int { return m.h }

// Cells is Width*Height; a cell index is y*Width + x.
func (m *Map) Cells() int { return m.w * m.h }

// Cell returns the index of (x, y).
func (m *Map) Cell(x, y int) int { return y*m.w + x }

// XY returns the coordinates of a cell.
func (m *Map) XY(cell int) (x, y int) { return cell % m.w, cell / m.w }

// Wall reports whether cell is an obstacle.
func (m *Map) Wall(cell int) bool { return m.wall[cell] }

// Start returns the cell of start S1 (i = 0) or S2 (i = 1).
func (m *Map) Start(i int) int { return m.start[i] }

// NumChips is the number of chips on the map.
func (m *Map) NumChips() int { return len(m.chipCell) }

// ChipCell returns the cell of chip i.
func (m *Map) ChipCell(i int) int { return m.chipCell[i] }

// ChipAt returns the chip number on cell, or -1.
func (m *Map) ChipAt(cell int) int { return int(m.chipAt[cell]) }

// AllChips is the chip set of the initial map.
func (m *Map) AllChips() uint64 { return m.all }

// Neighbour returns the cell one step from cell in direction dir (0..3),
// or -1 when that is off the board or an obstacle.
func (m *Map) Neighbour(cell, dir int) int { return int(m.nb[cell][dir]) }

// Dist returns the static distance (obstacles only) between chip i and
// cell, or -1 when cell cannot reach it.
func (m *Map) Dist(chip, cell int) int { return int(m.dist[chip][cell]) }

// Text writes the map in the .trlt format: W characters and one LF per
// row, the last row included (spec §3 item 8).
func (m *Map) Text() []byte {
	var b bytes.Buffer
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			k := m.Cell(x, y)
			switch {
			case m.wall[k]:
				b.WriteByte('#')
			case k == m.start[0]:
				b.WriteByte('1')
			case k == m.start[1]:
				b.WriteByte('2')
			case m.chipAt[k] >= 0:
				b.WriteByte('+')
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// ReadMap reads a .trlt file; the map is named by its path.
func ReadMap(path string) (*Map, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseMap(path, data)
}

// ParseMap parses .trlt text (spec §3). Errors read "name:line:col: message".
func ParseMap(name string, data []byte) (*Map, error) {
	text := string(data)
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // final line break
	}
	errAt := func(line, col int, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	if len(lines) == 0 {
		return nil, errAt(1, 1, "empty map")
	}
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	w, h := len(lines[0]), len(lines)
	if w < MinSide || w > MaxSide {
		return nil, errAt(1, 1, "map width %d is outside %d..%d", w, MinSide, MaxSide)
	}
	if h < MinSide || h > MaxSide {
		return nil, errAt(h, 1, "map height %d is outside %d..%d", h, MinSide, MaxSide)
	}
	g := &grid{w: w, h: h, wall: make([]bool, w*h), chip: make([]bool, w*h), start: [2]int{-1, -1}}
	for y, l := range lines {
		if len(l) != w {
			return nil, errAt(y+1, min(len(l), w)+1, "line has %d characters, the first line has %d (lines are never padded: trailing spaces are free cells, keep them)", len(l), w)
		}
		for x := 0; x < w; x++ {
			k := y*w + x
			switch c := l[x]; c {
			case ' ':
			case '+':
				g.chip[k] = true
			case '#':
				g.wall[k] = true
			case '1', '2':
				i := int(c - '1')
				if g.start[i] >= 0 {
					sx, sy := g.start[i]%w, g.start[i]/w
					return nil, errAt(y+1, x+1, "second start %c (the first is at line %d, column %d)", c, sy+1, sx+1)
				}
				g.start[i] = k
			default:
				return nil, errAt(y+1, x+1, "character %q is not one of ' ', '+', '#', '1', '2'", c)
			}
		}
	}
	for i, s := range g.start {
		if s < 0 {
			return nil, errAt(h, 1, "no start %d", i+1)
		}
	}
	n := 0
	for _, c := range g.chip {
		if c {
			n++
		}
	}
	if n < 1 || n > MaxChips {
		return nil, errAt(1, 1, "%d chips, a map needs 1..%d", n, MaxChips)
	}
	for i := 0; i < 2; i++ {
		reach := g.reach(g.start[i])
		for k, c := range g.chip {
			if c && !reach[k] {
				return nil, errAt(k/w+1, k%w+1, "chip at x=%d y=%d cannot be reached from start %d", k%w, k/w, i+1)
			}
		}
	}
	return g.build(name), nil
}

// grid is a map under construction.
type grid struct {
	w, h  int
	wall  []bool
	chip  []bool
	start [2]int
}

// reach marks the non-obstacle cells 4-connected to src.
func (g *grid) reach(src int) []bool {
	seen := make([]bool, g.w*g.h)
	queue := []int{src}
	seen[src] = true
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		x, y := k%g.w, k/g.w
		try := func(nx, ny int) {
			if nx < 0 || ny < 0 || nx >= g.w || ny >= g.h {
				return
			}
			j := ny*g.w + nx
			if !seen[j] && !g.wall[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
		try(x, y-1)
		try(x+1, y)
		try(x, y+1)
		try(x-1, y)
	}
	return seen
}

func (g *grid) build(name string) *Map {
	n := g.w * g.h
	m := &Map{name: name, w: g.w, h: g.h, wall: g.wall, start: g.start, chipAt: make([]int8, n), nb: make([][4]int16, n)}
	for k := 0; k < n; k++ {
		m.chipAt[k] = -1
		if g.chip[k] {
			m.chipAt[k] = int8(len(m.chipCell))
			m.chipCell = append(m.chipCell, k)
		}
		x, y := k%g.w, k/g.w
		nb := [4][2]int{{x, y - 1}, {x + 1, y}, {x, y + 1}, {x - 1, y}}
		for d, p := range nb {
			m.nb[k][d] = -1
			if p[0] >= 0 && p[1] >= 0 && p[0] < g.w && p[1] < g.h && !g.wall[p[1]*g.w+p[0]] {
				m.nb[k][d] = int16(p[1]*g.w + p[0])
			}
		}
	}
	m.all = ^uint64(0) >> (64 - len(m.chipCell))
	m.dist = make([][]int16, len(m.chipCell))
	m.chipDist = make([][]int16, len(m.chipCell))
	for i, c := range m.chipCell {
		m.dist[i] = make([]int16, n)
		m.bfs(c, -1, m.dist[i])
	}
	for i := range m.chipCell {
		m.chipDist[i] = make([]int16, len(m.chipCell))
		for j, c := range m.chipCell {
			m.chipDist[i][j] = m.dist[i][c]
		}
	}
	return m
}

// bfs writes the distance from src to every cell into out (-1 where
// unreachable), treating blocked (if ≥ 0) as an obstacle.
func (m *Map) bfs(src, blocked int, out []int16) {
	for i := range out {
		out[i] = -1
	}
	var qbuf [MaxSide * MaxSide]int16
	q := qbuf[:0]
	out[src] = 0
	q = append(q, int16(src))
	for h := 0; h < len(q); h++ {
		k := int(q[h])
		d := out[k] + 1
		for _, j := range m.nb[k] {
			if j >= 0 && int(j) != blocked && out[j] < 0 {
				out[j] = d
				q = append(q, j)
			}
		}
	}
}
