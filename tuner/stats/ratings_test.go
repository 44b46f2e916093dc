package stats

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// games2 builds two-seat games of a against b: w wins of a, d draws, l
// losses, each game its own block (numbered from block0).
func games2(a, b, w, d, l, block0 int) []Game {
	var g []Game
	add := func(ra, rb, k int) {
		for range k {
			g = append(g, Game{Block: block0 + len(g), Players: []int{a, b}, Ranks: []int{ra, rb}})
		}
	}
	add(1, 2, w)
	add(1, 1, d)
	add(2, 1, l)
	return g
}

var noPrior = FitOptions{Anchor: 0, PriorDraws: -1}

// symmetricPriorElo is the rating difference (Elo) of an entity that won
// all of wins games against the anchor when both have d prior draws:
// β = −β_anchor = t solves wins·σ(−2t) = d·(σ(t) − ½) (bisection).
func symmetricPriorElo(wins, d float64) float64 {
	lo, _ := bisect(0, 20, func(t float64) bool { return wins*sigmoid(-2*t) > d*(sigmoid(t)-0.5) })
	return 2 * lo * eloPerNat
}

// bisect halves [lo, hi] 200 times, the lower end moving to a midpoint x
// where left(x), the upper end to one where not; it returns the last
// bracket.
func bisect(lo, hi float64, left func(x float64) bool) (float64, float64) {
	for range 200 {
		x := (lo + hi) / 2
		if left(x) {
			lo = x
		} else {
			hi = x
		}
	}
	return lo, hi
}

// normals is n standard normal draws of a generator seeded (s1, s2).
func normals(s1, s2 uint64, n int) []float64 {
	r := rand.New(rand.NewPCG(s1, s2))
	x := make([]float64, n)
	for i := range x {
		x[i] = r.NormFloat64()
	}
	return x
}

// sixSeatGames is 1000 six-seat games between 20 entities drawn by r,
// game k ranked ranks(k).
func sixSeatGames(r *rand.Rand, ranks func(k int) []int) []Game {
	var games []Game
	for k := range 1000 {
		perm := r.Perm(20)[:6]
		games = append(games, Game{Block: k, Players: perm, Ranks: ranks(k)})
	}
	return games
}

func TestFitBTByHand(t *testing.T) {
	cases := []struct {
		name  string
		games []Game
		opt   FitOptions
		want  []float64
	}{
		// 3 wins, 1 loss of player 1: score ¾, Elo 400·log10(3) = 190.849.
		{"3-1", games2(1, 0, 3, 0, 1, 0), noPrior, []float64{0, 400 * math.Log10(3)}},
		// Seats swapped: the same.
		{"3-1 swapped", games2(0, 1, 1, 0, 3, 0), noPrior, []float64{0, 400 * math.Log10(3)}},
		// 2 wins and 2 draws: 3 points of 4, draws as half wins.
		{"2-2-0", games2(1, 0, 2, 2, 0, 0), noPrior, []float64{0, 400 * math.Log10(3)}},
		// Mean constraint: ±95.42 around 0.
		{"mean 0", games2(1, 0, 3, 0, 1, 0), FitOptions{Anchor: -1, PriorDraws: -1}, []float64{-200 * math.Log10(3), 200 * math.Log10(3)}},
		// Won all 10 with the default prior of 2 draws against a 0-rated
		// opponent for both (the anchor's prior too, then shifted to it):
		// by symmetry β₁ = −β₀ = t with 10·σ(−2t) = 2·(σ(t) − ½).
		{"10-0 prior", games2(1, 0, 10, 0, 0, 0), FitOptions{}, []float64{0, symmetricPriorElo(10, 2)}},
		// Lost all 10 with a prior of 4 draws: the mirror image.
		{"0-10 prior 4", games2(1, 0, 0, 0, 10, 0), FitOptions{PriorDraws: 4}, []float64{0, -symmetricPriorElo(10, 4)}},
		// Chain 0-1-2 without prior: 1 scores ¾ against 0 and 2 scores ¾
		// against 1; the path gives 2 = 2·190.85 (no direct games).
		{"chain", append(games2(1, 0, 3, 0, 1, 0), games2(2, 1, 3, 0, 1, 10)...), noPrior,
			[]float64{0, 400 * math.Log10(3), 800 * math.Log10(3)}},
		// Weights: one win of weight 3 and one loss of weight 1.
		{"weights", []Game{{Players: []int{1, 0}, Ranks: []int{1, 2}, Weight: 3}, {Block: 1, Players: []int{1, 0}, Ranks: []int{2, 1}}}, noPrior,
			[]float64{0, 400 * math.Log10(3)}},
	}
	for _, c := range cases {
		got, err := Fit(len(c.want), c.games, c.opt)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for i := range got {
			if !near(got[i], c.want[i], 1e-6) {
				t.Errorf("%s: Elo = %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

func TestFitErrors(t *testing.T) {
	bad := []struct {
		name  string
		n     int
		games []Game
		opt   FitOptions
	}{
		{"ranks", 2, []Game{{Players: []int{0, 1}, Ranks: []int{1}}}, FitOptions{}},
		{"player", 2, []Game{{Players: []int{0, 2}, Ranks: []int{1, 2}}}, FitOptions{}},
		{"one seat", 2, []Game{{Players: []int{0}, Ranks: []int{1}}}, FitOptions{}},
		{"weight", 2, []Game{{Players: []int{0, 1}, Ranks: []int{1, 2}, Weight: -1}}, FitOptions{}},
		{"anchor", 2, nil, FitOptions{Anchor: 2}},
		{"no entities", 0, nil, FitOptions{}},
		// No prior and a clean sweep: no maximum.
		{"diverges", 2, games2(1, 0, 5, 0, 0, 0), noPrior},
	}
	for _, b := range bad {
		if _, err := Fit(b.n, b.games, b.opt); err == nil {
			t.Errorf("%s: no error", b.name)
		} else {
			t.Logf("%s: %v", b.name, err)
		}
	}
	// An entity in two seats does not crash.
	if _, err := Fit(3, []Game{{Players: []int{0, 0}, Ranks: []int{1, 2}}, {Players: []int{1, 1, 2}, Ranks: []int{1, 2, 3}}}, FitOptions{}); err != nil {
		t.Errorf("repeated entity: %v", err)
	}
}

// plLogLik is an independent Plackett–Luce log-likelihood (natural
// scale) of one game: seats sorted by rank, and a tied group's
// log-likelihood averaged over all its orderings by explicit permutation.
func plLogLik(beta []float64, players, ranks []int) float64 {
	// Collect groups by rank.
	type seat struct{ p, r int }
	var s []seat
	for i := range players {
		s = append(s, seat{players[i], ranks[i]})
	}
	for i := range s { // insertion sort by rank
		for j := i; j > 0 && s[j].r < s[j-1].r; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	var groups [][]int
	for i := range s {
		if i == 0 || s[i].r != s[i-1].r {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], s[i].p)
	}
	// Enumerate every full ordering consistent with the groups.
	var total float64
	var count int
	var rec func(k int, prefix []int)
	perms := func(g []int) [][]int {
		var out [][]int
		var pr func(a []int, i int)
		pr = func(a []int, i int) {
			if i == len(a) {
				out = append(out, append([]int(nil), a...))
				return
			}
			for j := i; j < len(a); j++ {
				a[i], a[j] = a[j], a[i]
				pr(a, i+1)
				a[i], a[j] = a[j], a[i]
			}
		}
		pr(append([]int(nil), g...), 0)
		return out
	}
	rec = func(k int, prefix []int) {
		if k == len(groups) {
			var ll float64
			for i := range prefix {
				var den float64
				for _, p := range prefix[i:] {
					den += math.Exp(beta[p])
				}
				ll += beta[prefix[i]] - math.Log(den)
			}
			total += ll
			count++
			return
		}
		for _, p := range perms(groups[k]) {
			rec(k+1, append(append([]int(nil), prefix...), p...))
		}
	}
	rec(0, nil)
	return total / float64(count)
}

// bruteFit2 maximises Σ plLogLik over (β1, β2) with β0 = 0 by a grid and
// successive refinement (the log-likelihood is concave).
func bruteFit2(games []Game) (b1, b2 float64) {
	ll := func(x, y float64) float64 {
		beta := []float64{0, x, y}
		var s float64
		for _, g := range games {
			s += plLogLik(beta, g.Players, g.Ranks)
		}
		return s
	}
	step := 0.5
	best := math.Inf(-1)
	for x := -5.0; x <= 5; x += step {
		for y := -5.0; y <= 5; y += step {
			if v := ll(x, y); v > best {
				best, b1, b2 = v, x, y
			}
		}
	}
	for step > 1e-7 {
		step /= 4
		cx, cy := b1, b2
		for i := -6; i <= 6; i++ {
			for j := -6; j <= 6; j++ {
				x, y := cx+float64(i)*step, cy+float64(j)*step
				if v := ll(x, y); v > best {
					best, b1, b2 = v, x, y
				}
			}
		}
	}
	return b1, b2
}

func TestFitPlackettLuceBrute(t *testing.T) {
	g := func(block int, p []int, r []int) Game { return Game{Block: block, Players: p, Ranks: r} }
	cases := []struct {
		name  string
		games []Game
	}{
		{"orders", []Game{
			g(0, []int{0, 1, 2}, []int{1, 2, 3}),
			g(1, []int{1, 2, 0}, []int{1, 2, 3}),
			g(2, []int{2, 0, 1}, []int{3, 1, 2}),
			g(3, []int{0, 1, 2}, []int{2, 1, 3}),
			g(4, []int{2, 1, 0}, []int{1, 3, 2}),
		}},
		{"ties", []Game{
			g(0, []int{0, 1, 2}, []int{1, 1, 3}), // 0 and 1 tie for first
			g(1, []int{1, 2, 0}, []int{1, 2, 2}), // 2 and 0 tie for second
			g(2, []int{2, 0, 1}, []int{1, 3, 2}),
			g(3, []int{0, 1, 2}, []int{2, 1, 3}),
			g(4, []int{0, 1, 2}, []int{1, 1, 1}), // all tied
			g(5, []int{2, 1, 0}, []int{1, 2, 3}),
		}},
		{"mixed seats", []Game{
			g(0, []int{0, 1, 2}, []int{1, 2, 3}),
			g(1, []int{1, 2}, []int{1, 1}), // 2-seat draw
			g(2, []int{2, 0}, []int{1, 2}),
			g(3, []int{0, 1, 2}, []int{3, 1, 2}),
			g(4, []int{1, 0}, []int{1, 2}),
		}},
	}
	for _, c := range cases {
		got, err := Fit(3, c.games, noPrior)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b1, b2 := bruteFit2(c.games)
		want := []float64{0, b1 * eloPerNat, b2 * eloPerNat}
		for i := range got {
			if !near(got[i], want[i], 1e-3) {
				t.Errorf("%s: Elo %v, brute force %v", c.name, got, want)
				break
			}
		}
	}
}

// TestTwoSeatTieIsHalfWin: through the Plackett–Luce code, a tied pair
// that is the whole game has exactly the Bradley–Terry half-win
// log-likelihood, so 2-seat games (fitted as BT pairs) and multi-seat
// games are on one consistent model.
func TestTwoSeatTieIsHalfWin(t *testing.T) {
	m := &model{n: 2, anchor: 0, plGroups: [][]int{{0, 2}}}
	beta := []float64{0.3, -0.9}
	got := -m.plLocal(0, []int{0, 1}, beta, false, &plScratch{})
	d := beta[0] - beta[1]
	want := 0.5*logSigmoid(d) + 0.5*logSigmoid(-d)
	if !near(got, want, 1e-12) {
		t.Errorf("tie log-likelihood %g, BT half wins %g", got, want)
	}
	if pl := plLogLik(beta, []int{0, 1}, []int{1, 1}); !near(pl, want, 1e-12) {
		t.Errorf("permutation average %g, BT half wins %g", pl, want)
	}
}

// branchGames uses every branch of eval: BT pairs (a draw among them),
// PL singletons, exact tied groups, and an Efron group of 12 players
// (entities bigFrom .. bigFrom+11) behind 0 and 1.
func branchGames(bigFrom int) []Game {
	big := make([]int, 12)
	bigR := make([]int, 12)
	for i := range big {
		big[i] = i + bigFrom
		bigR[i] = 2
	}
	return []Game{
		{Players: []int{0, 1}, Ranks: []int{1, 2}},
		{Players: []int{1, 2}, Ranks: []int{1, 1}},
		{Players: []int{3, 4, 5, 6}, Ranks: []int{2, 1, 2, 4}},
		{Players: []int{0, 5, 6}, Ranks: []int{1, 2, 3}},
		{Players: append([]int{0, 1}, big...), Ranks: append([]int{1, 3}, bigR...)},
	}
}

// TestDerivatives compares eval's gradient and Hessian with finite
// differences on data that uses every branch: BT pairs, PL singletons,
// exact tied groups and an Efron group of more than maxExactTie players.
func TestDerivatives(t *testing.T) {
	n := 14
	games := branchGames(2)
	for _, anchor := range []int{0, -1} {
		m, w := testModel(t, n, games, FitOptions{Anchor: anchor})
		beta := normals(1, 2, n)
		sc := &plScratch{}
		g := make([]float64, n)
		h := make([]float64, n*n)
		m.eval(beta, w, g, h, sc)
		const eps = 1e-5
		gp, gm := make([]float64, n), make([]float64, n)
		for i := range n {
			x := append([]float64(nil), beta...)
			x[i] += eps
			fp := m.eval(x, w, gp, nil, sc)
			x[i] -= 2 * eps
			fm := m.eval(x, w, gm, nil, sc)
			if fd := (fp - fm) / (2 * eps); !near(fd, g[i], 1e-6*math.Max(1, math.Abs(fd))) {
				t.Errorf("anchor %d: ∂f/∂β%d = %g, finite difference %g", anchor, i, g[i], fd)
			}
			for j := range n {
				if fd := (gp[j] - gm[j]) / (2 * eps); !near(fd, h[j*n+i], 1e-6*math.Max(1, math.Abs(fd))) {
					t.Errorf("anchor %d: H[%d][%d] = %g, finite difference %g", anchor, j, i, h[j*n+i], fd)
				}
			}
		}
	}
}

func TestEntityWithoutGames(t *testing.T) {
	games := games2(1, 0, 6, 2, 4, 0)
	r, err := Bootstrap(3, games, FitOptions{}, 50, 0.95, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Elo[2] != 0 || !math.IsInf(r.Lo[2], -1) || !math.IsInf(r.Hi[2], 1) {
		t.Errorf("entity 2 without games: %g [%g, %g]", r.Elo[2], r.Lo[2], r.Hi[2])
	}
	if r.Elo[0] != 0 || r.Lo[0] != 0 || r.Hi[0] != 0 {
		t.Errorf("anchor: %g [%g, %g]", r.Elo[0], r.Lo[0], r.Hi[0])
	}
	if !(r.Lo[1] < r.Elo[1] && r.Elo[1] < r.Hi[1]) || math.IsInf(r.Lo[1], 0) {
		t.Errorf("entity 1: %g [%g, %g]", r.Elo[1], r.Lo[1], r.Hi[1])
	}
	// Entities 2 and 3 only play each other: not joined to the anchor.
	games = append(games, games2(3, 2, 3, 3, 3, 100)...)
	r, err = Bootstrap(4, games, FitOptions{}, 50, 0.95, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(r.Lo[3], -1) || !math.IsInf(r.Hi[2], 1) || math.IsInf(r.Lo[1], 0) {
		t.Errorf("disconnected: Lo %v Hi %v", r.Lo, r.Hi)
	}
}

// simulate draws BT games (with draws) between n entities of true Elo
// truth, one game pair with swapped seats per block.
func simulate(r *rand.Rand, truth []float64, blocks int) []Game {
	n := len(truth)
	var games []Game
	for b := range blocks {
		i := r.IntN(n)
		j := r.IntN(n - 1)
		if j >= i {
			j++
		}
		for s := range 2 {
			p := ScoreFromElo(truth[i] - truth[j])
			u := r.Float64()
			// Win with probability p − 0.1, draw 0.2 (expected score p),
			// clamped for extreme p.
			pw := math.Max(0, p-0.1)
			pd := math.Min(0.2, 2*(p-pw))
			ranks := []int{2, 1}
			switch {
			case u < pw:
				ranks = []int{1, 2}
			case u < pw+pd:
				ranks = []int{1, 1}
			}
			players := []int{i, j}
			if s == 1 {
				players, ranks = []int{j, i}, []int{ranks[1], ranks[0]}
			}
			games = append(games, Game{Block: b, Players: players, Ranks: ranks})
		}
	}
	return games
}

func TestBootstrapDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	truth := []float64{0, 50, -30, 120, 10}
	games := simulate(r, truth, 300)
	contend := []bool{true, true, true, true, false}
	a, err := Bootstrap(5, games, FitOptions{}, 100, 0.9, 42, contend)
	if err != nil {
		t.Fatal(err)
	}
	// Game order does not matter; the seed does.
	rev := make([]Game, len(games))
	for i, g := range games {
		rev[len(games)-1-i] = g
	}
	b, _ := Bootstrap(5, rev, FitOptions{}, 100, 0.9, 42, contend)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, reversed games: %+v vs %+v", a, b)
	}
	c, _ := Bootstrap(5, games, FitOptions{}, 100, 0.9, 43, contend)
	if reflect.DeepEqual(a.Lo, c.Lo) {
		t.Errorf("different seeds gave identical intervals")
	}
	var sum float64
	for i, p := range a.PBest {
		sum += p
		if !contend[i] && p != 0 {
			t.Errorf("non-contender %d has PBest %g", i, p)
		}
	}
	if !near(sum, 1, 1e-12) || !(a.PBest[3] > 0.8) {
		t.Errorf("PBest %v", a.PBest)
	}
}

func TestPBestTiesSplit(t *testing.T) {
	// Entities 1 and 2 have identical data against 0 in every resample
	// only if they never play: both rate 0 with the anchor, and with
	// contend = {1, 2} each gets half.
	games := games2(0, 3, 2, 2, 2, 0)
	r, err := Bootstrap(4, games, FitOptions{}, 20, 0.9, 1, []bool{false, true, true, false})
	if err != nil {
		t.Fatal(err)
	}
	if r.PBest[1] != 0.5 || r.PBest[2] != 0.5 {
		t.Errorf("PBest %v", r.PBest)
	}
}

// TestBootstrapCoverage: over 100 simulated data sets of known truth the
// 95 % intervals of each entity (against the anchor) cover the truth in
// at least 85 % of the cases.
func TestBootstrapCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	truth := []float64{0, 60, -40, 100}
	sets, reps := 100, 200
	covered := make([]int, len(truth))
	for s := range sets {
		r := rand.New(rand.NewPCG(uint64(s), 99))
		games := simulate(r, truth, 200)
		res, err := Bootstrap(len(truth), games, FitOptions{PriorDraws: 0.5}, reps, 0.95, uint64(s), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(truth); i++ {
			if res.Lo[i] <= truth[i] && truth[i] <= res.Hi[i] {
				covered[i]++
			}
		}
	}
	for i := 1; i < len(truth); i++ {
		t.Logf("entity %d (true %g Elo): covered %d of %d", i, truth[i], covered[i], sets)
		if covered[i] < 85 {
			t.Errorf("entity %d: 95 %% interval covered the truth in %d of %d sets", i, covered[i], sets)
		}
	}
}

// BenchmarkBootstrap: 2000 two-seat games (1000 blocks of a game pair)
// between 20 entities, 1000 replicates.
func BenchmarkBootstrap(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	truth := make([]float64, 20)
	for i := range truth {
		truth[i] = 20 * float64(i)
	}
	games := simulate(r, truth, 1000)
	b.ResetTimer()
	for range b.N {
		if _, err := Bootstrap(20, games, FitOptions{}, 1000, 0.95, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitPL6: 1000 six-seat games between 20 entities.
func BenchmarkFitPL6(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	games := sixSeatGames(r, func(int) []int {
		ranks := make([]int, 6)
		for i := range ranks {
			ranks[i] = 1 + r.IntN(5)
		}
		return ranks
	})
	b.ResetTimer()
	for range b.N {
		if _, err := Fit(20, games, FitOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBootstrapPL6: 1000 six-seat games (distinct ranks, with a tie
// for last place in one game of five) between 20 entities, 200
// replicates.
func BenchmarkBootstrapPL6(b *testing.B) {
	games := sixSeatGames(rand.New(rand.NewPCG(9, 10)), func(k int) []int {
		ranks := []int{1, 2, 3, 4, 5, 6}
		if k%5 == 0 {
			ranks[5] = 5
		}
		return ranks
	})
	b.ResetTimer()
	for range b.N {
		if _, err := Bootstrap(20, games, FitOptions{}, 200, 0.95, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// mixedGames: two-seat games (with draws) and four-seat games (with ties)
// between n entities of spread-out strength.
func mixedGames(seed uint64, n int) []Game {
	r := rand.New(rand.NewPCG(seed, 11))
	truth := make([]float64, n)
	for i := range truth {
		truth[i] = 40 * float64(i-n/2)
	}
	games := simulate(r, truth, 150)
	for k := range 100 {
		p := r.Perm(n)[:4]
		ranks := []int{1 + r.IntN(3), 1 + r.IntN(3), 1 + r.IntN(3), 1 + r.IntN(3)}
		games = append(games, Game{Block: 1000 + k, Players: p, Ranks: ranks})
	}
	return games
}

// TestFitStationary: at the fitted point the gradient of the objective
// restricted to the constraint (free coordinates) vanishes, for both
// parametrisations and with and without the prior.
func TestFitStationary(t *testing.T) {
	n := 8
	games := mixedGames(1, n)
	for _, opt := range []FitOptions{{Anchor: 3}, {Anchor: -1}, {Anchor: 0, PriorDraws: -1}, {Anchor: -1, PriorDraws: 0.5}} {
		m, w := testModel(t, n, games, opt)
		beta, err := m.fit(w, make([]float64, n))
		if err != nil {
			t.Fatalf("%+v: %v", opt, err)
		}
		if m.anchor == anchorFree {
			// the fit is shifted to the anchor after an unconstrained
			// optimum: find the shift back (the likelihood's gradient
			// sums to 0, the prior's sum is monotone in the shift)
			sh := make([]float64, n)
			g := make([]float64, n)
			bisect(-20, 20, func(c float64) bool {
				for i := range beta {
					sh[i] = beta[i] + c
				}
				m.eval(sh, w, g, nil, &plScratch{})
				return floats.Sum(g) < 0
			})
			for i, x := range g {
				if math.Abs(x) > 1e-9 {
					t.Errorf("%+v: gradient[%d] = %g at the unshifted optimum", opt, i, x)
				}
			}
			if beta[opt.Anchor] != 0 {
				t.Errorf("%+v: the anchor rates %g", opt, beta[opt.Anchor])
			}
			continue
		}
		g := make([]float64, n)
		m.eval(beta, w, g, nil, &plScratch{})
		var mean, sum float64
		for i, x := range g {
			if opt.Anchor < 0 {
				mean += x / float64(n)
				sum += beta[i]
			}
		}
		if opt.Anchor >= 0 && beta[opt.Anchor] != 0 || math.Abs(sum) > 1e-12 {
			t.Errorf("%+v: constraint violated: %v", opt, beta)
		}
		for i, x := range g {
			if i == opt.Anchor {
				continue
			}
			if math.Abs(x-mean) > 1e-9 {
				t.Errorf("%+v: projected gradient[%d] = %g", opt, i, x-mean)
			}
		}
	}
}

// TestFitConstraintsAgree: without a prior the likelihood depends only on
// differences, so the mean-zero fit is the anchored fit shifted.
func TestFitConstraintsAgree(t *testing.T) {
	n := 6
	games := mixedGames(2, n)
	a, err := Fit(n, games, FitOptions{Anchor: 2, PriorDraws: -1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(n, games, FitOptions{Anchor: -1, PriorDraws: -1})
	if err != nil {
		t.Fatal(err)
	}
	var mean float64
	for _, x := range a {
		mean += x / float64(n)
	}
	for i := range a {
		if !near(a[i]-mean, b[i], 1e-6) {
			t.Fatalf("anchored %v shifted to mean 0 differs from mean-zero fit %v", a, b)
		}
	}
}

// TestWarmStart: Bootstrap's refits start from the full fit; a cold start
// from 0 reaches the same point.
func TestWarmStart(t *testing.T) {
	n := 8
	games := mixedGames(3, n)
	for _, anchor := range []int{0, -1} {
		m, w := testModel(t, n, games, FitOptions{Anchor: anchor})
		fr := newFitter(m)
		full, err := fr.fit(w, make([]float64, n))
		if err != nil {
			t.Fatal(err)
		}
		mult := make([]int, len(m.blocks))
		r := rand.New(rand.NewPCG(4, 5))
		for range mult {
			mult[r.IntN(len(mult))]++
		}
		m.weightsFor(mult, w)
		warm, err := fr.fit(w, full)
		if err != nil {
			t.Fatal(err)
		}
		cold, err := newFitter(m).fit(w, make([]float64, n))
		if err != nil {
			t.Fatal(err)
		}
		for i := range warm {
			if !near(warm[i], cold[i], 1e-9) {
				t.Fatalf("anchor %d: warm start %v, cold start %v", anchor, warm, cold)
			}
		}
	}
}

// TestLogistic: logistic gives the bits of logSigmoid(±x) and
// sigmoid(±x), so that fits using it are unchanged to the last bit.
func TestLogistic(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1e-300, -1e-300, 1e-9, -1e-9, 0.5, -0.5, 1, -1, 3.7, -3.7, 40, -40, 800, -800}
	for i := range 1000 {
		xs = append(xs, float64(i-500)*0.0137)
	}
	for _, x := range xs {
		lp, ln, sp, sn := logistic(x)
		want := []float64{logSigmoid(x), logSigmoid(-x), sigmoid(x), sigmoid(-x)}
		for k, got := range []float64{lp, ln, sp, sn} {
			if math.Float64bits(got) != math.Float64bits(want[k]) {
				t.Fatalf("logistic(%g)[%d] = %v, want %v", x, k, got, want[k])
			}
		}
	}
}

// TestTwinsWithShutoutField: three identical entities (0 the anchor) that
// split every game among themselves and all beat a field entity that
// lost every game rate exactly alike and share P(best) (issue 31: the
// anchor, held at 0 by a constraint, absorbed the reaction of the field
// entity's prior, and the twins rated +2.7 Elo above it, separated and
// with P(best) 1.00 and 0.00).
func TestTwinsWithShutoutField(t *testing.T) {
	var games []Game
	for b := range 40 {
		for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
			games = append(games, Game{Block: b, Players: []int{p[0], p[1]}, Ranks: []int{1, 2}},
				Game{Block: b, Players: []int{p[1], p[0]}, Ranks: []int{1, 2}})
		}
		for v := range 3 {
			games = append(games, Game{Block: b, Players: []int{v, 3}, Ranks: []int{1, 2}},
				Game{Block: b, Players: []int{3, v}, Ranks: []int{2, 1}})
		}
	}
	defer func(m int) { sparseMin = m }(sparseMin)
	for _, c := range []struct {
		prior  float64
		sparse int
	}{{0, 512}, {4, 512}, {0, 2}} {
		prior := c.prior
		sparseMin = c.sparse // 2: the sparse Newton–CG
		r, err := Bootstrap(4, games, FitOptions{Anchor: 0, PriorDraws: prior}, 200, 0.95, 3, []bool{true, true, true, false})
		if err != nil {
			t.Fatal(err)
		}
		for v := 1; v < 3; v++ {
			if math.Abs(r.Elo[v]) > 1e-6 {
				t.Errorf("prior %g: twin %d rates %g Elo against its identical anchor", prior, v, r.Elo[v])
			}
			if !(r.Lo[v] < -10 && r.Hi[v] > 10) || math.IsInf(r.Lo[v], 0) || math.IsInf(r.Hi[v], 0) {
				t.Errorf("prior %g: twin %d's interval [%g, %g]: every block alike gives the information's interval, not none", prior, v, r.Lo[v], r.Hi[v])
			}
			if !near(r.PBest[v], 1.0/3, 1e-9) {
				t.Errorf("prior %g: twin %d P(best) %g, want 1/3", prior, v, r.PBest[v])
			}
		}
		if !(r.Elo[3] < -400) {
			t.Errorf("prior %g: the field entity rates %g", prior, r.Elo[3])
		}
	}
}
