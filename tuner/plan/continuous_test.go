package plan

import (
	"math"
	"os"
	"slices"
	"strconv"
	"testing"

	"tourney/engines/game"
	"tourney/engines/synthetic"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// simHost plays a continuous planner's blocks on a synthetic landscape
// without the arena: every seat's strength is the landscape's Elo of its
// configuration, the finishing order a Plackett–Luce draw (the synthetic
// game's rule, engines/synthetic). It is the planners' ground truth
// without the arena, the results files or the hold-out; tuner/cmaes_test.go
// (TestPeak8Sweeps) measures the same through full sweeps.
type simHost struct {
	s        *study.Study
	land     *synthetic.Landscape
	points   []float64 // Elo of each point
	variants []float64 // Elo of each variant (0: the defaults)
	values   []map[string]any
	rng      interface{ Float64() float64 }
	games    int // games of points (the search)
	final    int // games of variants (the final phase)
}

func (h *simHost) elo(values map[string]any) (float64, error) {
	p, err := h.s.BotParams(0, space.Variant{Values: values})
	if err != nil {
		return 0, err
	}
	return h.land.Elo(p), nil
}

func (h *simHost) AddPoint(values map[string]any) (int, error) {
	e, err := h.elo(values)
	h.points = append(h.points, e)
	return len(h.points) - 1, err
}

func (h *simHost) AddVariant(values map[string]any) (int, error) {
	e, err := h.elo(values)
	h.variants = append(h.variants, e)
	h.values = append(h.values, values)
	return len(h.variants) - 1, err
}

func (h *simHost) Fit() ([]float64, error)  { return h.variants, nil }
func (h *simHost) Logf(string, ...any)      {}
func (h *simHost) Status(string)            {}
func (h *simHost) Leader(vs []int) string   { return "" }
func (h *simHost) Rate() ([]float64, error) { return h.variants, nil }
func (h *simHost) seatElo(r SeatRef) float64 {
	switch r.Kind {
	case SeatPoint:
		return h.points[r.Point]
	case SeatVariant:
		return h.variants[r.Variant]
	}
	return 0
}

// play draws a block's games.
func (h *simHost) play(blk *Block) []Result {
	out := make([]Result, len(blk.Games))
	for i, gp := range blk.Games {
		n := len(gp.Seats)
		v := make([]float64, n)
		for j, r := range gp.Seats {
			v[j] = h.seatElo(r)*math.Ln10/400 - math.Log(-math.Log(h.rng.Float64()))
		}
		ranks := make([]int, n)
		for j := range ranks {
			ranks[j] = 1
			for k := range v {
				if v[k] > v[j] {
					ranks[j]++
				}
			}
		}
		out[i] = Result{Ranks: ranks}
		if slices.ContainsFunc(gp.Seats, func(r SeatRef) bool { return r.Kind == SeatPoint }) {
			h.games++
		} else {
			h.final++
		}
	}
	return out
}

// simRun runs a continuous planner to its end on the landscape of the
// space's first map; it returns the host (the final point is the last
// variant).
func simRun(t testing.TB, s *study.Study) *simHost {
	t.Helper()
	h, _ := simPlanner(t, s)
	return h
}

// simPlanner is simRun that returns the planner too.
func simPlanner(t testing.TB, s *study.Study) (*simHost, Planner) {
	t.Helper()
	land, ok := s.Scenarios[0].Maps[0].(*synthetic.Landscape)
	if !ok {
		t.Fatalf("%s: the first map is not a landscape", s.Path)
	}
	h := &simHost{s: s, land: land, variants: []float64{0}, values: []map[string]any{nil},
		rng: game.NewRand(game.Mix(s.Seed, 0x5e1f))}
	pl, err := New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, pl, h, h.play)
	if _, err := pl.Winner(h); err != nil {
		t.Fatal(err)
	}
	return h, pl
}

// playOut runs planner pl on host h until it asks for no more blocks: a
// block's results are play's.
func playOut(t testing.TB, pl Planner, h Host, play func(*Block) []Result) {
	t.Helper()
	for {
		blocks, err := pl.Next(h)
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks) == 0 {
			return
		}
		res := make([][]Result, len(blocks))
		for i, b := range blocks {
			res[i] = play(b)
		}
		if err := pl.Look(h, blocks, res); err != nil {
			t.Fatal(err)
		}
	}
}

// loadSeed loads a space with another seed.
func loadSeed(t testing.TB, path string, seed uint64, edit func(*study.Study)) *study.Study {
	t.Helper()
	s, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Seed = seed
	if edit != nil {
		edit(s)
	}
	return s
}

// envSeeds is the number of seeds of a long figure (an environment
// variable), or def.
func envSeeds(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// raceSeeds is envSeeds, but 1 under the race detector unless name is
// set.
func raceSeeds(name string, def int) int {
	if raceEnabled && os.Getenv(name) == "" {
		return 1
	}
	return envSeeds(name, def)
}

// hitRate runs a method over seeds on a landscape and reports how often
// the final point is within tol Elo of the peak, and the games used.
func hitRate(t *testing.T, path string, seeds int, tol float64, edit func(*study.Study)) (rate float64, games, worst float64) {
	t.Helper()
	hits := 0
	worst = math.Inf(1)
	for seed := 1; seed <= seeds; seed++ {
		s := loadSeed(t, path, uint64(seed), edit)
		_, peak := s.Scenarios[0].Maps[0].(*synthetic.Landscape).Best()
		h := simRun(t, s)
		got := h.variants[len(h.variants)-1]
		if got >= peak-tol {
			hits++
		}
		worst = min(worst, got-peak)
		games += float64(h.games) / float64(seeds)
		if testing.Verbose() && seeds <= 10 {
			t.Logf("seed %d: final point %.1f Elo (peak %.1f), %d games; %v", seed, got, peak, h.games, fmtValues(s, h.values[len(h.values)-1]))
		}
	}
	return float64(hits) / float64(seeds), games, worst
}

func fmtValues(s *study.Study, v map[string]any) string {
	out := ""
	for _, p := range s.Params {
		out += " " + p.Name + "=" + game.FormatValue(v[p.Name])
	}
	return out
}

const peak8SPSA = "../../configs/synthetic/peak8-spsa.toml"

// TestSPSAPeak8: SPSA with its defaults (10 000 iterations, 20 000 games)
// on peak8. CI runs 4 seeds (every final point within 15 Elo of the
// peak); TOURNEY_SPSA_SEEDS=50 gives the figure (at least 90 % within
// 10 Elo).
func TestSPSAPeak8(t *testing.T) {
	seeds := raceSeeds("TOURNEY_SPSA_SEEDS", 4)
	peak8Hits(t, "spsa", peak8SPSA, seeds, 15)
}

// peak8Hits runs method's space path on peak8 at seeds seeds: with 20 or
// more, at least 90 % of the final points within 10 Elo of the peak;
// with fewer (CI), every one within margin Elo.
func peak8Hits(t *testing.T, method, path string, seeds int, margin float64) {
	t.Helper()
	rate, games, worst := hitRate(t, path, seeds, 10, nil)
	t.Logf("%s on peak8: %d seeds, within 10 Elo of the peak in %.0f %%, %.0f games of the search, worst %.1f Elo", method, seeds, 100*rate, games, worst)
	switch {
	case seeds >= 20 && rate < 0.9:
		t.Errorf("%s: within 10 Elo of the peak in %.0f %% of %d seeds, want at least 90 %%", method, 100*rate, seeds)
	case seeds < 20 && worst < -margin: // CI: a few seeds, with margin
		t.Errorf("%s: a final point %.1f Elo below the peak, want within %g", method, -worst, margin)
	}
}

const peak8CMAES = "../../configs/synthetic/peak8-cmaes.toml"

// TestCMAESPeak8: CMA-ES with its defaults (population 20, 60
// generations of 4 blocks: 100 800 games) on peak8. CI runs 2 seeds and
// asserts with margin (within 30 Elo of the peak); TOURNEY_SPSA_SEEDS=50
// gives the figure (at least 90 % within 10 Elo).
func TestCMAESPeak8(t *testing.T) {
	seeds := envSeeds("TOURNEY_SPSA_SEEDS", 2)
	peak8Hits(t, "cmaes", peak8CMAES, seeds, 30)
}

// TestCMAESFinalAsPlayed: on peak8 at training seeds 82 and 84, CMA-ES's
// mean parks on the upper bound's fold of x1 (best 0.5 in [-1, 1]) with a
// spread of 0.7 for its last 20 generations, its best candidates playing
// near 0.5 on both sides of the fold. The final point as played (each
// generation's best half in the box) ends within 10 Elo of the peak (7
// and 8 Elo below it); with the search's mean mapped into the box as the
// final point, as before, both end 16 Elo below it (x1 0.9) and the test
// fails.
func TestCMAESFinalAsPlayed(t *testing.T) {
	seeds := []uint64{82, 84}
	if raceEnabled {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		s := loadSeed(t, peak8CMAES, seed, nil)
		_, peak := s.Scenarios[0].Maps[0].(*synthetic.Landscape).Best()
		h := simRun(t, s)
		if got := h.variants[len(h.variants)-1]; got < peak-10 {
			t.Errorf("seed %d: the final point %.1f Elo below the peak, want within 10:%s", seed, peak-got, fmtValues(s, h.values[len(h.values)-1]))
		}
	}
}

// TestSPSADeterministic: the same seed and results give the same points.
func TestSPSADeterministic(t *testing.T) {
	edit := func(s *study.Study) { s.Generate.Continuous.Iterations, s.Tournament.BudgetGames = 200, 0 }
	a := simRun(t, loadSeed(t, peak8SPSA, 5, edit))
	b := simRun(t, loadSeed(t, peak8SPSA, 5, edit))
	if !slices.Equal(a.points, b.points) || fmtValues(a.s, a.values[1]) != fmtValues(b.s, b.values[1]) {
		t.Error("two runs of the same seed differ")
	}
}
