package plan

import (
	"math"
	"slices"
	"testing"
)

// The probes: the start, the lower corner, the upper corner, and drawn
// points in the box, all different, the same for the same space.
func TestProbes(t *testing.T) {
	s := loadSeed(t, "../../configs/reversixt-spsa.toml", 3232, nil)
	ps := Probes(s)
	if len(ps) != ProbeCount {
		t.Fatalf("%d probes, want %d", len(ps), ProbeCount)
	}
	want := [][]float64{s.Start(), {0, 0}, {4, 4}}
	for i, w := range want {
		if !slices.Equal(ps[i], w) {
			t.Errorf("probe %d is %v, want %v", i, ps[i], w)
		}
	}
	for i, x := range ps {
		for k, v := range x {
			if lo, hi := s.Params[k].Bounds(); v < lo || v > hi {
				t.Errorf("probe %d: %s = %g outside [%g, %g]", i, s.Params[k].Name, v, lo, hi)
			}
		}
		for _, y := range ps[:i] {
			if slices.Equal(x, y) {
				t.Errorf("probe %d = %v twice", i, x)
			}
		}
	}
	if again := Probes(s); !slices.EqualFunc(ps, again, slices.Equal) {
		t.Errorf("probes differ when drawn again: %v, %v", ps, again)
	}
}

// SPSA's probe games: θ+ against θ− at c_k (between c_end and
// c_end·N^γ) around the probe, clipped to the box, and the probe against
// the defaults; the draws (k, Δ, the seating) are the seed's, so two
// probes of a round differ by their θ only.
func TestProbeGamesSPSA(t *testing.T) {
	s := loadSeed(t, "../../configs/reversixt-spsa.toml", 3232, nil)
	cfg := ContinuousConfig(s)
	for seed := uint64(0); seed < 20; seed++ {
		mid := []float64{2, 2}
		search, final := ProbeGames(s, 0, 0, mid, seed)
		if len(search.Points) != 2 || len(search.Seats) != 2 || search.Seats[0].Kind != SeatPoint || search.Seats[1].Kind != SeatPoint || search.Seats[0].Point == search.Seats[1].Point {
			t.Fatalf("seed %d: the search's game seats %v (points %v)", seed, search.Seats, search.Points)
		}
		for k, p := range s.Params {
			c := search.Points[0][k] - mid[k]
			hi := p.CEnd * math.Pow(float64(cfg.Iterations), cfg.Gamma)
			if math.Abs(c) < p.CEnd-1e-9 || math.Abs(c) > hi+1e-9 || math.Abs(search.Points[1][k]-mid[k]+c) > 1e-9 {
				t.Errorf("seed %d: %s at %g and %g around %g: want ±c_k, c_k in [%g, %g]", seed, p.Name, search.Points[0][k], search.Points[1][k], mid[k], p.CEnd, hi)
			}
		}
		if len(final.Points) != 1 || !slices.Equal(final.Points[0], mid) || len(final.Seats) != 2 {
			t.Fatalf("seed %d: the final's game %v (points %v)", seed, final.Seats, final.Points)
		}
		if kinds := []SeatKind{final.Seats[0].Kind, final.Seats[1].Kind}; !slices.Contains(kinds, SeatPoint) || !slices.Contains(kinds, SeatFiller) {
			t.Errorf("seed %d: the final's game seats %v, want the point and the defaults", seed, final.Seats)
		}
		// at the corner: the same draws, clipped
		corner, cfinal := ProbeGames(s, 0, 0, []float64{0, 0}, seed)
		if !slices.Equal(corner.Seats, search.Seats) || !slices.Equal(cfinal.Seats, final.Seats) {
			t.Errorf("seed %d: the corner's seats %v %v, the middle's %v %v", seed, corner.Seats, cfinal.Seats, search.Seats, final.Seats)
		}
		for i, x := range corner.Points {
			for k := range x {
				if want := max(0, search.Points[i][k]-2); math.Abs(x[k]-want) > 1e-9 {
					t.Errorf("seed %d: corner point %d: %v, want the middle's %v shifted by -2 and clipped", seed, i, x, search.Points[i])
				}
			}
		}
	}
}

// CMA-ES's probe games: two of a generation's entrants (its candidates
// in the box, and the defaults) as its block seats them.
func TestProbeGamesCMAES(t *testing.T) {
	s := loadSeed(t, "../../configs/synthetic/peak8-cmaes.toml", 1, nil)
	pop := CMAESPopulation(s)
	seen := map[SeatKind]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		search, _ := ProbeGames(s, 0, 0, Probes(s)[1], seed)
		if len(search.Points) != pop || len(search.Seats) != 2 || search.Seats[0] == search.Seats[1] {
			t.Fatalf("seed %d: %d points, seats %v", seed, len(search.Points), search.Seats)
		}
		for _, r := range search.Seats {
			seen[r.Kind] = true
		}
		for _, x := range search.Points {
			for k, v := range x {
				if lo, hi := s.Params[k].Bounds(); v < lo || v > hi {
					t.Errorf("seed %d: %s = %g outside the box", seed, s.Params[k].Name, v)
				}
			}
		}
	}
	if !seen[SeatPoint] || !seen[SeatFiller] {
		t.Errorf("the search's games seat %v, want candidates and the defaults", seen)
	}
}
