package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloScoreRoundTrip(t *testing.T) {
	for _, e := range []float64{-800, -100, -1, 0, 3.5, 190.85, 700} {
		if got := EloFromScore(ScoreFromElo(e)); !near(got, e, 1e-9) {
			t.Errorf("EloFromScore(ScoreFromElo(%g)) = %g", e, got)
		}
	}
	// 3 wins for each loss: 400·log10(3).
	if got := EloFromScore(0.75); !near(got, 400*math.Log10(3), 1e-12) {
		t.Errorf("EloFromScore(0.75) = %g", got)
	}
	if !math.IsInf(EloFromScore(0), -1) || !math.IsInf(EloFromScore(1), 1) || !math.IsNaN(EloFromScore(1.5)) {
		t.Errorf("ends: %g %g %g", EloFromScore(0), EloFromScore(1), EloFromScore(1.5))
	}
}

// TestPentaEstimateByHand: pairs LL=0, LD=1, WL+DD=4, WD=3, WW=2 (n = 10).
//
//	pair scores per game 0.25×1, 0.5×4, 0.75×3, 1×2: sum 0.25+2+2.25+2 = 6.5, s = 0.65
//	squared deviations: 1·0.4² + 4·0.15² + 3·0.1² + 2·0.35² = 0.16+0.09+0.03+0.245 = 0.525
//	σ² = 0.0525, σ = 0.2291288, se = σ/√10 = 0.0724569
//	Elo = −400·log10(1/0.65 − 1) = 400·log10(13/7) = 107.538
//	nElo = 0.15/(√2·0.2291288)·800/ln 10 = 160.831
//	LOS = Φ(0.15/0.0724569) = Φ(2.0702) = 0.98078
//	95 %: s ± 1.959964·0.0724569 = [0.507987, 0.792013] → Elo [5.550, 232.278]
func TestPentaEstimateByHand(t *testing.T) {
	e := PentaFrom6(0, 1, 3, 1, 3, 2).Estimate(0.95)
	checks := []struct {
		name      string
		got, want float64
	}{
		{"Score", e.Score, 0.65},
		{"SD", e.SD, 0.2291288},
		{"Elo", e.Elo, 107.538},
		{"EloLo", e.EloLo, 5.550},
		{"EloHi", e.EloHi, 232.278},
		{"NElo", e.NElo, 160.831},
		{"NEloLo", e.NEloLo, (0.507987 - 0.5) / (math.Sqrt2 * 0.2291288) * 800 / math.Ln10},
		{"NEloHi", e.NEloHi, (0.792013 - 0.5) / (math.Sqrt2 * 0.2291288) * 800 / math.Ln10},
		{"LOS", e.LOS, 0.98078},
	}
	for _, c := range checks {
		if !near(c.got, c.want, 2e-3) {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
	if e.N != 10 || e.Exact {
		t.Errorf("N = %d, Exact = %v", e.N, e.Exact)
	}
	// The same blocks through BlockEstimate give the same numbers.
	x := []float64{0.25, 0.5, 0.5, 0.5, 0.5, 0.75, 0.75, 0.75, 1, 1}
	b := BlockEstimate(x, 0.95)
	if !near(b.Elo, e.Elo, 1e-9) || !near(b.NElo, e.NElo, 1e-9) || !near(b.EloLo, e.EloLo, 1e-9) || !near(b.LOS, e.LOS, 1e-12) {
		t.Errorf("BlockEstimate %+v differs from Penta %+v", b, e)
	}
}

// TestTriEstimateByHand: 6 wins, 2 draws, 2 losses (n = 10 games).
//
//	s = (6 + 1)/10 = 0.7; deviations 6·0.3² + 2·0.2² + 2·0.7² = 0.54+0.08+0.98 = 1.6
//	σ² = 0.16, σ = 0.4; nElo = 0.2/0.4·800/ln 10 = 173.718; Elo = 400·log10(7/3) = 147.19
//	LOS = Φ(0.2/(0.4/√10)) = Φ(1.5811) = 0.94307
func TestTriEstimateByHand(t *testing.T) {
	e := Tri{W: 6, D: 2, L: 2}.Estimate(0.95)
	if !near(e.Score, 0.7, 1e-12) || !near(e.SD, 0.4, 1e-12) || !near(e.NElo, 173.718, 1e-3) ||
		!near(e.Elo, 147.19, 1e-2) || !near(e.LOS, 0.94307, 1e-4) {
		t.Errorf("got %+v", e)
	}
}

// TestExtremes: all wins, all losses, zero variance give finite bounds on
// the side that can be bounded, ends different from the point estimate,
// and Exact.
func TestExtremes(t *testing.T) {
	// 10 pairs all WW: s = 1. Wilson lower end n/(n+z²) = 10/13.8415 = 0.722467
	// → 400·log10(0.722467/0.277533) = 166.20 Elo.
	e := Penta{0, 0, 0, 0, 10}.Estimate(0.95)
	if !e.Exact || !math.IsInf(e.Elo, 1) || !near(e.EloLo, 166.20, 0.01) || e.EloLo == e.Elo || e.LOS != 1 {
		t.Errorf("all wins: %+v", e)
	}
	if math.IsInf(e.NEloLo, 0) || math.IsNaN(e.NEloLo) || !(e.NEloLo > 0) {
		t.Errorf("all wins: nElo lower bound %g not finite and positive", e.NEloLo)
	}
	// All losses mirror it.
	l := Tri{L: 10}.Estimate(0.95)
	if !l.Exact || !math.IsInf(l.Elo, -1) || !near(l.EloHi, -166.20, 0.01) || l.LOS != 0 {
		t.Errorf("all losses: %+v", l)
	}
	// All draws: s = ½, σ = 0. Wilson: ½ ± z/(1+z²/n)·√(¼/n + z²/(4n²)).
	d := Tri{D: 20}.Estimate(0.95)
	z := 1.959963985
	h := z / (1 + z*z/20) * math.Sqrt(0.25/20+z*z/(4*400))
	if !d.Exact || d.Elo != 0 || !near(d.EloLo, EloFromScore(0.5-h), 1e-4) || !near(d.EloHi, EloFromScore(0.5+h), 1e-4) ||
		!(d.EloLo < 0 && d.EloHi > 0) || d.NElo != 0 || !(d.NEloLo < 0 && d.NEloHi > 0) || d.LOS != 0.5 {
		t.Errorf("all draws: %+v (h = %g)", d, h)
	}
	// Every pair WL: s = ½, σ = 0, same shape on 5 units.
	p := PentaFrom6(0, 0, 5, 0, 0, 0).Estimate(0.95)
	if !p.Exact || !(p.EloLo < 0 && p.EloHi > 0) {
		t.Errorf("all WL pairs: %+v", p)
	}
	// No games: NaN, not a number that looks like a result.
	if n := (Tri{}).Estimate(0.95); n.N != 0 || !math.IsNaN(n.Elo) || !math.IsNaN(n.EloLo) {
		t.Errorf("no games: %+v", n)
	}
}

func TestIntervalClampedToScoreRange(t *testing.T) {
	// Two pairs, 1 and ¾: s = 0.875, σ = 0.125, s + 1.96·0.125/√2 > 1 → +Inf.
	e := BlockEstimate([]float64{1, 0.75}, 0.95)
	if e.Exact || !math.IsInf(e.EloHi, 1) || math.IsNaN(e.EloLo) || !(e.EloLo < e.Elo) {
		t.Errorf("%+v", e)
	}
}
