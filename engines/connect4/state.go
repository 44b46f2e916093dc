package connect4

import (
	"fmt"
	"math/bits"
	"strings"

	"tourney/engines/game"
)

// Board geometry. A cell (c, r) is bit c*Stride + r of a bitboard; the
// extra bit on top of every column stays empty so that shifts never wrap.
const (
	Width  = 7
	Height = 6
	Stride = Height + 1
	Cells  = Width * Height
)

const (
	bottomRow uint64 = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42
	boardMask uint64 = bottomRow * ((1 << Height) - 1)
)

// Bit returns the bitboard bit of cell (col, row).
func Bit(col, row int) uint64 { return 1 << (col*Stride + row) }

// State is a Connect Four position. The zero value is not valid: use
// NewState.
type State struct {
	stones [2]uint64 // stones of Player 1 (seat 0) and Player 2 (seat 1)
	height [Width]int8
	ply    int
	winner int8 // -1 nobody (yet), else the seat that completed four
}

// NewState returns the empty board.
func NewState() *State { return &State{winner: -1} }

// FromMoves plays a sequence of columns given as digits 0..6 from the empty
// board. It fails on a bad digit, a full column or a move after the end.
func FromMoves(moves string) (*State, error) {
	s := NewState()
	for i, ch := range moves {
		c := int(ch - '0')
		if c < 0 || c >= Width {
			return nil, fmt.Errorf("move %d: %q is not a column 0..6", i+1, ch)
		}
		if !s.CanPlay(c) {
			return nil, fmt.Errorf("move %d: column %d is not playable", i+1, c)
		}
		s.Play(c)
	}
	return s, nil
}

// FromPons reads a move string in Pascal Pons' notation (digits 1..7).
func FromPons(moves string) (*State, error) {
	b := []byte(moves)
	for i, ch := range b {
		if ch < '1' || ch > '7' {
			return nil, fmt.Errorf("move %d: %q is not a column 1..7", i+1, ch)
		}
		b[i] = ch - 1
	}
	return FromMoves(string(b))
}

// Ply is the number of stones on the board.
func (s *State) Ply() int { return s.ply }

// ToMove is the seat to move: 0 (Player 1) or 1 (Player 2).
func (s *State) ToMove() int { return s.ply & 1 }

// Winner is the seat that completed four, or -1.
func (s *State) Winner() int { return int(s.winner) }

// Stones returns the bitboard of seat p.
func (s *State) Stones(p int) uint64 { return s.stones[p] }

// ColumnHeight is the number of stones in column c.
func (s *State) ColumnHeight(c int) int { return int(s.height[c]) }

// At returns the seat owning cell (col,row), or -1 when it is empty.
func (s *State) At(col, row int) int {
	b := Bit(col, row)
	switch {
	case s.stones[0]&b != 0:
		return 0
	case s.stones[1]&b != 0:
		return 1
	}
	return -1
}

// Over reports whether the game has ended (four in a line or a full board).
func (s *State) Over() bool { return s.winner >= 0 || s.ply == Cells }

// CanPlay reports whether column c takes a stone now.
func (s *State) CanPlay(c int) bool {
	return c >= 0 && c < Width && s.height[c] < Height && !s.Over()
}

// Play drops a stone of the side to move into column c, which must be
// playable.
func (s *State) Play(c int) {
	p := s.ply & 1
	s.stones[p] |= Bit(c, int(s.height[c]))
	s.height[c]++
	s.ply++
	if HasFour(s.stones[p]) {
		s.winner = int8(p)
	}
}

// Unplay takes back the last stone, which was dropped into column c.
func (s *State) Unplay(c int) {
	s.ply--
	s.height[c]--
	s.stones[s.ply&1] &^= Bit(c, int(s.height[c]))
	s.winner = -1
}

// HasFour reports whether the stones b contain four in a line.
func HasFour(b uint64) bool {
	// vertical 1, horizontal Stride, diagonals Stride-1 and Stride+1
	for _, d := range [4]uint{1, Stride, Stride - 1, Stride + 1} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// Perft counts move sequences of exactly depth plies (finished positions
// have no moves), using bulk counting at the last ply.
func (s *State) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if s.Over() {
		return 0
	}
	if depth == 1 {
		n := uint64(0)
		for c := 0; c < Width; c++ {
			if s.height[c] < Height {
				n++
			}
		}
		return n
	}
	var n uint64
	for c := 0; c < Width; c++ {
		if s.height[c] < Height {
			s.Play(c)
			n += s.Perft(depth - 1)
			s.Unplay(c)
		}
	}
	return n
}

// --- game.State ---

func (s *State) NumPlayers() int { return 2 }

func (s *State) CurrentPlayer() int {
	if s.Over() {
		return game.TerminalPlayer
	}
	return s.ply & 1
}

func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if s.Over() || player != s.ply&1 {
		return buf
	}
	for c := 0; c < Width; c++ {
		if s.height[c] < Height {
			buf = append(buf, game.Action(c))
		}
	}
	return buf
}

func (s *State) Apply(a game.Action) {
	if !s.CanPlay(int(a)) {
		panic(fmt.Sprintf("connect4: illegal action %d at ply %d", a, s.ply))
	}
	s.Play(int(a))
}

// Undo implements game.Undoer.
func (s *State) Undo(a game.Action) { s.Unplay(int(a)) }

func (s *State) IsTerminal() bool { return s.Over() }

// Returns is 1 for the winner and 0 for the loser, ½ each for a draw or an
// unfinished game.
func (s *State) Returns(buf []float64) []float64 {
	switch s.winner {
	case 0:
		return append(buf, 1, 0)
	case 1:
		return append(buf, 0, 1)
	}
	return append(buf, 0.5, 0.5)
}

func (s *State) MoveNumber() int { return s.ply }

func (s *State) Clone() game.State { c := *s; return &c }

// Hash implements game.Hasher (the side to move follows from the stones).
func (s *State) Hash() uint64 {
	h := s.stones[0]*0x9e3779b97f4a7c15 ^ s.stones[1]*0xc2b2ae3d27d4eb4f
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

func (s *State) ActionString(player int, a game.Action) string { return fmt.Sprint(int(a)) }

// String draws the board as the terminal protocol does: 6 lines, top row
// first, each `|` then a cell character and `|` per column.
func (s *State) String() string {
	var sb strings.Builder
	for r := Height - 1; r >= 0; r-- {
		sb.WriteByte('|')
		for c := 0; c < Width; c++ {
			switch s.At(c, r) {
			case 0:
				sb.WriteByte('1')
			case 1:
				sb.WriteByte('2')
			default:
				sb.WriteByte(' ')
			}
			sb.WriteByte('|')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Count returns the number of stones of seat p.
func (s *State) Count(p int) int { return bits.OnesCount64(s.stones[p]) }
