package reversixt

import (
	"context"
	"testing"
	"time"

	"tourney/engines/game"
)

// middleGames returns standard8 positions after 16..26 random plies.
func middleGames(b *testing.B) []*State {
	m := mustLoad(b, "standard8")
	var out []*State
	for seed := uint64(0); len(out) < 8; seed++ {
		s := openingState(b, m, game.Mix(77, seed), 16+int(seed%11))
		if s.Phase() == Phase1 {
			out = append(out, s)
		}
	}
	return out
}

func benchParanoid(b *testing.B, depth int) {
	pos := middleGames(b)
	bot := NewParanoidBot(alphaBeta())
	var nodes int64
	var elapsed time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		t0 := time.Now()
		if _, err := bot.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: depth}); err != nil {
			b.Fatal(err)
		}
		elapsed += time.Since(t0)
		nodes += bot.Last.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
}

func BenchmarkParanoidDepth3(b *testing.B) { benchParanoid(b, 3) }
func BenchmarkParanoidDepth5(b *testing.B) { benchParanoid(b, 5) }
func BenchmarkParanoidDepth7(b *testing.B) { benchParanoid(b, 7) }

func BenchmarkTrivialStep(b *testing.B) {
	pos := middleGames(b)
	bot := &TrivialBot{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		if _, err := bot.Step(context.Background(), s, s.CurrentPlayer(), game.Budget{}); err != nil {
			b.Fatal(err)
		}
	}
}

// benchParanoidMap searches the recorded positions of pin_test.go on one
// map with the default bot at a fixed depth and reports nodes/s.
func benchParanoidMap(b *testing.B, name string, depth int) {
	m := mustLoad(b, name)
	var pos []*State
	for _, mv := range pinPositions(b, m) {
		pos = append(pos, pinState(b, m, mv))
	}
	bot := NewParanoidBot(alphaBeta())
	var nodes int64
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		if _, err := bot.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: depth}); err != nil {
			b.Fatal(err)
		}
		nodes += bot.Last.Nodes
	}
	reportRate(b, float64(nodes), "nodes", cpuTime()-cpu0)
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// reportRate reports n per wall second and per CPU second of the process
// (the latter is what a loaded machine cannot slow down much).
func reportRate(b *testing.B, n float64, unit string, cpu time.Duration) {
	b.ReportMetric(n/b.Elapsed().Seconds(), unit+"/s")
	if cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), unit+"/cpu-s")
	}
}

// The 8-player maps of the report's study: octo20 and a 50×50 map.
func BenchmarkParanoidOcto20(b *testing.B) { benchParanoidMap(b, "octo20", 4) }
func BenchmarkParanoidBig50(b *testing.B)  { benchParanoidMap(b, "testdata/big50-8p.map", 3) }
