package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// handBlocks: 4 blocks of treatments A, B, C (ranks within a block, 1 =
// lowest): A 1,2,1,1  B 2,1,3,2  C 3,3,2,3 → R = 5, 8, 11.
//
//	n(k+1)/2 = 8; Σ(R − 8)² = 9 + 0 + 9 = 18; stat = 12·18/(4·3·4) = 4.5
//	p = P(χ²₂ > 4.5) = e^−2.25 = 0.105399
var handBlocks = [][]float64{{1, 2, 3}, {2, 1, 3}, {1, 3, 2}, {1, 2, 3}}

func TestFriedmanByHand(t *testing.T) {
	st, p := Friedman(handBlocks)
	if !near(st, 4.5, 1e-12) || !near(p, math.Exp(-2.25), 1e-9) {
		t.Errorf("no ties: stat %g p %g, want 4.5 %g", st, p, math.Exp(-2.25))
	}
	// A tie in block 1 (A = B): ranks 1.5, 1.5, 3 → R = 5.5, 7.5, 11.
	//	Σ(R − 8)² = 6.25 + 0.25 + 9 = 15.5; ties Σ(t³ − t) = 6
	//	stat = 12·15.5/(48 − 6/2) = 186/45 = 4.1333; p = e^−(186/90) = 0.126607
	tied := [][]float64{{1, 1, 3}, {2, 1, 3}, {1, 3, 2}, {1, 2, 3}}
	st, p = Friedman(tied)
	if !near(st, 186.0/45, 1e-12) || !near(p, math.Exp(-186.0/90), 1e-9) {
		t.Errorf("ties: stat %g p %g", st, p)
	}
	// Degenerate: one treatment, no blocks, every block tied.
	for _, x := range [][][]float64{{{1}, {2}}, nil, {{1, 1}, {2, 2}}} {
		if st, p := Friedman(x); st != 0 || p != 1 {
			t.Errorf("Friedman(%v) = %g, %g", x, st, p)
		}
	}
}

// TestFriedmanRoundingTimes: the rounding-first-base times of Hollander &
// Wolfe (1973, p. 140), 22 players × 3 methods, with ties; the textbook
// (and R's friedman.test) give χ² = 11.143, df = 2, p = 0.003805.
func TestFriedmanRoundingTimes(t *testing.T) {
	x := [][]float64{
		{5.40, 5.50, 5.55}, {5.85, 5.70, 5.75}, {5.20, 5.60, 5.50}, {5.55, 5.50, 5.40},
		{5.90, 5.85, 5.70}, {5.45, 5.55, 5.60}, {5.40, 5.40, 5.35}, {5.45, 5.50, 5.35},
		{5.25, 5.15, 5.00}, {5.85, 5.80, 5.70}, {5.25, 5.20, 5.10}, {5.65, 5.55, 5.45},
		{5.60, 5.35, 5.45}, {5.05, 5.00, 4.95}, {5.50, 5.50, 5.40}, {5.45, 5.55, 5.50},
		{5.55, 5.55, 5.35}, {5.45, 5.50, 5.55}, {5.50, 5.45, 5.25}, {5.65, 5.60, 5.40},
		{5.70, 5.65, 5.55}, {6.30, 6.30, 6.25},
	}
	st, p := Friedman(x)
	if !near(st, 11.143, 5e-4) || !near(p, 0.003805, 5e-6) {
		t.Errorf("stat %g p %g, want 11.143 0.003805", st, p)
	}
}

// TestRaceConoverByHand: handBlocks at alpha = 0.2 (p = 0.105 < 0.2).
//
//	A = Σ r² = 4·14 = 56; Σ R² = 25 + 64 + 121 = 210; n·A − ΣR² = 14
//	(n−1)(k−1) = 6; √(2·14/6) = 2.16025; t_{0.9,6} = 1.439756
//	critical difference 3.1103: C − A = 6 (worse), C − B = 3 (not)
//
// At alpha = 0.05 the Friedman test does not reject: nothing is worse.
func TestRaceConoverByHand(t *testing.T) {
	rs, worse, p := Race(handBlocks, 0.2)
	if rs[0] != 5 || rs[1] != 8 || rs[2] != 11 || !near(p, math.Exp(-2.25), 1e-9) {
		t.Errorf("rank sums %v p %g", rs, p)
	}
	if !worse[0] || worse[1] || worse[2] {
		t.Errorf("alpha 0.2: worse %v, want [true false false]", worse)
	}
	if _, worse, _ := Race(handBlocks, 0.05); worse[0] || worse[1] || worse[2] {
		t.Errorf("alpha 0.05: worse %v, want none", worse)
	}
}

func TestRaceSimulated(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	means := []float64{0, 0, 0, -1.5, 0}
	x := make([][]float64, 30)
	for b := range x {
		common := r.NormFloat64() // block effect
		x[b] = make([]float64, len(means))
		for i, m := range means {
			x[b][i] = common + m + r.NormFloat64()
		}
	}
	_, worse, p := Race(x, 0.05)
	if !(p < 0.05) || !worse[3] || worse[0] || worse[1] || worse[2] || worse[4] {
		t.Errorf("p %g worse %v, want only 3 worse", p, worse)
	}
	// All equal: over 50 seeded data sets, nothing is dropped at least 90 %
	// of the time (nominal 95 %).
	kept := 0
	for s := range 50 {
		r := rand.New(rand.NewPCG(uint64(s), 77))
		for b := range x {
			for i := range x[b] {
				x[b][i] = r.NormFloat64()
			}
		}
		_, worse, _ := Race(x, 0.05)
		any := false
		for _, w := range worse {
			any = any || w
		}
		if !any {
			kept++
		}
	}
	if kept < 45 {
		t.Errorf("equal treatments: nothing dropped in only %d of 50 races", kept)
	}
}

// TestRaceTwo: k = 2 uses the Wilcoxon signed-rank test. Differences
// 1..10 all positive: V = 55, mean 27.5, variance 10·11·21/24 = 96.25,
// z = (55 − 27.5 − 0.5)/√96.25 = 2.7521, p = 2·Φ(−2.7521) = 0.0059215.
func TestRaceTwo(t *testing.T) {
	x := make([][]float64, 10)
	for i := range x {
		x[i] = []float64{0, float64(i + 1)}
	}
	_, worse, p := Race(x, 0.05)
	if !near(p, 0.0059215, 1e-6) || !worse[0] || worse[1] {
		t.Errorf("p %g worse %v", p, worse)
	}
	// Equal: no difference at all.
	for i := range x {
		x[i] = []float64{1, 1}
	}
	if _, worse, p := Race(x, 0.05); p != 1 || worse[0] || worse[1] {
		t.Errorf("equal: p %g worse %v", p, worse)
	}
}

// TestPairedDiffByHand: d = 1..5: mean 3, SD √2.5 = 1.581139,
// se = 0.707107, t = 4.242641 on 4 df; t_{0.975,4} = 2.776445 →
// [3 − 1.963243, 3 + 1.963243]; p = I_{4/(4+18)}(2, ½) = 0.0132356.
func TestPairedDiffByHand(t *testing.T) {
	d := PairedDiff([]float64{3, 1, 5, 2, 4}, 0.95)
	if d.N != 5 || d.Mean != 3 || !near(d.SD, 1.581139, 1e-6) || !near(d.Lo, 1.036757, 1e-5) ||
		!near(d.Hi, 4.963243, 1e-5) || !near(d.P, 0.0132356, 1e-6) {
		t.Errorf("%+v", d)
	}
	inf := math.Inf(1)
	for _, c := range []struct {
		d      []float64
		lo, hi float64
		p      float64
	}{
		{nil, -inf, inf, 1},
		{[]float64{2}, -inf, inf, 1},
		{[]float64{0, 0, 0}, -inf, inf, 1},
		{[]float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 0, inf, 2 * math.Pow(0.5, 6)}, // sign test 0.03125
		{[]float64{-1, -1, -1}, -inf, inf, 0.25},                                // sign test not below 0.05
		{[]float64{-1, -1, -1, -1, -1, -1, -1}, -inf, 0, 2 * math.Pow(0.5, 7)},
	} {
		r := PairedDiff(c.d, 0.95)
		if r.Lo != c.lo || r.Hi != c.hi || !near(r.P, c.p, 1e-12) || r.Lo == r.Hi {
			t.Errorf("PairedDiff(%v) = %+v", c.d, r)
		}
	}
}
