// games.go: games.csv, timing.csv and the records as the games come in.

package results

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"tourney/tuner/plan"
	"tourney/tuner/space"

	"tourney/arena"
	"tourney/tuner/records"
	"tourney/tuner/stats"
)

var GamesHeader = []string{"game", "round", "encounter", "block", "scenario", "game_type", "map", "seed", "seat",
	"variant", "role", "bot", "score", "rank", "points", "plies", "nodes", "depth", "end", "game_hash"}

// Column indices of games.csv.
const (
	ColGame = iota
	ColRound
	ColEncounter
	ColBlock
	ColScenario
	ColGameType
	ColMap
	ColSeed
	ColSeat
	ColVariant
	ColRole
	ColBot
	ColScore
	ColRank
	ColPoints
	ColPlies
	ColNodes
	ColDepth
	ColEnd
	// ColHash is the game's fingerprint (arena.Print, 63 bits): two rows
	// of one encounter and seating with the same game_hash are the same
	// game played twice (statistics.md §8).
	ColHash
)

// SearchCols formats a seat's search telemetry for games.csv: its total
// nodes over the game and the mean completed depth of its moves (two
// decimals); both empty for a bot that reports none (game.Informer).
func SearchCols(res *arena.Result, seat int) (nodes, depth string) {
	if seat >= len(res.SeatSearch) || res.SeatSearch[seat].Moves == 0 {
		return "", ""
	}
	ss := res.SeatSearch[seat]
	return strconv.FormatInt(ss.Nodes, 10), strconv.FormatFloat(ss.MeanDepth(), 'f', 2, 64)
}

// emit writes a game's rows (or checks them against the interrupted run's)
// and books its points.
func (r *Sweep) emit(res *arena.Result) error {
	m := res.Job.Meta.(gameMeta)
	sc := &r.s.Scenarios[m.plan.Scenario]
	var replay *priorGame
	if r.gameNo < len(r.prior) {
		replay = &r.prior[r.gameNo]
	}
	if replay == nil {
		if err := r.record(res, &m); err != nil {
			return err
		}
	}
	if len(res.Ranks) > 2 {
		ids := make([]string, len(res.Job.Seats))
		for i, e := range res.Job.Seats {
			ids[i] = e.ID
		}
		r.table.Add(ids, res.Ranks)
	}
	rec := stats.Game{Block: m.unit, Players: make([]int, len(m.plan.Seats)), Ranks: slices.Clone(res.Ranks), Weight: sc.Weight}
	for seat, ref := range m.plan.Seats {
		pts := plan.Points(res.Ranks, seat)
		variant, role, bot := "", "default", sc.Bot.Name
		switch ref.Kind {
		case plan.SeatVariant:
			variant, role = strconv.Itoa(ref.Variant), "variant"
		case plan.SeatField:
			role, bot = "field", sc.Field[ref.Field].Name
		case plan.SeatPoint: // not rated (entrants.go)
			variant, role = "p"+strconv.Itoa(ref.Point), "point"
			rec.Players = nil
		}
		nodes, depth := SearchCols(res, seat)
		row := []string{
			strconv.Itoa(r.gameNo), strconv.Itoa(m.blk.Round), strconv.Itoa(m.blk.Encounter), strconv.Itoa(m.blk.Number),
			strconv.Itoa(m.plan.Scenario), sc.Game.Info().Name, sc.MapNames[m.plan.Map],
			strconv.FormatUint(m.plan.Seed, 10), strconv.Itoa(seat), variant, role, bot,
			FmtFloat(res.Scores[seat]), strconv.Itoa(res.Ranks[seat]), FmtFloat(pts),
			strconv.Itoa(res.Plies), nodes, depth, res.End[seat], strconv.FormatUint(res.Print, 10),
		}
		if replay != nil {
			// A resumed game is not played again: its telemetry is the
			// interrupted run's, already in the file.
			row[ColNodes], row[ColDepth] = replay.rows[seat][ColNodes], replay.rows[seat][ColDepth]
			if got, want := strings.Join(row, ","), strings.Join(replay.rows[seat], ","); got != want {
				return &space.InputError{File: filepath.Join(r.opt.Out, "games.csv"), Line: replay.line + seat,
					Message: fmt.Sprintf("cannot resume: the row does not match the planned game (%s); was the run made with another space or seed?", got)}
			}
		} else if err := r.games.Write(row); err != nil {
			return err
		}
		if strings.HasPrefix(res.End[seat], "forfeit:") {
			r.forfeits.add(bot, res.End[seat])
			if replay == nil {
				r.noteForfeit(bot, r.gameNo, seat, m.plan.Seed, res)
			}
		}
		if rec.Players != nil {
			rec.Players[seat] = r.ents.of(r.s, m.plan.Scenario, ref)
		}
		if ref.Kind != plan.SeatVariant {
			continue
		}
		st := &r.stats[ref.Variant]
		st.games++
		st.points += pts
		st.raw += res.Scores[seat]
		st.rankSum += float64(res.Ranks[seat])
		st.places.Add(res.Ranks[seat], len(res.Ranks))
		if strings.HasPrefix(res.End[seat], "forfeit:") {
			st.forfeits++
			r.forfeits.total++
		}
	}
	(*m.out)[m.bi][m.game] = plan.Result{Ranks: slices.Clone(res.Ranks), Print: res.Print}
	if rec.Players != nil { // a game of points is not rated
		r.recs = append(r.recs, rec)
		r.recScen = append(r.recScen, m.plan.Scenario)
		r.recRound = append(r.recRound, m.blk.Round)
	}
	r.gameNo++
	if r.workPer == nil {
		for si := range r.s.Scenarios {
			r.workPer = append(r.workPer, plan.GameWork(r.s, si))
		}
	}
	r.work += r.workPer[m.plan.Scenario]
	if r.opt.StopAfter > 0 && r.gameNo >= r.opt.StopAfter {
		if replay == nil {
			if err := r.flush(); err != nil {
				return err
			}
		}
		return ErrStopped
	}
	if replay != nil {
		return nil
	}
	// Rows reach the file at least every second (and always on the
	// way out), not after every game: the collector is serial.
	if now := time.Now(); now.Sub(r.flushed) >= time.Second {
		r.flushed = now
		return r.flush()
	}
	return nil
}

// flush writes the rows gathered since the last flush: timing.csv's
// first, then games.csv's, each in one write. A kill at any instant
// thus leaves timing.csv with a row for every game of games.csv (and
// perhaps a few more, or half a row, which a resume cuts away: see
// repairTiming); nothing is written between flushes.
func (r *Sweep) flush() error {
	if r.games == nil {
		return nil
	}
	if r.timing != nil {
		if err := flushTo(r.timing, &r.tbuf, r.tf); err != nil {
			return err
		}
	}
	return flushTo(r.games, &r.gbuf, r.gf)
}

// flushTo writes the rows w gathered in buf to f, in one write.
func flushTo(w *csv.Writer, buf *bytes.Buffer, f *os.File) error {
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	if buf.Len() > 0 {
		if _, err := f.Write(buf.Bytes()); err != nil {
			return err
		}
		buf.Reset()
	}
	return nil
}

// openSidecars opens the records (after the first keep games, on a
// resume) and timing.csv.
func (r *Sweep) openSidecars(keep int) error {
	dir := r.opt.Out
	if !r.opt.NoRecords {
		path := filepath.Join(dir, records.FileName)
		var err error
		if keep == 0 {
			r.recw, err = records.Create(path)
		} else {
			var kept int
			r.recw, kept, err = records.Resume(path, keep)
			if err == nil && kept < keep {
				fmt.Fprintf(r.opt.Log, "warning: %s holds %d of the %d games played before the interruption; the others have no record\n", path, kept, keep)
			}
		}
		if err != nil {
			return err
		}
	}
	path := filepath.Join(dir, "timing.csv")
	if err := repairTiming(path, keep); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	st, _ := f.Stat()
	r.tf = f
	r.tbuf.Reset()
	r.timing = csv.NewWriter(&r.tbuf)
	if st == nil || st.Size() == 0 {
		if _, err := f.WriteString(strings.Join(timingHeader, ",") + "\n"); err != nil {
			return err
		}
	}
	return nil
}

// timingHeader: cpu_ms is the CPU time of the seat's bot processes in
// the game (an external bot's process tree, arena.Result.SeatCPU), empty
// for a bot that runs in tourney's process; a file of an older run has
// no such column (its rows get an empty one on resume).
var timingHeader = []string{"game", "seat", "time_ms", "moves", "cpu_ms"}

// repairTiming makes timing.csv of an interrupted run hold exactly the
// rows of its first keep games: a row cut by the kill, rows of games
// that games.csv does not have, and repeated rows are dropped; the file
// is replaced atomically. A missing file is left missing (created by
// the caller).
func repairTiming(path string, keep int) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	var out bytes.Buffer
	out.WriteString(strings.Join(timingHeader, ",") + "\n")
	seen := map[[2]int]bool{}
	lines := strings.Split(string(data), "\n")
	// the last element is "" after a final newline, or a torn row
	lines = lines[:len(lines)-1]
	for i, ln := range lines {
		if i == 0 {
			continue // the header
		}
		f := strings.Split(ln, ",")
		if len(f) == len(timingHeader)-1 { // a row of an older run: no cpu_ms
			f = append(f, "")
			ln += ","
		}
		if len(f) != len(timingHeader) {
			continue
		}
		g, e1 := strconv.Atoi(f[0])
		seat, e2 := strconv.Atoi(f[1])
		_, e3 := strconv.ParseFloat(f[2], 64)
		_, e4 := strconv.Atoi(f[3])
		var e5 error
		if f[4] != "" {
			_, e5 = strconv.ParseFloat(f[4], 64)
		}
		if e1 != nil || e2 != nil || e3 != nil || e4 != nil || e5 != nil || g >= keep || seen[[2]int{g, seat}] {
			continue
		}
		seen[[2]int{g, seat}] = true
		out.WriteString(ln + "\n")
	}
	if bytes.Equal(out.Bytes(), data) {
		return nil
	}
	return WriteFileAtomic(path, out.Bytes())
}

func (r *Sweep) closeSidecars() error {
	var err error
	if r.recw != nil {
		err = r.recw.Close()
		r.recw = nil
	}
	if r.timing != nil {
		if e := r.flush(); err == nil {
			err = e
		}
		if e := r.tf.Close(); err == nil {
			err = e
		}
		r.timing = nil
	}
	return err
}

// record writes a newly played game's record and timing rows.
func (r *Sweep) record(res *arena.Result, m *gameMeta) error {
	if r.recw != nil {
		rec := records.FromResult(r.gameNo, res)
		rec.Round, rec.Encounter, rec.Block, rec.Scenario = m.blk.Round, m.blk.Encounter, m.blk.Number, m.plan.Scenario
		rec.MapRef = r.s.Scenarios[m.plan.Scenario].MapNames[m.plan.Map]
		if err := r.recw.Write(rec); err != nil {
			return err
		}
	}
	if r.timing != nil {
		for seat := range res.SeatTime {
			cpu := ""
			if seat < len(res.SeatCPU) && res.SeatCPU[seat] >= 0 {
				cpu = strconv.FormatFloat(float64(res.SeatCPU[seat].Microseconds())/1000, 'f', 3, 64)
			}
			_ = r.timing.Write([]string{strconv.Itoa(r.gameNo), strconv.Itoa(seat),
				strconv.FormatFloat(float64(res.SeatTime[seat].Microseconds())/1000, 'f', 3, 64), strconv.Itoa(res.SeatMoves[seat]), cpu})
		}
	}
	return nil
}
