package report

import (
	"fmt"
	"strings"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/engines/reversixt"
	"tourney/engines/speed"
	"tourney/tuner/records"
)

// Viewer is one recorded game prepared for the viewer: its states as
// compact frames (the first holds the whole board, the others the cells
// that changed), made by replaying the record through the rules.
type Viewer struct {
	Index    int       `json:"game"`
	GameType string    `json:"type"`
	Map      string    `json:"map"`
	Round    int       `json:"round"`
	Enc      int       `json:"enc"`
	Seats    []string  `json:"seats"`
	Scores   []float64 `json:"scores"`
	Ranks    []int     `json:"ranks"`
	End      []string  `json:"end"`
	W        int       `json:"w"` // board width in cells (0: no board)
	H        int       `json:"h"`
	// Links are ReversiXT transitions: x1, y1, x2, y2 per entry.
	Links  [][4]int `json:"links,omitempty"`
	Frames []Frame  `json:"frames"`
	Error  string   `json:"error,omitempty"`
}

// Frame is one state of a recorded game.
type Frame struct {
	Head  string   `json:"h"`           // the state's text lines above the board
	Grid  string   `json:"g,omitempty"` // the whole board, row by row (first frame)
	Diff  []int    `json:"d,omitempty"` // changed cells
	Chars string   `json:"c,omitempty"` // their new characters
	Moves string   `json:"a,omitempty"` // the moves that led here, with telemetry
	Marks [][3]int `json:"m,omitempty"` // x, y, seat of players' heads (Spe_ed)
	Bars  []int64  `json:"b,omitempty"` // per-seat totals shown as bars (Groker chips)
}

// board splits a state's String into its head lines and its board, one
// character per cell.
func board(gt string, s game.State) (head string, rows []string) {
	lines := strings.Split(strings.TrimRight(s.String(), "\n"), "\n")
	n := s.NumPlayers()
	var nh int
	switch gt {
	case "connect4":
		for nh < len(lines) && !strings.HasPrefix(lines[nh], "|") {
			nh++
		}
		for _, l := range lines[nh:] {
			var b strings.Builder
			for i := 1; i < len(l); i += 2 {
				c := l[i]
				if c == ' ' {
					c = '.'
				}
				b.WriteByte(c)
			}
			rows = append(rows, b.String())
		}
		return strings.Join(lines[:nh], "\n"), rows
	case "reversixt":
		nh = 1 + n
		for _, l := range lines[min(nh, len(lines)):] {
			rows = append(rows, strings.ReplaceAll(l, " ", ""))
		}
	case "speed":
		nh = 1 + n
		rows = lines[min(nh, len(lines)):]
	case "tourality":
		nh = 1
		rows = lines[min(nh, len(lines)):]
	default:
		return strings.Join(lines, "\n"), nil
	}
	return strings.Join(lines[:min(nh, len(lines))], "\n"), rows
}

// movesText describes the moves that led to a frame.
func movesText(s game.State, applied []arena.MoveRecord) string {
	var parts []string
	for _, m := range applied {
		t := fmt.Sprintf("seat %d: ", m.Seat+1)
		if m.Fault != "" {
			t += "forfeit (" + m.Fault + ")"
		} else {
			t += s.ActionString(m.Seat, m.Action)
		}
		t += fmt.Sprintf(" · %.1f ms", float64(m.Time.Microseconds())/1000)
		if m.Depth > 0 || m.Nodes > 0 {
			t += fmt.Sprintf(" · depth %d · %d nodes", m.Depth, m.Nodes)
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "\n")
}

// NewViewer replays a record into frames. A record that does not replay
// gives a viewer with the frames up to the failure and Error set.
func NewViewer(dir string, r *records.Game) *Viewer {
	v := &Viewer{Index: r.Index, GameType: r.GameType, Map: r.Map, Round: r.Round, Enc: r.Encounter,
		Scores: r.Scores, Ranks: r.Ranks, End: r.End}
	for _, s := range r.Seats {
		v.Seats = append(v.Seats, s.ID+" ("+s.Bot+")")
	}
	var prev []string
	first := true
	_, err := r.Replay(dir, func(s game.State, applied []arena.MoveRecord) {
		head, rows := board(r.GameType, s)
		f := Frame{Head: head}
		// The text of a move is the previous state's: ActionString
		// after the move still names it the same way in these games.
		f.Moves = movesText(s, applied)
		if first {
			first = false
			if len(rows) > 0 {
				v.H, v.W = len(rows), len(rows[0])
			}
			f.Grid = strings.Join(rows, "")
			v.Links = links(s)
		} else if len(rows) == v.H {
			for y, row := range rows {
				if y >= len(prev) || len(row) != v.W {
					continue
				}
				for x := 0; x < len(row); x++ {
					if row[x] != prev[y][x] {
						f.Diff = append(f.Diff, y*v.W+x)
						f.Chars += string(row[x])
					}
				}
			}
		}
		prev = rows
		switch st := s.(type) {
		case *speed.State:
			for p := 0; p < st.NumPlayers(); p++ {
				pl := st.Player(p)
				if pl.Active {
					f.Marks = append(f.Marks, [3]int{pl.X, pl.Y, p})
				}
			}
		}
		if t, ok := s.(interface{ Total(int) int64 }); ok {
			for p := 0; p < s.NumPlayers(); p++ {
				f.Bars = append(f.Bars, t.Total(p))
			}
		}
		v.Frames = append(v.Frames, f)
	})
	if err != nil {
		v.Error = err.Error()
	}
	return v
}

// links returns a ReversiXT map's transitions as cell pairs.
func links(s game.State) [][4]int {
	st, ok := s.(*reversixt.State)
	if !ok {
		return nil
	}
	var out [][4]int
	for _, t := range st.Map().Transitions {
		out = append(out, [4]int{t.X1, t.Y1, t.X2, t.Y2})
	}
	return out
}
