package connect4

import (
	"context"
	"testing"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Middle-game positions for the fixed-depth benchmarks.
var benchPositions = []string{"3324", "332415", "33241566", "2233445", "3322440115"}

func benchSearch(b *testing.B, depth int, mod func(*search.Config)) {
	a := DefaultAlphaBeta()
	if mod != nil {
		mod(&a.Search)
	}
	sr := a.Searcher()
	var states []*State
	for _, m := range benchPositions {
		states = append(states, mustMoves(b, m))
	}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range states {
			nodes += sr.Negamax(context.Background(), s, game.Budget{Depth: depth}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSearchDepth9 is the default bot's search (no table) at depth 9
// from five middle-game positions.
func BenchmarkSearchDepth9(b *testing.B) { benchSearch(b, 9, nil) }

// BenchmarkSearchDepth9TT adds a 2^18 table and deepening with aspiration.
func BenchmarkSearchDepth9TT(b *testing.B) {
	benchSearch(b, 9, func(c *search.Config) { c.TTLog2, c.Deepening, c.Aspiration = 18, true, true })
}

func BenchmarkEvaluate(b *testing.B) {
	ev := NewEvaluator(DefaultWeights())
	s := mustMoves(b, "33241566")
	sum := 0.0
	for b.Loop() {
		sum += ev.Evaluate(s, s.ToMove(), 0)
	}
	_ = sum
}

// BenchmarkGameDepth7 plays one whole game between two default bots at
// depth 7 from the empty board (the reference for the arena's overhead).
func BenchmarkGameDepth7(b *testing.B) {
	spec := AlphaBetaSpec()
	b.ReportAllocs()
	for b.Loop() {
		bots := [2]game.Bot{}
		for i := range bots {
			bot, _, err := spec.Build(map[string]any{"depth": 7})
			if err != nil {
				b.Fatal(err)
			}
			bots[i] = bot
		}
		s := NewState()
		for !s.Over() {
			m, err := bots[s.ToMove()].Step(context.Background(), s.Clone(), s.ToMove(), game.Budget{})
			if err != nil {
				b.Fatal(err)
			}
			s.Play(int(m))
		}
	}
}
