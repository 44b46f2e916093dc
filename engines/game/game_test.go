package game

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParamCheck(t *testing.T) {
	pi := Param{Name: "d", Kind: Int, Default: 3, Min: 1, Max: 9}
	pf := Param{Name: "w", Kind: Float, Default: 1.0, Min: 0, Max: 4}
	pb := Param{Name: "b", Kind: Bool, Default: true}
	ps := Param{Name: "s", Kind: String, Default: "a", Choices: []string{"a", "b"}}
	ok := []struct {
		p    Param
		in   any
		want any
	}{
		{pi, int64(9), 9}, {pi, 1, 1}, {pi, 4.0, 4}, {pf, int64(2), 2.0}, {pf, 0.5, 0.5},
		{pb, false, false}, {ps, "b", "b"},
	}
	for _, c := range ok {
		got, err := c.p.Check(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s.Check(%v) = %v, %v; want %v", c.p.Name, c.in, got, err, c.want)
		}
	}
	bad := []struct {
		p   Param
		in  any
		msg string
	}{
		{pi, int64(10), "outside the allowed range 1..9"}, {pi, 2.5, "not an integer"}, {pi, "3", "not an integer"},
		{pf, 4.5, "outside the allowed range 0.0..4.0"}, {pf, true, "not a number"},
		{pb, "true", "not a boolean"}, {ps, "c", `"c" is not one of a, b`}, {ps, 1, "not a string"},
	}
	for _, c := range bad {
		if _, err := c.p.Check(c.in); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s.Check(%v): %v, want %q", c.p.Name, c.in, err, c.msg)
		}
	}
}

func TestFormatValue(t *testing.T) {
	for in, want := range map[any]string{1: "1", 1.0: "1.0", 0.1: "0.1", 1e21: "1e+21", true: "true", "x": "x", int64(-3): "-3"} {
		if got := FormatValue(in); got != want {
			t.Errorf("FormatValue(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	spec := BotSpec{Name: "b", Params: []Param{
		{Name: "depth", Kind: Int, Default: 3, Min: 1, Max: 9},
		{Name: "w", Kind: Float, Default: 1.0, Min: 0, Max: 4},
	}}
	p, err := spec.Resolve(map[string]any{"depth": int64(5)})
	if err != nil || !reflect.DeepEqual(p, Params{"depth": 5, "w": 1.0}) {
		t.Fatalf("%v %v", p, err)
	}
	_, err = spec.Resolve(map[string]any{"dpth": 1})
	var up *UnknownParamError
	if !errors.As(err, &up) || !strings.Contains(err.Error(), "its parameters are depth, w") {
		t.Fatalf("unknown parameter: %v", err)
	}
	if _, err = spec.Resolve(map[string]any{"w": 9.0}); err == nil || !strings.HasPrefix(err.Error(), "w: ") {
		t.Fatalf("out of range: %v", err)
	}
}

func TestRanksFromScores(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want []int
	}{
		{[]float64{1, 0}, []int{1, 2}}, {[]float64{0.5, 0.5}, []int{1, 1}},
		{[]float64{3, 7, 3, 1}, []int{2, 1, 2, 4}}, {[]float64{}, []int{}},
	} {
		if got := RanksFromScores(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("RanksFromScores(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestMix(t *testing.T) {
	if Mix(1, 2, 3) != Mix(1, 2, 3) {
		t.Fatal("Mix is not deterministic")
	}
	seen := map[uint64]bool{}
	for a := uint64(0); a < 20; a++ {
		for b := uint64(0); b < 20; b++ {
			seen[Mix(7, a, b)] = true
		}
	}
	if len(seen) != 400 || Mix(1, 2, 3) == Mix(1, 3, 2) || Mix(1) == Mix(2) {
		t.Fatal("Mix collides")
	}
	r1, r2 := NewRand(5), NewRand(5)
	for i := 0; i < 10; i++ {
		if r1.Uint64() != r2.Uint64() {
			t.Fatal("NewRand is not deterministic")
		}
	}
}
