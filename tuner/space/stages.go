package space

import "slices"

// Stages of method = "staged" (the staged planner runs them; validate
// counts stage 1 here).

// StageValues picks up to 8 candidate values of p around its default d:
// the default, then the values nearest to it in the list's order.
func StageValues(p ParamRange, d any) []any {
	vals := p.Values
	at := slices.IndexFunc(vals, func(v any) bool { return ValueEqual(v, d) })
	if len(vals) <= 8 {
		if at < 0 {
			return append([]any{d}, vals...)
		}
		return slices.Clone(vals)
	}
	if at < 0 { // the default is between values: centre on the nearest
		at = 0
		best := 0.0
		for i, v := range vals {
			dist := abs(ToFloat(v) - ToFloat(d))
			if i == 0 || dist < best {
				at, best = i, dist
			}
		}
	}
	lo := max(0, min(at-4, len(vals)-8))
	out := slices.Clone(vals[lo : lo+8])
	if !slices.ContainsFunc(out, func(v any) bool { return ValueEqual(v, d) }) {
		out = append([]any{d}, out[:7]...)
	}
	return out
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// SubSpace is a copy of s whose variants are the given points (values of
// s.Params in order); the first is the defaults when def is set.
func (s *Space) SubSpace(name string, seed uint64, points [][]any, def bool, format string) *Space {
	c := *s
	c.Name, c.Seed = name, seed
	c.Generate = GenerateConfig{Method: "explicit", IncludeDefaults: def}
	c.Tournament.Format = format
	c.Tournament.Confirm = false
	c.variants = nil
	c.candidates, c.factorial = 0, nil
	seen := map[string]bool{}
	for i, pt := range points {
		k := pointKey(pt)
		if seen[k] {
			continue
		}
		seen[k] = true
		vals := map[string]any{}
		for j, p := range s.Params {
			vals[p.Name] = pt[j]
		}
		c.variants = append(c.variants, Variant{ID: len(c.variants), Values: vals, Default: def && i == 0})
	}
	return &c
}
