package space

import (
	"fmt"
	"math"
	"slices"

	"tourney/engines/game"
)

// Continuous methods (statistics.md §9): spsa and cmaes move a point
// through the ranges of the varied parameters instead of generating a
// list of variants. Their variant list is the defaults alone; the
// planner (tuner/plan/spsa.go, cmaes.go) adds the final point as a
// variant when it is found.

// ContinuousConfig holds [generate]'s settings of spsa and cmaes.
type ContinuousConfig struct {
	// Iterations of SPSA (one block of θ+ against θ− each).
	Iterations int
	// A, Alpha and Gamma are fishtest's: c_k = c/k^γ, a_k = a/(A+k)^α.
	A, Alpha, Gamma float64
	// Generations and Population of CMA-ES; Blocks per generation (every
	// candidate and the defaults play a race within the generation);
	// Sigma is the initial step size as a share of each half-range.
	Generations, Population, Blocks int
	Sigma                           float64
	// FinalGames is the least number of games the final point plays
	// against the defaults on fresh seeds (whole blocks).
	FinalGames int
	// REndScale multiplies the default r_end of every knob that gives
	// none (tuner/plan.ContinuousConfig sets it for a budget's schedule; 0
	// or 1: none).
	REndScale float64
	// CEndScale multiplies every knob's c_end likewise (0 or 1: none).
	CEndScale float64
	// RoundsSet tells that iterations (spsa) or generations (cmaes) were
	// given, ASet that A was: [tournament] budget then sets neither.
	RoundsSet, ASet bool
}

// continuousKeys are [generate]'s keys of the continuous methods.
var continuousKeys = []string{"iterations", "A", "alpha", "gamma", "generations", "population", "blocks", "sigma", "final_games"}

// IsContinuous reports whether the method moves a point (spsa, cmaes).
func IsContinuous(method string) bool { return method == "spsa" || method == "cmaes" }

// parseContinuous reads the continuous methods' keys of [generate].
func (s *Space) parseContinuous(t *tomlTable) error {
	m := s.Generate.Method
	c := ContinuousConfig{Iterations: DefaultIterations, Alpha: 0.602, Gamma: 0.101, Population: 0, Generations: 0, Blocks: 0, Sigma: 0.3}
	// which method reads which key: checkKeyUse (keys.go)
	get := func(key string, def, lo, hi int64) (int, error) {
		n, err := t.within(key, def, lo, hi)
		return int(n), err
	}
	var err error
	c.RoundsSet = m == "spsa" && t.has("iterations") || m == "cmaes" && t.has("generations")
	c.ASet = t.has("A")
	if c.Iterations, err = get("iterations", DefaultIterations, 1, 10000000); err != nil {
		return err
	}
	c.A = float64(c.Iterations) / 10
	if c.A, err = t.number("A", c.A); err != nil {
		return err
	}
	if !(c.A >= 0) {
		return t.err("A", "must not be negative")
	}
	if c.Alpha, err = t.number("alpha", 0.602); err != nil {
		return err
	}
	if c.Gamma, err = t.number("gamma", 0.101); err != nil {
		return err
	}
	if !(c.Alpha > 0 && c.Alpha <= 1) || !(c.Gamma >= 0 && c.Gamma <= 1) {
		return t.err("alpha", "alpha must be in (0, 1] and gamma in [0, 1] (fishtest: 0.602 and 0.101)")
	}
	if c.Generations, err = get("generations", 60, 1, 100000); err != nil {
		return err
	}
	if c.Population, err = get("population", 0, 0, 1000); err != nil {
		return err
	}
	if t.has("population") && c.Population < 2 {
		return t.err("population", "must be at least 2")
	}
	if c.Blocks, err = get("blocks", DefaultBlocks, 1, 100000); err != nil {
		return err
	}
	if c.Sigma, err = t.number("sigma", 0.3); err != nil {
		return err
	}
	if !(c.Sigma > 0 && c.Sigma <= 2) {
		return t.err("sigma", "must be in (0, 2] (a share of each half-range), got %s", game.FormatValue(c.Sigma))
	}
	if c.FinalGames, err = get("final_games", 1000, 1, 100000000); err != nil {
		return err
	}
	s.Generate.Continuous = c
	if IsContinuous(m) {
		s.Generate.IncludeDefaults = true
	}
	return nil
}

// DefaultBlocks is CMA-ES's blocks a generation when none are given: a
// generation's ranking is the search's noise (issue 32: with 2 blocks,
// 60 generations, 71 of 80 of the family's training landscapes within
// 10 Elo of the peak; with 4, 146 of 160).
const DefaultBlocks = 4

// DefaultIterations is SPSA's iterations when neither iterations nor a
// budget is given: 20 000 games on one two-seat map (issue 32: within 10
// Elo of the peak on 96 % of the family's training landscapes).
const DefaultIterations = 10000

// parseStep reads a parameter's c_end and r_end (spsa) and start (spsa,
// cmaes) and checks that a continuous method's parameter is a numeric
// range.
func (s *Space) parseStep(t *tomlTable, pr *ParamRange) error {
	m := s.Generate.Method
	for _, k := range []string{"c_end", "r_end"} {
		if t.has(k) && m != "spsa" {
			return t.err(k, "is a setting of method spsa, not of %s", m)
		}
	}
	if t.has("start") && !IsContinuous(m) {
		return t.err("start", "is a setting of methods spsa and cmaes, not of %s", m)
	}
	if !IsContinuous(m) {
		return nil
	}
	for _, k := range []string{"values", "steps"} {
		if t.has(k) {
			return t.err(k, "method %s moves through a range: give min and max (no values or steps)", m)
		}
	}
	if pr.Param.Kind != game.Int && pr.Param.Kind != game.Float {
		return t.err("", "method %s needs numeric parameters; %s is a %s", m, pr.Name, pr.Param.Kind)
	}
	lo, hi := ToFloat(pr.Min), ToFloat(pr.Max)
	if !(hi > lo) {
		return t.err("max", "method %s needs max greater than min", m)
	}
	pr.Continuous = true
	pr.Values = nil // an integer range is searched, not listed
	if t.has("start") {
		x, err := t.number("start", 0)
		if err != nil {
			return err
		}
		pr.Start = &x
	}
	// c_end is in the search's geometry: the knob's units, or decades
	// (log10 units) on a log scale
	slo, shi := pr.SearchBounds()
	span := shi - slo
	pr.CEnd = span / 5
	if pr.Param.Kind == game.Int && !pr.Log {
		pr.CEnd = max(pr.CEnd, 1)
	}
	pr.REnd = DefaultREnd
	var err error
	if pr.CEnd, err = t.number("c_end", pr.CEnd); err != nil {
		return err
	}
	unit := ""
	if pr.Log {
		unit = " decades (scale = \"log\": c_end is in powers of ten)"
	}
	if !(pr.CEnd > 0 && pr.CEnd <= span/2) {
		return t.err("c_end", "must be above 0 and at most half the range (%s%s), got %s", game.FormatValue(span/2), unit, game.FormatValue(pr.CEnd))
	}
	if pr.Param.Kind == game.Int && !pr.Log && pr.CEnd < 0.5 {
		// θ ± c_end would round to the same integer: the knob never moves
		return t.err("c_end", "%s is an integer: c_end must be at least 0.5, or θ + c_end and θ − c_end round to the same value and the knob never moves; got %s", pr.Name, game.FormatValue(pr.CEnd))
	}
	pr.REndSet = t.has("r_end")
	if pr.REnd, err = t.number("r_end", pr.REnd); err != nil {
		return err
	}
	if !(pr.REnd > 0 && pr.REnd <= 1) {
		return t.err("r_end", "must be in (0, 1], got %s", game.FormatValue(pr.REnd))
	}
	return nil
}

// DefaultREnd is r_end when a parameter gives none: the final step is
// r_end·c_end per unit of the block's wins minus losses (0.008 before
// issue 32; twice that reaches the far side of a range from an edge in
// the default iterations, and was the best of 0.008, 0.016 and 0.032 on
// the family's training landscapes).
const DefaultREnd = 0.016

// Start is the continuous methods' starting point: each parameter's start
// (or its default, as a number), clipped to its range. The verdict is
// always against the defaults, wherever the search starts.
func (s *Space) Start() []float64 {
	def := s.DefaultPoint()
	x := make([]float64, len(s.Params))
	for i, p := range s.Params {
		v := ToFloat(def[i])
		if p.Start != nil {
			v = *p.Start
		}
		if math.IsNaN(v) {
			v = (ToFloat(p.Min) + ToFloat(p.Max)) / 2
		}
		x[i] = min(max(v, ToFloat(p.Min)), ToFloat(p.Max))
	}
	return x
}

// StartWarnings are validate's warnings about a continuous method's
// ranges: a range that excludes a parameter's default (the search then
// starts at the nearest end, and the verdict still compares against the
// default) or its start.
func (s *Space) StartWarnings() []string {
	if !IsContinuous(s.Generate.Method) {
		return nil
	}
	var out []string
	def := s.DefaultPoint()
	for i, p := range s.Params {
		lo, hi := p.Bounds()
		if v := ToFloat(def[i]); !(v >= lo && v <= hi) && p.Start == nil {
			out = append(out, fmt.Sprintf("[params] %s: the range %s .. %s excludes the default %s: the search starts at %s; the verdict compares against the default",
				p.Name, game.FormatValue(p.Min), game.FormatValue(p.Max), game.FormatValue(def[i]), game.FormatValue(min(max(v, lo), hi))))
		} else if !(v >= lo && v <= hi) {
			out = append(out, fmt.Sprintf("[params] %s: the range %s .. %s excludes the default %s: the verdict compares against the default, which the search cannot reach",
				p.Name, game.FormatValue(p.Min), game.FormatValue(p.Max), game.FormatValue(def[i])))
		}
		if p.Start != nil && !(*p.Start >= lo && *p.Start <= hi) {
			out = append(out, fmt.Sprintf("[params] %s: start %s is outside the range %s .. %s: the search starts at %s",
				p.Name, game.FormatValue(*p.Start), game.FormatValue(p.Min), game.FormatValue(p.Max), game.FormatValue(min(max(*p.Start, lo), hi))))
		}
	}
	return out
}

// Bounds are each parameter's range as numbers.
func (p *ParamRange) Bounds() (lo, hi float64) { return ToFloat(p.Min), ToFloat(p.Max) }

// The search's geometry (issue 41): spsa and cmaes move a knob of scale =
// "log" in log10 units (a factor is a step, wherever the knob is), any
// other knob in its own units. SearchBounds is the range there, ToSearch
// and FromSearch convert a value.

// SearchBounds is the range in the search's geometry.
func (p *ParamRange) SearchBounds() (lo, hi float64) {
	lo, hi = p.Bounds()
	return p.ToSearch(lo), p.ToSearch(hi)
}

// ToSearch is knob value x in the search's geometry.
func (p *ParamRange) ToSearch(x float64) float64 {
	if p.Log {
		lo, _ := p.Bounds()
		return math.Log10(max(x, lo))
	}
	return x
}

// FromSearch is the knob value at y of the search's geometry.
func (p *ParamRange) FromSearch(y float64) float64 {
	if p.Log {
		return math.Pow(10, y)
	}
	return y
}

// PointValues turns a point of the continuous methods into a variant's
// values: clipped to each range, integers rounded (half away from zero).
func (s *Space) PointValues(x []float64) map[string]any {
	vals := make(map[string]any, len(s.Params))
	for i, p := range s.Params {
		lo, hi := p.Bounds()
		v := min(max(x[i], lo), hi)
		if p.Param.Kind == game.Int {
			vals[p.Name] = int(math.Round(v))
		} else {
			vals[p.Name] = v
		}
	}
	return vals
}

// continuousVariants is the variant list of spsa and cmaes: the defaults.
func (s *Space) continuousVariants() ([][]any, error) {
	if slices.ContainsFunc(s.Params, func(p ParamRange) bool { return !p.Continuous }) {
		return nil, &genError{key: "params", msg: fmt.Sprintf("method %s needs numeric ranges (min, max)", s.Generate.Method)}
	}
	return nil, nil
}
