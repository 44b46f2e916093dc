package space

import (
	"strings"
	"testing"
)

// TestOnBounds: a winner at an end of a numeric range or list is named,
// with the advice its kind and scale call for; a list of strings or
// booleans, an inner value and an end that is the bot's own limit are
// not (issue 44).
func TestOnBounds(t *testing.T) {
	s := mustParse(t, `
[[scenario]]
game = "fake"
[params]
depth  = { min = 1, max = 8 }
width  = { values = [10, 50, 25] }
weight = { min = 0.0, max = 4.0, steps = 5 }
risk   = { min = 0.1, max = 10.0, steps = 3, scale = "log" }
quick  = { values = [false, true] }
scope  = { values = ["a", "c"] }
`)
	cases := []struct {
		values map[string]any
		want   []string // one line per knob named, in the space's order
	}{
		{map[string]any{"depth": 4, "width": 25, "weight": 2.0, "risk": 1.0, "quick": true, "scope": "c"}, nil},
		{map[string]any{"depth": 8, "width": 10, "weight": 0.0, "risk": 10.0, "quick": false, "scope": "a"}, []string{
			"depth ended on its upper bound 8: the peak may lie beyond; widen the range",
			"width ended on the smallest value of its list, 10: the peak may lie beyond; add values below it",
			// 0 is the bot's lowest weight: nothing lies beyond
			"weight ended on its lower bound 0.0, the bot's own limit: nothing lies beyond, but the peak may lie between it and 1.0; add steps",
			"risk ended on its upper bound 10.0: the peak may lie beyond; widen the range (it is searched on a log scale already)",
		}},
		// depth 1 is the bot's own lowest: nothing lies beyond it
		{map[string]any{"depth": 1, "width": 50, "weight": 4.0, "risk": 0.1}, []string{
			"width ended on the largest value of its list, 50: the peak may lie beyond; add values above it",
			"weight ended on its upper bound 4.0: the peak may lie beyond; widen the range or search it on a log scale",
			"risk ended on its lower bound 0.1: the peak may lie beyond; widen the range (it is searched on a log scale already)",
		}},
	}
	for i, c := range cases {
		var got []string
		for _, h := range s.OnBounds(c.values) {
			got = append(got, h.Text)
			if h.Value != c.values[h.Param] || (h.End != "lower" && h.End != "upper") {
				t.Errorf("case %d: %+v", i, h)
			}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("case %d:\ngot  %q\nwant %q", i, got, c.want)
		}
	}
}

// TestOnBoundsContinuous: a search's final point next to an end (within
// NearBound of the range, in the search's geometry) is on it; one further
// in is not.
func TestOnBoundsContinuous(t *testing.T) {
	s := mustParse(t, `
[[scenario]]
game = "fake"
[generate]
method = "spsa"
[params]
weight = { min = 0.0, max = 4.0 }
risk   = { min = 0.1, max = 10.0, scale = "log" }
width  = { min = 2, max = 900 }
`)
	hits := s.OnBounds(map[string]any{"weight": 0.03, "risk": 9.0, "width": 895})
	var got []string
	for _, h := range hits {
		got = append(got, h.Param+" "+h.End)
	}
	// risk 9.0 is 2 % of the two decades from 10: inside
	if strings.Join(got, ", ") != "weight lower, width upper" {
		t.Fatalf("got %v", hits)
	}
	if want := "weight ended on its lower bound 0.0 (at 0.03, within 1 % of the range), the bot's own limit: nothing lies beyond, but the peak may lie close to it; search it on a log scale"; hits[0].Text != want {
		t.Errorf("got %q\nwant %q", hits[0].Text, want)
	}
	if want := "width ended on its upper bound 900 (at 895, within 1 % of the range): the peak may lie beyond; widen the range"; hits[1].Text != want {
		t.Errorf("got %q\nwant %q", hits[1].Text, want)
	}
	if len(s.OnBounds(map[string]any{"weight": 0.05, "risk": 9.9, "width": 500})) != 1 {
		t.Errorf("risk 9.9 is within 1 %% of its log range; weight 0.05 and width 500 are not")
	}
}
