package search

import (
	"context"
	"testing"
	"time"

	"tourney/engines/game"
)

func benchToy(b *testing.B, cfg Config, paranoid bool) {
	s := deepToy()
	sr := New(cfg, orderedHooks)
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		var r Result
		if paranoid {
			r = sr.Paranoid(context.Background(), s, game.Budget{Depth: 9})
		} else {
			r = sr.Negamax(context.Background(), s, game.Budget{Depth: 9})
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkNegamaxToy(b *testing.B)  { benchToy(b, DefaultConfig(), false) }
func BenchmarkParanoidToy(b *testing.B) { benchToy(b, DefaultConfig(), true) }
func BenchmarkNegamaxToyTT(b *testing.B) {
	cfg := DefaultConfig()
	cfg.TTLog2, cfg.Deepening, cfg.Aspiration = 14, true, true
	benchToy(b, cfg, false)
}

// BenchmarkNegamaxDeadline: a 20 ms time budget on a deep toy tree that
// only the deadline stops; overrun-ms/op is the time past it (what
// TestCancel bounded at 500 ms of wall time before).
func BenchmarkNegamaxDeadline(b *testing.B) {
	const budget = 20 * time.Millisecond
	cfg := DefaultConfig()
	cfg.MaxDepth = 40
	big := &toyU{*newToy(2, 1000, 99)}
	big.cap = 100
	sr := New(cfg, orderedHooks)
	var over time.Duration
	for b.Loop() {
		t0 := time.Now()
		sr.Negamax(context.Background(), big, game.Budget{Time: budget})
		over += time.Since(t0) - budget
	}
	b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overrun-ms/op")
}
