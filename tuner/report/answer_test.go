package report

import (
	"strings"
	"testing"
)

// The answer says the verdict as a sentence, the winner against the
// defaults with its interval, and the next command, in each case.
func TestAnswerCases(t *testing.T) {
	for _, c := range []struct {
		name             string
		sum              map[string]any
		headline, winner string
		next             string
	}{
		{"better", map[string]any{"winner": 2.0, "variants": 3.0, "winner_params": map[string]any{"first_prob": 1.0},
			"verdict": map[string]any{"text": "better than the defaults", "better_than_defaults": true, "elo_vs_defaults": 152.7, "elo_lo": 24.0, "elo_hi": 340.6,
				"confidence": 0.95, "p_best": 0.63, "holdout": true, "holdout_distinct_blocks": 14.0, "inseparable": []any{1.0}}},
			"Variant 2 is better than the defaults: promote it.", "The winner, variant 2 (first_prob=1), is +152.7 Elo against the defaults, 95 % interval [+24.0, +340.6], on 14 hold-out blocks",
			"tourney promote results/x --to my-bot.toml"},
		{"unclear", map[string]any{"winner": 72.0, "verdict": map[string]any{"text": "no evidence of improvement: keep the defaults", "elo_vs_defaults": 14.9, "elo_lo": -17.3, "elo_hi": 41.5, "holdout": true, "holdout_distinct_blocks": 8.0}},
			"Keep the defaults: the games cannot tell the winner, variant 72, from them.", "+14.9 Elo against the defaults, 95 % interval [−17.3, +41.5]", "tourney confirm results/x --games 2000"},
		{"worse", map[string]any{"winner": 1.0, "verdict": map[string]any{"text": "no evidence of improvement: keep the defaults (the winner is worse than the defaults)", "elo_vs_defaults": -256.1, "elo_lo": -564.8, "elo_hi": -113.4}},
			"Keep the defaults: the best variant found, 1, is worse than them on fresh games.", "−256.1 Elo", ""},
		{"defaults", map[string]any{"winner": 0.0, "verdict": map[string]any{"text": "no evidence of improvement: keep the defaults (the winner is the defaults)"}},
			"Keep the defaults: no variant beat them.", "", ""},
	} {
		a := AnswerOf("results/x", c.sum)
		if a.Headline != c.headline {
			t.Errorf("%s: headline %q, want %q", c.name, a.Headline, c.headline)
		}
		if !strings.Contains(a.Winner, c.winner) {
			t.Errorf("%s: winner %q lacks %q", c.name, a.Winner, c.winner)
		}
		var cmds []string
		for _, n := range a.Next {
			cmds = append(cmds, n.Command)
		}
		if c.next != "" && (len(cmds) == 0 || cmds[0] != c.next) {
			t.Errorf("%s: next %q, want %q first", c.name, cmds, c.next)
		}
		if c.next == "" && len(cmds) > 0 && cmds[0] != "" {
			t.Errorf("%s: a command %q where nothing is to be done", c.name, cmds)
		}
	}
}

// The history has a row per round: who played, who went on, the best
// score and how the round's contests ended, in words.
func TestHistoryByRound(t *testing.T) {
	d := &Data{Bracket: []BracketRow{
		{Round: 1, Who: "1", Advanced: true, Points: "0.7", Extra: "blocks 5, decided continue"},
		{Round: 1, Who: "2", Advanced: false, Points: "0.3", Extra: "blocks 5, decided evidence"},
		{Round: 2, Who: "1", Advanced: true, Points: "0.6", Extra: "blocks 8, decided cap"},
	}}
	h := d.history()
	if len(h) != 2 {
		t.Fatalf("%d rounds: %+v", len(h), h)
	}
	if h[0].Variants != 2 || h[0].Advanced != 1 || h[0].Leader != "1" || h[0].Score != "0.7" || h[0].Decided != "went on, on evidence" {
		t.Errorf("round 1: %+v", h[0])
	}
	if h[1].Decided != "at the cap" {
		t.Errorf("round 2: %+v", h[1])
	}
}

// A winner on a bound of a knob is named among the notes (issue 44).
func TestAnswerNamesBounds(t *testing.T) {
	text := "position_weight ended on its lower bound 0.0, the bot's own limit: nothing lies beyond, but the peak may lie close to it; search it on a log scale"
	sum := map[string]any{"winner": 1.0, "verdict": map[string]any{"text": "better than the defaults", "better_than_defaults": true,
		"winner_on_bounds": []any{map[string]any{"param": "position_weight", "end": "lower", "bound": 0.0, "value": 0.0, "text": text}}}}
	a := AnswerOf("results/x", sum)
	found := false
	for _, n := range a.Notes {
		found = found || strings.Contains(n, text)
	}
	if !found {
		t.Errorf("notes %q do not name the bound", a.Notes)
	}
	delete(sum["verdict"].(map[string]any), "winner_on_bounds")
	for _, n := range AnswerOf("results/x", sum).Notes {
		if strings.Contains(n, "bound") {
			t.Errorf("a note on a bound without one: %q", n)
		}
	}
}

// A winner the promotion gate refused: the headline says so, and the
// three gains stand side by side in the notes (issue 44).
func TestAnswerGate(t *testing.T) {
	gate := map[string]any{"against": []any{"brs"}, "maps": []any{"a.map", "b.map"}, "budget": "time=1s,bank", "games": 440.0, "deals": 110.0,
		"elo": -149.1, "elo_lo": -183.4, "elo_hi": -117.3, "winner_points": 0.109, "defaults_points": 0.514, "difference": -0.405,
		"difference_lo": -0.485, "difference_hi": -0.324, "sprt": "logistic elo0=0 elo1=10", "llr": -3.08, "llr_bounds": []any{-2.94, 2.94}, "state": "H0", "passed": false}
	sum := map[string]any{"winner": 1.0, "verdict": map[string]any{"text": "no evidence of improvement: keep the defaults (the promotion gate rejected the winner: ...)",
		"elo_vs_defaults": 176.7, "elo_lo": 0.0, "elo_hi": 392.6, "holdout": true, "gate": gate,
		"field_gain": map[string]any{"field": []any{"opp"}, "winner_points": 0.708, "defaults_points": 0.333, "winner_games": 24.0, "defaults_games": 24.0, "difference": 0.375}}}
	a := AnswerOf("results/x", sum)
	if a.Headline != "Keep the defaults: variant 1 won the tuning but not under the promotion gate's conditions." {
		t.Errorf("headline %q", a.Headline)
	}
	notes := strings.Join(a.Notes, "\n")
	for _, want := range []string{"Gains over the defaults, side by side: self-play: +176.7 Elo [0.0, 392.6] (the hold-out rung); field: +0.375 points a game (no interval) against opp",
		"held-out: -0.405 points a game [-0.485, -0.324] (winner 0.109, defaults 0.514 on 110 deals), -149.1 Elo [-183.4, -117.3], against brs, on a.map, b.map, budget time=1s,bank: GSPRT logistic elo0=0 elo1=10, LLR -3.08 → H0 after 440 games (failed)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	gate["passed"], gate["state"] = true, "H1"
	if a := AnswerOf("results/x", sum); strings.Contains(a.Headline, "promotion gate") {
		t.Errorf("a passed gate: headline %q", a.Headline)
	}
}
