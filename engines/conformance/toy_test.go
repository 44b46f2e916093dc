package conformance_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"tourney/engines/game"
)

// recorder is a conformance.TB that records instead of failing.
type recorder struct {
	errors []string
	fatals []string
	logs   []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) failures() []string {
	return append(append([]string(nil), r.fatals...), r.errors...)
}

// ---------------------------------------------------------------------------
// tic: tic-tac-toe with optional, deliberate bugs.

type ticBug int

const (
	ticOK                 ticBug = iota
	ticCloneSharesBoard          // Clone shares the cells slice
	ticCloneSharesHistory        // Clone shares the history slice (append aliasing)
	ticUndoKeepsWinner           // Undo forgets to clear the winner
	ticMovesAtTerminal           // LegalActions ignores the end of the game
	ticCloneHash                 // Clone drops the incremental hash
	ticReturnsTooHigh            // a win returns 2 (bounds are 0..1)
	ticNewStateCounter           // NewState depends on a global counter
	ticMoveNumber                // MoveNumber counts only X's moves
	ticShortMaxLength            // Info().MaxLength is 5
	ticOtherPlayerMoves          // LegalActions ignores its player argument
	ticTerminalPlayer            // CurrentPlayer is a seat at terminal states
	ticRanksZeroBased            // Ranker gives ranks 0..1
	ticIgnoresBuf                // LegalActions returns a new slice
	ticSaltedOrder               // action order depends on a per-NewState salt after move 1
	ticApplyPanics               // Apply panics after 7 moves
	ticNoRandomBot               // the bot list lacks "random"
	ticBadParamDefault           // a parameter default is out of range
	ticAcceptsIllegal            // Apply ignores a negative action
)

var ticCounter atomic.Int64

type ticGame struct{ bug ticBug }

type ticMap struct{}

func (ticMap) Name() string { return "3x3" }
func (ticMap) Players() int { return 2 }

func (g ticGame) Info() game.Info {
	in := game.Info{Name: "tic", Doc: "tic-tac-toe", MinPlayers: 2, MaxPlayers: 2, MaxLength: 9}
	if g.bug == ticShortMaxLength {
		in.MaxLength = 5
	}
	return in
}

func (ticGame) Maps() []string { return []string{"3x3"} }

func (ticGame) LoadMap(name string) (game.Map, error) {
	if name == "3x3" {
		return ticMap{}, nil
	}
	return nil, fmt.Errorf("tic: no map %q", name)
}

func (g ticGame) NewState(m game.Map, seed uint64) (game.State, error) {
	s := &ticState{bug: g.bug, cells: make([]int8, 9), winner: -1}
	if g.bug == ticNewStateCounter && ticCounter.Add(1)%2 == 0 {
		s.cells[4] = 1 // a stone from nowhere
	}
	if g.bug == ticSaltedOrder {
		s.salt = int(ticCounter.Add(1))
	}
	return s, nil
}

func (g ticGame) Bots() []game.BotSpec {
	bots := []game.BotSpec{{
		Name:   "first",
		Doc:    "plays the first legal action",
		Params: []game.Param{{Name: "skip", Kind: game.Int, Default: 0, Min: 0, Max: 8}},
		New:    func(game.Params) (game.Bot, error) { return firstBot{}, nil },
	}, game.RandomSpec()}
	if g.bug == ticNoRandomBot {
		bots = bots[:1]
	}
	if g.bug == ticBadParamDefault {
		bots[0].Params[0].Default = 9
	}
	return bots
}

type firstBot struct{}

func (firstBot) Reset(uint64) {}
func (firstBot) Step(_ context.Context, s game.State, p int, _ game.Budget) (game.Action, error) {
	return s.LegalActions(p, nil)[0], nil
}

type ticState struct {
	bug     ticBug
	cells   []int8 // 0 empty, 1 X, 2 O
	history []game.Action
	winner  int // -1, 0 or 1
	salt    int
	zob     uint64 // incremental hash of the cells
}

func ticKey(cell game.Action, p int) uint64 {
	return game.Mix(uint64(cell), uint64(p))
}

var ticLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *ticState) NumPlayers() int { return 2 }
func (s *ticState) moves() int      { return len(s.history) }
func (s *ticState) over() bool      { return s.winner >= 0 || s.moves() == 9 }

func (s *ticState) CurrentPlayer() int {
	if s.over() && s.bug != ticTerminalPlayer {
		return game.TerminalPlayer
	}
	return s.moves() & 1
}

func (s *ticState) IsTerminal() bool { return s.over() }

func (s *ticState) LegalActions(p int, buf []game.Action) []game.Action {
	if s.bug == ticIgnoresBuf {
		buf = nil
	}
	if s.over() && s.bug != ticMovesAtTerminal {
		return buf
	}
	if p != s.moves()&1 && s.bug != ticOtherPlayerMoves {
		return buf
	}
	start := len(buf)
	for c, v := range s.cells {
		if v == 0 {
			buf = append(buf, game.Action(c))
		}
	}
	if s.bug == ticSaltedOrder && s.moves() > 0 {
		acts := buf[start:]
		k := (s.salt + s.moves()) % len(acts)
		rot := append(append([]game.Action(nil), acts[k:]...), acts[:k]...)
		copy(acts, rot)
	}
	return buf
}

func (s *ticState) Apply(a game.Action) {
	if a < 0 && s.bug == ticAcceptsIllegal {
		return
	}
	if a < 0 || a > 8 || s.cells[a] != 0 || (s.over() && s.bug != ticMovesAtTerminal) {
		panic(fmt.Sprintf("tic: illegal action %d", a))
	}
	if s.bug == ticApplyPanics && s.moves() == 7 {
		panic("tic: deliberate panic")
	}
	p := s.moves() & 1
	s.cells[a] = int8(p + 1)
	s.history = append(s.history, a)
	s.zob ^= ticKey(a, p)
	for _, l := range ticLines {
		if s.cells[l[0]] == int8(p+1) && s.cells[l[1]] == int8(p+1) && s.cells[l[2]] == int8(p+1) {
			s.winner = p
		}
	}
}

func (s *ticState) Undo(a game.Action) {
	s.zob ^= ticKey(a, int(s.cells[a])-1)
	s.cells[a] = 0
	s.history = s.history[:len(s.history)-1]
	if s.bug != ticUndoKeepsWinner {
		s.winner = -1
	}
}

func (s *ticState) Returns(buf []float64) []float64 {
	win := 1.0
	if s.bug == ticReturnsTooHigh {
		win = 2
	}
	switch s.winner {
	case 0:
		return append(buf, win, 0)
	case 1:
		return append(buf, 0, win)
	}
	return append(buf, 0.5, 0.5)
}

func (s *ticState) Ranks(buf []int) []int {
	r := game.RanksFromScores(s.Returns(nil))
	for _, v := range r {
		if s.bug == ticRanksZeroBased {
			v--
		}
		buf = append(buf, v)
	}
	return buf
}

func (s *ticState) MoveNumber() int {
	if s.bug == ticMoveNumber {
		return (s.moves() + 1) / 2
	}
	return s.moves()
}

func (s *ticState) Clone() game.State {
	c := *s
	switch s.bug {
	case ticCloneSharesBoard:
		c.history = append([]game.Action(nil), s.history...)
	case ticCloneSharesHistory:
		c.cells = append([]int8(nil), s.cells...)
	default:
		c.cells = append([]int8(nil), s.cells...)
		c.history = append([]game.Action(nil), s.history...)
	}
	if s.bug == ticCloneHash {
		c.zob = 0
	}
	return &c
}

func (s *ticState) Hash() uint64 { return s.zob }

func (s *ticState) ActionString(p int, a game.Action) string { return fmt.Sprint(int(a)) }

func (s *ticState) String() string {
	var sb strings.Builder
	for i, v := range s.cells {
		sb.WriteByte(".XO"[v])
		if i%3 == 2 {
			sb.WriteByte('\n')
		}
	}
	fmt.Fprintf(&sb, "moves %v\n", s.history)
	return sb.String()
}
