package report

import (
	"encoding/json"
	"testing"
)

// TestConfirmText: a confirmation of summary.json (numbers decoded as
// float64 or json.Number) reads as one line with its figures and budget.
func TestConfirmText(t *testing.T) {
	for _, cf := range []map[string]any{
		{"elo": 12.34, "elo_lo": -3.0, "elo_hi": 30.0, "games": 400, "state": "H1", "budget": "time=1s,bank"},
		{"elo": json.Number("12.34"), "elo_lo": json.Number("-3"), "elo_hi": json.Number("30"), "games": json.Number("400"), "state": "H1", "budget": "time=1s,bank"},
	} {
		want := "12.3 Elo [-3.0, 30.0] in 400 games, SPRT H1, budget time=1s,bank"
		if got := confirmText(cf); got != want {
			t.Errorf("confirmText = %q, want %q", got, want)
		}
	}
}
