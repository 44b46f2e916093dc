package stats

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// SPRT is a generalized sequential probability ratio test of H0: Elo =
// Elo0 against H1: Elo = Elo1 (statistics.md §3), with error rates Alpha
// (accepting H1 when H0 holds) and Beta (accepting H0 when H1 holds).
// With Normalized the hypotheses are in normalized Elo.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	Normalized              bool // nElo hypotheses instead of logistic Elo
}

// ParseSPRT reads "elo0,elo1" or "elo0,elo1,alpha,beta" (alpha and beta
// default to 0.05). elo0 must be less than elo1, alpha and beta in (0, 1)
// with alpha + beta < 1. Normalized stays false: the caller sets it.
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, fmt.Errorf("SPRT %q: want elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	v := [4]float64{0, 0, 0.05, 0.05}
	names := [4]string{"elo0", "elo1", "alpha", "beta"}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("SPRT %q: %s %q is not a finite number", s, names[i], p)
		}
		v[i] = x
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if !(t.Elo0 < t.Elo1) {
		return SPRT{}, fmt.Errorf("SPRT %q: elo0 (%g) must be less than elo1 (%g)", s, t.Elo0, t.Elo1)
	}
	if !(t.Alpha > 0 && t.Alpha < 1) {
		return SPRT{}, fmt.Errorf("SPRT %q: alpha (%g) must be between 0 and 1 (exclusive)", s, t.Alpha)
	}
	if !(t.Beta > 0 && t.Beta < 1) {
		return SPRT{}, fmt.Errorf("SPRT %q: beta (%g) must be between 0 and 1 (exclusive)", s, t.Beta)
	}
	if !(t.Alpha+t.Beta < 1) {
		return SPRT{}, fmt.Errorf("SPRT %q: alpha + beta (%g) must be less than 1", s, t.Alpha+t.Beta)
	}
	return t, nil
}

func (t SPRT) String() string {
	model := "logistic"
	if t.Normalized {
		model = "normalized"
	}
	return fmt.Sprintf("%s elo0=%s elo1=%s alpha=%s beta=%s", model, human(t.Elo0), human(t.Elo1), human(t.Alpha), human(t.Beta))
}

// human writes a number as people write it: 12 significant digits at
// most, so that 1 − 0.95 reads 0.05, not 0.050000000000000044.
func human(x float64) string {
	return strconv.FormatFloat(x, 'g', 12, 64)
}

// Lower is the bound ln(β/(1−α)) at or below which H0 is accepted.
func (t SPRT) Lower() float64 { return math.Log(t.Beta / (1 - t.Alpha)) }

// Upper is the bound ln((1−β)/α) at or above which H1 is accepted.
func (t SPRT) Upper() float64 { return math.Log((1 - t.Beta) / t.Alpha) }

// State is the verdict for a log-likelihood ratio: "H1" at or above
// Upper, "H0" at or below Lower, "continue" otherwise (also for NaN).
func (t SPRT) State(llr float64) string {
	switch {
	case llr >= t.Upper():
		return "H1"
	case llr <= t.Lower():
		return "H0"
	}
	return "continue"
}

// LLRTri is the GSPRT log-likelihood ratio of per-game counts (unit = one
// game, outcomes 0, ½, 1). No games give 0.
func (t SPRT) LLRTri(c Tri) float64 {
	return t.llrUnits([]float64{0, 0.5, 1}, []float64{float64(c.L), float64(c.D), float64(c.W)}, 1)
}

// LLRPenta is the GSPRT log-likelihood ratio of game-pair counts (unit =
// one pair, outcomes 0, ¼, ½, ¾, 1 per game). No pairs give 0.
func (t SPRT) LLRPenta(c Penta) float64 {
	counts := make([]float64, 5)
	for i, v := range c {
		counts[i] = float64(v)
	}
	return t.llrUnits(pentaValues[:], counts, 2)
}

// LLR is the general GSPRT log-likelihood ratio of outcomes values (per
// game scale, in [0,1]) observed counts times, each outcome one unit of
// one game (the trinomial convention: nElo per unit = (s−½)/σ·800/ln 10).
// Use LLRUnits for units of several games. See doc.go for the handling of
// zero counts and single outcomes.
func (t SPRT) LLR(values, counts []float64) float64 {
	return t.LLRUnits(values, counts, 1)
}

// LLRUnits is LLR for units (blocks) of g games each: only the normalized
// model depends on g, through the per-unit t-value √g·nElo/(800/ln 10)
// (statistics.md §3; g = 2 gives LLRPenta).
func (t SPRT) LLRUnits(values, counts []float64, g float64) float64 {
	// Merge equal values; the support keeps values listed with count 0
	// (they are regularized below).
	type vc struct{ v, c float64 }
	m := make([]vc, 0, len(values))
	for i, v := range values {
		c := 0.0
		if i < len(counts) {
			c = counts[i]
		}
		m = append(m, vc{v, c})
	}
	sort.Slice(m, func(i, j int) bool { return m[i].v < m[j].v })
	var vs, cs []float64
	for _, x := range m {
		if len(vs) > 0 && vs[len(vs)-1] == x.v {
			cs[len(cs)-1] += x.c
			continue
		}
		vs, cs = append(vs, x.v), append(cs, x.c)
	}
	if len(vs) < 2 {
		// One outcome only: the support is widened to the ends of the
		// per-game scale so that the regularized distribution has a
		// variance (see doc.go).
		for _, e := range []float64{0, 1} {
			if len(vs) == 0 || vs[0] != e {
				vs, cs = append(vs, e), append(cs, 0)
			}
		}
	}
	return t.llrUnits(vs, cs, g)
}

// regularization replaces a zero count on the support, so that a
// hypothesis distribution is never forced to put zero mass where one
// more game could land (statistics.md §3 test rows 3 and 8 rely on it).
const regularization = 1e-3

// regularize is counts with every empty count set to regularization (n)
// and their shares (phat).
func regularize(counts []float64) (n, phat []float64) {
	n = make([]float64, len(counts))
	var tot float64
	for i, c := range counts {
		n[i] = c
		if c <= 0 {
			n[i] = regularization
		}
		tot += n[i]
	}
	phat = make([]float64, len(n))
	for i := range n {
		phat[i] = n[i] / tot
	}
	return n, phat
}

// llrUnits computes the GSPRT on a support a (distinct values) with
// counts (statistics.md §3): LLR = Σ n_i·ln(p1_i/p0_i) where p_h is the
// maximum-likelihood distribution on the support under hypothesis h.
func (t SPRT) llrUnits(a, counts []float64, g float64) float64 {
	var total float64
	for _, c := range counts {
		total += c
	}
	if !(total > 0) {
		return 0
	}
	n, phat := regularize(counts)
	var p0, p1 []float64
	if t.Normalized {
		k := math.Sqrt(g) / NEloScale
		p0 = mleT(a, phat, t.Elo0*k)
		p1 = mleT(a, phat, t.Elo1*k)
	} else {
		p0 = mleMean(a, phat, ScoreFromElo(t.Elo0))
		p1 = mleMean(a, phat, ScoreFromElo(t.Elo1))
	}
	switch {
	case p0 == nil && p1 == nil:
		return 0 // neither hypothesis can produce the data
	case p0 == nil:
		return math.Inf(1)
	case p1 == nil:
		return math.Inf(-1)
	}
	var llr float64
	for i := range n {
		llr += n[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return llr
}

// mleMean is the maximum-likelihood distribution on support a with mean s
// given the empirical distribution phat (all phat > 0): the Lagrange
// condition gives p_i = phat_i/(1 + θ(a_i − s)) with θ the root of
// Σ phat_i (a_i − s)/(1 + θ(a_i − s)) = 0, which is decreasing in θ on
// (−1/(max a − s), −1/(min a − s)). It returns nil when s is not strictly
// inside the support's range (no such distribution gives the data a
// positive likelihood).
func mleMean(a, phat []float64, s float64) []float64 {
	phi := make([]float64, len(a))
	for i := range a {
		phi[i] = a[i] - s
	}
	theta, ok := solveTheta(phat, phi)
	if !ok {
		return nil
	}
	return tilt(phat, phi, theta)
}

// solveTheta finds θ with Σ phat_i φ_i/(1 + θφ_i) = 0 inside the interval
// where every 1 + θφ_i > 0; it needs min φ < 0 < max φ (otherwise there is
// no root and ok is false, unless every φ is 0, when θ = 0).
func solveTheta(phat, phi []float64) (theta float64, ok bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, f := range phi {
		lo, hi = math.Min(lo, f), math.Max(hi, f)
	}
	if lo == 0 && hi == 0 {
		return 0, true
	}
	if !(lo < 0 && hi > 0) {
		return 0, false
	}
	f := func(x float64) float64 {
		var r float64
		for i := range phi {
			r += phat[i] * phi[i] / (1 + x*phi[i])
		}
		return r
	}
	// f is decreasing from +Inf at −1/hi to −Inf at −1/lo: bisect to the
	// resolution of float64.
	a, b := -1/hi, -1/lo
	for range 2000 {
		m := a + (b-a)/2
		if m <= a || m >= b {
			break
		}
		if f(m) > 0 {
			a = m
		} else {
			b = m
		}
	}
	return a + (b-a)/2, true
}

func tilt(phat, phi []float64, theta float64) []float64 {
	p := make([]float64, len(phat))
	var sum float64
	for i := range p {
		p[i] = phat[i] / (1 + theta*phi[i])
		sum += p[i]
	}
	for i := range p { // remove rounding drift
		p[i] /= sum
	}
	return p
}

// Constants of the normalized-model MLE procedure (statistics.md §3, the
// reference computation; see doc.go "GSPRT"): the inner θ equation is
// bisected to a bracket of 2·thetaTol, and the fixed-point iteration stops
// when no probability moves by mleTol (or after mleMaxIter rounds).
const (
	thetaTol   = 1e-7
	mleTol     = 1e-4
	mleMaxIter = 100
)

// mleT is the maximum-likelihood distribution on support a with t-value
// (μ − ½)/σ = t given the empirical distribution phat, computed as the §3
// reference does: mleTTol with the tolerances thetaTol and mleTol.
func mleT(a, phat []float64, t float64) []float64 {
	return mleTTol(a, phat, t, thetaTol, mleTol)
}

// mleTTol computes the distribution of mleT by the fixed-point iteration
// of Van den Bergh ("Comments on normalized Elo", §4.1): the Lagrange
// condition of max Σ phat ln p subject to μ(p) − ½ − t·σ(p) = 0 gives
// p_i = phat_i/(1 + θφ_i) with φ_i = a_i − ½ − t·(σ² + (a_i − μ)²)/(2σ),
// μ and σ those of p itself. Starting from the uniform distribution, each
// round takes μ, σ from the current p, solves Σ phat_i φ_i/(1 + θφ_i) = 0
// for θ with bisectTheta (to ±thTol) and sets p_i = phat_i/(1 + θφ_i)
// without renormalising; it stops once no p_i moved by pTol (at most
// mleMaxIter rounds). With thTol = 0 and a tiny pTol it is the exact
// maximiser to float64 resolution; doc.go quantifies the difference at the
// reference tolerances. It returns nil if a round meets σ = 0 or φ of one
// sign (no θ exists).
func mleTTol(a, phat []float64, t, thTol, pTol float64) []float64 {
	p := make([]float64, len(a))
	for i := range p {
		p[i] = 1 / float64(len(p))
	}
	phi := make([]float64, len(a))
	for range mleMaxIter {
		var mu, v float64
		for i := range p {
			mu += p[i] * a[i]
		}
		for i := range p {
			d := a[i] - mu
			v += p[i] * d * d
		}
		sigma := math.Sqrt(v)
		if !(sigma > 0) {
			return nil
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range a {
			d := a[i] - mu
			phi[i] = a[i] - 0.5 - t*(v+d*d)/(2*sigma)
			lo, hi = math.Min(lo, phi[i]), math.Max(hi, phi[i])
		}
		if !(lo < 0 && hi > 0) {
			return nil
		}
		theta := bisectTheta(phat, phi, -1/hi, -1/lo, thTol)
		var diff float64
		for i := range p {
			q := phat[i] / (1 + theta*phi[i])
			diff = math.Max(diff, math.Abs(q-p[i]))
			p[i] = q
		}
		if diff < pTol {
			break
		}
	}
	return p
}

// bisectTheta bisects f(θ) = Σ phat_i φ_i/(1 + θφ_i), decreasing from +Inf
// at lo to −Inf at hi, until the bracket is at most 2·eps wide (or no
// float64 is left inside it), and returns the bracket's midpoint: the root
// to ±eps, as the §3 reference computes it (doc.go).
func bisectTheta(phat, phi []float64, lo, hi, eps float64) float64 {
	for hi-lo > 2*eps {
		m := (lo + hi) / 2
		if m <= lo || m >= hi {
			break
		}
		var f float64
		for i := range phi {
			f += phat[i] * phi[i] / (1 + m*phi[i])
		}
		switch {
		case f == 0:
			return m
		case f > 0:
			lo = m
		default:
			hi = m
		}
	}
	return (lo + hi) / 2
}
