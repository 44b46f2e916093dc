package stats

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// effectsWorld simulates two-seat games between variants of k binary
// knobs whose true strengths are the sums of known effects (Elo), in
// blocks of two games with seats swapped, each game an independent
// Bradley–Terry draw.
func effectsWorld(rng *rand.Rand, eff []float64, blocks int) ([]Game, Design) {
	k := len(eff)
	n := 1 << k
	d := Design{Rows: make([][]Feature, n), Prior: make([]float64, k)}
	truth := make([]float64, n)
	for v := range n {
		for j := range k {
			if v>>j&1 == 1 {
				d.Rows[v] = append(d.Rows[v], Feature{K: j, V: 1})
				truth[v] += eff[j]
			}
		}
	}
	for j := range d.Prior {
		d.Prior[j] = 1
	}
	var games []Game
	for b := range blocks {
		a, c := rng.IntN(n), rng.IntN(n)
		for c == a {
			c = rng.IntN(n)
		}
		for g := range 2 {
			p := []int{a, c}
			if g == 1 {
				p = []int{c, a}
			}
			pw := 1 / (1 + math.Pow(10, -(truth[p[0]]-truth[p[1]])/400))
			r := []int{2, 1}
			if rng.Float64() < pw {
				r = []int{1, 2}
			}
			games = append(games, Game{Block: b, Players: p, Ranks: r})
		}
	}
	return games, d
}

func TestFitEffectsRecovers(t *testing.T) {
	eff := []float64{40, -20, 0, 10}
	games, d := effectsWorld(rand.New(rand.NewPCG(1, 2)), eff, 3000)
	e, err := FitEffects(games, d, 0, 0.95, 1)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range eff {
		if math.Abs(e.Theta[j]-want) > 12 {
			t.Errorf("effect %d: %.1f, want %.0f", j, e.Theta[j], want)
		}
	}
}

// TestFitEffectsCoverage: the 95 % intervals hold the true effects about
// 95 % of the time over seeds (a loose band: the test must fail for
// intervals half or double the right width).
func TestFitEffectsCoverage(t *testing.T) {
	eff := []float64{30, -15, 0}
	seeds := 30
	if testing.Short() {
		seeds = 12
	}
	hold, total := 0, 0
	for s := range seeds {
		games, d := effectsWorld(rand.New(rand.NewPCG(uint64(s), 7)), eff, 400)
		e, err := FitEffects(games, d, 200, 0.95, uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		for j, want := range eff {
			total++
			if e.Lo[j] <= want && want <= e.Hi[j] {
				hold++
			}
		}
		lo, _, hi := e.Lo[0], 0, e.Hi[0]
		if !(hi > lo) {
			t.Fatalf("seed %d: zero-width interval %v %v", s, lo, hi)
		}
	}
	rate := float64(hold) / float64(total)
	t.Logf("coverage %d/%d = %.3f", hold, total, rate)
	if rate < 0.82 || rate > 1 {
		t.Errorf("coverage %.3f outside [0.82, 1]", rate)
	}
}

func TestEffectsPredict(t *testing.T) {
	// refits' sums 28, 32, 30: SD 2; 40 blocks: t(39) = 2.0227,
	// √(40/39) = 1.0127, half width 4.097
	e := Effects{Theta: []float64{10, 20}, Samples: [][]float64{{9, 19}, {11, 21}, {10, 20}}, Blocks: 40}
	est, lo, hi := e.Predict([]Feature{{K: 0, V: 1}, {K: 1, V: 1}}, 0.95)
	if est != 30 || math.Abs(hi-30-4.097) > 0.001 || math.Abs(30-lo-4.097) > 0.001 {
		t.Fatalf("predict %v [%v, %v]", est, lo, hi)
	}
	e.Blocks = 1 // one block: no interval
	if _, lo, hi := e.Predict([]Feature{{K: 0, V: 1}}, 0.95); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Fatalf("one block: [%v, %v]", lo, hi)
	}
}

// TestFitEffectsWorkers: the bootstrap's refits run on every CPU, yet
// the refits, and so the intervals, are the same bits on one CPU.
func TestFitEffectsWorkers(t *testing.T) {
	games, d := effectsWorld(rand.New(rand.NewPCG(3, 4)), []float64{30, -10, 5, 0, 20}, 400)
	fit := func(procs int) Effects {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		e, err := FitEffects(games, d, 40, 0.95, 9)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	one, many := fit(1), fit(4)
	if len(one.Samples) != 40 || len(many.Samples) != 40 {
		t.Fatalf("refits: %d and %d, want 40", len(one.Samples), len(many.Samples))
	}
	for r := range one.Samples {
		for k := range one.Samples[r] {
			if math.Float64bits(one.Samples[r][k]) != math.Float64bits(many.Samples[r][k]) {
				t.Fatalf("refit %d, feature %d: %v on 1 CPU, %v on 4", r, k, one.Samples[r][k], many.Samples[r][k])
			}
		}
	}
	for k := range one.Lo {
		if one.Lo[k] != many.Lo[k] || one.Hi[k] != many.Hi[k] {
			t.Errorf("feature %d: [%v, %v] on 1 CPU, [%v, %v] on 4", k, one.Lo[k], one.Hi[k], many.Lo[k], many.Hi[k])
		}
	}
	// the refits differ from each other (a bootstrap that refitted one
	// resample would pass the comparison above)
	if one.Samples[0][0] == one.Samples[1][0] && one.Samples[1][0] == one.Samples[2][0] {
		t.Errorf("refits 0–2 are equal: %v", one.Samples[0][0])
	}
}
