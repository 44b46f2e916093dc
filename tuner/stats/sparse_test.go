package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// sparseGames draws games between n entities of random strength on a
// connected sparse graph: per edge of a ring a forced draw (so that no
// entity wins or loses everything, and the fit without a prior stays
// finite) and a few blocks of two-seat games, then n random edges; with
// pl, also n/2 three- and four-seat games with ties.
func sparseGames(seed uint64, n int, pl bool) []Game {
	r := rand.New(rand.NewPCG(seed, 77))
	truth := make([]float64, n)
	for i := range truth {
		truth[i] = 120 * r.NormFloat64()
	}
	var games []Game
	block := 0
	pair := func(i, j, blocks int) {
		sub := simulate(r, []float64{truth[i], truth[j]}, blocks)
		for _, g := range sub {
			players := []int{i, j}
			if g.Players[0] == 1 {
				players = []int{j, i}
			}
			games = append(games, Game{Block: block + g.Block, Players: players, Ranks: g.Ranks})
		}
		block += blocks
	}
	for i := range n {
		j := (i + 1) % n
		games = append(games, Game{Block: block, Players: []int{i, j}, Ranks: []int{1, 1}})
		block++
		pair(i, j, 2)
	}
	for range n {
		i, j := r.IntN(n), r.IntN(n)
		if i != j {
			pair(i, j, 1+r.IntN(3))
		}
	}
	if pl {
		for range n / 2 {
			np := 3 + r.IntN(2)
			players := r.Perm(n)[:np]
			ranks := make([]int, np)
			for s, p := range players {
				// strength plus noise, binned coarsely so that ties occur
				ranks[s] = 3 - int(math.Floor((truth[p]+150*r.NormFloat64())/150))
			}
			games = append(games, Game{Block: block, Players: players, Ranks: ranks})
			block++
		}
	}
	return games
}

// testModel is the model of games between n entities and the weights of
// all of them.
func testModel(t *testing.T, n int, games []Game, opt FitOptions) (*model, *weights) {
	t.Helper()
	m, err := buildModel(n, games, opt)
	if err != nil {
		t.Fatal(err)
	}
	w := &weights{}
	m.weightsFor(nil, w)
	return m, w
}

// denseFit builds the model of games and fits it on all of them with the
// dense fitter from 0.
func denseFit(t *testing.T, name string, n int, games []Game, opt FitOptions) (*model, *weights, []float64) {
	t.Helper()
	m, w := testModel(t, n, games, opt)
	dense, err := newFitter(m).fit(w, make([]float64, n))
	if err != nil {
		t.Fatalf("%s: dense: %v", name, err)
	}
	return m, w, dense
}

var sparseTestOpts = []FitOptions{
	{Anchor: 0},
	{Anchor: -1},
	{Anchor: 3, PriorDraws: -1},
	{Anchor: -1, PriorDraws: -1},
	{Anchor: -1, PriorDraws: 0.5},
	{Anchor: 5, PriorDraws: 4},
}

// TestSparseMatchesDense: the sparse Newton–CG fit reaches the dense
// fit's optimum (within 1e-6 natural units) from a cold start and from a
// warm start on a resample, below and above sparseMin, for two-seat games
// only and with multi-seat games with ties, with and without the prior,
// anchored and mean-zero.
func TestSparseMatchesDense(t *testing.T) {
	for _, n := range []int{30, sparseMin + 40} {
		for _, pl := range []bool{false, true} {
			games := sparseGames(uint64(n)+1, n, pl)
			for _, opt := range sparseTestOpts {
				name := fmt.Sprintf("n=%d pl=%v %+v", n, pl, opt)
				m, w, dense := denseFit(t, name, n, games, opt)
				sf := newSparseFitter(m)
				sparse, err := sf.fit(w, make([]float64, n))
				if err != nil {
					t.Fatalf("%s: sparse: %v", name, err)
				}
				checkClose(t, name+" cold", dense, sparse, 1e-6)
				if opt.Anchor >= 0 && sparse[opt.Anchor] != 0 {
					t.Errorf("%s: anchor at %g", name, sparse[opt.Anchor])
				}
				if opt.Anchor < 0 {
					var s float64
					for _, x := range sparse {
						s += x
					}
					if math.Abs(s) > 1e-10 {
						t.Errorf("%s: sum %g", name, s)
					}
				}
				// Blocks re-weighted 1 to 3 times, warm-started from the
				// full fit as in Bootstrap (every block kept: a resample
				// without the ring's draws may have no finite optimum
				// without the prior).
				mult := make([]int, len(m.blocks))
				r := rand.New(rand.NewPCG(uint64(n), 9))
				for b := range mult {
					mult[b] = 1 + r.IntN(3)
				}
				m.weightsFor(mult, w)
				dw, err := newFitter(m).fit(w, dense)
				if err != nil {
					t.Fatalf("%s: dense resample: %v", name, err)
				}
				sw, err := sf.fit(w, sparse)
				if err != nil {
					t.Fatalf("%s: sparse resample: %v", name, err)
				}
				checkClose(t, name+" warm", dw, sw, 1e-6)
			}
		}
	}
}

func checkClose(t *testing.T, name string, want, got []float64, tol float64) {
	t.Helper()
	worst, at := 0.0, -1
	for i := range want {
		if d := math.Abs(want[i] - got[i]); !(d <= worst) {
			worst, at = d, i
		}
	}
	if !(worst <= tol) {
		t.Errorf("%s: entity %d: dense %.12g, sparse %.12g (max |Δ| %g)", name, at, want[at], got[at], worst)
	}
}

// withSparseMin runs f with sparseMin set to k.
func withSparseMin(k int, f func()) {
	old := sparseMin
	sparseMin = k
	defer func() { sparseMin = old }()
	f()
}

// TestFitThreshold: Fit takes the sparse path above sparseMin (same
// ratings as the dense path forced by a high threshold) and the dense
// path up to it (the same bits as the dense fitter).
func TestFitThreshold(t *testing.T) {
	n := sparseMin + 1
	games := sparseGames(5, n, true)
	sparse, err := Fit(n, games, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var dense []float64
	withSparseMin(n, func() { dense, err = Fit(n, games, FitOptions{}) })
	if err != nil {
		t.Fatal(err)
	}
	checkClose(t, "Fit", dense, sparse, 1e-4)
	if reflect.DeepEqual(dense, sparse) {
		t.Error("the same bits above the threshold: the sparse path did not run")
	}
	m, _ := buildModel(n, games, FitOptions{})
	if _, ok := newSolver(m).(*sparseFitter); !ok {
		t.Errorf("%d entities: not the sparse fitter", n)
	}
	m, _ = buildModel(sparseMin, games[:0], FitOptions{})
	if _, ok := newSolver(m).(*fitter); !ok {
		t.Errorf("%d entities: not the dense fitter", sparseMin)
	}
}

// TestSparseBootstrapMatchesDense: Bootstrap on the sparse path gives the
// dense path's ratings, intervals, refits and P(best).
func TestSparseBootstrapMatchesDense(t *testing.T) {
	n := 60
	for _, pl := range []bool{false, true} {
		games := sparseGames(11, n, pl)
		for _, opt := range []FitOptions{{Anchor: 0}, {Anchor: -1}, {Anchor: 4, PriorDraws: 0.5}} {
			name := fmt.Sprintf("pl=%v %+v", pl, opt)
			dense, err := Bootstrap(n, games, opt, 25, 0.9, 3, nil)
			if err != nil {
				t.Fatal(err)
			}
			var sparse Ratings
			withSparseMin(0, func() { sparse, err = Bootstrap(n, games, opt, 25, 0.9, 3, nil) })
			if err != nil {
				t.Fatal(err)
			}
			checkClose(t, name+" Elo", dense.Elo, sparse.Elo, 1e-4)
			checkClose(t, name+" Lo", dense.Lo, sparse.Lo, 1e-4)
			checkClose(t, name+" Hi", dense.Hi, sparse.Hi, 1e-4)
			checkClose(t, name+" PBest", dense.PBest, sparse.PBest, 1e-12)
			for rep := range dense.Samples {
				checkClose(t, fmt.Sprintf("%s rep %d", name, rep), dense.Samples[rep], sparse.Samples[rep], 1e-4)
			}
			if reflect.DeepEqual(dense.Samples, sparse.Samples) {
				t.Errorf("%s: the same bits: the sparse path did not run", name)
			}
		}
	}
}

// TestSparseDiverges: without a prior an entity that won everything has
// no finite rating; the sparse path says so as the dense path does. (With
// Anchor = −1 the winner carries only part of the rating gap, and both
// paths stop below maxRating once the decrement is below rounding.)
func TestSparseDiverges(t *testing.T) {
	games := games2(0, 1, 0, 0, 5, 0)
	games = append(games, games2(1, 2, 4, 0, 0, 10)...)
	games = append(games, games2(0, 2, 2, 2, 2, 20)...)
	for _, anchor := range []int{0, 2} {
		opt := FitOptions{Anchor: anchor, PriorDraws: -1}
		_, dErr := Fit(3, games, opt)
		var sErr error
		withSparseMin(0, func() { _, sErr = Fit(3, games, opt) })
		if dErr == nil || sErr == nil || !strings.Contains(sErr.Error(), "diverges") {
			t.Errorf("anchor %d: dense error %v, sparse error %v", anchor, dErr, sErr)
		}
		// With the prior the fit is finite on both paths.
		opt.PriorDraws = 0
		d, err := Fit(3, games, opt)
		if err != nil {
			t.Fatal(err)
		}
		var s []float64
		withSparseMin(0, func() { s, err = Fit(3, games, opt) })
		if err != nil {
			t.Fatal(err)
		}
		checkClose(t, fmt.Sprintf("anchor %d with prior", anchor), d, s, 1e-4)
	}
}

// TestBootstrapWorkers: the refits on several goroutines give the bits of
// one goroutine, on both paths.
func TestBootstrapWorkers(t *testing.T) {
	n := 40
	games := sparseGames(13, n, true)
	old := bootstrapWorkers
	defer func() { bootstrapWorkers = old }()
	for _, smin := range []int{0, sparseMin} {
		var want Ratings
		for _, k := range []int{1, 3, 8} {
			bootstrapWorkers = k
			var got Ratings
			var err error
			withSparseMin(smin, func() { got, err = Bootstrap(n, games, FitOptions{Anchor: 2}, 30, 0.95, 17, nil) })
			if err != nil {
				t.Fatal(err)
			}
			if k == 1 {
				want = got
			} else if !reflect.DeepEqual(want, got) {
				t.Errorf("sparseMin %d: %d workers differ from 1", smin, k)
			}
		}
	}
}

// knockoutGames: n entities (a power of 4) of random strength in groups of
// 4, every pair of a group playing blocks game pairs, the group's
// strongest advancing, as a knockout tournament with group 4, advance 1.
func knockoutGames(n, blocks int) []Game {
	r := rand.New(rand.NewPCG(uint64(n), 4))
	truth := make([]float64, n)
	for i := range truth {
		truth[i] = 100 * r.NormFloat64()
	}
	var games []Game
	block := 0
	round := make([]int, n)
	for i := range round {
		round[i] = i
	}
	for len(round) > 1 {
		var next []int
		for g := 0; g < len(round); g += 4 {
			grp := round[g : g+4]
			best := grp[0]
			for a, i := range grp {
				if truth[i] > truth[best] {
					best = i
				}
				for _, j := range grp[a+1:] {
					for _, x := range simulate(r, []float64{truth[i], truth[j]}, blocks) {
						p := []int{i, j}
						if x.Players[0] == 1 {
							p = []int{j, i}
						}
						games = append(games, Game{Block: block + x.Block, Players: p, Ranks: x.Ranks})
					}
					block += blocks
				}
			}
			next = append(next, best)
		}
		round = next
	}
	return games
}

// BenchmarkKnockout: a knockout of n entities in groups of 4 (10 game
// pairs per pair of a group: 20 games per pair), anchored with the
// default prior; one Fit and a Bootstrap of 20 refits, on the dense path
// (forced) and the sparse path.
func BenchmarkKnockout(b *testing.B) {
	for _, c := range []struct {
		n      int
		sparse bool
	}{{256, false}, {256, true}, {1024, false}, {1024, true}, {4096, true}} {
		games := knockoutGames(c.n, 10)
		smin := 0
		path := "sparse"
		if !c.sparse {
			smin, path = c.n, "dense"
		}
		b.Run(fmt.Sprintf("Fit/%s-%d", path, c.n), func(b *testing.B) {
			withSparseMin(smin, func() {
				for range b.N {
					if _, err := Fit(c.n, games, FitOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
		b.Run(fmt.Sprintf("Bootstrap20/%s-%d", path, c.n), func(b *testing.B) {
			withSparseMin(smin, func() {
				for range b.N {
					if _, err := Bootstrap(c.n, games, FitOptions{}, 20, 0.95, 1, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// TestSparseHessian: evalSparse gives eval's value and gradient, and its
// diagonal and pair values are the dense Hessian's entries (a pair absent
// from the pattern is 0), with two-seat games, orders with ties, a tie
// group above maxExactTie and an entity in two seats of one order.
func TestSparseHessian(t *testing.T) {
	n := 16
	games := append(branchGames(4), Game{Players: []int{7, 8, 7}, Ranks: []int{1, 2, 2}})
	for _, opt := range []FitOptions{{Anchor: 0}, {Anchor: -1}, {Anchor: 2, PriorDraws: -1}} {
		m, w := testModel(t, n, games, opt)
		p := newSparsePattern(m)
		beta := normals(3, 4, n)
		g, h := make([]float64, n), make([]float64, n*n)
		f := m.eval(beta, w, g, h, &plScratch{})
		sg, diag, off := make([]float64, n), make([]float64, n), make([]float64, len(p.ei))
		sf := m.evalSparse(p, beta, w, sg, diag, off, &plScratch{})
		if sf != f || m.evalSparse(p, beta, w, nil, nil, nil, &plScratch{}) != f {
			t.Errorf("%+v: value %g, dense %g", opt, sf, f)
		}
		if !reflect.DeepEqual(sg, g) {
			t.Errorf("%+v: gradient %v, dense %v", opt, sg, g)
		}
		sh := make([]float64, n*n)
		for i, v := range diag {
			sh[i*n+i] = v
		}
		for e, v := range off {
			i, j := p.ei[e], p.ej[e]
			sh[i*n+j], sh[j*n+i] = v, v
		}
		for k := range h {
			if !near(sh[k], h[k], 1e-13*math.Max(1, math.Abs(h[k]))) {
				t.Errorf("%+v: H[%d][%d] = %g, dense %g", opt, k/n, k%n, sh[k], h[k])
			}
		}
	}
}

// TestSparseKnockout: on a knockout of 1 024 entities in groups of 4 (a
// tree of cliques: the badly conditioned case for conjugate gradients)
// the sparse fit is the dense fit, anchored with the prior and mean-zero
// without it.
func TestSparseKnockout(t *testing.T) {
	n := 1024
	games := knockoutGames(n, 10)
	for _, opt := range []FitOptions{{Anchor: 0}, {Anchor: -1, PriorDraws: -1}} {
		m, w, dense := denseFit(t, fmt.Sprintf("knockout %+v", opt), n, games, opt)
		sparse, err := newSparseFitter(m).fit(w, make([]float64, n))
		if err != nil {
			t.Fatal(err)
		}
		checkClose(t, fmt.Sprintf("knockout %+v", opt), dense, sparse, 1e-6)
	}
}
