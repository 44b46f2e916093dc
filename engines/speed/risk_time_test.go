package speed

import (
	"context"
	"slices"
	"testing"
	"time"

	"tourney/engines/game"
)

// TestRiskTimeBudget: under a time budget alone the risk bot deepens
// iteratively and answers (within it but for a generous hang bound),
// with a legal move.
func TestRiskTimeBudget(t *testing.T) {
	m, err := Game{}.LoadMap("speed-6p")
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(m.(*Map), 5)
	bot, _, err := RiskSpec().Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, lim := range []time.Duration{time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), lim)
		t0 := time.Now()
		a, err := bot.Step(ctx, s, 0, game.Budget{Time: lim})
		took := time.Since(t0)
		cancel()
		if err != nil && lim > time.Millisecond {
			t.Fatalf("%s: %v", lim, err)
		}
		if err == nil && !slices.Contains(s.LegalActions(0, nil), a) {
			t.Errorf("%s: illegal action %v", lim, a)
		}
		// only a bot that ignores its budget: a bound of lim + 200 ms
		// failed under load (the speed of the answer is not a test's)
		if took > lim+10*time.Second {
			t.Errorf("%s: took %s", lim, took)
		}
	}
}
