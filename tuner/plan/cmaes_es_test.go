package plan

import (
	"math"
	"slices"
	"testing"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// TestBoxTransform: the identity inside [lo+m, hi−m], always in the box,
// continuous with slope 0 at the widened bounds (lo−m maps to lo), and
// a mirror of the widened box beyond.
func TestBoxTransform(t *testing.T) {
	const lo, hi, m = 2.0, 6.0, 0.5
	for _, c := range []struct{ x, want float64 }{
		{3, 3}, {5.5, 5.5}, {2.5, 2.5}, {1.5, 2}, {6.5, 6}, {2, 2.125}, {0.5, 2.5}, {10.5, 2.5}, {11, 2.125}, {11.5, 2},
	} {
		if got := boxTransform(c.x, lo, hi, m); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("boxTransform(%g) = %g, want %g", c.x, got, c.want)
		}
	}
	prev := boxTransform(-20, lo, hi, m)
	for x := -20.0; x <= 20; x += 0.001 {
		y := boxTransform(x, lo, hi, m)
		if y < lo || y > hi || math.Abs(y-prev) > 0.0011 {
			t.Fatalf("boxTransform(%g) = %g (after %g): out of the box or not continuous", x, y, prev)
		}
		prev = y
	}
}

// TestEvoWeightsTies: the best half take the recombination weights in
// order of their values; tied values share their ranks' weights, whatever
// their indices.
func TestEvoWeightsTies(t *testing.T) {
	e := newEvoState(2, 6, 0.3, 0)
	w := e.weights([]float64{0.5, 0.1, 0.3, 0.3, 0.9, 0.7})
	want := []float64{0, e.w[0], (e.w[1] + e.w[2]) / 2, (e.w[1] + e.w[2]) / 2, 0, 0}
	for i := range w {
		if math.Abs(w[i]-want[i]) > 1e-12 {
			t.Fatalf("weights %v, want %v", w, want)
		}
	}
	// a tie across the cut shares the last weight
	w = e.weights([]float64{0.1, 0.2, 0.3, 0.3, 0.9, 0.7})
	if w[2] != w[3] || math.Abs(w[2]-e.w[2]/2) > 1e-12 {
		t.Errorf("tie across the cut: %v", w)
	}
}

// TestEvoFloor: under a random ranking the spread never falls below the
// floor (CMA-ES's covariance shrinks under random selection).
func TestEvoFloor(t *testing.T) {
	e := newEvoState(4, 12, 0.3, 0.2)
	rng := game.NewRand(3)
	for range 300 {
		xs := e.sample(rng)
		f := make([]float64, len(xs))
		for i := range f {
			f[i] = rng.Float64()
		}
		e.update(f)
		for i := range 4 {
			if sd := e.sigma * math.Sqrt(e.c.At(i, i)); sd < 0.2-1e-9 {
				t.Fatalf("generation %d: knob %d's spread %g below the floor", e.gen, i, sd)
			}
		}
	}
}

// TestCMAESDeterministic: the same seed and results give the same
// candidates and final point; another seed other candidates.
func TestCMAESDeterministic(t *testing.T) {
	run := func(seed uint64) *simHost {
		return simRun(t, loadSeed(t, peak8CMAES, seed, func(s *study.Study) { s.Generate.Continuous.Generations = 5 }))
	}
	a, b, c := run(5), run(5), run(6)
	if !slices.Equal(a.points, b.points) || fmtValues(a.s, a.values[1]) != fmtValues(b.s, b.values[1]) {
		t.Error("two runs of the same seed differ")
	}
	if slices.Equal(a.points, c.points) {
		t.Error("two seeds gave the same candidates")
	}
}
