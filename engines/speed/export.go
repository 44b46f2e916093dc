package speed

import (
	"encoding/json"
	"io"
	"strconv"
)

// ToJSON is the state as the official server's state message (spec §8.1)
// addressed to player you (1-based; 0 for a spectator's log).
func (s *State) ToJSON(you int) *JSONState {
	js := &JSONState{Width: s.w, Height: s.h, You: you, Running: s.alive > 1,
		Cells: make([][]int, s.h), Players: make(map[string]JSONPlayer, s.n)}
	for y := range js.Cells {
		row := make([]int, s.w)
		for x := range row {
			row[x] = int(s.cells[y*s.w+x])
		}
		js.Cells[y] = row
	}
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		js.Players[strconv.Itoa(p+1)] = JSONPlayer{X: int(q.x), Y: int(q.y), Direction: q.dir.String(),
			Speed: int(q.speed), Active: q.active}
	}
	return js
}

// WriteLog writes states as an official game log: a JSON array of state
// messages, the format Replay (and `tourney replay speed`) reads.
func WriteLog(w io.Writer, states []*JSONState) error {
	b, err := json.Marshal(states)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
