package reversixt

import (
	"embed"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// MaxSide is the largest accepted height and width (spec §1.3 rule 6).
const MaxSide = 64

// Cell values of the board. Values 1..8 are the stones of players 1..8.
const (
	Empty     uint8 = 0
	Expansion uint8 = 9  // `x`: a stone owned by nobody
	Choice    uint8 = 10 // `c`
	Inversion uint8 = 11 // `i`
	Bonus     uint8 = 12 // `b`
	Hole      uint8 = 13 // `-`
)

// isStone reports whether v is a stone (a player's or `x`).
func isStone(v uint8) bool { return v-1 < 9 }

// Direction offsets, r = 0..7: up, up-right, right, down-right, down,
// down-left, left, up-left (spec §2).
var (
	dirX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
)

// Transition is one `x1 y1 r1 <-> x2 y2 r2` line of a map file.
type Transition struct {
	X1, Y1, R1, X2, Y2, R2 int
}

// Map is a parsed ReversiXT map. It is immutable once built.
type Map struct {
	name          string
	NPlayers      int
	Overwrites    int // overwrite stones per player at the start
	Bombs         int // bombs per player at the start
	Strength      int // bomb strength
	Width, Height int
	Cells         []uint8 // initial board, index y*Width + x
	Transitions   []Transition
	// Ply is the number of moves played before the position when the map
	// is a position (PositionMap), 0 for a map file.
	Ply int

	// next[c*8+d] is the step of spec §3.3 from cell c in direction d on
	// the initial board, packed as dest*8 + new direction, or -1. At run
	// time a step onto a cell that has become a hole is not taken.
	next []int32
	zob  []uint64 // Zobrist keys, cell*16 + value
	// nb[c*8+d] is the cell of next[c*8+d], or c itself when there is no
	// step: the first-step tests read the board without a branch.
	nb []uint16

	// small maps (at most 8×8, no transitions) keep bitboards too: cell c
	// is bit bit[c] = y*8 + x, and phase-1 moves without overwrite stones
	// are generated with shifts.
	small bool
	bit   []uint64

	nw int // words of a cell bitset: (cells + 63) / 64
}

// Name is the built-in name or the file path the map was loaded from.
func (m *Map) Name() string { return m.name }

// Players is the number of seats (the header's player count).
func (m *Map) Players() int { return m.NPlayers }

// Index returns the cell index of (x, y).
func (m *Map) Index(x, y int) int { return y*m.Width + x }

// XY returns the coordinates of cell index c.
func (m *Map) XY(c int) (x, y int) { return c % m.Width, c / m.Width }

// Next is the step function of spec §3.3 on the initial board: the cell
// reached from c in direction d and the direction travelled on, or ok =
// false.
func (m *Map) Next(c, d int) (c2, d2 int, ok bool) {
	v := m.next[c*8+d]
	if v < 0 {
		return 0, 0, false
	}
	return int(v >> 3), int(v & 7), true
}

//go:embed maps/*.map
var builtinFS embed.FS

// BuiltinMaps lists the built-in map names; the first is the default.
var BuiltinMaps = []string{"standard8", "example15", "duel10", "tri13", "cross14", "octo20"}

// LoadMap returns a built-in map by name ("" means standard8), a
// generated map (gen:SEED, gen-TOKENS:SEED: ParseGenName) or reads a map
// file.
func LoadMap(nameOrPath string) (*Map, error) {
	if nameOrPath == "" {
		nameOrPath = BuiltinMaps[0]
	}
	for _, b := range BuiltinMaps {
		if b == nameOrPath {
			data, err := builtinFS.ReadFile("maps/" + b + ".map")
			if err != nil {
				return nil, err
			}
			return ParseMap(b, data)
		}
	}
	if m, ok, err := LoadGenMap(nameOrPath); ok {
		return m, err
	}
	data, err := os.ReadFile(nameOrPath)
	if err != nil {
		return nil, fmt.Errorf("reversixt: %w (built-in maps: %s, or generated: %s)", err, strings.Join(BuiltinMaps, ", "), genGrammar)
	}
	return ParseMap(nameOrPath, data)
}

// MapError is a malformed map: File:Line:Col: Msg.
type MapError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *MapError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

type token struct {
	s   string
	col int // 1-based byte column
}

type line struct {
	num  int
	text string
	toks []token
}

// splitLines splits data at LF, CRLF and lone CR, keeping 1-based line
// numbers and dropping blank lines. last is the number of the file's last
// line (the one after a final line break: where the file ends).
func splitLines(data []byte) (out []line, last int) {
	s := string(data)
	s = strings.TrimPrefix(s, "\ufeff")
	num := 1
	start := 0
	emit := func(end int) {
		text := s[start:end]
		if toks := tokenize(text); len(toks) > 0 {
			out = append(out, line{num: num, text: text, toks: toks})
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			emit(i)
			num++
			start = i + 1
		case '\r':
			emit(i)
			num++
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	emit(len(s))
	return out, num
}

func tokenize(text string) []token {
	var toks []token
	i := 0
	for i < len(text) {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i >= len(text) {
			break
		}
		j := i
		for j < len(text) && text[j] != ' ' && text[j] != '\t' {
			j++
		}
		toks = append(toks, token{s: text[i:j], col: i + 1})
		i = j
	}
	return toks
}

// parseInt reads a decimal integer (optional sign) that fits in 64 bits.
func parseInt(s string) (int64, bool) {
	v, ok, big := parseNum(s)
	return v, ok && !big
}

// parseNum reads a decimal integer (optional sign). ok is false for
// anything else; a well-formed integer outside 64 bits gives ok = true and
// big = true (the value is then ±(2^63-1) and only its sign counts).
func parseNum(s string) (v int64, ok, big bool) {
	if s == "" {
		return 0, false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && !(i == 0 && (c == '-' || c == '+') && len(s) > 1) {
			return 0, false, false
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return v, true, true // only ErrRange is possible here
	}
	return v, true, false
}

// ParseMap parses a map file's contents; file names it in errors.
func ParseMap(file string, data []byte) (*Map, error) {
	lines, lastLine := splitLines(data)
	errAt := func(ln, col int, format string, args ...any) error {
		return &MapError{File: file, Line: ln, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	headerNames := []string{"the number of players", "the overwrite stones per player", "the bombs per player and the bomb strength", "the height and width"}
	headerCount := []int{1, 1, 2, 2}
	var hv [4][2]int64
	for i := 0; i < 4; i++ {
		if i >= len(lines) {
			return nil, errAt(lastLine, 0, "end of file: missing header line %d: want %s", i+1, headerNames[i])
		}
		l := lines[i]
		if len(l.toks) != headerCount[i] {
			return nil, errAt(l.num, l.toks[0].col, "header line %d has %d values, want %d (%s)", i+1, len(l.toks), headerCount[i], headerNames[i])
		}
		for j, tk := range l.toks {
			v, ok, big := parseNum(tk.s)
			if !ok {
				return nil, errAt(l.num, tk.col, "%q is not an integer (%s)", tk.s, headerNames[i])
			}
			if v < 0 {
				return nil, errAt(l.num, tk.col, "%s is negative (%s)", tk.s, headerNames[i])
			}
			if big || v > 1<<32-1 {
				return nil, errAt(l.num, tk.col, "%s is too large: at most %d (%s)", tk.s, int64(1<<32-1), headerNames[i])
			}
			hv[i][j] = v
		}
	}
	m := &Map{name: file}
	m.NPlayers = int(hv[0][0])
	if m.NPlayers < 2 || m.NPlayers > 8 {
		return nil, errAt(lines[0].num, lines[0].toks[0].col, "%d players: want 2..8", m.NPlayers)
	}
	m.Overwrites = int(hv[1][0])
	m.Bombs, m.Strength = int(hv[2][0]), int(hv[2][1])
	m.Height, m.Width = int(hv[3][0]), int(hv[3][1])
	for j, v := range []int{m.Height, m.Width} {
		if v < 1 || v > MaxSide {
			what := [2]string{"height", "width"}[j]
			return nil, errAt(lines[3].num, lines[3].toks[j].col, "%s %d outside 1..%d", what, v, MaxSide)
		}
	}
	W, H := m.Width, m.Height
	m.Cells = make([]uint8, W*H)
	for y := 0; y < H; y++ {
		li := 4 + y
		if li >= len(lines) {
			return nil, errAt(lastLine, 0, "end of file: the board has %d rows, want %d", y, H)
		}
		l := lines[li]
		if strings.Contains(l.text, "<->") {
			return nil, errAt(l.num, l.toks[0].col, "the board has %d rows, want %d (a transition follows)", y, H)
		}
		if len(l.toks) != W {
			return nil, errAt(l.num, l.toks[0].col, "board row %d has %d cells, want %d", y, len(l.toks), W)
		}
		for x, tk := range l.toks {
			if len(tk.s) != 1 {
				return nil, errAt(l.num, tk.col, "cell %q at (%d,%d) is not one character", tk.s, x, y)
			}
			var v uint8
			switch c := tk.s[0]; {
			case c == '0':
				v = Empty
			case c >= '1' && c <= '8':
				v = c - '0'
				if int(v) > m.NPlayers {
					return nil, errAt(l.num, tk.col, "stone of player %d at (%d,%d) but the map has %d players", v, x, y, m.NPlayers)
				}
			case c == '-':
				v = Hole
			case c == 'c' || c == 'C':
				v = Choice
			case c == 'i' || c == 'I':
				v = Inversion
			case c == 'b' || c == 'B':
				v = Bonus
			case c == 'x' || c == 'X':
				v = Expansion
			default:
				return nil, errAt(l.num, tk.col, "unknown cell character %q at (%d,%d)", tk.s, x, y)
			}
			m.Cells[y*W+x] = v
		}
	}
	m.buildSteps()
	type end struct{ x, y, r int }
	used := map[end]Transition{}
	usedLine := map[end]int{}
	for _, l := range lines[4+H:] {
		if !strings.Contains(l.text, "<->") && len(l.toks) == W && allCells(l.toks) {
			return nil, errAt(l.num, l.toks[0].col, "extra board row: the header (line %d) gives %d rows", lines[3].num, H)
		}
		t, cols, col, msg := parseTransition(l.text)
		if msg != "" {
			return nil, errAt(l.num, col, "%s", msg)
		}
		ends := [2]end{{t.X1, t.Y1, t.R1}, {t.X2, t.Y2, t.R2}}
		for k, e := range ends {
			cx, cy, cr := cols[3*k], cols[3*k+1], cols[3*k+2]
			if e.x < 0 || e.x >= W {
				return nil, errAt(l.num, cx, "transition end (%d,%d) is outside the %d×%d board: x must be 0..%d", e.x, e.y, W, H, W-1)
			}
			if e.y < 0 || e.y >= H {
				return nil, errAt(l.num, cy, "transition end (%d,%d) is outside the %d×%d board: y must be 0..%d", e.x, e.y, W, H, H-1)
			}
			if e.r < 0 || e.r > 7 {
				return nil, errAt(l.num, cr, "transition direction %d outside 0..7", e.r)
			}
			if m.Cells[e.y*W+e.x] == Hole {
				return nil, errAt(l.num, cx, "transition end (%d,%d) is a hole", e.x, e.y)
			}
			nx, ny := e.x+dirX[e.r], e.y+dirY[e.r]
			if nx >= 0 && nx < W && ny >= 0 && ny < H && m.Cells[ny*W+nx] != Hole {
				return nil, errAt(l.num, cr, "transition end (%d,%d) direction %d leads to the field (%d,%d), not off the board or into a hole", e.x, e.y, e.r, nx, ny)
			}
		}
		same := func(a, b Transition) bool {
			return a == b || a == (Transition{b.X2, b.Y2, b.R2, b.X1, b.Y1, b.R1})
		}
		for k, e := range ends {
			if prev, ok := used[e]; ok {
				if same(prev, t) {
					// The official server and checker reject a
					// transition listed twice (spec §1.4 rule 4).
					return nil, errAt(l.num, l.toks[0].col, "transition %d %d %d <-> %d %d %d is listed twice (first on line %d)", t.X1, t.Y1, t.R1, t.X2, t.Y2, t.R2, usedLine[e])
				}
				return nil, errAt(l.num, cols[3*k], "transition end (%d,%d) direction %d is already used by %d %d %d <-> %d %d %d (line %d)", e.x, e.y, e.r, prev.X1, prev.Y1, prev.R1, prev.X2, prev.Y2, prev.R2, usedLine[e])
			}
		}
		for _, e := range ends {
			used[e] = t
			usedLine[e] = l.num
		}
		m.Transitions = append(m.Transitions, t)
		c1, c2 := t.Y1*W+t.X1, t.Y2*W+t.X2
		m.next[c1*8+t.R1] = int32(c2*8 + (t.R2+4)%8)
		m.next[c2*8+t.R2] = int32(c1*8 + (t.R1+4)%8)
	}
	m.buildZobrist()
	m.buildNeighbours()
	m.nw = (W*H + 63) / 64
	if W <= 8 && H <= 8 && len(m.Transitions) == 0 {
		m.small = true
		m.bit = make([]uint64, W*H)
		for c := range m.bit {
			m.bit[c] = 1 << ((c/W)*8 + c%W)
		}
	}
	return m, nil
}

// allCells reports whether every token is one character (a board row).
func allCells(toks []token) bool {
	for _, tk := range toks {
		if len(tk.s) != 1 {
			return false
		}
	}
	return true
}

// parseTransition reads `x1 y1 r1 <-> x2 y2 r2`. It returns the 1-based
// columns of the six numbers; on error a column (of the token at fault,
// else of the line's first token) and a message.
func parseTransition(text string) (t Transition, cols [6]int, col int, msg string) {
	first := tokenize(text)[0].col
	i := strings.Index(text, "<->")
	if i < 0 {
		return t, cols, first, fmt.Sprintf("unexpected text %q after the board: want a transition `x1 y1 r1 <-> x2 y2 r2`", strings.TrimSpace(text))
	}
	if j := strings.Index(text[i+3:], "<->"); j >= 0 {
		return t, cols, i + 3 + j + 1, "transition with more than one `<->`"
	}
	var v [6]int
	for side, part := range []string{text[:i], text[i+3:]} {
		off := 0
		if side == 1 {
			off = i + 3
		}
		toks := tokenize(part)
		if len(toks) != 3 {
			c := i + 1 // the arrow
			if len(toks) > 0 {
				c = off + toks[0].col
			}
			return t, cols, c, fmt.Sprintf("malformed transition: %d numbers %s `<->`, want 3", len(toks), [2]string{"before", "after"}[side])
		}
		for j, tk := range toks {
			n, ok, big := parseNum(tk.s)
			if !ok {
				return t, cols, off + tk.col, fmt.Sprintf("malformed transition: %q is not an integer", tk.s)
			}
			if big || n < -1<<31 || n > 1<<31 {
				return t, cols, off + tk.col, fmt.Sprintf("malformed transition: %s is out of range", tk.s)
			}
			v[side*3+j] = int(n)
			cols[side*3+j] = off + tk.col
		}
	}
	return Transition{v[0], v[1], v[2], v[3], v[4], v[5]}, cols, 0, ""
}

func (m *Map) buildSteps() {
	W, H := m.Width, m.Height
	m.next = make([]int32, W*H*8)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			c := y*W + x
			for d := 0; d < 8; d++ {
				nx, ny := x+dirX[d], y+dirY[d]
				m.next[c*8+d] = -1
				if m.Cells[c] != Hole && nx >= 0 && nx < W && ny >= 0 && ny < H && m.Cells[ny*W+nx] != Hole {
					m.next[c*8+d] = int32((ny*W+nx)*8 + d)
				}
			}
		}
	}
}

func (m *Map) buildNeighbours() {
	m.nb = make([]uint16, len(m.next))
	for i, nx := range m.next {
		if nx < 0 {
			m.nb[i] = uint16(i >> 3)
		} else {
			m.nb[i] = uint16(nx >> 3)
		}
	}
}

func (m *Map) buildZobrist() {
	m.zob = make([]uint64, len(m.Cells)*16)
	x := uint64(0x243f6a8885a308d3)
	for i := range m.zob {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		m.zob[i] = z ^ (z >> 31)
	}
}

// String writes the map in the file format.
func (m *Map) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n%d\n%d %d\n%d %d\n", m.NPlayers, m.Overwrites, m.Bombs, m.Strength, m.Height, m.Width)
	writeBoard(&sb, m.Cells, m.Width)
	for _, t := range m.Transitions {
		fmt.Fprintf(&sb, "%d %d %d <-> %d %d %d\n", t.X1, t.Y1, t.R1, t.X2, t.Y2, t.R2)
	}
	return sb.String()
}

const cellChars = "012345678xcib-"

func writeBoard(sb *strings.Builder, cells []uint8, w int) {
	for i, v := range cells {
		if i%w != 0 {
			sb.WriteByte(' ')
		}
		sb.WriteByte(cellChars[v])
		if i%w == w-1 {
			sb.WriteByte('\n')
		}
	}
}
