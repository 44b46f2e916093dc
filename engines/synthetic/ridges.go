package synthetic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"tourney/engines/game"
)

// A second landscape family (issue 41), built unlike DrawLandscape's:
// DrawRidges draws landscapes of 6 .. 12 knobs on the landscape-mixed bot
// with rotated quadratic ridges (pairs whose best values are correlated
// 0.85 .. 0.97: raising one knob is good only if its partner moves too;
// triples, two such ridges sharing a knob, whose neighbours come out
// correlated 0.76 .. 0.95), narrow and wide peaks, narrow bests 2 .. 10 % of the range
// inside the bound where the default sits, bests on a bound, integer
// knobs and log-scaled knobs (three decades, the best anywhere in them).
// Each landscape has a class, the geometry it shows most (Geometries);
// its other knobs are drawn from a mixture of all of them.

// The classes of DrawRidges, in the order of a breakdown.
const (
	GeoRidge   = "ridge"   // a correlated pair, and a triple half of the time
	GeoNarrow  = "narrow"  // 2 .. 4 narrow peaks in the interior
	GeoNear    = "near"    // 2 .. 4 narrow bests 2 .. 10 % inside the bound where the default sits
	GeoBound   = "bound"   // 2 .. 4 bests on a bound
	GeoInteger = "integer" // 2 .. 4 integer knobs of 5 .. 60 values
	GeoLog     = "log"     // 2 .. 4 log-scaled knobs of three decades
)

// Geometries are DrawRidges' classes.
var Geometries = []string{GeoRidge, GeoNarrow, GeoNear, GeoBound, GeoInteger, GeoLog}

// FamilyRidge is a drawn ridge −K·(Σ w_i·d_i)² (d_i in the knob's units,
// decades on a log scale), with Rho, the correlation of its knobs' best
// values it was drawn for (a triple's two ridges share it).
type FamilyRidge struct {
	Knobs   []string
	Weights []float64
	K       float64
	Rho     float64
}

// ridgeKnob is a knob being drawn, in range units: u* the best, ud the
// default, K the loss K·(u − u*)² (range units; log knobs in units of
// their decades).
type ridgeKnob struct {
	typ     string // "lin", "int", "log", "logint"
	ud, u   float64
	K       float64
	width   string
	dp, bp  string
	special bool
}

// DrawRidges draws landscape seed of the second family; flat draws a null
// (every best value at the default, the landscape's shape kept: ridges,
// narrow and wide peaks, half of them sharp, half nearly flat). The peak
// is 40 .. 200 Elo above the defaults.
func DrawRidges(seed uint64, flat bool) *Drawn {
	for try := uint64(0); ; try++ {
		d := drawRidges(seed, try, flat)
		if d != nil && (flat || d.Gain >= 40 && d.Gain <= 200.5) || try == 200 {
			if d == nil {
				panic(fmt.Sprintf("synthetic: ridge landscape %d: no draw", seed))
			}
			return d
		}
	}
}

// widthK is a peak's K (range units) for a width: a knob loses 10 Elo at
// δ of its range from its best, δ 0.03 .. 0.06 (narrow), 0.08 .. 0.2
// (medium), 0.25 .. 0.6 (wide).
func widthK(rng *rand.Rand, w string) float64 {
	lo, hi := 0.08, 0.2
	switch w {
	case "narrow":
		lo, hi = 0.03, 0.06
	case "wide":
		lo, hi = 0.25, 0.6
	}
	delta := lo * math.Pow(hi/lo, rng.Float64())
	return 10 / (delta * delta)
}

func drawRidges(seed, try uint64, flat bool) *Drawn {
	rng := game.NewRand(game.Mix(seed, 0x41d9e5, b2u(flat), try))
	n := 6 + rng.IntN(7)
	class := Geometries[rng.IntN(len(Geometries))]
	d := &Drawn{Seed: seed, Flat: flat, Family: "ridges", Class: class}
	ks := make([]ridgeKnob, n)
	// the background: a mixture of every geometry
	for i := range ks {
		k := &ks[i]
		switch r := rng.Float64(); {
		case r < 0.15:
			k.typ = "int"
		case r < 0.3:
			k.typ = "log"
		default:
			k.typ = "lin"
		}
		k.width = []string{"narrow", "medium", "medium", "wide", "wide"}[rng.IntN(5)]
		k.dp, k.bp = Placements[rng.IntN(3)], Placements[rng.IntN(3)]
		k.ud, k.u = place(rng, k.dp), place(rng, k.bp)
		if k.bp == OnBound && rng.IntN(2) == 0 {
			k.u = 1 - math.Round(k.ud)
		}
	}
	m := 2 + rng.IntN(3) // the class's knobs
	perm := rng.Perm(n)
	special := perm[:m]
	var pairs [][]int
	switch class {
	case GeoRidge:
		pairs = append(pairs, []int{perm[0], perm[1]})
		if rng.IntN(2) == 0 {
			pairs = append(pairs, []int{perm[2], perm[3], perm[4]})
		}
	case GeoNarrow:
		for _, i := range special {
			k := &ks[i]
			k.width, k.bp, k.u = "narrow", Interior, place(rng, Interior)
		}
	case GeoNear:
		for _, i := range special {
			k := &ks[i]
			k.width = []string{"narrow", "narrow", "medium"}[rng.IntN(3)]
			k.dp, k.bp = OnBound, NearEdge
			k.ud, k.u = 0, 0.02+0.08*rng.Float64()
			if rng.IntN(2) == 0 {
				k.ud, k.u = 1, 1-k.u
			}
		}
	case GeoBound:
		for _, i := range special {
			k := &ks[i]
			k.bp = OnBound
			k.u = float64(rng.IntN(2))
		}
	case GeoInteger:
		for _, i := range special {
			ks[i].typ = "int"
		}
	case GeoLog:
		for _, i := range special {
			k := &ks[i]
			k.typ = "log"
			k.bp, k.u = Interior, rng.Float64() // the best anywhere in the decades
			k.bp = Placement(k.u, 0, 1)
		}
	}
	if class != GeoRidge && rng.IntN(3) == 0 && n-m >= 2 { // a background ridge
		pairs = append(pairs, []int{perm[m], perm[m+1]})
	}
	for _, i := range special {
		ks[i].special = true
	}
	// a ridge's knobs: linear or log, wide along the ridge, the defaults
	// at one end of it and the best toward the other
	for _, g := range pairs {
		sign := 1.0
		if rng.IntN(2) == 0 {
			sign = -1
		}
		from, along := 0.05+0.25*rng.Float64(), 0.4+0.45*rng.Float64()
		for j, i := range g {
			k := &ks[i]
			if k.typ == "int" {
				k.typ = "lin"
			}
			k.width = "wide"
			s := 1.0
			if j%2 == 1 {
				s = sign
			}
			ud := from + 0.1*rng.Float64()
			u := min(ud+along, 0.97)
			if s < 0 {
				ud, u = 1-ud, 1-u
			}
			k.ud, k.u = ud, u
			k.dp, k.bp = Placement(ud, 0, 1), Placement(u, 0, 1)
		}
	}
	for i := range ks {
		k := &ks[i]
		k.K = widthK(rng, k.width)
		if k.width == "narrow" && class != GeoNear || k.width == "narrow" && !k.special {
			// a narrow peak 2 .. 12 % of the range from the default (farther,
			// it is worth hundreds of Elo and the scale below widens it)
			off := 0.02 + 0.1*rng.Float64()
			if rng.IntN(2) == 0 && k.ud-off >= 0 || k.ud+off > 1 {
				off = -off
			}
			k.u = k.ud + off
			k.bp = Placement(k.u, 0, 1)
		}
		if k.typ == "log" && rng.IntN(3) == 0 {
			k.typ = "logint" // a positive integer of 1 .. 1000: the default 1 on the lower bound
			k.ud, k.dp = 0, OnBound
		}
		if flat {
			k.u, k.bp = k.ud, k.dp
		}
	}
	// the ridges in range units: −Kr·(w·d)², w = (1, −s)/√2 for a pair, the
	// valley along (1, s); a triple is two ridges (a, b), (b, c)
	type rr struct {
		a, b int
		w    [2]float64
		kr   float64
		rho  float64
	}
	var rs []rr
	for _, g := range pairs {
		rho := 0.85 + 0.12*rng.Float64()
		for j := 0; j+1 < len(g); j++ {
			a, b := g[j], g[j+1]
			s := 1.0
			if (ks[a].u-ks[a].ud)*(ks[b].u-ks[b].ud) < 0 {
				s = -1
			}
			Ka, Kb := ks[a].K, ks[b].K
			r2 := rho * rho
			h := (r2*(Ka+Kb) + math.Sqrt(r2*r2*(Ka+Kb)*(Ka+Kb)+4*(1-r2)*r2*Ka*Kb)) / (2 * (1 - r2))
			rs = append(rs, rr{a: a, b: b, w: [2]float64{1 / math.Sqrt2, -s / math.Sqrt2}, kr: 2 * h, rho: rho})
		}
	}
	// the gain at unit scale: Σ K·(ud − u)² + Σ Kr·(w·(ud − u))²
	gain := func(scale float64) float64 {
		g := 0.0
		for _, k := range ks {
			g += scale * k.K * (k.ud - k.u) * (k.ud - k.u)
		}
		for _, r := range rs {
			v := r.w[0]*(ks[r.a].ud-ks[r.a].u) + r.w[1]*(ks[r.b].ud-ks[r.b].u)
			g += scale * r.kr * v * v
		}
		return g
	}
	scale := 1.0
	switch g := gain(1); {
	case flat && rng.IntN(2) == 0: // sharp
	case flat: // nearly flat: at most 2 Elo over the range
		mk := 0.0
		for _, k := range ks {
			mk = max(mk, k.K)
		}
		scale = 2 / (mk * float64(n))
	case g > 200:
		scale = (40 + 160*rng.Float64()) / g
	case g < 40:
		if g < 1e-9 {
			return nil
		}
		scale = (40 + 160*rng.Float64()) / g
	}
	// the knobs in their units
	names := map[string]int{}
	next := func(p string) string {
		names[p]++
		return p + strconv.Itoa(names[p])
	}
	units := make([]float64, n) // a range unit in the knob's (search) units
	for i := range ks {
		k := &ks[i]
		fk := FamilyKnob{K: 0}
		switch k.typ {
		case "lin":
			fk.Name = next("x")
			S := math.Pow(10, -1+4*rng.Float64())
			fk.Min = 0 - k.ud*S + 0
			fk.Max = fk.Min + S
			if k.ud == 1 {
				fk.Min, fk.Max = -S, 0
			}
			fk.Best = fk.Min + k.u*S
			switch {
			case k.u == 0:
				fk.Best = fk.Min
			case k.u == 1:
				fk.Best = fk.Max
			case k.u == k.ud:
				fk.Best = 0
			}
			units[i] = S
		case "int":
			fk.Name, fk.Integer = next("n"), true
			S := float64(4 + rng.IntN(57)) // 5 .. 60 values
			lo := -math.Round(k.ud * S)
			fk.Min, fk.Max = lo+0, lo+S
			fk.Best = lo + k.u*S
			if k.u == k.ud {
				fk.Best = 0
			}
			units[i] = S
		case "log", "logint":
			fk.Log = true
			lo := -3 * k.ud // log10 of min: the default 1 at ud
			if k.typ == "logint" {
				fk.Name, fk.Integer = next("m"), true
				lo = 0
			} else {
				fk.Name = next("g")
			}
			fk.Min, fk.Max = math.Pow(10, lo), math.Pow(10, lo+3)
			if lo == 0 {
				fk.Min = 1
			}
			if k.ud == 1 {
				fk.Min, fk.Max = 1e-3, 1
			}
			fk.Best = math.Pow(10, lo+3*k.u)
			if k.u == k.ud {
				fk.Best = 1
			}
			units[i] = 3
		}
		fk.K = scale * k.K / (units[i] * units[i])
		fk.DefaultAt, fk.BestAt = k.dp, k.bp
		fk.Width = k.width
		d.Knobs = append(d.Knobs, fk)
	}
	for _, r := range rs {
		a, b := d.Knobs[r.a], d.Knobs[r.b]
		d.Ridges = append(d.Ridges, FamilyRidge{Knobs: []string{a.Name, b.Name},
			Weights: []float64{r.w[0] / units[r.a], r.w[1] / units[r.b]}, K: scale * r.kr, Rho: r.rho})
	}
	l, err := d.Landscape()
	if err != nil {
		panic(fmt.Sprintf("synthetic: ridge landscape %d: %v", seed, err))
	}
	bp, g := l.Best()
	d.Gain = g
	for i := range d.Knobs {
		k := &d.Knobs[i]
		b := k.Best // the peak's (an integer knob plays the best integer near it)
		if v, ok := bp[k.Name].(float64); ok {
			b = v
		}
		k.DefaultAt = Placement(k.Unit(knobDefault(k.Name)), 0, 1)
		k.BestAt = Placement(k.Unit(b), 0, 1)
	}
	return d
}

// Unit is x's position in the knob's range, 0 .. 1 (in decades on a log
// scale).
func (k FamilyKnob) Unit(x float64) float64 {
	if k.Log {
		return math.Log10(x/k.Min) / math.Log10(k.Max/k.Min)
	}
	return (x - k.Min) / (k.Max - k.Min)
}

// Scaled is the drawn landscape with every term scaled so that its peak
// is gain Elo above the defaults (a near-null of 1 .. 5 Elo, say); the
// shape, and where the best values are, stay.
func (d *Drawn) Scaled(gain float64) *Drawn {
	e := *d
	if !(d.Gain > 0) {
		return &e
	}
	f := gain / d.Gain
	e.Knobs = append([]FamilyKnob(nil), d.Knobs...)
	for i := range e.Knobs {
		e.Knobs[i].K *= f
	}
	e.Cross = append([]FamilyCross(nil), d.Cross...)
	for i := range e.Cross {
		e.Cross[i].C *= f
	}
	e.Ridges = append([]FamilyRidge(nil), d.Ridges...)
	for i := range e.Ridges {
		e.Ridges[i].K *= f
	}
	if l, err := e.Landscape(); err == nil {
		_, e.Gain = l.Best()
	}
	return &e
}
