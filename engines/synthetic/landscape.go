package synthetic

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"tourney/engines/game"
)

// Landscape is a landscape file: the true strength of the landscape bot as
// a function of its knobs (see the package doc, "Landscapes"). It is the
// map of the games played on it (game.Map). A Landscape is immutable.
type Landscape struct {
	name    string // the path it was read from
	text    string
	players int
	doc     string

	main map[string]map[float64]float64 // knob -> value -> Elo
	// field is [field]: Elo a discrete knob's value adds against bots
	// that are not landscape bots only (FieldValue).
	field map[string]map[float64]float64
	inter []interaction
	peak  map[string]peak
	cross []cross
	ridge []ridge
	// origin is the raw value of the defaults (every knob 0).
	origin float64
}

type interaction struct {
	a, b       string
	aVal, bVal float64
	elo        float64
}

// peak is a knob's −k·d² with d its distance from best: x − best, or
// log10(x) − log10(best) on a log scale; an integer peak is played at
// round(x).
type peak struct {
	best, k      float64
	log, integer bool
}

// ridge is a rotated term −k·(Σ w_i·d_i)² over two or more knobs.
type ridge struct {
	knobs []string
	w     []float64
	k     float64
}

type cross struct {
	a, b string
	c    float64
}

// Name is the path the landscape was read from.
func (l *Landscape) Name() string { return l.name }

// Players is the number of seats of a game on the landscape.
func (l *Landscape) Players() int { return l.players }

// MapText is the landscape file (game.MapTexter: external bots get it).
func (l *Landscape) MapText() string { return l.text }

// Doc is the file's doc string.
func (l *Landscape) Doc() string { return l.doc }

// Elo is the true strength of a landscape bot with knobs p, as the game
// plays it: Value(p) rounded to a whole Elo and limited to ±2000. Knobs
// missing from p are 0 (their default); other keys (label) are ignored.
func (l *Landscape) Elo(p game.Params) float64 {
	return max(-2000, min(2000, math.Round(l.Value(p))))
}

// Value is the landscape's exact value at knobs p relative to the origin
// (every knob 0, the bot's defaults, is 0 Elo), before the rounding of Elo.
func (l *Landscape) Value(p game.Params) float64 {
	return l.valueOf(func(k string) float64 { return knobValue(p, k) })
}

// valueOf is Value of the knobs x reads.
func (l *Landscape) valueOf(x func(string) float64) float64 { return l.raw(x) - l.origin }

// HasField reports whether the landscape has a [field] table: its
// landscape bot then announces two strengths (package doc, "A field").
func (l *Landscape) HasField() bool { return len(l.field) > 0 }

// FieldValue is the landscape bot's strength against bots that are not
// landscape bots (a field: fixed, random, external): Value plus the
// [field] terms, relative to the defaults as Value is.
func (l *Landscape) FieldValue(p game.Params) float64 {
	return l.fieldValueOf(func(k string) float64 { return knobValue(p, k) })
}

// fieldValueOf is FieldValue of the knobs x reads.
func (l *Landscape) fieldValueOf(x func(string) float64) float64 {
	v := l.valueOf(x)
	for k, m := range l.field {
		v += m[x(k)] - m[knobDefault(k)]
	}
	return v
}

// FieldElo is FieldValue as the game plays it (rounded, within ±2000).
func (l *Landscape) FieldElo(p game.Params) float64 {
	return max(-2000, min(2000, math.Round(l.FieldValue(p))))
}

// knobValue reads a knob from p (float64, or an integer), its default
// (knobDefault) when missing.
func knobValue(p game.Params, k string) float64 { return knobOf(p[k], k) }

// knobOf is knobValue of v, p's value of knob k (nil when missing).
func knobOf(v any, k string) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case int:
		return float64(v)
	case int64:
		return float64(v)
	}
	return knobDefault(k)
}

// knobDefault is the landscape bot's default of knob k: 1 for the
// positive knobs (g, m), 0 for the others.
func knobDefault(k string) float64 {
	if knobPositive(k) {
		return 1
	}
	return 0
}

// KnobDefault and KnobInteger are knobDefault and knobInteger (tests).
func KnobDefault(k string) float64 { return knobDefault(k) }
func KnobInteger(k string) bool    { return knobInteger(k) }

// knobInteger reports whether the bot's knob k is an integer (n, m).
func knobInteger(k string) bool { return strings.HasPrefix(k, "n") || strings.HasPrefix(k, "m") }

// knobPositive reports whether the bot's knob k is positive (g, m).
func knobPositive(k string) bool { return strings.HasPrefix(k, "g") || strings.HasPrefix(k, "m") }

// raw is the sum of the landscape's terms at the knob values x.
func (l *Landscape) raw(x func(string) float64) float64 {
	sum := 0.0
	for k, m := range l.main {
		sum += m[x(k)]
	}
	for _, t := range l.inter {
		if x(t.a) == t.aVal && x(t.b) == t.bVal {
			sum += t.elo
		}
	}
	d := func(k string) float64 { return l.dist(k, x(k)) }
	for k, pk := range l.peak {
		dk := d(k)
		sum -= pk.k * dk * dk
	}
	for _, c := range l.cross {
		sum += c.c * d(c.a) * d(c.b)
	}
	for _, r := range l.ridge {
		s := 0.0
		for i, k := range r.knobs {
			s += r.w[i] * d(k)
		}
		sum -= r.k * s * s
	}
	return sum
}

// dist is continuous knob k's distance from its best value at x: x −
// best, or log10 x − log10 best on a log scale (x at least 1e-300),
// x rounded first when the peak is an integer's.
func (l *Landscape) dist(k string, x float64) float64 {
	pk := l.peak[k]
	if pk.integer {
		x = math.Round(x)
	}
	if pk.log {
		return math.Log10(max(x, 1e-300)) - math.Log10(pk.best)
	}
	return x - pk.best
}

// Best is the strongest value of the landscape's continuous part: the
// knobs of [peak] at their best values (the others at their defaults),
// and its Value; integer knobs are at the best integers near their best
// values (each rounded, then moved by one while that gains). It is the
// landscape's maximum when the file has no discrete knobs (with integer
// knobs, up to what rounding a ridge between them can hide).
func (l *Landscape) Best() (game.Params, float64) {
	p := game.Params{}
	var ints []string
	for _, k := range slices.Sorted(maps.Keys(l.peak)) {
		pk := l.peak[k]
		p[k] = pk.best
		if pk.integer {
			v := math.Round(pk.best)
			if knobPositive(k) {
				v = max(1, v)
			}
			p[k] = v
			ints = append(ints, k)
		}
	}
	best := l.Value(p)
	for changed := true; changed; {
		changed = false
		for _, k := range ints {
			for _, step := range []float64{-1, 1} {
				v := p[k].(float64) + step
				if knobPositive(k) && v < 1 {
					continue
				}
				q := p.Clone()
				q[k] = v
				if x := l.Value(q); x > best+1e-12 {
					p, best, changed = q, x, true
				}
			}
		}
	}
	return p, best
}

// LandscapeError is an error in a landscape file: "file:line: key:
// message" (parts that are unknown are left out).
type LandscapeError struct {
	File string
	Line int
	Key  string // dotted key, e.g. "main.x3" or "interaction.elo"
	Msg  string
}

func (e *LandscapeError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		b.WriteString(":" + strconv.Itoa(e.Line))
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// ReadLandscape reads a landscape file.
func ReadLandscape(path string) (*Landscape, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseLandscape(path, data)
}

// ParseLandscape parses a landscape file; name is the file's name in
// errors and the map's name.
func ParseLandscape(name string, data []byte) (*Landscape, error) {
	src := string(data)
	var doc map[string]any
	if _, err := toml.Decode(src, &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line := pe.Position.Line
			if st := pe.Position.Start; st >= 0 && st <= len(src) {
				line = strings.Count(src[:st], "\n") + 1 // the line of the offending byte
			}
			return nil, &LandscapeError{File: name, Line: line, Msg: pe.Message}
		}
		return nil, &LandscapeError{File: name, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	ps := &parser{file: name, src: src}
	l, err := ps.landscape(doc)
	if err != nil {
		return nil, err
	}
	l.name, l.text = name, src
	return l, nil
}

// parser turns a decoded landscape file into a Landscape; its errors name
// the line of the key they are about.
type parser struct {
	file, src string
}

// errAt is an error at path (keys, and indexes of array elements).
func (ps *parser) errAt(path []any, format string, args ...any) error {
	var keys []string
	for _, s := range path {
		if k, ok := s.(string); ok {
			keys = append(keys, quoteKey(k))
		}
	}
	return &LandscapeError{File: ps.file, Line: lineOf(ps.src, path), Key: strings.Join(keys, "."), Msg: fmt.Sprintf(format, args...)}
}

func quoteKey(k string) string {
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return strconv.Quote(k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// lineOf is the line where path is first defined: the shortest prefix of
// the file (in whole lines) that parses and holds path. BurntSushi/toml
// keeps the positions of keys to itself; files are small and this runs
// only for an error. 0 when not found.
func lineOf(src string, path []any) int {
	lines := strings.SplitAfter(src, "\n")
	var b strings.Builder
	for n, ln := range lines {
		b.WriteString(ln)
		var m map[string]any
		if _, err := toml.Decode(b.String(), &m); err == nil && holds(m, path) {
			return n + 1
		}
	}
	return 0
}

// holds reports whether the decoded document v has path.
func holds(v any, path []any) bool {
	for _, s := range path {
		switch k := s.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return false
			}
			if v, ok = m[k]; !ok {
				return false
			}
		case int:
			switch a := v.(type) {
			case []map[string]any:
				if k >= len(a) {
					return false
				}
				v = a[k]
			case []any:
				if k >= len(a) {
					return false
				}
				v = a[k]
			default:
				return false
			}
		}
	}
	return true
}

// knobName reports whether k names a knob of the landscape bot.
func knobName(k string) bool {
	if len(k) < 2 {
		return false
	}
	most := map[byte]int{'x': Knobs, 'n': IntKnobs, 'g': PositiveKnobs, 'm': PositiveKnobs}[k[0]]
	n, err := strconv.Atoi(k[1:])
	return err == nil && strconv.Itoa(n) == k[1:] && n >= 1 && n <= most
}

const knobList = "x1 .. x16, n1 .. n8, g1 .. g8, m1 .. m8"

// number reads a finite number (TOML integer or float).
func (ps *parser) number(v any, path []any) (float64, error) {
	f, ok := game.AsNumber(v)
	if !ok {
		return 0, ps.errAt(path, "want a number, got %s", describe(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, ps.errAt(path, "want a finite number, got %v", f)
	}
	return f, nil
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("%v (%T)", v, v)
}

// table reads a table; missing is nil.
func (ps *parser) table(v any, path []any) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, ps.errAt(path, "want a table, got %s", describe(v))
	}
	return m, nil
}

// tables reads an array of tables ([[name]] or name = [{...}, ...]).
func (ps *parser) tables(v any, path []any) ([]map[string]any, error) {
	switch a := v.(type) {
	case []map[string]any:
		return a, nil
	case []any:
		out := make([]map[string]any, len(a))
		for i, e := range a {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, ps.errAt(append(slices.Clone(path), i), "want a table, got %s", describe(e))
			}
			out[i] = m
		}
		return out, nil
	}
	return nil, ps.errAt(path, "want an array of tables ([[%s]]), got %s", path[len(path)-1], describe(v))
}

// fields checks that t has exactly the keys want (required) and returns
// their values.
func (ps *parser) fields(t map[string]any, path []any, want ...string) ([]any, error) {
	for _, k := range slices.Sorted(maps.Keys(t)) {
		if !slices.Contains(want, k) {
			return nil, ps.errAt(append(slices.Clone(path), k), "unknown key (the keys are %s)", strings.Join(want, ", "))
		}
	}
	out := make([]any, len(want))
	for i, k := range want {
		v, ok := t[k]
		if !ok {
			return nil, ps.errAt(path, "missing %s (the keys are %s)", k, strings.Join(want, ", "))
		}
		out[i] = v
	}
	return out, nil
}

// fieldsOpt is fields with optional keys: their values are nil when
// missing.
func (ps *parser) fieldsOpt(t map[string]any, path []any, want []string, opt ...string) ([]any, error) {
	all := append(slices.Clone(want), opt...)
	req := map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(t)) {
		if !slices.Contains(all, k) {
			return nil, ps.errAt(append(slices.Clone(path), k), "unknown key (the keys are %s)", strings.Join(all, ", "))
		}
		if slices.Contains(want, k) {
			req[k] = t[k]
		}
	}
	out, err := ps.fields(req, path, want...)
	if err != nil {
		return nil, err
	}
	for _, k := range opt {
		out = append(out, t[k])
	}
	return out, nil
}

// knob reads a knob name.
func (ps *parser) knob(v any, path []any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", ps.errAt(path, "want a knob name (%s), got %s", knobList, describe(v))
	}
	if !knobName(s) {
		return "", ps.errAt(path, "%q is not a knob (%s)", s, knobList)
	}
	return s, nil
}

func (ps *parser) landscape(doc map[string]any) (*Landscape, error) {
	l := &Landscape{main: map[string]map[float64]float64{}, field: map[string]map[float64]float64{}, peak: map[string]peak{}}
	top := []string{"doc", "players", "main", "field", "interaction", "peak", "cross", "ridge"}
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		if !slices.Contains(top, k) {
			return nil, ps.errAt([]any{k}, "unknown key (the keys are %s)", strings.Join(top, ", "))
		}
	}
	if v, ok := doc["doc"]; ok {
		s, ok := v.(string)
		if !ok {
			return nil, ps.errAt([]any{"doc"}, "want a string, got %s", describe(v))
		}
		l.doc = s
	}
	pv, ok := doc["players"]
	if !ok {
		return nil, &LandscapeError{File: ps.file, Line: 1, Msg: "missing players (the number of seats, 2 .. 8)"}
	}
	if n, ok := pv.(int64); !ok || n < 2 || n > 8 {
		return nil, ps.errAt([]any{"players"}, "want the number of seats, 2 .. 8, got %s", describe(pv))
	} else {
		l.players = int(n)
	}
	// kind records each knob's first use: discrete or continuous.
	kind := map[string]string{}
	use := func(k, as string, path []any) error {
		if was, ok := kind[k]; ok && was != as {
			return ps.errAt(path, "%s is %s in this file and cannot also be %s", k, was, as)
		}
		kind[k] = as
		return nil
	}
	const discrete, continuous = "discrete ([main], [field], [[interaction]])", "continuous ([peak], [[cross]], [[ridge]])"

	for _, name := range []string{"main", "field"} {
		v, ok := doc[name]
		if !ok {
			continue
		}
		mt, err := ps.table(v, []any{name})
		if err != nil {
			return nil, err
		}
		for _, k := range slices.Sorted(maps.Keys(mt)) {
			path := []any{name, k}
			if !knobName(k) {
				return nil, ps.errAt(path, "%q is not a knob (%s)", k, knobList)
			}
			if err := use(k, discrete, path); err != nil {
				return nil, err
			}
			vt, err := ps.table(mt[k], path)
			if err != nil {
				return nil, err
			}
			m := map[float64]float64{}
			seen := map[float64]string{}
			for _, vs := range slices.Sorted(maps.Keys(vt)) {
				vp := append(slices.Clone(path), vs)
				x, err := strconv.ParseFloat(strings.TrimSpace(vs), 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return nil, ps.errAt(vp, "%q is not a knob value: write the value as a quoted number (\"0\", \"1\", \"0.5\")", vs)
				}
				if o, dup := seen[x]; dup {
					return nil, ps.errAt(vp, "%q and %q are the same value", o, vs)
				}
				seen[x] = vs
				if m[x], err = ps.number(vt[vs], vp); err != nil {
					return nil, err
				}
			}
			if name == "main" {
				l.main[k] = m
			} else {
				l.field[k] = m
			}
		}
	}
	if v, ok := doc["interaction"]; ok {
		ts, err := ps.tables(v, []any{"interaction"})
		if err != nil {
			return nil, err
		}
		for i, t := range ts {
			path := []any{"interaction", i}
			f, err := ps.fields(t, path, "a", "a_value", "b", "b_value", "elo")
			if err != nil {
				return nil, err
			}
			var it interaction
			if it.a, err = ps.knob(f[0], append(slices.Clone(path), "a")); err != nil {
				return nil, err
			}
			if it.aVal, err = ps.number(f[1], append(slices.Clone(path), "a_value")); err != nil {
				return nil, err
			}
			if it.b, err = ps.knob(f[2], append(slices.Clone(path), "b")); err != nil {
				return nil, err
			}
			if it.bVal, err = ps.number(f[3], append(slices.Clone(path), "b_value")); err != nil {
				return nil, err
			}
			if it.elo, err = ps.number(f[4], append(slices.Clone(path), "elo")); err != nil {
				return nil, err
			}
			if it.a == it.b {
				return nil, ps.errAt(append(slices.Clone(path), "b"), "an interaction is between two knobs, not %s and itself", it.a)
			}
			if err := use(it.a, discrete, append(slices.Clone(path), "a")); err != nil {
				return nil, err
			}
			if err := use(it.b, discrete, append(slices.Clone(path), "b")); err != nil {
				return nil, err
			}
			for j, o := range l.inter {
				if o.a == it.a && o.b == it.b && o.aVal == it.aVal && o.bVal == it.bVal ||
					o.a == it.b && o.b == it.a && o.aVal == it.bVal && o.bVal == it.aVal {
					return nil, ps.errAt(path, "the same knobs and values as interaction %d", j+1)
				}
			}
			l.inter = append(l.inter, it)
		}
	}
	if v, ok := doc["peak"]; ok {
		pt, err := ps.table(v, []any{"peak"})
		if err != nil {
			return nil, err
		}
		for _, k := range slices.Sorted(maps.Keys(pt)) {
			path := []any{"peak", k}
			if !knobName(k) {
				return nil, ps.errAt(path, "%q is not a knob (%s)", k, knobList)
			}
			if err := use(k, continuous, path); err != nil {
				return nil, err
			}
			t, err := ps.table(pt[k], path)
			if err != nil {
				return nil, err
			}
			f, err := ps.fieldsOpt(t, path, []string{"best", "k"}, "scale", "integer")
			if err != nil {
				return nil, err
			}
			var pk peak
			if pk.best, err = ps.number(f[0], append(slices.Clone(path), "best")); err != nil {
				return nil, err
			}
			if pk.k, err = ps.number(f[1], append(slices.Clone(path), "k")); err != nil {
				return nil, err
			}
			if pk.best < -knobRange || pk.best > knobRange {
				return nil, ps.errAt(append(slices.Clone(path), "best"), "%v is outside the knobs' range ±1e6", pk.best)
			}
			if pk.k <= 0 {
				return nil, ps.errAt(append(slices.Clone(path), "k"), "want k > 0 (a knob without a peak is left out of [peak]), got %v", pk.k)
			}
			if v := f[2]; v != nil {
				switch v {
				case "linear":
				case "log":
					pk.log = true
					if !knobPositive(k) {
						return nil, ps.errAt(append(slices.Clone(path), "scale"), "a log scale needs a positive knob (g1 .. g8, m1 .. m8; default 1), not %s", k)
					}
					if !(pk.best > 0) {
						return nil, ps.errAt(append(slices.Clone(path), "best"), "a log scale needs best > 0, got %v", pk.best)
					}
				default:
					return nil, ps.errAt(append(slices.Clone(path), "scale"), "want \"linear\" or \"log\", got %s", describe(v))
				}
			}
			if v := f[3]; v != nil {
				b, ok := v.(bool)
				if !ok {
					return nil, ps.errAt(append(slices.Clone(path), "integer"), "want true or false, got %s", describe(v))
				}
				if !b && knobInteger(k) {
					return nil, ps.errAt(append(slices.Clone(path), "integer"), "%s is an integer knob of the bot: integer = false cannot hold", k)
				}
				pk.integer = b
			}
			pk.integer = pk.integer || knobInteger(k)
			l.peak[k] = pk
		}
	}
	if v, ok := doc["cross"]; ok {
		ts, err := ps.tables(v, []any{"cross"})
		if err != nil {
			return nil, err
		}
		for i, t := range ts {
			path := []any{"cross", i}
			f, err := ps.fields(t, path, "a", "b", "c")
			if err != nil {
				return nil, err
			}
			var c cross
			if c.a, err = ps.knob(f[0], append(slices.Clone(path), "a")); err != nil {
				return nil, err
			}
			if c.b, err = ps.knob(f[1], append(slices.Clone(path), "b")); err != nil {
				return nil, err
			}
			if c.c, err = ps.number(f[2], append(slices.Clone(path), "c")); err != nil {
				return nil, err
			}
			if c.a == c.b {
				return nil, ps.errAt(append(slices.Clone(path), "b"), "a cross is between two knobs, not %s and itself", c.a)
			}
			for _, kk := range [][2]string{{c.a, "a"}, {c.b, "b"}} {
				if _, ok := l.peak[kk[0]]; !ok {
					return nil, ps.errAt(append(slices.Clone(path), kk[1]), "%s has no [peak] entry: a cross term is c·(xa − best_a)·(xb − best_b)", kk[0])
				}
			}
			for j, o := range l.cross {
				if o.a == c.a && o.b == c.b || o.a == c.b && o.b == c.a {
					return nil, ps.errAt(path, "%s and %s already have cross %d", c.a, c.b, j+1)
				}
			}
			l.cross = append(l.cross, c)
		}
	}
	if v, ok := doc["ridge"]; ok {
		ts, err := ps.tables(v, []any{"ridge"})
		if err != nil {
			return nil, err
		}
		for i, t := range ts {
			path := []any{"ridge", i}
			f, err := ps.fields(t, path, "knobs", "weights", "k")
			if err != nil {
				return nil, err
			}
			var r ridge
			ks, ok := f[0].([]any)
			if !ok || len(ks) < 2 {
				return nil, ps.errAt(append(slices.Clone(path), "knobs"), "want an array of at least two knob names, got %s", describe(f[0]))
			}
			for j, kv := range ks {
				k, err := ps.knob(kv, append(slices.Clone(path), "knobs"))
				if err != nil {
					return nil, err
				}
				if _, ok := l.peak[k]; !ok {
					return nil, ps.errAt(append(slices.Clone(path), "knobs"), "%s has no [peak] entry: a ridge is −k·(Σ w_i·d_i)², d_i a knob's distance from its best value", k)
				}
				if slices.Contains(r.knobs, k) {
					return nil, ps.errAt(append(slices.Clone(path), "knobs"), "%s is listed twice (position %d)", k, j+1)
				}
				r.knobs = append(r.knobs, k)
			}
			ws, ok := f[1].([]any)
			if !ok || len(ws) != len(r.knobs) {
				return nil, ps.errAt(append(slices.Clone(path), "weights"), "want an array of %d numbers (one per knob), got %s", len(r.knobs), describe(f[1]))
			}
			for _, wv := range ws {
				w, err := ps.number(wv, append(slices.Clone(path), "weights"))
				if err != nil {
					return nil, err
				}
				r.w = append(r.w, w)
			}
			if r.k, err = ps.number(f[2], append(slices.Clone(path), "k")); err != nil {
				return nil, err
			}
			if r.k <= 0 {
				return nil, ps.errAt(append(slices.Clone(path), "k"), "want k > 0, got %v", r.k)
			}
			l.ridge = append(l.ridge, r)
		}
	}
	if len(l.cross) > 0 && !l.peakIsMaximum() {
		return nil, ps.errAt([]any{"cross", len(l.cross) - 1}, "the continuous terms have no maximum at the best values: the cross terms are too strong for the k's (with one cross, 4·k_a·k_b must exceed c²)")
	}
	l.origin = l.raw(knobDefault)
	return l, nil
}

// peakIsMaximum reports whether the continuous part, −Σ k_i d_i² + Σ c
// d_a d_b with d = x − best, is negative definite (its Hessian's negation
// M, M_ii = 2k_i and M_ab = −c, has a Cholesky factor), so that the best
// values are its maximum.
func (l *Landscape) peakIsMaximum() bool {
	knobs := slices.Sorted(maps.Keys(l.peak))
	n := len(knobs)
	idx := map[string]int{}
	for i, k := range knobs {
		idx[k] = i
	}
	m := make([][]float64, n)
	for i, k := range knobs {
		m[i] = make([]float64, n)
		m[i][i] = 2 * l.peak[k].k
	}
	for _, c := range l.cross {
		a, b := idx[c.a], idx[c.b]
		m[a][b] -= c.c
		m[b][a] -= c.c
	}
	for _, r := range l.ridge { // −k·(w·d)² adds 2k·w·wᵀ
		for i, a := range r.knobs {
			for j, b := range r.knobs {
				m[idx[a]][idx[b]] += 2 * r.k * r.w[i] * r.w[j]
			}
		}
	}
	for j := range n {
		d := m[j][j]
		for k := range j {
			d -= m[j][k] * m[j][k]
		}
		if d <= 0 {
			return false
		}
		m[j][j] = math.Sqrt(d)
		for i := j + 1; i < n; i++ {
			s := m[i][j]
			for k := range j {
				s -= m[i][k] * m[j][k]
			}
			m[i][j] = s / m[j][j]
		}
	}
	return true
}
