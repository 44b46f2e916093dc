//go:build unix

package stats

import (
	"math/rand/v2"
	"testing"

	"tourney/internal/proccpu"
)

var cpuNow = proccpu.Self

// BenchmarkFitEffectsBootstrap: 8 000 two-seat games (4 000 blocks)
// between the 4 096 variants of twelve binary knobs, 200 refits; reports
// refits per wall second and per CPU second (the refits run on every
// CPU).
func BenchmarkFitEffectsBootstrap(b *testing.B) {
	eff := []float64{25, -15, 10, -10, 40, -30, 5, -5, 20, 30, -40, 15}
	games, d := effectsWorld(rand.New(rand.NewPCG(11, 12)), eff, 4000)
	b.ResetTimer()
	cpu := cpuNow()
	for range b.N {
		if _, err := FitEffects(games, d, 200, 0.95, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(200*b.N)/b.Elapsed().Seconds(), "refits/s")
	b.ReportMetric(float64(200*b.N)/(cpuNow()-cpu).Seconds(), "refits/CPU-s")
}
