package stats

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat"
)

// Game is one game for the ratings of statistics.md §4.
type Game struct {
	Block   int     // resampling unit for the bootstrap (games with equal Block are resampled together)
	Players []int   // entity index per seat
	Ranks   []int   // per seat, 1 = best, ties share the better rank
	Weight  float64 // 0 means 1
}

// FitOptions set the anchor and the prior of Fit and Bootstrap.
type FitOptions struct {
	// Anchor is the entity fixed at 0 Elo; -1 constrains the mean of all
	// entities to 0.
	Anchor int
	// PriorDraws is the number of virtual draws of every entity against
	// the anchor (against a 0-rated virtual opponent when Anchor = -1), so
	// that an entity that won or lost everything stays finite. 0 means the
	// default 2; a negative value means no prior.
	PriorDraws float64
}

// DefaultPriorDraws is the prior used when FitOptions.PriorDraws is 0.
const DefaultPriorDraws = 2

// eloPerNat converts the natural logistic scale (P = 1/(1+e^−Δ)) to Elo.
const eloPerNat = 400 / math.Ln10

// maxExactTie is the largest tied group whose orderings are averaged
// exactly (2^m subsets); larger groups use Efron's approximation.
const maxExactTie = 10

// model is the aggregated data of a fit: Bradley–Terry pair terms and
// Plackett–Luce order terms, each with per-block contributions so that a
// bootstrap replicate only re-weights terms.
type model struct {
	n int
	// anchor is the entity held at 0 during the fit, −1 for the sum-zero
	// constraint, or anchorFree: every entity free (the prior on all of
	// them identifies the scale) and the result shifted so that ref is 0.
	anchor, ref int
	prior       float64

	pairI, pairJ []int // BT term t: entities i < j
	plOrder      [][]int
	plGroups     [][]int // group k of term t is plOrder[t][plGroups[t][k]:plGroups[t][k+1]]

	// blocks[b] lists the contributions of block b: term index (BT terms
	// first, then PL terms offset by len(pairI)), score of i (BT only) and
	// weight.
	blocks [][]contrib
	played []bool // entity has at least one informative comparison
}

type contrib struct {
	term  int
	score float64 // BT: weighted points of pairI (win 1, draw ½)
	w     float64 // weight
}

// weights are the per-term data of one fit (all data or one replicate).
type weights struct {
	btScore, btW []float64
	plW          []float64
}

func (o FitOptions) priorDraws() float64 {
	switch {
	case o.PriorDraws == 0:
		return DefaultPriorDraws
	case o.PriorDraws < 0:
		return 0
	}
	return o.PriorDraws
}

// buildModel validates the games and aggregates them by block and term.
func buildModel(n int, games []Game, opt FitOptions) (*model, error) {
	if n <= 0 {
		return nil, fmt.Errorf("ratings: %d entities", n)
	}
	if opt.Anchor < -1 || opt.Anchor >= n {
		return nil, fmt.Errorf("ratings: anchor %d out of range [-1, %d)", opt.Anchor, n)
	}
	if math.IsNaN(opt.PriorDraws) || math.IsInf(opt.PriorDraws, 0) {
		return nil, fmt.Errorf("ratings: prior draws %g", opt.PriorDraws)
	}
	m := &model{n: n, anchor: opt.Anchor, ref: -1, prior: opt.priorDraws(), played: make([]bool, n)}
	if opt.Anchor >= 0 && m.prior > 0 {
		// The prior is every entity's, the anchor's too, and the scale is
		// shifted to the anchor afterwards. Held at 0 by a constraint, the
		// anchor would absorb the reaction of the others' prior alone: an
		// entity that lost every game (a field bot) is held up by its
		// prior, its opponents are pushed up by as much, and the anchor's
		// identical twin would rate above the anchor (+2.7 Elo, issue 31).
		m.anchor, m.ref = anchorFree, opt.Anchor
	}
	pairIdx := map[[2]int]int{}
	plIdx := map[string]int{}
	blockIdx := map[int]int{}
	var blockIDs []int
	type key struct{ b, t int }
	type raw struct {
		block, term int
		pl          bool
		score, w    float64
	}
	var raws []raw
	for gi, g := range games {
		if len(g.Players) != len(g.Ranks) {
			return nil, fmt.Errorf("ratings: game %d: %d players but %d ranks", gi, len(g.Players), len(g.Ranks))
		}
		if len(g.Players) < 2 {
			return nil, fmt.Errorf("ratings: game %d: %d seats, need at least 2", gi, len(g.Players))
		}
		for s, p := range g.Players {
			if p < 0 || p >= n {
				return nil, fmt.Errorf("ratings: game %d seat %d: entity %d out of range [0, %d)", gi, s, p, n)
			}
		}
		w := g.Weight
		if w == 0 {
			w = 1
		}
		if !(w > 0) || math.IsInf(w, 0) {
			return nil, fmt.Errorf("ratings: game %d: weight %g", gi, g.Weight)
		}
		if _, ok := blockIdx[g.Block]; !ok {
			blockIdx[g.Block] = -1
			blockIDs = append(blockIDs, g.Block)
		}
		if len(g.Players) == 2 {
			a, b := g.Players[0], g.Players[1]
			if a == b {
				continue // an entity against itself tells nothing
			}
			sa := 0.5 // points of seat 0
			switch {
			case g.Ranks[0] < g.Ranks[1]:
				sa = 1
			case g.Ranks[0] > g.Ranks[1]:
				sa = 0
			}
			if a > b {
				a, b, sa = b, a, 1-sa
			}
			k := [2]int{a, b}
			t, ok := pairIdx[k]
			if !ok {
				t = len(m.pairI)
				pairIdx[k] = t
				m.pairI, m.pairJ = append(m.pairI, a), append(m.pairJ, b)
			}
			m.played[a], m.played[b] = true, true
			raws = append(raws, raw{g.Block, t, false, sa * w, w})
			continue
		}
		// Plackett–Luce: seats sorted by rank, equal ranks form a group;
		// players sorted within a group so equal outcomes share a key.
		seats := make([]int, len(g.Players))
		for i := range seats {
			seats[i] = i
		}
		sort.SliceStable(seats, func(x, y int) bool {
			rx, ry := g.Ranks[seats[x]], g.Ranks[seats[y]]
			if rx != ry {
				return rx < ry
			}
			return g.Players[seats[x]] < g.Players[seats[y]]
		})
		order := make([]int, len(seats))
		groups := []int{0}
		var sb strings.Builder
		for i, s := range seats {
			order[i] = g.Players[s]
			if i > 0 {
				if g.Ranks[s] != g.Ranks[seats[i-1]] {
					groups = append(groups, i)
					sb.WriteByte('|')
				} else {
					sb.WriteByte(',')
				}
			}
			sb.WriteString(strconv.Itoa(order[i]))
		}
		groups = append(groups, len(order))
		if len(groups) == 2 && allSame(order) {
			continue // one entity in every seat: no information
		}
		ks := sb.String()
		t, ok := plIdx[ks]
		if !ok {
			t = len(m.plOrder)
			plIdx[ks] = t
			m.plOrder = append(m.plOrder, order)
			m.plGroups = append(m.plGroups, groups)
		}
		for _, p := range order {
			m.played[p] = true
		}
		raws = append(raws, raw{g.Block, t, true, 0, w})
	}
	// Blocks in ascending Block order, terms in a canonical order and the
	// contributions sorted, so that nothing depends on the order of the
	// games (floating-point sums included).
	slices.Sort(blockIDs)
	for i, id := range blockIDs {
		blockIdx[id] = i
	}
	nbt := len(m.pairI)
	btPerm := sortedPerm(nbt, func(a, b int) bool {
		if m.pairI[a] != m.pairI[b] {
			return m.pairI[a] < m.pairI[b]
		}
		return m.pairJ[a] < m.pairJ[b]
	})
	plKeys := make([]string, len(m.plOrder))
	for k, t := range plIdx {
		plKeys[t] = k
	}
	plPerm := sortedPerm(len(m.plOrder), func(a, b int) bool { return plKeys[a] < plKeys[b] })
	m.pairI, m.pairJ = permute(m.pairI, btPerm), permute(m.pairJ, btPerm)
	m.plOrder, m.plGroups = permute(m.plOrder, plPerm), permute(m.plGroups, plPerm)
	for i := range raws {
		r := &raws[i]
		r.block = blockIdx[r.block]
		if r.pl {
			r.term = nbt + plPerm[r.term]
		} else {
			r.term = btPerm[r.term]
		}
	}
	sort.Slice(raws, func(a, b int) bool {
		x, y := raws[a], raws[b]
		if x.block != y.block {
			return x.block < y.block
		}
		if x.term != y.term {
			return x.term < y.term
		}
		if x.score != y.score {
			return x.score < y.score
		}
		return x.w < y.w
	})
	m.blocks = make([][]contrib, len(blockIDs))
	agg := map[key]int{}
	for _, r := range raws {
		b, t := r.block, r.term
		k := key{b, t}
		if i, ok := agg[k]; ok {
			m.blocks[b][i].score += r.score
			m.blocks[b][i].w += r.w
			continue
		}
		agg[k] = len(m.blocks[b])
		m.blocks[b] = append(m.blocks[b], contrib{t, r.score, r.w})
	}
	return m, nil
}

// sortedPerm returns p with p[old] = new position when the indices
// 0..n-1 are sorted by less.
func sortedPerm(n int, less func(a, b int) bool) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return less(idx[a], idx[b]) })
	p := make([]int, n)
	for newPos, old := range idx {
		p[old] = newPos
	}
	return p
}

// permute returns x reordered so that x[old] lands at p[old].
func permute[T any](x []T, p []int) []T {
	r := make([]T, len(x))
	for old, v := range x {
		r[p[old]] = v
	}
	return r
}

func allSame(x []int) bool {
	for _, v := range x {
		if v != x[0] {
			return false
		}
	}
	return true
}

// weightsFor accumulates the term data of blocks taken mult[b] times (all
// once when mult is nil).
func (m *model) weightsFor(mult []int, w *weights) {
	nbt := len(m.pairI)
	w.btScore = resetSlice(w.btScore, nbt)
	w.btW = resetSlice(w.btW, nbt)
	w.plW = resetSlice(w.plW, len(m.plOrder))
	for b, cs := range m.blocks {
		k := 1.0
		if mult != nil {
			if mult[b] == 0 {
				continue
			}
			k = float64(mult[b])
		}
		for _, c := range cs {
			if c.term < nbt {
				w.btScore[c.term] += k * c.score
				w.btW[c.term] += k * c.w
			} else {
				w.plW[c.term-nbt] += k * c.w
			}
		}
	}
}

func resetSlice(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// logSigmoid is ln(1/(1+e^−x)) without overflow.
func logSigmoid(x float64) float64 {
	if x >= 0 {
		return -math.Log1p(math.Exp(-x))
	}
	return x - math.Log1p(math.Exp(x))
}

// logistic is logSigmoid(±x) and sigmoid(±x) from one exp and one log1p,
// the same operations (and so the same bits) as the four calls.
func logistic(x float64) (lp, ln, sp, sn float64) {
	if x >= 0 {
		e := math.Exp(-x)
		l := math.Log1p(e)
		return -l, -x - l, 1 / (1 + e), e / (1 + e)
	}
	e := math.Exp(x)
	l := math.Log1p(e)
	return x - l, -l, e / (1 + e), 1 / (1 + e)
}

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// eval returns f = −(log-likelihood + log-prior) at beta (natural scale).
// When grad is not nil it stores ∇f there; when hess is not nil (n×n,
// row-major) it stores ∇²f there.
func (m *model) eval(beta []float64, w *weights, grad, hess []float64, sc *plScratch) float64 {
	if hess == nil {
		return evalInto(m, beta, w, grad, denseHessian{}, false, sc)
	}
	return evalInto(m, beta, w, grad, denseHessian{hess, m.n}, true, sc)
}

// hessian is where evalInto adds the terms' second derivatives: the
// dense n×n matrix (eval) or the sparse pattern's diagonal and pairs
// (evalSparse).
type hessian interface {
	clear()
	// pair adds Bradley–Terry term t's h = ∂²f/∂β_i² of entities i, j.
	pair(t, i, j int, h float64)
	// order adds wt times PL term t's local Hessian lh (by positions).
	order(t int, order []int, lh []float64, wt float64)
	// prior adds the prior's h at entity i.
	prior(i int, h float64)
}

// evalInto is eval and evalSparse: f at beta, ∇f into grad (when not
// nil) and ∇²f into hs (when has). Every entry is summed in the same
// order whatever the storage.
func evalInto[H hessian](m *model, beta []float64, w *weights, grad []float64, hs H, has bool, sc *plScratch) float64 {
	if grad != nil {
		clear(grad)
	}
	if has {
		hs.clear()
	}
	var f float64
	// Bradley–Terry pairs, draws as half a win and half a loss:
	// −[s·ln σ(d) + (n − s)·ln σ(−d)], d = β_i − β_j.
	for t, i := range m.pairI {
		v, g, h, ok := m.btTerm(t, beta, w)
		if !ok {
			continue
		}
		j := m.pairJ[t]
		f -= v
		if grad != nil {
			grad[i] += g
			grad[j] -= g
		}
		if has {
			hs.pair(t, i, j, h)
		}
	}
	// Plackett–Luce orders.
	for t, order := range m.plOrder {
		wt := w.plW[t]
		if wt == 0 {
			continue
		}
		f += wt * m.plLocal(t, order, beta, has, sc)
		np := len(order)
		if grad != nil {
			for a, p := range order {
				grad[p] += wt * sc.g[a]
			}
		}
		if has {
			hs.order(t, order, sc.h[:np*np], wt)
		}
	}
	// Prior: PriorDraws draws against a 0-rated opponent (the anchor is at
	// 0): −d·(½ ln σ(β) + ½ ln σ(−β)).
	if m.prior > 0 {
		for i, b := range beta {
			if i == m.anchor {
				continue
			}
			v, g, h := m.priorTerm(b, grad != nil || has)
			f -= v
			if grad != nil {
				grad[i] += g
			}
			if has {
				hs.prior(i, h)
			}
		}
	}
	return f
}

// denseHessian is the n×n Hessian, row-major.
type denseHessian struct {
	h []float64
	n int
}

func (d denseHessian) clear() { clear(d.h) }

func (d denseHessian) pair(t, i, j int, h float64) {
	n := d.n
	d.h[i*n+i] += h
	d.h[j*n+j] += h
	d.h[i*n+j] -= h
	d.h[j*n+i] -= h
}

func (d denseHessian) order(t int, order []int, lh []float64, wt float64) {
	np := len(order)
	for i, p := range order {
		for j, r := range order {
			d.h[p*d.n+r] += wt * lh[i*np+j]
		}
	}
}

func (d denseHessian) prior(i int, h float64) { d.h[i*d.n+i] += h }

// btTerm is Bradley–Terry term t at beta: its log-likelihood v (f −= v),
// ∂f/∂β_i = g (∂f/∂β_j = −g) and h = ∂²f/∂β_i² (= ∂²f/∂β_j² =
// −∂²f/∂β_i∂β_j); ok is false when the term has no weight.
func (m *model) btTerm(t int, beta []float64, w *weights) (v, g, h float64, ok bool) {
	nn := w.btW[t]
	if nn == 0 {
		return 0, 0, 0, false
	}
	s := w.btScore[t]
	lp, ln, sp, sn := logistic(beta[m.pairI[t]] - beta[m.pairJ[t]])
	return s*lp + (nn-s)*ln, nn*sp - s, nn * sp * sn, true
}

// priorTerm is the prior's log-likelihood v at rating b (f −= v) and,
// with derivs, its derivative g and second derivative h of f.
func (m *model) priorTerm(b float64, derivs bool) (v, g, h float64) {
	v = m.prior * 0.5 * (logSigmoid(b) + logSigmoid(-b))
	if derivs {
		g, h = m.prior*(sigmoid(b)-0.5), m.prior*sigmoid(b)*sigmoid(-b)
	}
	return v, g, h
}

type plScratch struct {
	e, a, q []float64 // per position of the order: exp(β − max), coefficient, share
	g, h    []float64 // local gradient (np) and Hessian (np×np)
}

// A finishing order's term (statistics.md §4; plLocal): group k
// with members G, and R the players not placed before it, contributes to
// the log-likelihood
//
//	Σ_G β − Σ_{l=0}^{m−1} avg_{T⊂G, |T|=l} ln(Σ_{R∖T} e^β)
//
// which is the Plackett–Luce log-likelihood averaged over the m! orderings
// the tie stands for (for m = 1 the usual β − ln Σ_R e^β). Groups of more
// than maxExactTie players use Efron's approximation of the average,
// ln(Σ_R e^β − (l/m)·Σ_G e^β).
//
// plLocal returns minus the log-likelihood of one finishing order (weight
// 1) and leaves its gradient by position of the order in sc.g and, when
// hess, its Hessian (np×np, by positions) in sc.h.
func (m *model) plLocal(t int, order []int, beta []float64, hess bool, sc *plScratch) float64 {
	groups := m.plGroups[t]
	np := len(order)
	if cap(sc.e) < np {
		sc.e, sc.a, sc.q = make([]float64, np), make([]float64, np), make([]float64, np)
		sc.g, sc.h = make([]float64, np), make([]float64, np*np)
	}
	e, a, q, lg, lh := sc.e[:np], sc.a[:np], sc.q[:np], sc.g[:np], sc.h[:np*np]
	clear(lg)
	if hess {
		clear(lh)
	}
	mx := math.Inf(-1)
	for _, p := range order {
		mx = math.Max(mx, beta[p])
	}
	for i, p := range order {
		e[i] = math.Exp(beta[p] - mx)
	}
	var f float64
	// logDen adds c·ln(Σ_{i≥from} a_i e_i) to f with its derivatives.
	logDen := func(c float64, from int) {
		var den float64
		for i := from; i < np; i++ {
			den += a[i] * e[i]
		}
		f += c * (math.Log(den) + mx)
		for i := from; i < np; i++ {
			q[i] = a[i] * e[i] / den
			lg[i] += c * q[i]
		}
		if hess {
			for i := from; i < np; i++ {
				if q[i] == 0 {
					continue
				}
				lh[i*np+i] += c * q[i]
				for j := from; j < np; j++ {
					lh[i*np+j] -= c * q[i] * q[j]
				}
			}
		}
	}
	for k := 0; k+1 < len(groups); k++ {
		lo, hi := groups[k], groups[k+1]
		size := hi - lo
		for i := lo; i < hi; i++ {
			f -= beta[order[i]]
			lg[i]--
		}
		for i := hi; i < np; i++ {
			a[i] = 1
		}
		switch {
		case size == 1:
			a[lo] = 1
			logDen(1, lo)
		case size > maxExactTie:
			for l := range size {
				frac := float64(l) / float64(size)
				for i := lo; i < hi; i++ {
					a[i] = 1 - frac
				}
				logDen(1, lo)
			}
		default:
			for mask := 0; mask < 1<<size-1; mask++ { // T = mask, never all of G
				c := 1 / binom(size, popcount(mask))
				for b := range size {
					a[lo+b] = float64(1 - (mask>>b)&1)
				}
				logDen(c, lo)
			}
		}
	}
	return f
}

func popcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// fit maximises the likelihood (minimises eval) from start (natural
// scale) with gonum/optimize's Newton method and returns the
// natural-scale ratings. The constraint is removed by optimising over
// free coordinates (see fitter). The objective is convex (strictly, with
// a prior), so Newton with the analytic Hessian and an Armijo
// backtracking line search converges in a few steps. The line search is
// gonum's Backtracking except near the optimum: when the Newton decrement
// −∇f·d falls below 1e-12·total weight (the step is then below ~1e-6
// natural units) the full step is taken untested, its remaining error
// being of the order of its square, and the next iteration stops (see
// lastStep). An entity whose rating passes maxRating, or 200 iterations,
// end the fit with an error.
//
// Above sparseMin entities the fit is sparseFitter's Newton–CG instead,
// to the same optimum (see sparse.go).
func (m *model) fit(w *weights, start []float64) ([]float64, error) {
	return newSolver(m).fit(w, start)
}

// fitter holds what gonum/optimize needs for the fits of one model, so
// that Bootstrap's refits reuse it (one goroutine; every refit is a
// function of its weights and start only, so each worker has its own).
//
// Free coordinates z: with an anchor, every entity but the anchor
// (β_anchor = 0); with Anchor = −1, entities 0..n−2 and β_{n−1} =
// −Σ_{i<n−1} z_i, a basis of the sum-zero subspace. Then ∇_z f = Aᵀ∇f and
// ∇²_z f = Aᵀ∇²f A with β = A z; Newton's method is affine-invariant, so
// the basis being oblique changes nothing.
type fitter struct {
	m    *model
	w    *weights
	free []int // entity of free coordinate k
	sc   plScratch

	beta   []float64 // full point of the last expand
	g, h   []float64 // full gradient and Hessian (n×n) at hz
	hz     []float64 // free point at which g and h hold
	hValid bool

	init     *optimize.Location // value and derivatives at the start
	method   optimize.Newton
	ls       lastStep
	settings optimize.Settings
	problem  optimize.Problem
	diverged bool
}

func newFitter(m *model) *fitter {
	n := m.n
	f := &fitter{m: m, beta: make([]float64, n), g: make([]float64, n), h: make([]float64, n*n)}
	for i := range n {
		if m.anchor >= 0 && i == m.anchor || m.anchor == -1 && i == n-1 {
			continue
		}
		f.free = append(f.free, i)
	}
	f.hz = make([]float64, len(f.free))
	f.method = optimize.Newton{
		Linesearcher: &f.ls,
		// The gradient's size says little about the distance to the
		// optimum (an entity with little weight has a small gradient far
		// from it); lastStep and the convergence check decide instead.
		GradStopThreshold: math.NaN(),
	}
	d := len(f.free)
	f.init = &optimize.Location{Gradient: make([]float64, d), Hessian: mat.NewSymDense(max(d, 1), nil)}
	f.settings = optimize.Settings{MajorIterations: 200, Converger: f, InitValues: f.init}
	f.problem = optimize.Problem{Func: f.value, Grad: f.grad, Hess: f.hess}
	return f
}

// expand sets f.beta from the free coordinates z.
func (f *fitter) expand(z []float64) {
	if f.m.anchor != -1 {
		if f.m.anchor >= 0 {
			f.beta[f.m.anchor] = 0
		}
		for k, i := range f.free {
			f.beta[i] = z[k]
		}
		return
	}
	var s float64
	for k, v := range z {
		f.beta[k] = v
		s += v
	}
	f.beta[f.m.n-1] = -s
}

// value, grad and hess are the Problem. After lastStep's untested final
// step the fit stops at the next convergence check without using the
// value or the derivatives at that point (only the point), so they are
// not computed: the value is NaN and the derivatives are left stale.
func (f *fitter) value(z []float64) float64 {
	if f.ls.final {
		return math.NaN()
	}
	f.expand(z)
	return f.m.eval(f.beta, f.w, nil, nil, &f.sc)
}

// derivs evaluates the full gradient and Hessian at z once for both grad
// and hess.
func (f *fitter) derivs(z []float64) {
	if f.ls.done || f.hValid && slices.Equal(f.hz, z) {
		return
	}
	f.expand(z)
	f.m.eval(f.beta, f.w, f.g, f.h, &f.sc)
	copy(f.hz, z)
	f.hValid = true
}

func (f *fitter) grad(gz, z []float64) {
	f.derivs(z)
	if f.m.anchor != -1 {
		for k, i := range f.free {
			gz[k] = f.g[i]
		}
		return
	}
	last := f.g[f.m.n-1]
	for k := range gz {
		gz[k] = f.g[k] - last
	}
}

func (f *fitter) hess(hz *mat.SymDense, z []float64) {
	f.derivs(z)
	n, h := f.m.n, f.h
	raw := hz.RawSymmetric() // upper triangle
	if f.m.anchor != -1 {
		for k, i := range f.free {
			for l := k; l < len(f.free); l++ {
				raw.Data[k*raw.Stride+l] = h[i*n+f.free[l]]
			}
		}
		return
	}
	L := n - 1
	hLL := h[L*n+L]
	for k := range f.free {
		for l := k; l < len(f.free); l++ {
			raw.Data[k*raw.Stride+l] = h[k*n+l] - h[k*n+L] - h[L*n+l] + hLL
		}
	}
}

// Init and Converged make the fitter gonum's Converger: it stops with an
// error when a rating passes maxRating (no maximum) and with success at
// the point reached by lastStep's untested final step.
func (f *fitter) Init(int) {}

func (f *fitter) Converged(loc *optimize.Location) optimize.Status {
	f.expand(loc.X)
	for _, b := range f.beta {
		if !(math.Abs(b) <= maxRating) {
			f.diverged = true
			return optimize.Failure
		}
	}
	if f.ls.done {
		return optimize.Success
	}
	return optimize.NotTerminated
}

// totalWeight is the games' weight and the prior's: the scale of the
// objective (the fits' tolerance is a share of it).
func (m *model) totalWeight(w *weights) float64 {
	var total float64
	for _, x := range w.btW {
		total += x
	}
	for _, x := range w.plW {
		total += x
	}
	return total + m.prior*float64(m.n)
}

func (f *fitter) fit(w *weights, start []float64) ([]float64, error) {
	m := f.m
	total := m.totalWeight(w)
	if total == 0 || len(f.free) == 0 {
		return make([]float64, m.n), nil // nothing to fit: everyone at 0
	}
	f.w, f.hValid, f.diverged = w, false, false
	f.ls = lastStep{tiny: 1e-12 * total}
	x := slices.Clone(start)
	m.project0(x)
	z := make([]float64, len(f.free))
	for k, i := range f.free {
		z[k] = x[i]
	}
	// The value, gradient and Hessian at the start in one evaluation
	// (Minimize would ask for the value separately).
	f.expand(z)
	f.init.F = m.eval(f.beta, w, f.g, f.h, &f.sc)
	copy(f.hz, z)
	f.hValid = true
	f.grad(f.init.Gradient, z)
	f.hess(f.init.Hessian, z)
	res, err := optimize.Minimize(f.problem, z, &f.settings, &f.method)
	if res == nil {
		return nil, fmt.Errorf("ratings: maximum likelihood: %v", err)
	}
	switch {
	case f.diverged:
		f.expand(res.X)
		return m.checkFinite(slices.Clone(f.beta))
	case err == nil && (res.Status == optimize.Success || res.Status == optimize.MethodConverge):
	case errors.Is(err, optimize.ErrNoProgress), errors.Is(err, optimize.ErrLinesearcherFailure), errors.Is(err, optimize.ErrNonDescentDirection):
		// No step decreases the objective any more (rounding), or the
		// gradient is exactly 0: converged.
	case err == nil && res.Status == optimize.IterationLimit:
		return nil, errNoConvergence
	default:
		return nil, fmt.Errorf("ratings: maximum likelihood: %v (status %v)", err, res.Status)
	}
	f.expand(res.X)
	return m.checkFinite(slices.Clone(f.beta))
}

// lastStep is the line search of fit: gonum's Armijo Backtracking, except
// that once the Newton decrement −∇f·d is at most tiny it accepts the
// full step without evaluating the objective's decrease (which is then
// below rounding) and marks the fit done.
type lastStep struct {
	optimize.Backtracking
	tiny        float64
	final, done bool
}

func (l *lastStep) Init(value, derivative, step float64) optimize.Operation {
	l.final = -derivative <= l.tiny
	if l.final {
		return optimize.FuncEvaluation
	}
	return l.Backtracking.Init(value, derivative, step)
}

func (l *lastStep) Iterate(value, derivative float64) (optimize.Operation, float64, error) {
	if l.final {
		l.done = true
		return optimize.MajorIteration, 1, nil
	}
	return l.Backtracking.Iterate(value, derivative)
}

// TieTolerance (Elo) is how close two ratings of one fit are taken as
// equal: far below anything games can tell, far above the fits'
// rounding (twins' ratings differ by ~1e-12).
const TieTolerance = 1e-6

// anchorFree is model.anchor when no entity is held by a constraint.
const anchorFree = -2

// maxRating bounds a fitted rating (natural scale; 25 ≈ 4340 Elo): beyond
// it the likelihood has no maximum (an entity that won or lost everything
// with no prior) and the Newton iterates only drift away.
const maxRating = 25

func (m *model) checkFinite(x []float64) ([]float64, error) {
	for i, v := range x {
		if !(math.Abs(v) <= maxRating) {
			return nil, fmt.Errorf("ratings: entity %d's rating diverges (no prior and it won or lost everything?)", i)
		}
	}
	if m.ref >= 0 { // the scale anchored at ref (anchorFree)
		r := x[m.ref]
		for i := range x {
			x[i] -= r
			if !m.played[i] {
				x[i] = 0 // no games: the prior's 0, as with a constraint
			}
		}
		x[m.ref] = 0
	}
	return x, nil
}

// project0 makes a starting point feasible: anchor at 0, or mean 0.
func (m *model) project0(x []float64) {
	if m.anchor == anchorFree {
		return
	}
	if m.anchor >= 0 {
		x[m.anchor] = 0
		return
	}
	var s float64
	for _, v := range x {
		s += v
	}
	s /= float64(len(x))
	for i := range x {
		x[i] -= s
	}
}

// Fit returns the maximum-likelihood ratings (Elo) of n entities
// from the games (statistics.md §4; see doc.go for the model). The
// optimisation is gonum/optimize's Newton method from 0 (see fit),
// deterministic.
func Fit(n int, games []Game, opt FitOptions) ([]float64, error) {
	m, err := buildModel(n, games, opt)
	if err != nil {
		return nil, err
	}
	var w weights
	m.weightsFor(nil, &w)
	beta, err := m.fit(&w, make([]float64, n))
	if err != nil {
		return nil, err
	}
	return toElo(beta), nil
}

func toElo(beta []float64) []float64 {
	r := make([]float64, len(beta))
	for i, b := range beta {
		r[i] = b * eloPerNat
	}
	return r
}

// Ratings are fitted ratings with bootstrap intervals.
type Ratings struct {
	Elo, Lo, Hi []float64 // fit on all data; percentile interval from the bootstrap at conf
	PBest       []float64 // share of bootstrap refits in which the entity rates highest among those with contend[i] (ties: share split equally)
	Reps        int
	// Samples are the refits, Samples[rep][entity] in Elo: differences
	// between entities (a winner against the defaults) and their
	// intervals come from them.
	Samples [][]float64
}

// Bootstrap fits all games, then refits reps resamples of the blocks
// (drawn with replacement from a PCG seeded with seed) and returns the
// percentile intervals at conf and the share of refits in which each
// contending entity (contend nil: all) rates highest. Entities without
// any game, and with an anchor entities with no path of games to it,
// get the interval (−Inf, +Inf): their rating comes from the prior only.
// The refits run on GOMAXPROCS goroutines; the result depends only on
// the inputs.
func Bootstrap(n int, games []Game, opt FitOptions, reps int, conf float64, seed uint64, contend []bool) (Ratings, error) {
	if reps < 1 {
		return Ratings{}, fmt.Errorf("ratings: %d bootstrap replicates", reps)
	}
	if !(conf > 0 && conf < 1) {
		return Ratings{}, fmt.Errorf("ratings: confidence %g not in (0, 1)", conf)
	}
	if contend != nil && len(contend) != n {
		return Ratings{}, fmt.Errorf("ratings: contend has %d entries for %d entities", len(contend), n)
	}
	m, err := buildModel(n, games, opt)
	if err != nil {
		return Ratings{}, err
	}
	var w weights
	m.weightsFor(nil, &w)
	fr := newSolver(m)
	full, err := fr.fit(&w, make([]float64, n))
	if err != nil {
		return Ratings{}, err
	}
	r := Ratings{Elo: toElo(full), Lo: make([]float64, n), Hi: make([]float64, n), PBest: make([]float64, n), Reps: reps}
	samples := make([][]float64, n)
	for i := range samples {
		samples[i] = make([]float64, reps)
	}
	betas, errs := m.refits(fr, full, reps, seed)
	for rep, beta := range betas {
		if err := errs[rep]; err != nil {
			return Ratings{}, fmt.Errorf("bootstrap replicate %d: %w", rep, err)
		}
		best := math.Inf(-1)
		var nbest int
		for i, b := range beta {
			samples[i][rep] = b * eloPerNat
			if contend != nil && !contend[i] {
				continue
			}
			best = max(best, b)
		}
		// entities within TieTolerance of the best share it: identical
		// data give ratings equal up to rounding, and rounding must not
		// name a best (issue 31: twins at P(best) 1.00 and 0.00)
		tol := TieTolerance / eloPerNat
		for i, b := range beta {
			if (contend == nil || contend[i]) && b >= best-tol {
				nbest++
			}
		}
		for i, b := range beta {
			if (contend == nil || contend[i]) && b >= best-tol {
				r.PBest[i] += 1 / float64(nbest)
			}
		}
	}
	for i := range r.PBest {
		r.PBest[i] /= float64(reps)
	}
	r.Samples = make([][]float64, reps)
	for rep := range r.Samples {
		r.Samples[rep] = make([]float64, n)
		for i := range samples {
			r.Samples[rep][i] = samples[i][rep]
		}
	}
	reach := m.connected()
	for i := range samples {
		if !reach[i] {
			r.Lo[i], r.Hi[i] = math.Inf(-1), math.Inf(1)
			continue
		}
		s := samples[i]
		slices.Sort(s)
		r.Lo[i] = stat.Quantile((1-conf)/2, stat.LinInterp, s, nil)
		r.Hi[i] = stat.Quantile((1+conf)/2, stat.LinInterp, s, nil)
	}
	m.informationIntervals(&w, full, conf, &r, reach)
	return r, nil
}

// bootstrapWorkers is the number of goroutines of Bootstrap's refits; 0
// means GOMAXPROCS (tests set 1 to compare).
var bootstrapWorkers = 0

// refits refits reps resamples of the blocks, drawn in order with
// replacement from a PCG seeded with seed, each from the full fit (or,
// failing that, from 0), and returns each replicate's ratings or error by
// replicate index. The resamples are drawn in order from the one PCG and
// every refit is a function of its resample only (each worker has its own
// solver and weights), so the result does not depend on the number of
// workers or their scheduling. fr is used by the first worker.
func (m *model) refits(fr solver, full []float64, reps int, seed uint64) ([][]float64, []error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	nb := len(m.blocks)
	betas := make([][]float64, reps)
	errs := make([]error, reps)
	refit := func(s solver, w *weights, rep int, mult []int) {
		m.weightsFor(mult, w)
		beta, err := s.fit(w, full) // warm start from the full fit
		if err != nil {
			// a Newton step from the full fit can overshoot where the
			// replicate's data differ much (a rarely played entity):
			// start again from 0
			beta, err = s.fit(w, make([]float64, m.n))
		}
		betas[rep], errs[rep] = beta, err
	}
	draw := func(mult []int) {
		clear(mult)
		for range nb {
			mult[rng.IntN(nb)]++
		}
	}
	workers := bootstrapWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, reps)
	if workers <= 1 {
		var w weights
		mult := make([]int, nb)
		for rep := range reps {
			draw(mult)
			refit(fr, &w, rep, mult)
		}
		return betas, errs
	}
	type job struct {
		rep  int
		mult []int
	}
	jobs := make(chan job, 2*workers)
	var wg sync.WaitGroup
	for k := range workers {
		s := fr
		if k > 0 {
			s = fr.clone()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w weights
			for j := range jobs {
				refit(s, &w, j.rep, j.mult)
			}
		}()
	}
	for rep := range reps {
		mult := make([]int, nb)
		draw(mult)
		jobs <- job{rep, mult}
	}
	close(jobs)
	wg.Wait()
	return betas, errs
}

// connected reports which entities have a rating the data can bound:
// with an anchor, those joined to it by a path of games (the anchor
// itself included); without, those that played at all.
func (m *model) connected() []bool {
	anchor := m.anchor
	if anchor == anchorFree {
		anchor = m.ref
	}
	if anchor < 0 {
		return slices.Clone(m.played)
	}
	parent := make([]int, m.n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) { parent[find(a)] = find(b) }
	for t, i := range m.pairI {
		union(i, m.pairJ[t])
	}
	for _, o := range m.plOrder {
		for _, p := range o[1:] {
			union(o[0], p)
		}
	}
	r := make([]bool, m.n)
	root := find(anchor)
	for i := range r {
		r[i] = find(i) == root
	}
	return r
}
