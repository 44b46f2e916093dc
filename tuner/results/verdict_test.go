package results

import (
	"strings"
	"testing"
)

// A zero-width interval is never printed: one distinct block is
// "deterministic games"; many distinct blocks with one result are
// variants that play alike, and their interval is the information's.
func TestVerdictNoVariation(t *testing.T) {
	cases := []struct {
		v    Verdict
		want string
	}{
		{Verdict{Winner: 1, Elo: 61.9, Lo: 61.9, Hi: 61.9, Flat: true, Distinct: 1}, "no variation: deterministic games; distinct blocks: 1"},
		// the bootstrap of one block is that block: no P(best) 1.00 from it
		{Verdict{Winner: 1, Elo: 0, Lo: -70, Hi: 70, Flat: true, Distinct: 1, PBest: 1}, "distinct blocks: 1), P(best) not estimated: one distinct block"},
		{Verdict{Winner: 2, Elo: 0, Lo: -72.4, Hi: 72.4, Flat: true, Distinct: 41, PBest: 0.46}, "distinct blocks: 41; the interval is the games' information), P(best) 0.46"},
		{Verdict{Winner: 2, Elo: 0, Lo: -72.4, Hi: 72.4, Flat: true, Distinct: 41}, "[-72.4, 72.4] (no variation: every block gave the same result; distinct blocks: 41"},
		{Verdict{Winner: 2, Elo: 12, Lo: 3, Hi: 20, Distinct: 41}, "12.0 Elo against the defaults [3.0, 20.0]"},
	}
	for _, c := range cases {
		if got := c.v.String(); !strings.Contains(got, c.want) || strings.Contains(got, "[61.9, 61.9]") || strings.Contains(got, "NaN") {
			t.Errorf("%+v: %q, want %q", c.v, got, c.want)
		}
	}
}

// TestVerdictWords: a winner below the defaults is called worse; P(best)
// says among how many variants that played; the tournament's adjusted
// bound is explained, and left out when the hold-out decides (issue 31).
func TestVerdictWords(t *testing.T) {
	worse := Verdict{Winner: 10, Elo: -63, Lo: -126.6, Hi: -3.3, LoAdjusted: -150, Held: true, HeldDistinct: 20, Distinct: 60,
		PBest: 0.2, Played: 12, Variants: 12, Text: verdictKeep + " (the winner is worse than the defaults)"}
	got := worse.String()
	for _, want := range []string{"winner 10 is worse than the defaults: -63.0 Elo [-126.6, -3.3] (on 20 hold-out blocks",
		"P(best) 0.20 among the 12 variants", "worse than the defaults)"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q: want %q", got, want)
		}
	}
	if strings.Contains(got, "lower bound") {
		t.Errorf("%q: the hold-out decides; the tournament's bound is not printed", got)
	}
	tour := Verdict{Winner: 3, Elo: 20, Lo: 5, Hi: 35, LoAdjusted: -4, M: 11, Distinct: 60, PBest: 0.5, Played: 40, Variants: 1024}
	got = tour.String()
	for _, want := range []string{"P(best) 0.50 among the 40 of 1024 variants that played (the others are predictions only)",
		"lower bound after paying for choosing the best of 11 variants: -4.0 Elo (\"better\" needs it above 0)"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q: want %q", got, want)
		}
	}
	if strings.Contains(got, "worse") {
		t.Errorf("%q: not worse", got)
	}
}
