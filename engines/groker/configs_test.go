package groker_test

import (
	"testing"

	"tourney/arena"
	"tourney/engines/all"
	"tourney/engines/groker"
	"tourney/tuner/space"
)

// register makes the game known to the tuner (a no-op once engines/all
// lists it).
func register(t *testing.T) {
	t.Helper()
	if _, err := all.Find("groker"); err != nil {
		all.Register(groker.Game{})
	}
}

// TestConfigs checks the example space and the promoted winner: both
// load, and the tuned bot still beats the qualification AI.
func TestConfigs(t *testing.T) {
	register(t)
	s, err := space.Load("../../configs/groker-thresholds.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Params) != len(groker.AIParams()) || len(s.Scenarios) != 1 || len(s.Scenarios[0].Field) != 6 {
		t.Fatalf("space: %d params, %d scenarios", len(s.Params), len(s.Scenarios))
	}
	bc, err := space.LoadBotConfig("../../configs/groker/tuned.toml")
	if err != nil {
		t.Fatal(err)
	}
	if bc.Game != "groker" || bc.Bot != "groker" || len(bc.Params) != len(groker.AIParams()) {
		t.Fatalf("tuned: %s %s %v", bc.Game, bc.Bot, bc.Params)
	}
	tuned := arena.Entrant{ID: "tuned", Spec: bc.Spec, Params: bc.Resolved}
	tl := playMatch(t, tuned, entrant(t, "uniform", nil), 60, 2, 5)
	if tl.win < 51 {
		t.Errorf("tuned vs uniform: %d of 60 wins", tl.win)
	}
	tl = playMatch(t, tuned, entrant(t, "groker", nil), 60, 2, 6)
	t.Logf("tuned vs default: W %d D %d L %d", tl.win, tl.draw, tl.loss)
	if tl.win <= tl.loss {
		t.Errorf("tuned vs default: W %d D %d L %d", tl.win, tl.draw, tl.loss)
	}
}
