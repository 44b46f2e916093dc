package plan

import (
	"math"
	"slices"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// A continuous search (spsa, cmaes) plays points that nobody knows
// before the run: where θ goes decides what its games cost. On
// reversixt-spsa.toml θ ran to the corner (0, 0) of its box, where the
// paranoid bot's evaluation is flat and a game of the final point
// against the defaults searches 3.4 times the nodes of the defaults'
// game, 2.2 times its CPU (and a game of the corner against itself 3.6
// times): a calibration of the defaults against themselves priced the
// run at half its cost (issue 31). On speed-spsa.toml the search's
// perturbed points crash sooner than the defaults, and the defaults'
// games priced it at 1.8 times its cost. So a calibration of a continuous
// search times its games at probe points spread over the box, each
// played as the search and the final phase play it (ProbeGames), and
// says how far apart they lie: the run's cost lies between the cheapest
// and the dearest probe's (costs.Calibrate).

// ProbeCount is the number of probe points (Probes).
const ProbeCount = 6

// Probes are the points a calibration of a continuous search times its
// games at: the start; every knob at its lower bound and every knob at
// its upper bound (a search that runs off ends on the bounds: SPSA clips
// θ, CMA-ES's box transform maps the points past a bound onto it; the
// corners are where reversixt-spsa's θ went); and ProbeCount−3 drawn
// from the space's seed, each knob at its lower bound, at its upper bound
// or uniform in its range (a quarter, a quarter, a half). The same space
// gives the same probes.
func Probes(s *study.Study) [][]float64 {
	n := len(s.Params)
	low, high := make([]float64, n), make([]float64, n)
	for i, p := range s.Params {
		low[i], high[i] = p.Bounds()
	}
	out := [][]float64{s.Start(), low, high}
	rng := game.NewRand(game.Mix(s.Seed, 0x9b0be))
	for try := 0; len(out) < ProbeCount; try++ {
		x := make([]float64, n)
		for i := range x {
			switch u := rng.Float64(); {
			case u < 0.25:
				x[i] = low[i]
			case u < 0.5:
				x[i] = high[i]
			default:
				x[i] = low[i] + rng.Float64()*(high[i]-low[i])
			}
		}
		// a point drawn again is drawn anew (on two knobs a sixteenth
		// of the draws is the lower corner); at most a hundred times
		if try < 100 && slices.ContainsFunc(out, func(y []float64) bool { return slices.Equal(x, y) }) {
			continue
		}
		out = append(out, x)
	}
	return out
}

// ProbeGame is a game of a calibration at a probe point: its seats
// (SeatPoint: Points[Point], the values of the varied knobs; SeatFiller:
// the defaults; SeatField: a field bot), the points in the box.
type ProbeGame struct {
	Seats  []SeatRef
	Points [][]float64
}

// ProbeGames are a calibration round's two games on scenario si and map
// mi at probe theta: one of the search's games while it is at theta
// (SPSA: θ ± c_k·Δ at an iteration k drawn from 1 .. N, the signs Δ
// drawn; CMA-ES: a generation's candidates drawn around theta with a
// spread between the floor and sigma, and the defaults), a game of its
// block drawn as the block seats it; and a game of theta against the
// defaults as the final phase and the hold-out seat them (a game of
// their block drawn). Every draw comes from seed alone: the probes of a
// round play the same iteration, signs, tables and seatings, and differ
// in theta only (the caller gives them the same deals too).
func ProbeGames(s *study.Study, si, mi int, theta []float64, seed uint64) (search, final ProbeGame) {
	rng := game.NewRand(game.Mix(seed, 0x9b0be, uint64(si), uint64(mi)))
	cfg := ContinuousConfig(s)
	theta = slices.Clone(theta) // in the search's geometry from here on
	for i, p := range s.Params {
		theta[i] = p.ToSearch(theta[i])
	}
	var ents []SeatRef
	if s.Generate.Method == "cmaes" {
		start := searchStart(s)
		pop := CMAESPopulation(s)
		sigma := cfg.Sigma
		if sigma > cmaesMinSD {
			sigma = cmaesMinSD + rng.Float64()*(sigma-cmaesMinSD)
		}
		for range pop {
			x := make([]float64, len(theta))
			for i, p := range s.Params {
				lo, hi := p.SearchBounds()
				half := (hi - lo) / 2
				u := 0.0
				if half > 0 {
					u = (theta[i] - start[i]) / half
				}
				x[i] = start[i] + (u+sigma*rng.NormFloat64())*half
				if !noBoxTransform {
					x[i] = boxTransform(x[i], lo, hi, cmaesMargin*(hi-lo))
				}
			}
			search.Points = append(search.Points, knobPoint(s, x))
		}
	} else {
		n := max(1, cfg.Iterations)
		k := 1 + rng.IntN(n)
		xp, xm := make([]float64, len(theta)), make([]float64, len(theta))
		for i, p := range s.Params {
			c := p.CEnd * math.Pow(float64(n), cfg.Gamma) / math.Pow(float64(k), cfg.Gamma)
			if rng.IntN(2) == 0 {
				c = -c
			}
			xp[i], xm[i] = theta[i]+c, theta[i]-c
		}
		search.Points = [][]float64{knobPoint(s, xp), knobPoint(s, xm)}
	}
	for i := range search.Points {
		ents = append(ents, SeatRef{Kind: SeatPoint, Point: i})
	}
	if s.Generate.Method == "cmaes" {
		ents = append(ents, SeatRef{Kind: SeatFiller})
	}
	// a game of the block (pointBlock's tables on this map, rotated): on
	// two seats every pair plays both seatings, so a pair and a seating
	// drawn (a CMA-ES block of 21 entrants is 420 games, and building it
	// for every probe cost more than a synthetic game)
	m := s.Scenarios[si].Maps[mi]
	if p := m.Players(); p == 2 && len(ents) > 2 {
		i := rng.IntN(len(ents))
		j := (i + 1 + rng.IntN(len(ents)-1)) % len(ents)
		search.Seats = []SeatRef{ents[i], ents[j]}
	} else {
		games := rotate(pointTables(p, ents, rng.Uint64()))
		search.Seats = games[rng.IntN(len(games))]
	}
	// the final phase: the point (variant 1) against the defaults
	// (variant 0), as newFinal's blocks seat them
	fgames := rotate(encounterTables(s, si, m.Players(), []int{0, 1}))
	seats := fgames[rng.IntN(len(fgames))]
	final.Points = [][]float64{knobPoint(s, theta)}
	for _, r := range seats {
		switch {
		case r.Kind == SeatVariant && r.Variant == 1:
			r = SeatRef{Kind: SeatPoint, Point: 0}
		case r.Kind == SeatVariant:
			r = SeatRef{Kind: SeatFiller}
		}
		final.Seats = append(final.Seats, r)
	}
	return search, final
}
