package results

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"tourney/arena"
	"tourney/tuner/space"
)

// priorGame is a game found in the games.csv of an interrupted sweep.
type priorGame struct {
	rows       [][]string // one per seat
	line       int        // line of the first row
	start, end int64      // byte offsets of the rows in the file
}

func (g *priorGame) complete(seats int) bool { return len(g.rows) == seats }

// result rebuilds the arena result of the game from its rows (checked
// against the plan by the caller, which regenerates and compares them).
func (g *priorGame) result(job *arena.Job) *arena.Result {
	n := len(g.rows)
	res := &arena.Result{Job: job, Scores: make([]float64, n), Ranks: make([]int, n), End: make([]string, n), Forfeit: -1}
	for seat, row := range g.rows {
		res.Scores[seat], _ = strconv.ParseFloat(row[ColScore], 64)
		res.Ranks[seat], _ = strconv.Atoi(row[ColRank])
		res.Plies, _ = strconv.Atoi(row[ColPlies])
		res.End[seat] = row[ColEnd]
		res.Print, _ = strconv.ParseUint(row[ColHash], 10, 64)
		if strings.HasPrefix(row[ColEnd], "forfeit:") && res.Forfeit < 0 {
			res.Forfeit = seat
		}
	}
	return res
}

// sameSpace reports whether two space files say the same thing: comments,
// blank lines, the order of keys and the way a value is spelt do not
// matter, values do. When they differ it names the first key (in sorted
// order) whose value differs, "" when one of them does not parse.
func sameSpace(a, b []byte) (string, bool) {
	if bytes.Equal(a, b) {
		return "", true
	}
	var ma, mb map[string]any
	if _, err := toml.Decode(string(a), &ma); err != nil {
		return "", false
	}
	if _, err := toml.Decode(string(b), &mb); err != nil {
		return "", false
	}
	if reflect.DeepEqual(ma, mb) {
		return "", true
	}
	return firstDiff("", ma, mb), false
}

// firstDiff names the first key under prefix whose values differ.
func firstDiff(prefix string, a, b map[string]any) string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	sorted := slices.Sorted(maps.Keys(keys))
	for _, k := range sorted {
		if reflect.DeepEqual(a[k], b[k]) {
			continue
		}
		name := k
		if prefix != "" {
			name = prefix + "." + k
		}
		sa, oka := a[k].(map[string]any)
		sb, okb := b[k].(map[string]any)
		if oka && okb {
			return firstDiff(name, sa, sb)
		}
		return name
	}
	return prefix
}

// openResume reads the games of an interrupted sweep in r.opt.Out.
func (r *Sweep) openResume() (*os.File, error) {
	dir := r.opt.Out
	if _, err := os.Stat(filepath.Join(dir, "summary.json")); err == nil {
		return nil, &space.InputError{File: dir, Message: "cannot resume: this sweep is finished (summary.json exists)"}
	}
	old, err := os.ReadFile(filepath.Join(dir, "space.toml"))
	if err != nil {
		return nil, &space.InputError{File: dir, Message: "cannot resume: no space.toml (not a results directory?)"}
	}
	if key, same := sameSpace(old, r.s.Source); !same {
		return nil, &space.InputError{File: filepath.Join(dir, "space.toml"), Key: key, Message: "cannot resume: the space differs from the one of the interrupted run"}
	}
	path := filepath.Join(dir, "games.csv")
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		// killed between space.toml and the first game: start from the header
		hdr, _ := CSVBytes([][]string{GamesHeader})
		if err := WriteFileAtomic(path, hdr); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, &space.InputError{File: path, Message: "cannot resume: " + err.Error()}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	// A line without its newline was cut by the interruption.
	data = data[:bytes.LastIndexByte(data, '\n')+1]
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = len(GamesHeader)
	head, err := cr.Read()
	if err != nil || strings.Join(head, ",") != strings.Join(GamesHeader, ",") {
		f.Close()
		return nil, &space.InputError{File: path, Line: 1, Message: "cannot resume: not a games.csv header"}
	}
	start := cr.InputOffset()
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			// A row cut short by the interruption ends what is usable.
			break
		}
		line, _ := cr.FieldPos(0)
		no, err := strconv.Atoi(rec[0])
		if err != nil || no < len(r.prior)-1 || no > len(r.prior) {
			f.Close()
			return nil, &space.InputError{File: path, Line: line, Key: "game", Message: fmt.Sprintf("cannot resume: unexpected game number %q", rec[0])}
		}
		if no == len(r.prior) {
			r.prior = append(r.prior, priorGame{line: line, start: start})
		}
		g := &r.prior[no]
		g.rows = append(g.rows, rec)
		g.end = cr.InputOffset()
		start = g.end
	}
	return f, nil
}

// startWriting cuts games.csv after the last replayed game and appends
// from there.
func (r *Sweep) startWriting() error {
	off := int64(0)
	if r.gameNo > 0 {
		off = r.prior[r.gameNo-1].end
	} else {
		// keep the header only
		hdr, _ := CSVBytes([][]string{GamesHeader})
		off = int64(len(hdr))
	}
	if err := r.gf.Truncate(off); err != nil {
		return err
	}
	if _, err := r.gf.Seek(off, io.SeekStart); err != nil {
		return err
	}
	r.prior = r.prior[:r.gameNo]
	r.gbuf.Reset()
	r.games = csv.NewWriter(&r.gbuf)
	return r.openSidecars(r.gameNo)
}
