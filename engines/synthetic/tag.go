package synthetic

import (
	"math"
	"slices"
	"strconv"

	"tourney/engines/game"
)

// The identity tag (Tag) is computed for every bot of every game: a sweep
// of tens of thousands of games spent a third of its CPU in it (issue 41,
// the 41 knobs of landscape-mixed). tagOf is Tag without an allocation:
// the keys sorted on the stack (or in the spec's sorted order, when p has
// exactly the spec's parameters), the values formatted into a stack
// buffer as game.FormatValue formats them, FNV-1a inline. The bytes
// hashed are Tag's own (TestTagFast checks it against the old code).

const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime64
	}
	return h
}

func fnvByte(h uint64, c byte) uint64 {
	h ^= uint64(c)
	h *= fnvPrime64
	return h
}

// appendValue appends game.FormatValue(v) to b.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float64:
		n := len(b)
		b = strconv.AppendFloat(b, x, 'g', -1, 64)
		for _, c := range b[n:] {
			if c == '.' || c == 'e' || c == 'E' || c == 'n' {
				return b
			}
		}
		return append(b, '.', '0')
	case bool:
		return strconv.AppendBool(b, x)
	case string:
		return append(b, x...)
	}
	return append(b, game.FormatValue(v)...)
}

// tagOf is Tag(p); sorted, when not nil, is a spec's parameter names in
// sorted order (used when p holds exactly those names).
func tagOf(p game.Params, sorted []string) game.Action {
	var kb [64]string
	ks := kb[:0]
	if len(sorted) == len(p) {
		for _, k := range sorted {
			if _, ok := p[k]; !ok {
				ks = ks[:0]
				break
			}
			ks = append(ks, k)
		}
	}
	if len(ks) != len(p) {
		ks = ks[:0]
		for k := range p {
			ks = append(ks, k)
		}
		slices.Sort(ks)
	}
	var vb [64]byte
	h := uint64(fnvOffset64)
	for _, k := range ks {
		h = fnvString(h, k)
		h = fnvByte(h, '=')
		h = fnvBytes(h, appendValue(vb[:0], p[k]))
		h = fnvByte(h, 0)
	}
	return game.Action(game.Mix(h) % (maxTag + 1))
}

// knobSet is a landscape bot spec's parameter names in sorted order
// (Tag's order) and each name's place in it.
type knobSet struct {
	names []string
	index map[string]int
}

func newKnobSet(ps []game.Param) *knobSet {
	ks := &knobSet{names: make([]string, len(ps)), index: make(map[string]int, len(ps))}
	for i, p := range ps {
		ks.names[i] = p.Name
	}
	slices.Sort(ks.names)
	for i, n := range ks.names {
		ks.index[n] = i
	}
	return ks
}

func newLandscapeBot(ks *knobSet, p game.Params) *landscapeBot {
	b := &landscapeBot{knobs: ks}
	b.Reconfigure(p)
	return b
}

// sameValue reports whether a and b are one parameter value (the same
// type and value; a float by its bits, so that -0 and 0 differ as their
// texts do).
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case int, int64, bool, string:
		return a == b // the same dynamic type and value
	}
	return false
}

// Reconfigure turns a finished landscape bot into New(p)'s (the arena's
// reuse, game.Reconfigurer). When p holds exactly the spec's parameters
// (as Resolve makes them) they are kept in the spec's sorted order with
// their texts, and only the values that changed since the bot's last
// game are formatted again for the tag; otherwise the bot keeps a copy
// of p and Tag's tag.
func (b *landscapeBot) Reconfigure(p game.Params) bool {
	b.land, b.code = nil, 0
	names := b.knobs.names
	if len(p) == len(names) {
		if len(b.vals) != len(names) {
			b.vals, b.ends = make([]any, len(names)), make([]int, len(names))
			b.text = b.text[:0]
		}
		// the values' texts into b.spare, an unchanged value's copied
		// from b.text; then the two swap
		next := b.spare[:0]
		start, fast := 0, true
		for i, k := range names {
			v, ok := p[k]
			if !ok {
				fast = false
				break
			}
			if len(b.text) > 0 && sameValue(v, b.vals[i]) {
				next = append(next, b.text[start:b.ends[i]]...)
			} else {
				b.vals[i] = v
				next = appendValue(next, v)
			}
			start = b.ends[i]
			b.ends[i] = len(next)
		}
		b.spare, b.text = b.text, next
		if fast {
			b.fast, b.p = true, nil
			h := uint64(fnvOffset64)
			start := 0
			for i, k := range names {
				h = fnvString(h, k)
				h = fnvByte(h, '=')
				h = fnvBytes(h, b.text[start:b.ends[i]])
				h = fnvByte(h, 0)
				start = b.ends[i]
			}
			b.tag = game.Action(game.Mix(h) % (maxTag + 1))
			return true
		}
		b.text = b.text[:0] // incomplete: the next game formats every value
	}
	b.fast = false
	b.p = p.Clone()
	b.tag = tagOf(p, nil)
	return true
}

// knob is the bot's value of knob k as the landscape reads it
// (knobValue).
func (b *landscapeBot) knob(k string) float64 {
	if !b.fast {
		return knobValue(b.p, k)
	}
	i, ok := b.knobs.index[k]
	if !ok {
		return knobDefault(k)
	}
	return knobOf(b.vals[i], k)
}
