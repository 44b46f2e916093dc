package space

import (
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"tourney/engines/game"
)

const genScenario = "[[scenario]]\ngame = \"fake\"\n"

func points(vs []Variant, names ...string) [][]any {
	out := make([][]any, len(vs))
	for i, v := range vs {
		for _, n := range names {
			out[i] = append(out[i], v.Values[n])
		}
	}
	return out
}

func TestGridOrder(t *testing.T) {
	s := mustParse(t, genScenario+`
[params]
depth = { values = [1, 4] }
scope = { values = ["b", "a"] }
quick = { values = [true, false] }
`)
	got := points(s.Variants(), "depth", "scope", "quick")
	want := [][]any{
		{4, "a", false}, // defaults
		{1, "b", true}, {1, "b", false}, {1, "a", true}, {1, "a", false},
		{4, "b", true}, {4, "b", false}, {4, "a", true}, // {4, "a", false} is variant 0
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("grid\n got %v\nwant %v", got, want)
	}
	if vs := s.Variants(); !vs[0].Default || vs[1].Default {
		t.Error("Default flag")
	}
}

func TestGridWithoutDefaults(t *testing.T) {
	s := mustParse(t, genScenario+`
[params]
depth = { min = 1, max = 3 }
weight = { min = 0, max = 1, steps = 2 }
[generate]
include_defaults = false
`)
	got := points(s.Variants(), "depth", "weight")
	want := [][]any{{1, 0.0}, {1, 1.0}, {2, 0.0}, {2, 1.0}, {3, 0.0}, {3, 1.0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v want %v", got, want)
	}
}

func TestSweep(t *testing.T) {
	s := mustParse(t, genScenario+`
[base]
width = 50
[params]
depth = { values = [2, 4, 6] }
quick = { values = [false, true] }
scope = { values = ["c", "b"] }
[generate]
method = "sweep"
`)
	got := points(s.Variants(), "depth", "quick", "scope")
	want := [][]any{
		{4, false, "a"},
		{2, false, "a"}, {6, false, "a"}, // 4 is the default: skipped
		{4, true, "a"},
		{4, false, "c"}, {4, false, "b"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sweep\n got %v\nwant %v", got, want)
	}
	p, err := s.BotParams(0, s.Variants()[3])
	if err != nil || !p.Bool("quick") || p.Int("width") != 50 || p.Int("depth") != 4 {
		t.Errorf("params %v %v", p, err)
	}

	s2 := mustParse(t, strings.Replace(s2src, "X", "false", 1))
	if got := points(s2.Variants(), "depth"); !reflect.DeepEqual(got, [][]any{{2}, {6}}) {
		t.Errorf("sweep without defaults: %v", got)
	}
}

const s2src = genScenario + `
[params]
depth = { values = [2, 4, 6] }
[generate]
method = "sweep"
include_defaults = X
`

func TestStepValues(t *testing.T) {
	cases := []struct {
		param string
		rng   string
		want  []any
	}{
		{"width", "min = 1, max = 100, steps = 5, scale = \"log\"", []any{1, 3, 10, 32, 100}},
		{"width", "min = 1, max = 4, steps = 10", []any{1, 2, 3, 4}},                   // rounded, deduplicated
		{"width", "min = 1, max = 10, steps = 4, scale = \"log\"", []any{1, 2, 5, 10}}, // 2.15→2, 4.64→5
		{"width", "min = 10, max = 20, steps = 3", []any{10, 15, 20}},
		{"weight", "min = 0, max = 1, steps = 5", []any{0.0, 0.25, 0.5, 0.75, 1.0}},
		{"weight", "min = 0.1, max = 0.3, steps = 3", []any{0.1, 0.2, 0.3}}, // no 0.30000000000000004
		{"risk", "min = 0.1, max = 10, steps = 3, scale = \"log\"", []any{0.1, 1.0, 10.0}},
		{"risk", "min = 1, max = 100, steps = 5, scale = \"log\"", []any{1.0, 3.16227766017, 10.0, 31.6227766017, 100.0}},
		{"depth", "min = 3, max = 3", []any{3}},
	}
	for _, c := range cases {
		s := mustParse(t, genScenario+"[params]\n"+c.param+" = { "+c.rng+" }\n")
		if got := s.Params[0].Values; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s { %s }: got %v, want %v", c.param, c.rng, got, c.want)
		}
	}
}

func TestRandom(t *testing.T) {
	src := genScenario + `
seed = 7
[params]
depth = { min = 1, max = 20 }
risk = { min = 0.01, max = 100, scale = "log" }   # continuous, log-uniform
weight = { min = 2, max = 4 }                      # continuous
scope = { values = ["a", "b", "c"] }
[generate]
method = "random"
samples = 50
`
	src = strings.Replace(src, "seed = 7\n", "", 1)
	src = "seed = 7\n" + src
	a, b := mustParse(t, src), mustParse(t, src)
	va, vb := a.Variants(), b.Variants()
	if len(va) != 51 {
		t.Fatalf("%d variants, want 1 + 50", len(va))
	}
	if !reflect.DeepEqual(va, vb) {
		t.Error("same file and seed gave different variants")
	}
	c := mustParse(t, strings.Replace(src, "seed = 7", "seed = 8", 1))
	if reflect.DeepEqual(va, c.Variants()) {
		t.Error("another seed gave the same variants")
	}
	var logs []float64
	for _, v := range va[1:] {
		d := v.Values["depth"].(int)
		r := v.Values["risk"].(float64)
		w := v.Values["weight"].(float64)
		sc := v.Values["scope"].(string)
		if d < 1 || d > 20 || r < 0.01 || r > 100 || w < 2 || w > 4 || !strings.Contains("abc", sc) {
			t.Errorf("variant %d out of range: %v", v.ID, v.Values)
		}
		if w != roundSig(w, 6) {
			t.Errorf("weight %v not rounded to 6 digits", w)
		}
		logs = append(logs, math.Log10(r))
	}
	// Log-uniform over 4 decades: about half below 1.
	below := 0
	for _, l := range logs {
		if l < 0 {
			below++
		}
	}
	if below < 10 || below > 40 {
		t.Errorf("%d of 50 log-uniform draws below 1", below)
	}
}

func TestRandomSmallSpace(t *testing.T) {
	// Only 4 points exist (one of them the default): random stops short
	// of samples instead of repeating.
	s := mustParse(t, genScenario+`
[params]
quick = { values = [true, false] }
scope = { values = ["a", "b"] }
[generate]
method = "random"
samples = 10
`)
	vs := s.Variants()
	if len(vs) != 4 {
		t.Fatalf("%d variants: %v", len(vs), points(vs, "quick", "scope"))
	}
	seen := map[string]bool{}
	for _, v := range vs {
		k := pointKey([]any{v.Values["quick"], v.Values["scope"]})
		if seen[k] {
			t.Errorf("repeated variant %v", v.Values)
		}
		seen[k] = true
	}
}

func TestLHS(t *testing.T) {
	src := genScenario + `
[params]
weight = { min = 0, max = 10 }
risk = { min = 0.01, max = 100, scale = "log" }
depth = { min = 1, max = 20 }
[generate]
method = "lhs"
samples = 20
include_defaults = false
`
	s := mustParse(t, src)
	vs := s.Variants()
	if len(vs) != 20 || vs[0].Default {
		t.Fatalf("%d variants", len(vs))
	}
	if !reflect.DeepEqual(vs, mustParse(t, src).Variants()) {
		t.Error("not deterministic")
	}
	// Every stratum of every dimension is hit exactly once.
	strata := func(f func(v Variant) float64) []int {
		var out []int
		for _, v := range vs {
			out = append(out, int(math.Min(f(v)*20, 19)))
		}
		sort.Ints(out)
		return out
	}
	want := make([]int, 20)
	for i := range want {
		want[i] = i
	}
	w := strata(func(v Variant) float64 { return v.Values["weight"].(float64) / 10 })
	r := strata(func(v Variant) float64 { return (math.Log10(v.Values["risk"].(float64)) + 2) / 4 })
	d := strata(func(v Variant) float64 { return float64(v.Values["depth"].(int)-1) / 20 })
	for name, got := range map[string][]int{"weight": w, "risk": r, "depth": d} {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s strata %v", name, got)
		}
	}
}

func TestLHSDiscreteDedupe(t *testing.T) {
	// 8 samples over a 2-value parameter: duplicates are dropped.
	s := mustParse(t, genScenario+`
[params]
quick = { values = [true, false] }
[generate]
method = "lhs"
samples = 8
`)
	got := points(s.Variants(), "quick")
	if !reflect.DeepEqual(got, [][]any{{false}, {true}}) {
		t.Errorf("got %v", got)
	}
}

func TestStepValuesHelper(t *testing.T) {
	p := game.Param{Name: "n", Kind: game.Int, Min: 1, Max: 1000}
	got := stepValues(p, 1, 1000, 4, true)
	if !reflect.DeepEqual(got, []any{1, 10, 100, 1000}) {
		t.Errorf("got %v", got)
	}
}
