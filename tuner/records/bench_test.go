package records

import (
	"context"
	"path/filepath"
	"testing"

	"tourney/arena"
	"tourney/engines/connect4"
	"tourney/engines/game"
)

// benchDepth7 plays b.N Connect Four games at depth 7 (alphabeta against
// itself, 4-ply random openings, one worker) with records written to a
// games.jsonl.gz or not at all: the two benchmarks' ratio is the cost of
// records (issue 14: at most 10 %).
func benchDepth7(b *testing.B, record bool) {
	e := entrant(b, connect4.AlphaBetaSpec(), "0", map[string]any{"depth": 7})
	g := connect4.Game{}
	m, _ := g.LoadMap("standard")
	jobs := make([]arena.Job, b.N)
	for i := range jobs {
		jobs[i] = arena.Job{Game: g, Map: m, Seed: game.Mix(11, uint64(i)), Seats: []arena.Entrant{e, e},
			OpeningPlies: 4, Record: record}
	}
	var w *Writer
	if record {
		var err error
		if w, err = Create(filepath.Join(b.TempDir(), FileName)); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	err := arena.Run(context.Background(), jobs, arena.Options{Workers: 1}, func(r *arena.Result) error {
		if w == nil {
			return nil
		}
		return w.Write(FromResult(r.Index, r))
	})
	if err != nil {
		b.Fatal(err)
	}
	if w != nil {
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDepth7NoRecords(b *testing.B) { benchDepth7(b, false) }
func BenchmarkDepth7Records(b *testing.B)   { benchDepth7(b, true) }

// BenchmarkWriteDepth7Record is the records' own cost per game: building
// and writing (JSON, gzip, flush) the record of one depth-7 game.
func BenchmarkWriteDepth7Record(b *testing.B) {
	e := entrant(b, connect4.AlphaBetaSpec(), "0", map[string]any{"depth": 7})
	g := connect4.Game{}
	m, _ := g.LoadMap("standard")
	job := &arena.Job{Game: g, Map: m, Seed: 11, Seats: []arena.Entrant{e, e}, OpeningPlies: 4, Record: true}
	r, err := arena.Play(context.Background(), job, arena.Options{})
	if err != nil {
		b.Fatal(err)
	}
	w, err := Create(filepath.Join(b.TempDir(), FileName))
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := w.Write(FromResult(i, r)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(r.Moves)), "moves/game")
}
