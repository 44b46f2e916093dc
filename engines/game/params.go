package game

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Kind is the type of a bot parameter.
type Kind int

const (
	Int Kind = iota
	Float
	Bool
	String
)

func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Float:
		return "float"
	case Bool:
		return "bool"
	case String:
		return "string"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Param describes one tunable parameter of a bot. Values are int, float64,
// bool or string according to Kind.
type Param struct {
	Name    string
	Kind    Kind
	Default any
	// Min and Max bound Int and Float parameters (inclusive).
	Min, Max float64
	// Choices lists the allowed values of a String parameter.
	Choices []string
	Doc     string
	// ActsUnder lists the budget kinds (BudgetKinds: BudgetDepth,
	// BudgetNodes, BudgetClock, BudgetNone) under which the parameter can
	// change a move; nil: every budget. deepening_start, say, acts only
	// under a nodes or clock budget: at a fixed depth it changes no game,
	// and `tourney validate` says so before the run. Declare only what the
	// code guarantees (a sweep still names, after the run, every knob that
	// changed no game).
	ActsUnder []string
}

// Budget kinds (BudgetKinds, Param.ActsUnder).
const (
	BudgetNone  = "none"  // no budget: the bot's own default
	BudgetDepth = "depth" // Budget.Depth
	BudgetNodes = "nodes" // Budget.Nodes
	BudgetClock = "clock" // Budget.Time: a time limit
)

// BudgetKinds lists the kinds of limit b sets (BudgetNone when it sets
// none). A budget that sets several has several kinds; a parameter acts
// under it when it acts under any of them.
func BudgetKinds(b Budget) []string {
	var k []string
	if b.Depth > 0 {
		k = append(k, BudgetDepth)
	}
	if b.Nodes > 0 {
		k = append(k, BudgetNodes)
	}
	if b.Time > 0 {
		k = append(k, BudgetClock)
	}
	if len(k) == 0 {
		k = append(k, BudgetNone)
	}
	return k
}

// ActsUnderBudget reports whether the parameter can change a move under
// b: it declares no ActsUnder, or one of b's kinds.
func (p Param) ActsUnderBudget(b Budget) bool {
	if p.ActsUnder == nil {
		return true
	}
	for _, k := range BudgetKinds(b) {
		for _, a := range p.ActsUnder {
			if a == k {
				return true
			}
		}
	}
	return false
}

// ActsUnderText names the budgets the parameter acts under ("a nodes or
// clock budget"; "" when it declares none).
func (p Param) ActsUnderText() string {
	if p.ActsUnder == nil {
		return ""
	}
	var kinds []string
	none := false
	for _, a := range p.ActsUnder {
		if a == BudgetNone {
			none = true
			continue
		}
		kinds = append(kinds, a)
	}
	s := ""
	if len(kinds) > 0 {
		s = "a " + strings.Join(kinds, " or ") + " budget"
	}
	if none {
		if s != "" {
			s += " or "
		}
		s += "no budget"
	}
	return s
}

// Range describes the allowed values for `tourney list` and error messages.
func (p Param) Range() string {
	switch p.Kind {
	case Int:
		return fmt.Sprintf("%d..%d", int64(p.Min), int64(p.Max))
	case Float:
		return FormatValue(p.Min) + ".." + FormatValue(p.Max)
	case Bool:
		return "true, false"
	case String:
		return strings.Join(p.Choices, ", ")
	}
	return ""
}

// Check converts v (as decoded from TOML or typed by a user: int, int64,
// float64, bool, string) to the parameter's type and checks its range.
// The error does not name the parameter; callers add position and name.
func (p Param) Check(v any) (any, error) {
	switch p.Kind {
	case Int:
		var n int64
		switch x := v.(type) {
		case int:
			n = int64(x)
		case int64:
			n = x
		case float64:
			if x != math.Trunc(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("%s is not an integer", FormatValue(x))
			}
			n = int64(x)
		default:
			return nil, fmt.Errorf("%s is not an integer", describe(v))
		}
		if float64(n) < p.Min || float64(n) > p.Max {
			return nil, fmt.Errorf("%d is outside the allowed range %s", n, p.Range())
		}
		return int(n), nil
	case Float:
		f, ok := AsNumber(v)
		if !ok {
			return nil, fmt.Errorf("%s is not a number", describe(v))
		}
		if math.IsNaN(f) || f < p.Min || f > p.Max {
			return nil, fmt.Errorf("%s is outside the allowed range %s", FormatValue(f), p.Range())
		}
		return f, nil
	case Bool:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("%s is not a boolean", describe(v))
		}
		return b, nil
	case String:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("%s is not a string", describe(v))
		}
		for _, c := range p.Choices {
			if c == s {
				return s, nil
			}
		}
		return nil, fmt.Errorf("%q is not one of %s", s, p.Range())
	}
	return nil, fmt.Errorf("parameter kind %v unknown", p.Kind)
}

// AsNumber is v as a float64 when v is a number (int, int64 or float64,
// as TOML decodes or a user types them).
func AsNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case nil:
		return "nothing"
	default:
		return fmt.Sprintf("%v (%T)", FormatValue(v), v)
	}
}

// FormatValue writes a parameter value the way TOML and CSV files show it:
// integers without a point, floats in the shortest form that reads back
// exactly (with a point or exponent), booleans and strings bare.
func FormatValue(v any) string {
	switch x := v.(type) {
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") { // n: NaN, Inf
			s += ".0"
		}
		return s
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// Params holds a bot's parameter values by name, typed as their Param says.
type Params map[string]any

// Int, Float, Bool and Str read a value; they panic on a missing or
// mistyped parameter, which is a programming error once Resolve has run.
func (p Params) Int(name string) int       { return p[name].(int) }
func (p Params) Float(name string) float64 { return p[name].(float64) }
func (p Params) Bool(name string) bool     { return p[name].(bool) }
func (p Params) Str(name string) string    { return p[name].(string) }
func (p Params) Clone() Params {
	c := make(Params, len(p))
	for k, v := range p {
		c[k] = v
	}
	return c
}
func (p Params) Has(name string) bool { _, ok := p[name]; return ok }

// Keys returns the parameter names in sorted order.
func (p Params) Keys() []string {
	ks := slices.Sorted(maps.Keys(p))
	return ks
}

// BotSpec describes a bot of a game: its parameters and how to build it.
type BotSpec struct {
	Name   string
	Doc    string
	Params []Param
	// New builds a bot from complete, checked parameters (see Resolve).
	New func(p Params) (Bot, error)
}

// Param returns the named parameter.
func (s BotSpec) Param(name string) (Param, bool) {
	for _, p := range s.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// ParamNames lists the bot's parameter names in declaration order.
func (s BotSpec) ParamNames() []string {
	names := make([]string, len(s.Params))
	for i, p := range s.Params {
		names[i] = p.Name
	}
	return names
}

// UnknownParamError is returned for a parameter the bot does not have.
type UnknownParamError struct {
	Bot, Name string
	Known     []string
}

func (e *UnknownParamError) Error() string {
	known := "it has no parameters"
	if len(e.Known) > 0 {
		known = "its parameters are " + strings.Join(e.Known, ", ")
	}
	return fmt.Sprintf("bot %q has no parameter %q (%s)", e.Bot, e.Name, known)
}

// Defaults returns the bot's default parameters.
func (s BotSpec) Defaults() Params {
	p := make(Params, len(s.Params))
	for _, d := range s.Params {
		p[d.Name] = d.Default
	}
	return p
}

// Resolve returns the defaults overridden by values, each checked and
// converted. Errors name the parameter.
func (s BotSpec) Resolve(values map[string]any) (Params, error) {
	p := s.Defaults()
	for _, k := range sortedKeys(values) {
		d, ok := s.Param(k)
		if !ok {
			return nil, &UnknownParamError{Bot: s.Name, Name: k, Known: s.ParamNames()}
		}
		v, err := d.Check(values[k])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		p[k] = v
	}
	return p, nil
}

// Build resolves values and builds the bot.
func (s BotSpec) Build(values map[string]any) (Bot, Params, error) {
	p, err := s.Resolve(values)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.New(p)
	return b, p, err
}

func sortedKeys(m map[string]any) []string {
	ks := slices.Sorted(maps.Keys(m))
	return ks
}

// FindBot returns the game's bot by name.
func FindBot(g Game, name string) (BotSpec, error) {
	var names []string
	for _, b := range g.Bots() {
		if b.Name == name {
			return b, nil
		}
		names = append(names, b.Name)
	}
	return BotSpec{}, fmt.Errorf("game %q has no bot %q (its bots are %s)", g.Info().Name, name, strings.Join(names, ", "))
}
