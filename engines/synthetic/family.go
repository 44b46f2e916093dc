package synthetic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"tourney/engines/game"
)

// A landscape family (issue 32): DrawLandscape draws a random continuous
// landscape from a seed, with the ranges a space should tune it in, so
// that the continuous methods (tuner/plan spsa, cmaes) are shown on
// landscapes they were not tuned on. Every knob's default is the
// landscape bot's (0); its range [min, max] holds 0 anywhere: in the
// interior, near an edge or on a bound. The methods work in units of each
// range and do not depend on where 0 lies in it, so a range such as
// [-50, -5] with the default -20 is the range [-30, 15] here.

// Where a knob's default or its best value sits in its range.
const (
	Interior = "interior" // more than a tenth of the range from both ends
	NearEdge = "near"     // within a tenth of the range of an end, not on it
	OnBound  = "bound"    // exactly on an end
)

// Placements are the three placements, in the order of a breakdown.
var Placements = []string{Interior, NearEdge, OnBound}

// FamilyKnob is a drawn knob: its range (the default 0 inside it), its
// peak (best, k) and where the default and the best value sit.
type FamilyKnob struct {
	Name              string
	Min, Max          float64
	Best, K           float64
	DefaultAt, BestAt string
	// DrawRidges' knobs: on a log scale (Min > 0; K per decade²), an
	// integer, and the peak's width (narrow, medium, wide)
	Log, Integer bool
	Width        string
}

// FamilyCross is a drawn cross term c·(xa − best_a)·(xb − best_b).
type FamilyCross struct {
	A, B string
	C    float64
}

// Drawn is a drawn landscape: its knobs, cross terms, and the landscape
// class (where most knobs' defaults and best values sit). Flat ones have
// their peak at the defaults.
type Drawn struct {
	Seed              uint64
	Flat              bool
	DefaultAt, BestAt string // the landscape's class
	Knobs             []FamilyKnob
	Cross             []FamilyCross
	Gain              float64 // the peak's Value (Elo above the defaults)
	// DrawRidges' landscapes: the family ("ridges"; "" for DrawLandscape),
	// the class (Geometries) and the ridges
	Family, Class string
	Ridges        []FamilyRidge
}

// Bot is the landscape bot that plays the drawn knobs: landscape, or
// landscape-mixed for a landscape with integer or positive knobs.
func (d *Drawn) Bot() string {
	if d.Family == "" {
		return "landscape"
	}
	return "landscape-mixed"
}

// DrawLandscape draws landscape seed of the family; flat draws a null (the
// defaults are the peak). The draw:
//
//   - 2 .. 12 knobs; each range's span is log-uniform in [0.1, 1000];
//   - the class: the defaults' placement and the best values' placement,
//     each uniform over interior, near an edge, on a bound; a knob takes
//     the class's placements with probability 0.7, others at random;
//   - a best value on a bound is at the end opposite the default's nearer
//     end half of the time;
//   - the sharpness: in units of the range u = (x − min)/span, a knob
//     loses K·(u − u*)² Elo; K's are log-uniform over a factor 30 (flat
//     and sharp peaks), then scaled so that the peak is 40 .. 200 Elo
//     above the defaults (uniform), each K at most 2 000 (a knob then
//     loses 10 Elo at 7 % of its range from its best);
//   - up to n/2 cross terms of correlation at most 0.6 in range units
//     (the quadratic form stays negative definite, so the best values
//     are the peak).
//
// A flat landscape draws the same and puts every best value at the
// default: half of them sharp (a knob at its far end loses 20 .. 200 Elo),
// half nearly flat (at most 2 Elo over the whole range).
func DrawLandscape(seed uint64, flat bool) *Drawn {
	for try := uint64(0); ; try++ {
		// the caps on K and on the cross terms can leave a peak below 40
		// Elo: such a draw is drawn again
		if d := drawLandscape(seed, try, flat); flat || d.Gain >= 40 && d.Gain <= 200.5 || try == 100 {
			return d
		}
	}
}

func drawLandscape(seed, try uint64, flat bool) *Drawn {
	rng := game.NewRand(game.Mix(seed, 0xfa3117, b2u(flat), try))
	d := &Drawn{Seed: seed, Flat: flat}
	n := 2 + rng.IntN(11)
	d.DefaultAt = Placements[rng.IntN(3)]
	d.BestAt = Placements[rng.IntN(3)]
	us := make([]float64, n) // the best values in range units
	ks := make([]float64, n) // K per knob
	spans := make([]float64, n)
	uds := make([]float64, n) // the defaults in range units
	for i := range n {
		dp, bp := d.DefaultAt, d.BestAt
		if rng.Float64() >= 0.7 {
			dp = Placements[rng.IntN(3)]
		}
		if rng.Float64() >= 0.7 {
			bp = Placements[rng.IntN(3)]
		}
		ud := place(rng, dp)
		u := place(rng, bp)
		if bp == OnBound && rng.IntN(2) == 0 { // the end opposite the default's nearer one
			u = 1.0
			if ud > 0.5 {
				u = 0
			}
		}
		if flat {
			u, bp = ud, dp
		}
		spans[i] = math.Pow(10, -1+4*rng.Float64())
		uds[i], us[i] = ud, u
		ks[i] = math.Pow(30, rng.Float64())
		d.Knobs = append(d.Knobs, FamilyKnob{Name: "x" + strconv.Itoa(i+1), DefaultAt: dp, BestAt: bp})
	}
	// cross terms in range units: ρ·2·√(K_a·K_b)
	type cr struct {
		a, b int
		rho  float64
	}
	var crosses []cr
	for range rng.IntN(n/2 + 1) {
		a, b := rng.IntN(n), rng.IntN(n)
		dup := a == b
		for _, c := range crosses {
			dup = dup || c.a == a && c.b == b || c.a == b && c.b == a
		}
		if !dup {
			crosses = append(crosses, cr{a, b, 1.2*rng.Float64() - 0.6})
		}
	}
	// the gain at unit scale, then the scale
	value := func(scale float64) float64 { // the peak's Elo above the defaults
		g := 0.0
		for i := range n {
			g += scale * ks[i] * (uds[i] - us[i]) * (uds[i] - us[i])
		}
		for _, c := range crosses {
			g -= scale * c.rho * 2 * math.Sqrt(ks[c.a]*ks[c.b]) * (uds[c.a] - us[c.a]) * (uds[c.b] - us[c.b])
		}
		return g
	}
	scale := 1.0
	switch {
	case !flat:
		target := 40 + 160*rng.Float64()
		if g := value(1); g > 1e-9 {
			scale = target / g
		}
	case rng.IntN(2) == 0: // sharp: the far end costs 20 .. 200 Elo
		far := 0.0
		for i := range n {
			far = max(far, ks[i]*max(uds[i], 1-uds[i])*max(uds[i], 1-uds[i]))
		}
		scale = (20 + 180*rng.Float64()) / far
	default: // nearly flat: at most 2 Elo over the range
		scale = 2 / (30 * float64(n))
	}
	for i := range n {
		K := min(ks[i]*scale, 2000)
		ks[i] = K
		k := &d.Knobs[i]
		S := spans[i]
		k.Min = 0 - uds[i]*S + 0 // + 0: never −0
		k.Max = k.Min + S
		if uds[i] == 1 {
			k.Min, k.Max = -S, 0
		}
		k.Best = k.Min + us[i]*S
		switch {
		case us[i] == 0:
			k.Best = k.Min
		case us[i] == 1:
			k.Best = k.Max
		case us[i] == uds[i]:
			k.Best = 0
		}
		k.K = K / (S * S)
	}
	for _, c := range crosses {
		C := c.rho * 2 * math.Sqrt(ks[c.a]*ks[c.b])
		d.Cross = append(d.Cross, FamilyCross{A: d.Knobs[c.a].Name, B: d.Knobs[c.b].Name, C: C / (spans[c.a] * spans[c.b])})
	}
	// the cross terms' correlations can add up past definiteness: weaken
	// them until the best values are the maximum
	for range 20 {
		l, err := d.Landscape()
		if err == nil {
			_, d.Gain = l.Best()
			return d
		}
		for i := range d.Cross {
			d.Cross[i].C /= 2
		}
	}
	d.Cross = nil
	l, err := d.Landscape()
	if err != nil {
		panic(fmt.Sprintf("synthetic: drawn landscape %d: %v", seed, err))
	}
	_, d.Gain = l.Best()
	return d
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// place draws a position in range units for a placement.
func place(rng *rand.Rand, p string) float64 {
	var u float64
	switch p {
	case Interior:
		u = 0.15 + 0.7*rng.Float64()
	case NearEdge:
		u = 0.01 + 0.09*rng.Float64()
	default:
		u = 0
	}
	if p != Interior && rng.IntN(2) == 0 {
		u = 1 - u
	}
	return u
}

// Placement is where x sits in [lo, hi]: on a bound, near an edge (within
// a tenth of the range) or in the interior.
func Placement(x, lo, hi float64) string {
	switch d := min(x-lo, hi-x); {
	case d <= 0:
		return OnBound
	case d <= (hi-lo)/10:
		return NearEdge
	}
	return Interior
}

func fmtNum(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Text is the drawn landscape as a landscape file.
func (d *Drawn) Text() string {
	var b strings.Builder
	kind := "landscape"
	if d.Flat {
		kind = "flat landscape"
	}
	if d.Family != "" {
		fmt.Fprintf(&b, "# drawn %s %d of the family %s (engines/synthetic/ridges.go): class %s\n", kind, d.Seed, d.Family, d.Class)
	} else {
		fmt.Fprintf(&b, "# drawn %s %d of the family (engines/synthetic/family.go): defaults %s, best values %s\n", kind, d.Seed, d.DefaultAt, d.BestAt)
	}
	fmt.Fprintf(&b, "doc     = \"drawn %s %d: %d knobs, peak %.3f Elo above the defaults\"\nplayers = 2\n\n[peak]\n", kind, d.Seed, len(d.Knobs), d.Gain)
	for _, k := range d.Knobs {
		extra, width := "", ""
		if k.Log {
			extra += `, scale = "log"`
		}
		if k.Integer && !knobInteger(k.Name) {
			extra += ", integer = true"
		}
		if k.Width != "" {
			width = ", " + k.Width
		}
		fmt.Fprintf(&b, "%s = { best = %s, k = %s%s }   # range [%s, %s]; default %s, best %s%s\n", k.Name, fmtNum(k.Best), fmtNum(k.K), extra,
			fmtNum(k.Min), fmtNum(k.Max), k.DefaultAt, k.BestAt, width)
	}
	for _, c := range d.Cross {
		fmt.Fprintf(&b, "\n[[cross]]\na = %q\nb = %q\nc = %s\n", c.A, c.B, fmtNum(c.C))
	}
	for _, r := range d.Ridges {
		fmt.Fprintf(&b, "\n[[ridge]]   # best values correlated %.2f\nknobs = [", r.Rho)
		for i, k := range r.Knobs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", k)
		}
		b.WriteString("]\nweights = [")
		for i, w := range r.Weights {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(fmtFloat(w))
		}
		fmt.Fprintf(&b, "]\nk = %s\n", fmtNum(r.K))
	}
	return b.String()
}

// Params is a space's [params] table for the drawn ranges.
func (d *Drawn) Params() string {
	var b strings.Builder
	b.WriteString("[params]\n")
	for _, k := range d.Knobs {
		lo, hi := fmtFloat(k.Min), fmtFloat(k.Max)
		if knobInteger(k.Name) {
			lo, hi = fmtNum(k.Min), fmtNum(k.Max)
		}
		scale := ""
		if k.Log {
			scale = `, scale = "log"`
		}
		fmt.Fprintf(&b, "%s = { min = %s, max = %s%s }\n", k.Name, lo, hi, scale)
	}
	return b.String()
}

// fmtFloat writes a TOML float (with a point, so that 0 is 0.0).
func fmtFloat(x float64) string {
	s := fmtNum(x)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// Landscape parses the drawn landscape.
func (d *Drawn) Landscape() (*Landscape, error) {
	return ParseLandscape(fmt.Sprintf("drawn-%d.toml", d.Seed), []byte(d.Text()))
}
