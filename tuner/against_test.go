package tuner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/engines/synthetic"
	"tourney/tuner/confirm"
	"tourney/tuner/results"
)

// TestConfirmAgainst: the winner (300 Elo) and the defaults (0) against
// a field bot of 0 Elo on the same deals: the winner scores more, the
// paired interval excludes 0, and summary.json keeps one check per bot
// (checking again replaces it). On the null (the winner is the
// defaults' strength) the interval holds 0.
func TestConfirmAgainst(t *testing.T) {
	spec, _ := game.FindBot(synthetic.Game{}, "fixed")
	p, err := spec.Resolve(map[string]any{"elo": 0.0})
	if err != nil {
		t.Fatal(err)
	}
	field := arena.Entrant{Spec: spec, Params: p}
	for _, c := range []struct {
		values string
		strong bool
	}{{"[0, 300]", true}, {"[0, 0.0001]", false}} {
		sp := parseSpace(t, "against.toml", fixedSpace("against", 3, "elo = { values = "+c.values+" }\n[tournament]\nformat = \"race\"\nbootstrap = 200\nconfirm_games = 400\n"))
		_, dir := sweepSpace(t, sp, 2, RunOptions{})
		var fc *results.FieldCheck
		for range 2 {
			if fc, err = confirm.Against(t.Context(), sp, dir, "fixed0", field, confirm.Options{Workers: 2, Quiet: true}); err != nil {
				t.Fatal(err)
			}
		}
		if fc.Deals != 200 {
			t.Fatalf("%s: %+v", c.values, fc)
		}
		// no interval: every deal the same for both (no claim either way)
		excludes := fc.Lo != nil && fc.Hi != nil && (*fc.Lo > 0 || *fc.Hi < 0)
		if c.strong && (!excludes || fc.Diff <= 0 || fc.Winner <= fc.Defaults) {
			t.Errorf("300 Elo against 0: %+v", fc)
		}
		if !c.strong && excludes {
			t.Errorf("equal strengths: the interval [%v, %v] excludes 0", *fc.Lo, *fc.Hi)
		}
		if !c.strong && fc.Diff != 0 && fc.Lo == nil {
			t.Errorf("unequal deals without an interval: %+v", fc)
		}
		var sum results.Summary
		data, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
		if err := json.Unmarshal(data, &sum); err != nil || len(sum.FieldChecks) != 1 || sum.FieldChecks[0].Against != "fixed0" {
			t.Errorf("summary.json field_checks: %v %s", err, data)
		}
	}
}
