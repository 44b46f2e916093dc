package space

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"tourney/engines/game"
)

// Variant is one configuration of the varied parameters.
type Variant struct {
	ID int
	// Values holds a value for every varied parameter (Space.Params),
	// typed as the parameter says.
	Values map[string]any
	// Default marks the default configuration (variant 0 when
	// include_defaults is set): BotParams gives every scenario's bot its
	// own defaults (+ base), whatever Values says.
	Default bool
}

// Seed tags of the generators (mixed with the space's seed).
const (
	seedTagRandom = 0x72616e646f6d // "random"
	seedTagLHS    = 0x6c6873       // "lhs"
)

// Variants returns the space's variants, numbered 0..n-1 in a stable
// order (see the package documentation). The result is a copy.
func (s *Space) Variants() []Variant {
	out := make([]Variant, len(s.variants))
	for i, v := range s.variants {
		vals := make(map[string]any, len(v.Values))
		for k, x := range v.Values {
			vals[k] = x
		}
		out[i] = Variant{ID: v.ID, Values: vals, Default: v.Default}
	}
	return out
}

// Candidates is the number of variants a tournament starts from: the
// first Candidates variants (all of them, except for method factorial,
// whose other grid points are only predicted).
func (s *Space) Candidates() int {
	if s.candidates == 0 {
		return len(s.variants)
	}
	return s.candidates
}

// Factorial describes the design of method factorial (nil otherwise).
func (s *Space) Factorial() *Factorial { return s.factorial }

// genError is a generation failure; key is the table it belongs to.
type genError struct{ key, msg string }

func (e *genError) Error() string { return e.key + ": " + e.msg }

// regenerate computes the variants from the current params, base and
// generate settings.
func (s *Space) regenerate() error {
	vs, err := s.generateVariants()
	if err != nil {
		return err
	}
	s.variants = vs
	return nil
}

// defaultPoint is the default configuration's value of every varied
// parameter (first scenario's bot defaults + base).
func (s *Space) DefaultPoint() []any {
	d := s.DefaultParams(0)
	pt := make([]any, len(s.Params))
	for i, p := range s.Params {
		v := d[p.Name]
		if cv, err := p.Param.Check(v); err == nil {
			v = cv
		}
		pt[i] = v
	}
	return pt
}

func pointKey(pt []any) string {
	var b strings.Builder
	for _, v := range pt {
		b.WriteString(game.FormatValue(v))
		b.WriteByte(0)
	}
	return b.String()
}

func (s *Space) generateVariants() ([]Variant, error) {
	g := s.Generate
	var pts [][]any
	var def []any
	if g.IncludeDefaults {
		def = s.DefaultPoint()
	}
	switch g.Method {
	case "grid":
		n := 1
		for _, p := range s.Params {
			n *= len(p.Values)
			if n > maxVariants {
				return nil, &genError{key: "params", msg: fmt.Sprintf("the grid has more than %d variants: use fewer values, or method random or lhs", maxVariants)}
			}
		}
		pts = GridPoints(s.Params)
	case "sweep":
		center := s.DefaultPoint()
		for i, p := range s.Params {
			for _, v := range p.Values {
				if ValueEqual(v, center[i]) {
					continue
				}
				pt := append([]any(nil), center...)
				pt[i] = v
				pts = append(pts, pt)
			}
		}
	case "random":
		pts = s.randomPoints(def)
	case "lhs":
		pts = s.lhsPoints()
	case "factorial":
		n := 1
		for _, p := range s.Params {
			n *= max(len(p.Values), 1)
			if n > maxVariants {
				return nil, &genError{key: "params", msg: fmt.Sprintf("the full grid has more than %d points: a factorial design numbers every grid point (for predictions); use fewer values", maxVariants)}
			}
		}
		design, f, err := s.factorialPoints()
		if err != nil {
			return nil, err
		}
		s.factorial = f
		pts = append(design, GridPoints(s.Params)...)
	case "staged": // what validate counts: stage 1, every parameter alone
		center := s.DefaultPoint()
		for i, p := range s.Params {
			for _, v := range StageValues(p, center[i]) {
				pt := append([]any(nil), center...)
				pt[i] = v
				pts = append(pts, pt)
			}
		}
	case "spsa", "cmaes": // the defaults alone (continuous.go)
		var err error
		if pts, err = s.continuousVariants(); err != nil {
			return nil, err
		}
	default:
		return nil, &genError{key: "generate", msg: fmt.Sprintf("method %q is not implemented", g.Method)}
	}

	var out []Variant
	seen := map[string]bool{}
	add := func(pt []any, isDef bool) {
		k := pointKey(pt)
		if seen[k] {
			return
		}
		seen[k] = true
		vals := make(map[string]any, len(pt))
		for i, p := range s.Params {
			vals[p.Name] = pt[i]
		}
		out = append(out, Variant{ID: len(out), Values: vals, Default: isDef})
	}
	if def != nil {
		add(def, true)
	}
	for _, pt := range pts {
		add(pt, false)
	}
	if len(out) == 0 {
		return nil, &genError{key: "generate", msg: fmt.Sprintf("the space has no variants (method %s without the defaults)", g.Method)}
	}
	s.candidates = len(out)
	if s.factorial != nil {
		// the defaults and the design's distinct runs come first
		seen := map[string]bool{}
		if def != nil {
			seen[pointKey(def)] = true
		}
		for _, pt := range pts[:s.factorial.Runs] {
			seen[pointKey(pt)] = true
		}
		s.candidates = len(seen)
		// run r's mirror is run r XOR (runs − 1): every column flips
		idx := map[string]int{}
		for _, v := range out[:s.candidates] {
			pt := make([]any, len(s.Params))
			for i, p := range s.Params {
				pt[i] = v.Values[p.Name]
			}
			idx[pointKey(pt)] = v.ID
		}
		s.factorial.mirror = map[int]int{}
		for r, pt := range pts[:s.factorial.Runs] {
			v, ok1 := idx[pointKey(pt)]
			m, ok2 := idx[pointKey(pts[r^(s.factorial.Runs-1)])]
			if ok1 && ok2 && len(s.factorial.TwoLevel) > 0 && len(s.factorial.MultiLevel) == 0 {
				s.factorial.mirror[v] = m
			}
		}
		if def != nil {
			if m, ok := idx[pointKey(pts[s.factorial.Runs-1])]; ok && pointKey(pts[0]) == pointKey(def) && len(s.factorial.MultiLevel) == 0 {
				s.factorial.mirror[0] = m
			}
		}
	}
	return out, nil
}

// gridPoints is the full product; the first parameter varies slowest.
func GridPoints(params []ParamRange) [][]any {
	idx := make([]int, len(params))
	var pts [][]any
	for {
		pt := make([]any, len(params))
		for i, p := range params {
			pt[i] = p.Values[idx[i]]
		}
		pts = append(pts, pt)
		i := len(params) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(params[i].Values) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return pts
		}
	}
}

// randomPoints draws samples distinct points (and distinct from def),
// each parameter uniformly from its values or, for a continuous range,
// uniformly (log-uniformly) in [min, max]. A small discrete space may
// give fewer points.
func (s *Space) randomPoints(def []any) [][]any {
	rng := game.NewRand(game.Mix(s.Seed, seedTagRandom))
	seen := map[string]bool{}
	if def != nil {
		seen[pointKey(def)] = true
	}
	var pts [][]any
	for tries := 0; len(pts) < s.Generate.Samples && tries < 100*s.Generate.Samples+1000; tries++ {
		pt := make([]any, len(s.Params))
		for i, p := range s.Params {
			pt[i] = p.draw(rng.Float64())
		}
		k := pointKey(pt)
		if seen[k] {
			continue
		}
		seen[k] = true
		pts = append(pts, pt)
	}
	return pts
}

// lhsPoints is a Latin hypercube of samples points: every parameter's
// [0,1) is cut into samples strata, each used exactly once, in a random
// order per parameter, at a random point inside the stratum.
func (s *Space) lhsPoints() [][]any {
	rng := game.NewRand(game.Mix(s.Seed, seedTagLHS))
	n := s.Generate.Samples
	pts := make([][]any, n)
	for i := range pts {
		pts[i] = make([]any, len(s.Params))
	}
	for j, p := range s.Params {
		perm := rng.Perm(n)
		for i := range n {
			u := (float64(perm[i]) + rng.Float64()) / float64(n)
			pts[i][j] = p.draw(u)
		}
	}
	return pts
}

// draw maps u in [0,1) to a value: an index into Values, or a point of a
// continuous range (rounded to 6 significant digits, kept in range).
func (p *ParamRange) draw(u float64) any {
	if !p.Continuous {
		i := int(u * float64(len(p.Values)))
		return p.Values[min(max(i, 0), len(p.Values)-1)]
	}
	lo, hi := ToFloat(p.Min), ToFloat(p.Max)
	var x float64
	if p.Log {
		x = math.Exp(math.Log(lo) + u*(math.Log(hi)-math.Log(lo)))
	} else {
		x = lo + u*(hi-lo)
	}
	x = math.Min(math.Max(roundSig(x, 6), lo), hi)
	if v, err := p.Param.Check(x); err == nil {
		return v
	}
	return x
}

// stepValues spaces steps values evenly in [lo, hi], ends included,
// linearly or on a log scale; integers are rounded and deduplicated.
func stepValues(p game.Param, lo, hi float64, steps int, logScale bool) []any {
	var out []any
	seen := map[string]bool{}
	for i := range steps {
		var x float64
		switch {
		case i == 0:
			x = lo
		case i == steps-1:
			x = hi
		case logScale:
			x = math.Exp(math.Log(lo) + float64(i)*(math.Log(hi)-math.Log(lo))/float64(steps-1))
		default:
			x = lo + float64(i)*(hi-lo)/float64(steps-1)
		}
		x = math.Min(math.Max(roundSig(x, 12), lo), hi)
		if p.Kind == game.Int {
			x = math.Round(x)
		}
		v, err := p.Check(x)
		if err != nil { // cannot happen: lo and hi are checked
			continue
		}
		k := game.FormatValue(v)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
	}
	return out
}

// roundSig rounds x to d significant digits.
func roundSig(x float64, d int) float64 {
	y, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', d, 64), 64)
	if err != nil {
		return x
	}
	return y
}

// valueEqual compares two parameter values (int and float forms of the
// same number are equal).
func ValueEqual(a, b any) bool {
	fa, fb := ToFloat(a), ToFloat(b)
	if !math.IsNaN(fa) && !math.IsNaN(fb) {
		return fa == fb
	}
	return a == b
}
