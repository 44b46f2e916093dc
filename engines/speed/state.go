package speed

import (
	"fmt"
	"strings"

	"tourney/engines/game"
)

// The five actions of a live player, in the order LegalActions lists them.
const (
	TurnLeft game.Action = iota
	TurnRight
	SlowDown
	SpeedUp
	ChangeNothing
	numActions
)

var actionNames = [numActions]string{"turn_left", "turn_right", "slow_down", "speed_up", "change_nothing"}

// ParseAction reads an action by its protocol name.
func ParseAction(name string) (game.Action, bool) {
	for i, n := range actionNames {
		if n == name {
			return game.Action(i), true
		}
	}
	return game.NoAction, false
}

// Direction is a heading, clockwise from Up.
type Direction int8

// The four directions.
const (
	Up Direction = iota
	Right
	Down
	Left
)

var dirNames = [4]string{"up", "right", "down", "left"}

func (d Direction) String() string {
	if d >= 0 && d < 4 {
		return dirNames[d]
	}
	return fmt.Sprintf("Direction(%d)", int8(d))
}

// Delta is the step of one cell in direction d (y grows downwards).
func (d Direction) Delta() (dx, dy int) {
	switch d {
	case Up:
		return 0, -1
	case Right:
		return 1, 0
	case Down:
		return 0, 1
	}
	return -1, 0
}

// TurnLeft and TurnRight rotate by 90°.
func (d Direction) TurnLeft() Direction  { return (d + 3) & 3 }
func (d Direction) TurnRight() Direction { return (d + 1) & 3 }

func parseDirection(s string) (Direction, bool) {
	for i, n := range dirNames {
		if n == s {
			return Direction(i), true
		}
	}
	return 0, false
}

// Cell values besides player IDs 1..6.
const (
	Free  int8 = 0
	Crash int8 = -1
)

type player struct {
	x, y   int32
	dir    Direction
	speed  int8
	active bool
	out    int32 // round in which the player was eliminated; 0 while active
}

// Player is the public view of one player.
type Player struct {
	X, Y      int // head; after a board exit, the off-board cell
	Direction Direction
	Speed     int // 1..10 while active; 0 or 11 after a speed elimination
	Active    bool
	// OutRound is the round in which the player was eliminated (0 while
	// active).
	OutRound int
}

// State is a Spe_ed position. Seat k (0-based) is player ID k+1.
type State struct {
	w, h  int
	n     int
	round int // rounds played; round r+1 is next
	alive int
	pl    [MaxPlayers]player
	cells []int8 // cells[y*w+x]
	out   uint8  // seats taken out by Eliminate, out before they move next round (eliminate.go)
}

var (
	_ game.State        = (*State)(nil)
	_ game.JointApplier = (*State)(nil)
	_ game.Hasher       = (*State)(nil)
)

func newState(w, h, n int) *State {
	return &State{w: w, h: h, n: n, cells: make([]int8, w*h)}
}

// Width and Height give the board size.
func (s *State) Width() int  { return s.w }
func (s *State) Height() int { return s.h }

// Cell returns cells[y][x]: 0 free, k the trail or head of player k, −1 a
// crash cell. It panics off the board.
func (s *State) Cell(x, y int) int8 {
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		panic(fmt.Sprintf("speed: cell (%d,%d) off the %dx%d board", x, y, s.w, s.h))
	}
	return s.cells[y*s.w+x]
}

// Cells returns the board row by row (cells[y*Width+x]); callers must
// not change it.
func (s *State) Cells() []int8 { return s.cells }

// Player returns seat p's player (ID p+1).
func (s *State) Player(p int) Player {
	q := &s.pl[p]
	return Player{X: int(q.x), Y: int(q.y), Direction: q.dir, Speed: int(q.speed), Active: q.active, OutRound: int(q.out)}
}

// Round is the number of rounds played; the next round is Round()+1, a
// jump round when that is a multiple of 6.
func (s *State) Round() int { return s.round }

// Active is the number of players still driving.
func (s *State) Active() int { return s.alive }

// NumPlayers implements game.State.
func (s *State) NumPlayers() int { return s.n }

// CurrentPlayer implements game.State.
func (s *State) CurrentPlayer() int {
	if s.IsTerminal() {
		return game.TerminalPlayer
	}
	return game.SimultaneousPlayer
}

// IsTerminal implements game.State: at most one player is active.
func (s *State) IsTerminal() bool { return s.alive <= 1 }

// LegalActions implements game.State: the five actions for an active
// player of a running game, none otherwise.
func (s *State) LegalActions(p int, buf []game.Action) []game.Action {
	if s.IsTerminal() || p < 0 || p >= s.n || !s.pl[p].active || s.out&(1<<p) != 0 {
		return buf
	}
	for a := range numActions {
		buf = append(buf, a)
	}
	return buf
}

// Apply implements game.State. Spe_ed has no sequential nodes: it panics.
func (s *State) Apply(a game.Action) {
	panic(fmt.Sprintf("speed: Apply(%d) at a simultaneous node; use ApplyJoint", a))
}

// ApplyJoint implements game.JointApplier: one round with one action per
// seat. game.NoAction for an active player eliminates it before it moves
// (like a missing answer on the server); an eliminated player must get
// game.NoAction. It panics on anything else and at a terminal state.
func (s *State) ApplyJoint(actions []game.Action) {
	if s.IsTerminal() {
		panic("speed: ApplyJoint at a terminal state")
	}
	if len(actions) != s.n {
		panic(fmt.Sprintf("speed: ApplyJoint with %d actions for %d players", len(actions), s.n))
	}
	for p, a := range actions {
		if s.pl[p].active {
			if a != game.NoAction && (a < 0 || a >= numActions) {
				panic(fmt.Sprintf("speed: illegal action %d for player %d", a, p+1))
			}
		} else if a != game.NoAction {
			panic(fmt.Sprintf("speed: action %d for eliminated player %d", a, p+1))
		}
	}
	var kill [MaxPlayers]bool
	for p, a := range actions {
		kill[p] = a == game.NoAction || s.out&(1<<p) != 0
	}
	s.round1(actions, &kill)
	s.out = 0
}

// steer is step 3 of a round for one player: action a turns the heading
// dir or changes the speed sp by one (change_nothing leaves both). The
// caller checks the new speed against 1..MaxSpeed.
func steer[S int | int8](a game.Action, dir Direction, sp S) (Direction, S) {
	switch a {
	case TurnLeft:
		dir = dir.TurnLeft()
	case TurnRight:
		dir = dir.TurnRight()
	case SlowDown:
		sp--
	case SpeedUp:
		sp++
	}
	return dir, sp
}

// round1 plays the next round. Players with kill set are eliminated after
// their action (if any) is applied to direction and speed, before moving.
func (s *State) round1(actions []game.Action, kill *[MaxPlayers]bool) {
	s.round++
	r := s.round
	jump := r%6 == 0
	// Cells written this round, per player (at most MaxSpeed each).
	var written [MaxPlayers][MaxSpeed]int32
	var nw [MaxPlayers]int8
	var moving [MaxPlayers]bool

	// Step 3: actions.
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		if !q.active {
			continue
		}
		q.dir, q.speed = steer(actions[p], q.dir, q.speed)
		if kill[p] || q.speed < 1 || q.speed > MaxSpeed {
			s.eliminate(p)
			continue
		}
		moving[p] = true
	}
	// Step 4: movement (order-independent).
	for p := 0; p < s.n; p++ {
		if !moving[p] {
			continue
		}
		q := &s.pl[p]
		dx, dy := q.dir.Delta()
		x, y := int(q.x), int(q.y)
		sp := int(q.speed)
		for st := 0; st < sp; st++ {
			x += dx
			y += dy
			if x < 0 || y < 0 || x >= s.w || y >= s.h {
				s.eliminate(p)
				moving[p] = false
				break
			}
			if jump && sp >= 3 && st != 0 && st != sp-1 {
				continue
			}
			i := y*s.w + x
			if s.cells[i] == Free {
				s.cells[i] = int8(p + 1)
			} else {
				s.cells[i] = Crash
			}
			written[p][nw[p]] = int32(i)
			nw[p]++
		}
		q.x, q.y = int32(x), int32(y)
	}
	// Step 5: crash check on the final cells.
	for p := 0; p < s.n; p++ {
		if !moving[p] {
			continue
		}
		for _, i := range written[p][:nw[p]] {
			if s.cells[i] == Crash {
				s.eliminate(p)
				break
			}
		}
	}
}

func (s *State) eliminate(p int) {
	s.pl[p].active = false
	s.pl[p].out = int32(s.round)
	s.alive--
}

// Returns implements game.State: rounds survived. A player eliminated in
// round r scores r−1; an active player scores the rounds played so far (the
// winner: the length of the game).
func (s *State) Returns(buf []float64) []float64 {
	for p := 0; p < s.n; p++ {
		v := s.round
		if !s.pl[p].active {
			v = int(s.pl[p].out) - 1
		}
		buf = append(buf, float64(v))
	}
	return buf
}

// Winner returns the seat of the last active player of a finished game, or
// −1 (no winner, or the game is still running).
func (s *State) Winner() int {
	if s.alive != 1 {
		return -1
	}
	for p := 0; p < s.n; p++ {
		if s.pl[p].active {
			return p
		}
	}
	return -1
}

// MoveNumber implements game.State: the rounds played.
func (s *State) MoveNumber() int { return s.round }

// Clone implements game.State.
func (s *State) Clone() game.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.cells = append(make([]int8, 0, len(s.cells)), s.cells...)
	return &c
}

// ActionString implements game.State: the protocol names.
func (s *State) ActionString(_ int, a game.Action) string {
	if a >= 0 && a < numActions {
		return actionNames[a]
	}
	if a == game.NoAction {
		return "none"
	}
	return fmt.Sprintf("action(%d)", a)
}

// String draws the board: '.' free, '1'..'6' trails, 'x' crash cells, and
// one line per player.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "speed %dx%d round %d, %d active\n", s.w, s.h, s.round, s.alive)
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		state := "active"
		if !q.active {
			state = fmt.Sprintf("out in round %d", q.out)
		}
		fmt.Fprintf(&b, "player %d: (%d,%d) %s speed %d, %s\n", p+1, q.x, q.y, q.dir, q.speed, state)
	}
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			switch c := s.cells[y*s.w+x]; {
			case c == Free:
				b.WriteByte('.')
			case c < 0:
				b.WriteByte('x')
			default:
				b.WriteByte('0' + byte(c))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Hash implements game.Hasher: the board, the players and the round (which
// decides jump rounds).
func (s *State) Hash() uint64 {
	const prime = 0x100000001b3
	h := uint64(0xcbf29ce484222325) ^ uint64(s.round)*0x9e3779b97f4a7c15
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		v := uint64(uint32(q.x)) | uint64(uint32(q.y))<<20 | uint64(q.dir)<<40 | uint64(uint8(q.speed))<<44
		if q.active {
			v |= 1 << 52
		}
		h = (h ^ v) * prime
	}
	for i := 0; i+8 <= len(s.cells); i += 8 {
		c := s.cells[i : i+8]
		v := uint64(uint8(c[0])) | uint64(uint8(c[1]))<<8 | uint64(uint8(c[2]))<<16 | uint64(uint8(c[3]))<<24 |
			uint64(uint8(c[4]))<<32 | uint64(uint8(c[5]))<<40 | uint64(uint8(c[6]))<<48 | uint64(uint8(c[7]))<<56
		h = (h ^ v) * prime
	}
	for _, c := range s.cells[len(s.cells)&^7:] {
		h = (h ^ uint64(uint8(c))) * prime
	}
	return h ^ h>>29
}
