package space

import (
	"fmt"
	"math"

	"tourney/engines/game"
)

// BoundHit is a varied knob whose value (a winner's, a search's final
// point's) lies at an end of the knob's range or list (issue 44): the
// best may lie beyond what the space let the tournament try.
type BoundHit struct {
	Param string `json:"param"`
	// End is "lower" or "upper".
	End string `json:"end"`
	// Bound is the end of the range (or the list's smallest or largest
	// value); Value the knob's value, which may lie a little inside a
	// continuous range (within NearBound of it).
	Bound any `json:"bound"`
	Value any `json:"value"`
	// Text says it for people, with what to do.
	Text string `json:"text"`
}

// NearBound is how close, as a share of the range (in the search's
// geometry: decades on a log scale), a continuous knob's value must lie to
// an end to count as on it: a search that clips at the bound ends on it
// or next to it.
const NearBound = 0.01

// OnBounds names the varied knobs whose value in values lies at an end of
// their range or list, in the space's order. A knob of strings or booleans
// has no "beyond" and is never named; nor is an end that is the bot's own
// limit (no value lies beyond it).
func (s *Space) OnBounds(values map[string]any) []BoundHit {
	var out []BoundHit
	for i := range s.Params {
		if h, ok := s.Params[i].onBound(values[s.Params[i].Name]); ok {
			out = append(out, h)
		}
	}
	return out
}

// onBound says whether v lies at an end of the knob's range or list.
func (p *ParamRange) onBound(v any) (BoundHit, bool) {
	if p.Param.Kind != game.Int && p.Param.Kind != game.Float {
		return BoundHit{}, false // a list of strings or booleans has no beyond
	}
	x := ToFloat(v)
	if math.IsNaN(x) {
		return BoundHit{}, false
	}
	list := p.Min == nil // a values list (a stepped range has Min and Max)
	var lo, hi float64
	var loV, hiV any
	if list {
		if len(p.Values) < 2 {
			return BoundHit{}, false
		}
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, c := range p.Values {
			if f := ToFloat(c); f < lo {
				lo, loV = f, c
			}
			if f := ToFloat(c); f > hi {
				hi, hiV = f, c
			}
		}
	} else {
		lo, hi = p.Bounds()
		loV, hiV = p.Min, p.Max
	}
	if !(hi > lo) {
		return BoundHit{}, false
	}
	end, bound, bv := "", 0.0, any(nil)
	switch {
	case x == lo:
		end, bound, bv = "lower", lo, loV
	case x == hi:
		end, bound, bv = "upper", hi, hiV
	case p.Continuous:
		slo, shi := p.SearchBounds()
		y, tol := p.ToSearch(x), NearBound*(shi-slo)
		if y-slo <= tol {
			end, bound, bv = "lower", lo, loV
		} else if shi-y <= tol {
			end, bound, bv = "upper", hi, hiV
		}
	}
	if end == "" {
		return BoundHit{}, false
	}
	h := BoundHit{Param: p.Name, End: end, Bound: bv, Value: v}
	at := ""
	if x != bound {
		at = fmt.Sprintf(" (at %s, within %g %% of the range)", game.FormatValue(v), 100*NearBound)
	}
	what := fmt.Sprintf("its %s bound %s%s", end, game.FormatValue(bv), at)
	if list {
		which := "smallest"
		if end == "upper" {
			which = "largest"
		}
		what = fmt.Sprintf("the %s value of its list, %s", which, game.FormatValue(bv))
	}
	if end == "lower" && bound <= p.Param.Min || end == "upper" && bound >= p.Param.Max {
		// the bot's own limit: nothing lies beyond, but the peak may lie
		// between the end and the next value tried
		next, ok := p.nextValue(bound, end == "lower")
		switch {
		case ok && (p.Param.Kind == game.Float || math.Abs(next-bound) > 1):
			add := "add values between them"
			if !list {
				add = "add steps"
			}
			h.Text = fmt.Sprintf("%s ended on %s, the bot's own limit: nothing lies beyond, but the peak may lie between it and %s; %s",
				p.Name, what, game.FormatValue(next), add)
		case !ok && p.Param.Kind == game.Float && !p.Log:
			h.Text = fmt.Sprintf("%s ended on %s, the bot's own limit: nothing lies beyond, but the peak may lie close to it; search it on a log scale",
				p.Name, what)
		default:
			return BoundHit{}, false // every value next to it was tried
		}
		return h, true
	}
	switch {
	case list:
		where := "below"
		if end == "upper" {
			where = "above"
		}
		h.Text = fmt.Sprintf("%s ended on %s: the peak may lie beyond; add values %s it", p.Name, what, where)
	default:
		advice := "widen the range"
		switch {
		case p.Log:
			advice += " (it is searched on a log scale already)"
		case p.Param.Kind == game.Float:
			advice += " or search it on a log scale"
		}
		h.Text = fmt.Sprintf("%s ended on %s: the peak may lie beyond; %s", p.Name, what, advice)
	}
	return h, true
}

// nextValue is the candidate value next to end bound b (the second
// smallest when lower, else the second largest) of a list or stepped
// range; false for a continuous range or every integer of a range.
func (p *ParamRange) nextValue(b float64, lower bool) (float64, bool) {
	if p.Continuous || len(p.Values) < 2 || p.Min != nil && p.Steps == 0 {
		return 0, false
	}
	best, ok := 0.0, false
	for _, c := range p.Values {
		f := ToFloat(c)
		if f == b {
			continue
		}
		if !ok || lower && f < best || !lower && f > best {
			best, ok = f, true
		}
	}
	return best, ok
}
