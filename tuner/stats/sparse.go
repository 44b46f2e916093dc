package stats

import (
	"errors"
	"math"
	"slices"
	"sort"
)

// sparseMin is the number of entities above which the ratings are fitted
// by sparseFitter instead of the dense fitter. The dense path factorises
// the full n×n Hessian every Newton iteration (n³/3 flops for Cholesky,
// 8n² bytes): about 45 M flops at 512 entities, a few ms, so every
// configuration up to a few hundred variants keeps its exact dense
// results; at 4 096 entities it is 23 G flops and 128 MiB an iteration,
// seconds a fit, hours for a bootstrap. A variable so that tests can force
// either path.
var sparseMin = 512

// solver fits one model's weights from a start (natural scale). A solver
// is used by one goroutine; clone gives another one for the same model.
type solver interface {
	fit(w *weights, start []float64) ([]float64, error)
	clone() solver
}

// newSolver returns the dense fitter for up to sparseMin entities, the
// sparse one above.
func newSolver(m *model) solver {
	if m.n > sparseMin {
		return newSparseFitter(m)
	}
	return newFitter(m)
}

func (f *fitter) clone() solver { return newFitter(f.m) }

// sparsePattern is the sparsity of the Hessian of a model: the diagonal
// and one value per pair of distinct entities that share a term (the
// Hessian is symmetric), with the pair slot of every term precomputed.
type sparsePattern struct {
	ei, ej []int // pair e joins entities ei[e] < ej[e] (sorted)
	bt     []int // BT term t → its pair
	// pl[t] lists, for the positions a < b of PL term t's order (a
	// ascending, then b), the pair of order[a] and order[b], or −1 when
	// the same entity sits at both positions (a diagonal term).
	pl [][]int
}

func newSparsePattern(m *model) *sparsePattern {
	type pair = [2]int
	key := func(a, b int) pair {
		if a > b {
			a, b = b, a
		}
		return pair{a, b}
	}
	set := map[pair]bool{}
	for t, i := range m.pairI {
		set[key(i, m.pairJ[t])] = true
	}
	for _, o := range m.plOrder {
		for a, p := range o {
			for _, r := range o[a+1:] {
				if p != r {
					set[key(p, r)] = true
				}
			}
		}
	}
	pairs := make([]pair, 0, len(set))
	for k := range set {
		pairs = append(pairs, k)
	}
	sort.Slice(pairs, func(a, b int) bool {
		if pairs[a][0] != pairs[b][0] {
			return pairs[a][0] < pairs[b][0]
		}
		return pairs[a][1] < pairs[b][1]
	})
	idx := make(map[pair]int, len(pairs))
	p := &sparsePattern{ei: make([]int, len(pairs)), ej: make([]int, len(pairs))}
	for e, k := range pairs {
		idx[k] = e
		p.ei[e], p.ej[e] = k[0], k[1]
	}
	p.bt = make([]int, len(m.pairI))
	for t, i := range m.pairI {
		p.bt[t] = idx[key(i, m.pairJ[t])]
	}
	p.pl = make([][]int, len(m.plOrder))
	for t, o := range m.plOrder {
		s := make([]int, 0, len(o)*(len(o)-1)/2)
		for a, q := range o {
			for _, r := range o[a+1:] {
				e := -1
				if q != r {
					e = idx[key(q, r)]
				}
				s = append(s, e)
			}
		}
		p.pl[t] = s
	}
	return p
}

// evalSparse is eval with the Hessian stored sparsely: its diagonal in
// diag and the value of pair e (both H[i][j] and H[j][i]) in off[e]. The
// value and the gradient are summed in eval's order. grad, diag and off
// are all nil (value only) or all set.
func (m *model) evalSparse(p *sparsePattern, beta []float64, w *weights, grad, diag, off []float64, sc *plScratch) float64 {
	return evalInto(m, beta, w, grad, sparseHessian{p, diag, off}, grad != nil, sc)
}

// sparseHessian is the Hessian's diagonal and its value per pair of the
// pattern (both H[i][j] and H[j][i]).
type sparseHessian struct {
	p         *sparsePattern
	diag, off []float64
}

func (s sparseHessian) clear() {
	clear(s.diag)
	clear(s.off)
}

func (s sparseHessian) pair(t, i, j int, h float64) {
	s.diag[i] += h
	s.diag[j] += h
	s.off[s.p.bt[t]] -= h
}

func (s sparseHessian) order(t int, order []int, lh []float64, wt float64) {
	np, slots := len(order), s.p.pl[t]
	k := 0
	for a, pa := range order {
		s.diag[pa] += wt * lh[a*np+a]
		for b := a + 1; b < np; b++ {
			v := wt * lh[a*np+b]
			if e := slots[k]; e >= 0 {
				s.off[e] += v
			} else {
				s.diag[pa] += 2 * v
			}
			k++
		}
	}
}

func (s sparseHessian) prior(i int, h float64) { s.diag[i] += h }

// sparseFitter minimises the same objective under the same constraint as
// fitter, for many entities: Newton's method whose direction solves the
// Newton system with the sparse Hessian by conjugate gradients
// (preconditioned by its diagonal), never forming an n×n matrix. gonum
// has sparse storage for neither its Hessians nor its Newton method (its
// Newton factorises a dense SymDense), hence this short hand-written
// Newton–CG. Everything else is fitter's: start projected onto the
// constraint, Armijo backtracking from the full step (factor ½, sufficient
// decrease 1e-4, as gonum's Backtracking), the untested full last step
// once the Newton decrement −∇f·d is at most 1e-12·total weight, the
// maxRating divergence check after every step and at most 200
// iterations.
//
// The constraint is kept by working in the full coordinates and
// projecting every gradient, residual and direction onto the feasible
// directions: with an anchor its coordinate is zeroed, with Anchor = −1
// the mean is subtracted (the sum-zero subspace). The Newton direction
// minimises the quadratic model over those directions, which is the
// dense fitter's direction in its free coordinates (Newton is
// affine-invariant), so both converge to the same constrained optimum.
// The operations run in a fixed order on one goroutine: the result is a
// function of the inputs.
type sparseFitter struct {
	m  *model
	p  *sparsePattern
	sc plScratch

	g, diag, off  []float64 // gradient and Hessian at x
	minv          []float64 // Jacobi preconditioner (0 where the Hessian's diagonal is 0)
	x, xn         []float64 // iterate and line-search point
	d, r, z, u, q []float64 // CG: solution, residual, preconditioned residual, direction, H·u
}

func newSparseFitter(m *model) *sparseFitter {
	return newSparseFitterPattern(m, newSparsePattern(m))
}

func newSparseFitterPattern(m *model, p *sparsePattern) *sparseFitter {
	n := m.n
	v := func() []float64 { return make([]float64, n) }
	return &sparseFitter{m: m, p: p, g: v(), diag: v(), off: make([]float64, len(p.ei)), minv: v(),
		x: v(), xn: v(), d: v(), r: v(), z: v(), u: v(), q: v()}
}

func (f *sparseFitter) clone() solver { return newSparseFitterPattern(f.m, f.p) }

// proj projects v onto the feasible directions (project0: with an
// anchor its coordinate is zeroed, without one the mean is subtracted).
func (f *sparseFitter) proj(v []float64) { f.m.project0(v) }

// mul sets y to the projected Hessian times x (x feasible).
func (f *sparseFitter) mul(y, x []float64) {
	for i, h := range f.diag {
		y[i] = h * x[i]
	}
	for e, v := range f.off {
		i, j := f.p.ei[e], f.p.ej[e]
		y[i] += v * x[j]
		y[j] += v * x[i]
	}
	f.proj(y)
}

// precond sets z to the projected Jacobi preconditioner applied to r.
func (f *sparseFitter) precond(z, r []float64) {
	for i, v := range r {
		z[i] = f.minv[i] * v
	}
	f.proj(z)
}

func dot(a, b []float64) float64 {
	var s float64
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

// direction sets f.d to the Newton direction at f.x from the projected
// gradient f.g: an approximate solution of H d = −g over the feasible
// directions by preconditioned conjugate gradients, stopped when the
// residual is at most η·|g| with η = min(0.1, |g|/total) (a forcing
// sequence that keeps Newton's fast local convergence, cf. Nocedal &
// Wright §7.1), or after 2n+100 iterations. A direction of non-positive
// curvature ends the solve (the Hessian is positive semidefinite: only
// rounding reaches it); the first iteration then falls back to the
// preconditioned gradient.
func (f *sparseFitter) direction(total float64) {
	d, r, z, u, q := f.d, f.r, f.z, f.u, f.q
	for i, h := range f.diag {
		f.minv[i] = 0
		if h > 0 {
			f.minv[i] = 1 / h
		}
	}
	clear(d)
	for i, v := range f.g {
		r[i] = -v
	}
	gn := math.Sqrt(dot(r, r))
	tol := math.Min(0.1, gn/total) * gn
	f.precond(z, r)
	copy(u, z)
	rz := dot(r, z)
	for it := range 2*len(d) + 100 {
		f.mul(q, u)
		uq := dot(u, q)
		if !(uq > 0) || !(rz > 0) {
			if it == 0 {
				copy(d, z)
			}
			return
		}
		alpha := rz / uq
		for i := range d {
			d[i] += alpha * u[i]
			r[i] -= alpha * q[i]
		}
		if math.Sqrt(dot(r, r)) <= tol {
			return
		}
		f.precond(z, r)
		rz1 := dot(r, z)
		beta := rz1 / rz
		rz = rz1
		for i := range u {
			u[i] = z[i] + beta*u[i]
		}
	}
}

func (f *sparseFitter) fit(w *weights, start []float64) ([]float64, error) {
	m := f.m
	total := m.totalWeight(w)
	if total == 0 || m.n == 1 {
		return make([]float64, m.n), nil // nothing to fit: everyone at 0
	}
	tiny := 1e-12 * total
	x, xn := f.x, f.xn
	copy(x, start)
	m.project0(x)
	const (
		maxIter     = 200
		contraction = 0.5
		decrease    = 1e-4
		minStep     = 1e-20
	)
	for range maxIter {
		fx := m.evalSparse(f.p, x, w, f.g, f.diag, f.off, &f.sc)
		f.proj(f.g)
		f.direction(total)
		f.proj(f.d)
		dec := dot(f.g, f.d)
		if !(dec < 0) {
			return m.checkFinite(slices.Clone(x)) // no descent direction (gradient 0): converged
		}
		final := -dec <= tiny
		step := 1.0
		for {
			moved := false
			for i, v := range x {
				xn[i] = v + step*f.d[i]
				moved = moved || xn[i] != v
			}
			if !moved {
				return m.checkFinite(slices.Clone(x)) // no change in the point: converged
			}
			if final || m.evalSparse(f.p, xn, w, nil, nil, nil, &f.sc) <= fx+decrease*step*dec {
				break
			}
			step *= contraction
			if step < minStep {
				return m.checkFinite(slices.Clone(x)) // no decrease any more (rounding): converged
			}
		}
		copy(x, xn)
		for _, b := range x {
			if !(math.Abs(b) <= maxRating) {
				return m.checkFinite(slices.Clone(x))
			}
		}
		if final {
			return m.checkFinite(slices.Clone(x))
		}
	}
	return nil, errNoConvergence
}

var errNoConvergence = errors.New("ratings: maximum likelihood does not converge (no prior and an entity that won or lost everything, or entities with no comparison?)")
