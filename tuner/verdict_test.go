package tuner

import (
	"math"
	"strings"
	"testing"
)

// A zero-width interval is never printed: one distinct block is
// "deterministic games"; many distinct blocks with one result are
// variants that play alike.
func TestVerdictNoVariation(t *testing.T) {
	cases := []struct {
		v    Verdict
		want string
	}{
		{Verdict{Winner: 1, Elo: 61.9, Lo: math.NaN(), Hi: math.NaN(), Distinct: 1}, "no variation: deterministic games; distinct blocks: 1"},
		// the bootstrap of one block is that block: no P(best) 1.00 from it
		{Verdict{Winner: 1, Elo: 0, Lo: math.NaN(), Hi: math.NaN(), Distinct: 1, PBest: 1}, "distinct blocks: 1), P(best) not estimated: one distinct block"},
		{Verdict{Winner: 2, Elo: 0, Lo: 0, Hi: 0.01, Distinct: 41, PBest: 0.46}, "distinct blocks: 41), P(best) 0.46"},
		{Verdict{Winner: 2, Elo: 0, Lo: 0, Hi: 0.01, Distinct: 41}, "no variation: every block gave the same result; distinct blocks: 41"},
		{Verdict{Winner: 2, Elo: 12, Lo: 3, Hi: 20, Distinct: 41}, "12.0 Elo against the defaults [3.0, 20.0]"},
	}
	for _, c := range cases {
		if got := c.v.String(); !strings.Contains(got, c.want) || strings.Contains(got, "[61.9, 61.9]") {
			t.Errorf("%+v: %q, want %q", c.v, got, c.want)
		}
	}
}
