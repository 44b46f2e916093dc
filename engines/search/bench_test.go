package search

import (
	"context"
	"testing"

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
