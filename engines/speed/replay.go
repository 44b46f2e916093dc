package speed

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"tourney/engines/game"
)

// JSONState is one state message of the official server (spec §8.1).
type JSONState struct {
	Width    int                   `json:"width"`
	Height   int                   `json:"height"`
	Cells    [][]int               `json:"cells"`
	Players  map[string]JSONPlayer `json:"players"`
	You      int                   `json:"you"`
	Running  bool                  `json:"running"`
	Deadline string                `json:"deadline,omitempty"`
}

// JSONPlayer is one entry of JSONState.Players.
type JSONPlayer struct {
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Direction string `json:"direction"`
	Speed     int    `json:"speed"`
	Active    bool   `json:"active"`
	Name      string `json:"name,omitempty"`
}

// sameGameState reports whether a and b agree on everything a round
// changes (cells, players, running); you, deadline and names are ignored.
func sameGameState(a, b *JSONState) bool {
	if a.Width != b.Width || a.Height != b.Height || a.Running != b.Running || len(a.Players) != len(b.Players) {
		return false
	}
	for k, p := range a.Players {
		q, ok := b.Players[k]
		if !ok || p.X != q.X || p.Y != q.Y || p.Direction != q.Direction || p.Speed != q.Speed || p.Active != q.Active {
			return false
		}
	}
	return slices.EqualFunc(a.Cells, b.Cells, slices.Equal)
}

// FromJSON builds an engine state from a state message. Its round counter
// is round (the rounds played before it; 0 for the start state).
func FromJSON(js *JSONState, round int) (*State, error) {
	w, h := js.Width, js.Height
	if w < 1 || h < 1 || len(js.Cells) != h {
		return nil, fmt.Errorf("board %dx%d with %d rows", w, h, len(js.Cells))
	}
	n := len(js.Players)
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("%d players, want %d..%d", n, MinPlayers, MaxPlayers)
	}
	s := newState(w, h, n)
	s.round = round
	for y, row := range js.Cells {
		if len(row) != w {
			return nil, fmt.Errorf("row %d has %d cells, want %d", y, len(row), w)
		}
		for x, c := range row {
			if c < -1 || c > n {
				return nil, fmt.Errorf("cell (%d,%d) = %d", x, y, c)
			}
			s.cells[y*w+x] = int8(c)
		}
	}
	for p := 0; p < n; p++ {
		jp, ok := js.Players[strconv.Itoa(p+1)]
		if !ok {
			return nil, fmt.Errorf("no player %d", p+1)
		}
		d, ok := parseDirection(jp.Direction)
		if !ok {
			return nil, fmt.Errorf("player %d: direction %q", p+1, jp.Direction)
		}
		if jp.Speed < 0 || jp.Speed > MaxSpeed+1 {
			return nil, fmt.Errorf("player %d: speed %d", p+1, jp.Speed)
		}
		s.pl[p] = player{x: int32(jp.X), y: int32(jp.Y), dir: d, speed: int8(jp.Speed), active: jp.Active}
		if jp.Active {
			s.alive++
		} else {
			s.pl[p].out = int32(round)
		}
	}
	return s, nil
}

// InferActions infers from consecutive states s and t each player's action
// (spec §10.2): game.NoAction for a player inactive in s; kill[p] is set
// for a player eliminated before moving (inactive in t at its old cell).
func InferActions(s, t *JSONState) (actions []game.Action, kill []bool, err error) {
	n := len(s.Players)
	actions = make([]game.Action, n)
	kill = make([]bool, n)
	for p := 0; p < n; p++ {
		id := strconv.Itoa(p + 1)
		a, ok1 := s.Players[id]
		b, ok2 := t.Players[id]
		if !ok1 || !ok2 {
			return nil, nil, fmt.Errorf("player %d missing", p+1)
		}
		actions[p] = game.NoAction
		if !a.Active {
			continue
		}
		da, ok1 := parseDirection(a.Direction)
		db, ok2 := parseDirection(b.Direction)
		if !ok1 || !ok2 {
			return nil, nil, fmt.Errorf("player %d: direction %q -> %q", p+1, a.Direction, b.Direction)
		}
		kill[p] = !b.Active && a.X == b.X && a.Y == b.Y
		switch {
		case da.TurnLeft() == db && a.Speed == b.Speed:
			actions[p] = TurnLeft
		case da.TurnRight() == db && a.Speed == b.Speed:
			actions[p] = TurnRight
		case da == db && b.Speed == a.Speed+1:
			actions[p] = SpeedUp
		case da == db && b.Speed == a.Speed-1:
			actions[p] = SlowDown
		case da == db && b.Speed == a.Speed:
			actions[p] = ChangeNothing
		default:
			return nil, nil, fmt.Errorf("player %d: no action turns %s speed %d into %s speed %d",
				p+1, a.Direction, a.Speed, b.Direction, b.Speed)
		}
	}
	return actions, kill, nil
}

// ApplyInferred plays the next round with actions (game.NoAction for
// eliminated players) and kill flags as InferActions returns them: a player
// with kill set gets its action applied to direction and speed and is then
// eliminated without moving, as the server does after a protocol
// violation. Unlike ApplyJoint it accepts any state that is not terminal.
func (s *State) ApplyInferred(actions []game.Action, kill []bool) error {
	if s.IsTerminal() {
		return fmt.Errorf("the game is over")
	}
	if len(actions) != s.n || len(kill) != s.n {
		return fmt.Errorf("%d actions and %d kill flags for %d players", len(actions), len(kill), s.n)
	}
	var k [MaxPlayers]bool
	for p, a := range actions {
		if s.pl[p].active && (a < 0 || a >= numActions) {
			return fmt.Errorf("player %d: action %d", p+1, a)
		}
		k[p] = kill[p]
	}
	s.round1(actions, &k)
	return nil
}

// Diff names the first difference between s and the message js (cells,
// then players' x, y, direction, speed and active, then running), or
// returns "" when they agree.
func (s *State) Diff(js *JSONState) string {
	if js.Width != s.w || js.Height != s.h || len(js.Cells) != s.h {
		return fmt.Sprintf("board %dx%d, engine %dx%d", js.Width, js.Height, s.w, s.h)
	}
	for y, row := range js.Cells {
		if len(row) != s.w {
			return fmt.Sprintf("row %d has %d cells, want %d", y, len(row), s.w)
		}
		for x, c := range row {
			if e := int(s.cells[y*s.w+x]); e != c {
				return fmt.Sprintf("cell (x=%d, y=%d): recorded %d, engine %d", x, y, c, e)
			}
		}
	}
	if len(js.Players) != s.n {
		return fmt.Sprintf("%d players, engine %d", len(js.Players), s.n)
	}
	for p := 0; p < s.n; p++ {
		jp, ok := js.Players[strconv.Itoa(p+1)]
		if !ok {
			return fmt.Sprintf("player %d missing", p+1)
		}
		q := &s.pl[p]
		switch {
		case jp.X != int(q.x):
			return fmt.Sprintf("player %d x: recorded %d, engine %d", p+1, jp.X, q.x)
		case jp.Y != int(q.y):
			return fmt.Sprintf("player %d y: recorded %d, engine %d", p+1, jp.Y, q.y)
		case jp.Direction != q.dir.String():
			return fmt.Sprintf("player %d direction: recorded %s, engine %s", p+1, jp.Direction, q.dir)
		case jp.Speed != int(q.speed):
			return fmt.Sprintf("player %d speed: recorded %d, engine %d", p+1, jp.Speed, q.speed)
		case jp.Active != q.active:
			return fmt.Sprintf("player %d active: recorded %t, engine %t", p+1, jp.Active, q.active)
		}
	}
	if running := s.alive > 1; js.Running != running {
		return fmt.Sprintf("running: recorded %t, engine %t", js.Running, running)
	}
	return ""
}

// Replay checks a recorded game, a JSON array of the server's state
// messages (spec §10.2): repeated identical states are dropped, each
// player's action is inferred from consecutive states, and the engine must
// reproduce every next state cell for cell. It returns the number of rounds
// checked and, on a mismatch, an error naming the state index (in the
// deduplicated list), the round and the first differing cell or field.
func Replay(r io.Reader) (rounds int, err error) {
	var raw []JSONState
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return 0, fmt.Errorf("speed replay: %w", err)
	}
	states := make([]*JSONState, 0, len(raw))
	for i := range raw {
		if len(states) > 0 && sameGameState(states[len(states)-1], &raw[i]) {
			continue
		}
		states = append(states, &raw[i])
	}
	if len(states) == 0 {
		return 0, fmt.Errorf("speed replay: no states")
	}
	s, err := FromJSON(states[0], 0)
	if err != nil {
		return 0, fmt.Errorf("speed replay: state 0: %w", err)
	}
	if d := s.Diff(states[0]); d != "" { // running flag of the start
		return 0, fmt.Errorf("speed replay: state 0: %s", d)
	}
	for i := 0; i+1 < len(states); i++ {
		round := i + 1
		if s.IsTerminal() {
			return rounds, fmt.Errorf("speed replay: state %d follows a finished game", i+1)
		}
		actions, kill, err := InferActions(states[i], states[i+1])
		if err != nil {
			return rounds, fmt.Errorf("speed replay: state %d (round %d): %w", i+1, round, err)
		}
		if err := s.ApplyInferred(actions, kill); err != nil {
			return rounds, fmt.Errorf("speed replay: state %d (round %d): %w", i+1, round, err)
		}
		if d := s.Diff(states[i+1]); d != "" {
			return rounds, fmt.Errorf("speed replay: state %d (round %d, actions %s): %s", i+1, round, s.actionList(actions, kill), d)
		}
		rounds++
	}
	return rounds, nil
}

func (s *State) actionList(actions []game.Action, kill []bool) string {
	out := "["
	for p, a := range actions {
		if p > 0 {
			out += " "
		}
		out += fmt.Sprintf("%d:%s", p+1, s.ActionString(p, a))
		if kill[p] {
			out += "+out"
		}
	}
	return out + "]"
}
