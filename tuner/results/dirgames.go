// dirgames.go: reading a results directory's games.csv back.

package results

import (
	"fmt"
	"path/filepath"
	"strconv"
	"tourney/arena"
	"tourney/tuner/space"
)

// DirGame is one game of a results directory as games.csv describes it.
type DirGame struct {
	Index    int
	Line     int // line of its first row in games.csv
	Scenario int
	Map      string
	Seed     uint64
	Seats    []string // entrant ids: "3", "default", "field:random"
	Round    int
	Enc      int
	Block    int
	Scores   []string // as written
	Ranks    []string
	Plies    string
}

// ReadDirGames reads games.csv of a results directory by column name
// (both the old layout, whose `variant` holds the entrant id, and the
// layout with `role` and `bot`).
func ReadDirGames(dir string) ([]DirGame, error) {
	path := filepath.Join(dir, "games.csv")
	t, err := ReadTable(path)
	if err != nil {
		return nil, err
	}
	for _, need := range []string{"game", "scenario", "map", "seed", "seat", "variant", "score", "rank", "plies"} {
		if !t.Has(need) {
			return nil, &space.InputError{File: path, Line: 1, Message: "no column " + need}
		}
	}
	get := t.Get
	var out []DirGame
	for k, row := range t.Rows {
		line := t.Lines[k]
		idx, err1 := strconv.Atoi(get(row, "game"))
		seat, err2 := strconv.Atoi(get(row, "seat"))
		sc, err3 := strconv.Atoi(get(row, "scenario"))
		seed, err4 := strconv.ParseUint(get(row, "seed"), 10, 64)
		if err := firstErr(err1, err2, err3, err4); err != nil {
			return nil, &space.InputError{File: path, Line: line, Message: err.Error()}
		}
		id := get(row, "variant")
		switch get(row, "role") {
		case "default":
			id = "default"
		case "field":
			id = "field:" + get(row, "bot")
		}
		if len(out) == 0 || out[len(out)-1].Index != idx {
			g := DirGame{Index: idx, Line: line, Scenario: sc, Map: get(row, "map"), Seed: seed, Plies: get(row, "plies")}
			g.Round, _ = strconv.Atoi(get(row, "round"))
			g.Enc, _ = strconv.Atoi(get(row, "encounter"))
			g.Block, _ = strconv.Atoi(get(row, "block"))
			out = append(out, g)
		}
		g := &out[len(out)-1]
		if seat != len(g.Seats) {
			return nil, &space.InputError{File: path, Line: line, Message: fmt.Sprintf("seat %d of game %d out of order", seat, idx)}
		}
		g.Seats = append(g.Seats, id)
		g.Scores = append(g.Scores, get(row, "score"))
		g.Ranks = append(g.Ranks, get(row, "rank"))
	}
	return out, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// Mismatch says how a game played again differs from games.csv ("" when
// it does not).
func (g *DirGame) Mismatch(r *arena.Result) string {
	for k := range g.Seats {
		if strconv.FormatFloat(r.Scores[k], 'g', -1, 64) != g.Scores[k] || strconv.Itoa(r.Ranks[k]) != g.Ranks[k] || strconv.Itoa(r.Plies) != g.Plies {
			return fmt.Sprintf("game %d (games.csv:%d): seat %d played score %s rank %d plies %d, recorded %s %s %s",
				g.Index, g.Line, k, strconv.FormatFloat(r.Scores[k], 'g', -1, 64), r.Ranks[k], r.Plies, g.Scores[k], g.Ranks[k], g.Plies)
		}
	}
	return ""
}
