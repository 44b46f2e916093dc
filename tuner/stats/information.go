package stats

import (
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// flatWidth (Elo) is the width below which a bootstrap interval has no
// width: every resample gave the same rating.
const flatWidth = 1e-6

// informationIntervals replaces the bootstrap intervals that have no
// width by intervals from the observed information at the full fit
// (statistics.md §4's alternative): when every block gave the same
// result (identical variants whose every pair splits, deterministic
// games), the resamples are all the data again and the percentiles are
// the point estimate, which is no interval (statistics.md §3: "never an
// interval whose end equals the point estimate"). The information treats
// the games as independent Bernoulli trials of the fitted model: for two
// twins that split 41 pairs it is about ±60 Elo, where a zero-width
// interval would call them exactly equal and a NaN would say nothing.
// Up to sparseMin entities the covariance is the inverse of the
// Hessian of the negative log-posterior (in the free coordinates of the
// constraint); above it, or when the Hessian cannot be inverted, the
// conditional variance 1/H_ii (a lower bound of the marginal one).
func (m *model) informationIntervals(w *weights, full []float64, conf float64, r *Ratings, reach []bool) {
	var flat []int
	for i := range r.Lo {
		if i == m.ref || i == m.anchor || !reach[i] || !m.played[i] {
			continue
		}
		if r.Hi[i]-r.Lo[i] < flatWidth {
			flat = append(flat, i)
		}
	}
	if len(flat) == 0 {
		return
	}
	n := m.n
	g, h := make([]float64, n), make([]float64, n*n)
	m.eval(full, w, g, h, &plScratch{})
	z := distuv.UnitNormal.Quantile((1 + conf) / 2)
	variance := m.covariance(h)
	for _, i := range flat {
		v := variance(i)
		if !(v > 0) || math.IsInf(v, 0) {
			r.Lo[i], r.Hi[i] = math.Inf(-1), math.Inf(1)
			continue
		}
		half := z * math.Sqrt(v) * eloPerNat
		r.Lo[i], r.Hi[i] = r.Elo[i]-half, r.Elo[i]+half
	}
}

// covariance returns the variance of entity i's rating on the anchored
// scale (natural units) from the full Hessian h (n×n).
func (m *model) covariance(h []float64) func(i int) float64 {
	n := m.n
	diag := func(i int) float64 { return 1 / h[i*n+i] }
	if n > sparseMin || m.anchor == -1 {
		return diag
	}
	// free coordinates: every entity (anchorFree: var(β_i − β_ref)), or
	// every entity but the constrained anchor
	var free []int
	for i := range n {
		if i != m.anchor {
			free = append(free, i)
		}
	}
	pos := make([]int, n)
	for k, i := range free {
		pos[i] = k
	}
	d := len(free)
	sym := mat.NewSymDense(d, nil)
	for k, i := range free {
		for l := k; l < d; l++ {
			sym.SetSym(k, l, h[i*n+free[l]])
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(sym) {
		return diag
	}
	var cov mat.SymDense
	if err := ch.InverseTo(&cov); err != nil {
		return diag
	}
	return func(i int) float64 {
		if m.ref < 0 {
			return cov.At(pos[i], pos[i])
		}
		a, b := pos[i], pos[m.ref]
		return cov.At(a, a) + cov.At(b, b) - 2*cov.At(a, b)
	}
}

// effectsInformation fills the intervals of e that the bootstrap could
// not give (no width: every block the same result; NaN: fewer than two
// blocks) from the observed information at the full fit θ̂ (natural
// units): the covariance (Xᵀ H_β X + prior)⁻¹, H_β the entities'
// Hessian at β = Xθ̂. Predict uses it for a predicted row the same way,
// so it is computed even when every feature's interval has width: a
// contrast of two features (twins against the defaults) can have none.
// Up to sparseMin entities and features; above, those intervals stay
// as they are.
func (f *effectsFit) effectsInformation(e *Effects, full []float64, conf float64) {
	nf := len(full)
	var flat []int
	for k := range nf {
		if !(e.Hi[k]-e.Lo[k] >= flatWidth) {
			flat = append(flat, k)
		}
	}
	n := f.m.n
	if n > sparseMin || nf > sparseMin {
		return
	}
	f.expand(full)
	g, h := make([]float64, n), make([]float64, n*n)
	f.m.eval(f.beta, f.w, g, h, &f.sc)
	info := mat.NewSymDense(nf, nil)
	for k := range nf {
		if p := f.d.Prior[k]; p > 0 {
			info.SetSym(k, k, p*sigmoid(full[k])*sigmoid(-full[k]))
		}
	}
	for _, a := range f.active {
		for _, b := range f.active {
			hab := h[a*n+b]
			if hab == 0 {
				continue
			}
			for _, fa := range f.d.Rows[a] {
				for _, fb := range f.d.Rows[b] {
					if fa.K <= fb.K {
						info.SetSym(fa.K, fb.K, info.At(fa.K, fb.K)+fa.V*fb.V*hab)
					}
				}
			}
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(info) {
		return
	}
	cov := mat.NewSymDense(nf, nil)
	if err := ch.InverseTo(cov); err != nil {
		return
	}
	e.cov, e.z = cov, distuv.UnitNormal.Quantile((1+conf)/2)
	for _, k := range flat {
		half := e.z * math.Sqrt(cov.At(k, k)) * eloPerNat
		e.Lo[k], e.Hi[k] = e.Theta[k]-half, e.Theta[k]+half
	}
}

// infoHalf is the information's half width (Elo) of a design row, NaN
// without it.
func (e *Effects) infoHalf(row []Feature) float64 {
	if e.cov == nil {
		return math.NaN()
	}
	var v float64
	for _, a := range row {
		for _, b := range row {
			v += a.V * b.V * e.cov.At(a.K, b.K)
		}
	}
	return e.z * math.Sqrt(v) * eloPerNat
}
