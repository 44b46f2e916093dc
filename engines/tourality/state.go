package tourality

import (
	"fmt"
	"strings"

	"tourney/engines/game"
)

// Rule constants (spec §1).
const (
	// MovesPerRound is the move limit of each player in one round.
	MovesPerRound = 400
	// Rounds is the number of rounds of a game.
	Rounds = 2
	// MaxGameLength is the longest game in moves (Info().MaxLength).
	MaxGameLength = Rounds * 2 * MovesPerRound
)

// State is a Tourality position: the round, both players' cells, the
// remaining chips, the scores and the move counts. Seat 0 is A, seat 1 is
// B. Copying the struct clones it.
type State struct {
	m      *Map
	pos    [2]int16 // cell of each seat
	chips  uint64   // remaining chips of the current round
	score  [2]int16 // chips collected over both rounds
	moves  [2]int16 // moves made in the current round
	round  int8     // 0 or 1; 2 when the game is over
	toMove int8
	ply    int32
}

// NewState returns the start of round 1 on m: A on S1, B on S2, A to move.
func NewState(m *Map) *State {
	s := &State{m: m}
	s.startRound(0)
	return s
}

func (s *State) startRound(r int) {
	s.round = int8(r)
	s.chips = s.m.all
	s.moves = [2]int16{}
	if r == 0 {
		s.pos = [2]int16{int16(s.m.start[0]), int16(s.m.start[1])}
		s.toMove = 0
	} else {
		s.pos = [2]int16{int16(s.m.start[1]), int16(s.m.start[0])}
		s.toMove = 1
	}
}

// Map returns the state's map.
func (s *State) Map() *Map { return s.m }

// Round is 1 or 2 (3 after the game).
func (s *State) Round() int { return int(s.round) + 1 }

// Pos returns the cell of seat p.
func (s *State) Pos(p int) int { return int(s.pos[p]) }

// Chips is the set of chips left in this round (bit i = chip i).
func (s *State) Chips() uint64 { return s.chips }

// Score is the number of chips seat p has collected over both rounds.
func (s *State) Score(p int) int { return int(s.score[p]) }

// Moves is the number of moves seat p has made in the current round.
func (s *State) Moves(p int) int { return int(s.moves[p]) }

// ToMove is the seat to move (meaningless once the game is over).
func (s *State) ToMove() int { return int(s.toMove) }

// Over reports whether both rounds are played.
func (s *State) Over() bool { return s.round >= Rounds }

// Target returns the cell reached by move a of seat p, or -1 when the move
// is illegal (off the board, obstacle, the opponent's cell, or not a
// move 0..4).
func (s *State) Target(p int, a int) int {
	from := int(s.pos[p])
	if a == Stay {
		return from
	}
	if a < 0 || a > Stay {
		return -1
	}
	t := int(s.m.nb[from][a])
	if t < 0 || t == int(s.pos[1-p]) {
		return -1
	}
	return t
}

// --- game.State ---

func (s *State) NumPlayers() int { return 2 }

func (s *State) CurrentPlayer() int {
	if s.Over() {
		return game.TerminalPlayer
	}
	return int(s.toMove)
}

func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if s.Over() || player != int(s.toMove) {
		return buf
	}
	for a := 0; a <= Stay; a++ {
		if s.Target(player, a) >= 0 {
			buf = append(buf, game.Action(a))
		}
	}
	return buf
}

// Apply plays move a (0 up, 1 right, 2 down, 3 left, 4 stay) of the seat
// to move; it panics when a is illegal.
func (s *State) Apply(a game.Action) {
	if s.Over() {
		panic("tourality: move after the end of the game")
	}
	p := int(s.toMove)
	t := s.Target(p, int(a))
	if t < 0 {
		panic(fmt.Sprintf("tourality: illegal move %d of seat %d at move %d", a, p, s.ply))
	}
	s.pos[p] = int16(t)
	if c := s.m.chipAt[t]; c >= 0 && s.chips&(1<<uint(c)) != 0 {
		s.chips &^= 1 << uint(c)
		s.score[p]++
	}
	s.moves[p]++
	s.ply++
	s.toMove = int8(1 - p)
	if s.chips == 0 || (s.moves[0] >= MovesPerRound && s.moves[1] >= MovesPerRound) {
		if s.round == 0 {
			s.startRound(1)
		} else {
			s.round = Rounds
		}
	}
}

func (s *State) IsTerminal() bool { return s.Over() }

// Returns are the chips each seat collected over both rounds.
func (s *State) Returns(buf []float64) []float64 {
	return append(buf, float64(s.score[0]), float64(s.score[1]))
}

func (s *State) MoveNumber() int { return int(s.ply) }

func (s *State) Clone() game.State { c := *s; return &c }

// Hash implements game.Hasher.
func (s *State) Hash() uint64 {
	h := s.chips*0x9e3779b97f4a7c15 ^ uint64(s.pos[0])<<48 ^ uint64(s.pos[1])<<32 ^
		uint64(s.toMove)<<31 ^ uint64(s.round)<<29 ^ uint64(s.score[0])<<8 ^ uint64(s.score[1]) ^
		uint64(s.moves[0])<<16 ^ uint64(s.moves[1])<<40
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

func (s *State) ActionString(player int, a game.Action) string {
	if a >= 0 && int(a) < len(dirNames) {
		return dirNames[a]
	}
	return fmt.Sprintf("move(%d)", int(a))
}

// String draws the board: '#' obstacle, '+' chip, 'A' and 'B' the
// players, '.' a free cell, under a line with round, move counts and
// scores.
func (s *State) String() string {
	var b strings.Builder
	if s.Over() {
		fmt.Fprintf(&b, "game over, score A %d B %d\n", s.score[0], s.score[1])
	} else {
		fmt.Fprintf(&b, "round %d, %c to move, moves A %d B %d, score A %d B %d\n",
			s.round+1, "AB"[s.toMove], s.moves[0], s.moves[1], s.score[0], s.score[1])
	}
	for y := 0; y < s.m.h; y++ {
		for x := 0; x < s.m.w; x++ {
			k := s.m.Cell(x, y)
			switch {
			case !s.Over() && k == int(s.pos[0]):
				b.WriteByte('A')
			case !s.Over() && k == int(s.pos[1]):
				b.WriteByte('B')
			case s.m.wall[k]:
				b.WriteByte('#')
			case s.m.chipAt[k] >= 0 && s.chips&(1<<uint(s.m.chipAt[k])) != 0:
				b.WriteByte('+')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ForfeitScore implements game.Forfeiter: the rules record a forfeiting
// player's score as −1 (tourality.md §1.9).
func (s *State) ForfeitScore(int) float64 { return -1 }
