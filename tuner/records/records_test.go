package records

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"tourney/arena"
	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/engines/reversixt"
	"tourney/engines/speed"
)

func entrant(t testing.TB, spec game.BotSpec, id string, params map[string]any) arena.Entrant {
	t.Helper()
	p, err := spec.Resolve(params)
	if err != nil {
		t.Fatal(err)
	}
	return arena.Entrant{ID: id, Spec: spec, Params: p}
}

// play runs jobs with records on and returns their records.
func play(t testing.TB, jobs []arena.Job) []*Game {
	t.Helper()
	var out []*Game
	for i := range jobs {
		jobs[i].Record = true
	}
	err := arena.Run(context.Background(), jobs, arena.Options{Workers: 2}, func(r *arena.Result) error {
		out = append(out, FromResult(r.Index, r))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	mixedOnce sync.Once
	mixedRecs []*Game
)

// mixed plays mixedJobs once for all tests (the records are not changed
// by them).
func mixed(t testing.TB) []*Game {
	mixedOnce.Do(func() { mixedRecs = play(t, mixedJobs(t)) })
	if mixedRecs == nil {
		t.Fatal("mixed games failed")
	}
	return mixedRecs
}

func mixedJobs(t testing.TB) []arena.Job {
	c4 := connect4.Game{}
	c4m, _ := c4.LoadMap("standard")
	ab := entrant(t, connect4.AlphaBetaSpec(), "3", map[string]any{"depth": 3})
	rx := reversixt.Game{}
	rxm, err := rx.LoadMap("cross14")
	if err != nil {
		t.Fatal(err)
	}
	par := entrant(t, reversixt.ParanoidSpec(), "1", nil)
	sp := speed.Game{}
	spm, err := sp.LoadMap("speed-6p")
	if err != nil {
		t.Fatal(err)
	}
	sv := entrant(t, speed.SurvivorSpec(), "default", nil)
	rnd := arena.Entrant{ID: "field:random", Spec: game.RandomSpec()}
	var jobs []arena.Job
	for i := range 2 {
		jobs = append(jobs,
			arena.Job{Game: c4, Map: c4m, Seed: game.Mix(1, uint64(i)), Seats: []arena.Entrant{ab, rnd}, OpeningPlies: 2},
			arena.Job{Game: rx, Map: rxm, Seed: game.Mix(2, uint64(i)), Seats: []arena.Entrant{par, rnd, par, rnd},
				Budget: game.Budget{Depth: 2}, OpeningPlies: 1},
			arena.Job{Game: sp, Map: spm, Seed: game.Mix(3, uint64(i)) | 1<<63, Seats: []arena.Entrant{sv, rnd, sv, rnd, sv, sv}})
	}
	return jobs
}

// Records written and read back are the same; every one replays to its
// recorded end; the seed (above 2^53) survives as a string.
func TestRoundTripAndReplay(t *testing.T) {
	recs := mixed(t)
	path := filepath.Join(t.TempDir(), FileName)
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range recs {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Write(recs[0]); err == nil {
		t.Error("a record out of order was accepted")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(recs) {
		t.Fatalf("read %d records, wrote %d", len(back), len(recs))
	}
	for i, g := range back {
		// Params come back as JSON values (float64 numbers).
		if g.Seats[0].Bot != recs[i].Seats[0].Bot || g.Seats[0].ID != recs[i].Seats[0].ID {
			t.Errorf("record %d seats %+v, wrote %+v", i, g.Seats, recs[i].Seats)
		}
		a, b := *g, *recs[i]
		a.Seats, b.Seats = nil, nil
		// Times are written in microseconds.
		b.Moves = slices.Clone(b.Moves)
		for k := range b.Moves {
			b.Moves[k].Time = b.Moves[k].Time.Truncate(time.Microsecond)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("record %d (%s) differs after reading it back", i, g.GameType)
		}
		if len(g.Moves) == 0 {
			t.Errorf("record %d has no moves", i)
		}
		s, err := g.Replay("", nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Returns(nil); !reflect.DeepEqual(got, g.Scores) {
			t.Errorf("record %d: replay scores %v, recorded %v", i, got, g.Scores)
		}
	}
	if back[2].Seed>>63 != 1 {
		t.Errorf("seed %d lost its top bit", back[2].Seed)
	}
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte("moves")) {
		t.Error("the file is not compressed")
	}
}

// A file cut anywhere yields a prefix of the records; Resume keeps the
// complete records before the resume point and appends after them.
func TestCutAndResume(t *testing.T) {
	recs := mixed(t)
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int64 // file size after each record (no Close: a killed run)
	for _, g := range recs {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
		st, _ := w.f.Stat()
		sizes = append(sizes, st.Size())
	}
	full, _ := os.ReadFile(path)
	w.f.Close()
	for _, cut := range []int64{0, 5, sizes[0] - 1, sizes[0], sizes[2] + 3, sizes[3], int64(len(full))} {
		if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Read(path)
		if err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		// Every record flushed before the cut is read; a cut inside the
		// flush marker after a record may still yield that record.
		want := 0
		for _, s := range sizes {
			if s <= cut {
				want++
			}
		}
		if len(got) < want || len(got) > want+1 {
			t.Errorf("cut at %d: %d records, want %d", cut, len(got), want)
		}
		want = len(got)
		// Resume at game 3: keep min(want, 3), then write the rest.
		w, kept, err := Resume(path, 3)
		if err != nil {
			t.Fatal(err)
		}
		if kept != min(want, 3) {
			t.Errorf("cut at %d: resume kept %d, want %d", cut, kept, min(want, 3))
		}
		for _, g := range recs[kept:] {
			if err := w.Write(g); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got, err = Read(path)
		if err != nil || len(got) != len(recs) {
			t.Fatalf("cut at %d, resumed: %d records (%v), want %d", cut, len(got), err, len(recs))
		}
		for i, g := range got {
			if g.Index != i || g.Plies != recs[i].Plies {
				t.Errorf("cut at %d, resumed: record %d is game %d", cut, i, g.Index)
			}
		}
	}
	if _, err := os.Stat(path + ".tmp"); err == nil {
		t.Error("the temporary file is left")
	}
}

// Spe_ed records export as official logs that the replayer accepts.
func TestSpeedLog(t *testing.T) {
	recs := mixed(t)
	n := 0
	for _, g := range recs {
		if g.GameType != "speed" {
			if err := g.SpeedLog("", &bytes.Buffer{}); err == nil {
				t.Errorf("a %s game exported as a Spe_ed log", g.GameType)
			}
			continue
		}
		var buf bytes.Buffer
		if err := g.SpeedLog("", &buf); err != nil {
			t.Fatal(err)
		}
		rounds, err := speed.Replay(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		if rounds != g.Plies {
			t.Errorf("game %d: %d rounds replayed, %d played", g.Index, rounds, g.Plies)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("%d Spe_ed games", n)
	}
}
