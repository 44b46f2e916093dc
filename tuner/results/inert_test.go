package results_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/game"
	"tourney/engines/synthetic"
	"tourney/internal/testspace"
	"tourney/tuner"
	"tourney/tuner/internal/sweeptest"
	"tourney/tuner/results"
)

// knobsOf is the outcome's knob comparisons by name.
func knobsOf(res *tuner.Outcome) map[string]results.KnobChange {
	out := map[string]results.KnobChange{}
	for _, k := range res.Summary.Knobs {
		out[k.Param] = k
	}
	return out
}

// checkKnobs says what is wrong with the knobs a sweep named: every knob
// of inert must be named as one that changed no game (in the summary's
// lines too), every knob of changed must not be, and must have changed
// a game.
func checkKnobs(res *tuner.Outcome, inert, changed []string) error {
	ks := knobsOf(res)
	lines := strings.Join(results.KnobLines(res.Summary.Knobs), "\n")
	var errs []string
	for _, name := range inert {
		k, ok := ks[name]
		if !ok || !k.Inert() || !strings.Contains(lines, name+" changed no game under ") {
			errs = append(errs, fmt.Sprintf("%s changed no game but is not named: %+v; lines %q", name, k, lines))
		}
	}
	for _, name := range changed {
		k, ok := ks[name]
		if !ok || k.Inert() || k.Changed == 0 || strings.Contains(lines, name+" changed no game") {
			errs = append(errs, fmt.Sprintf("%s changed games but is named (or not seen to change any): %+v; lines %q", name, k, lines))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

// effectsPairs are effects.csv's compared_pairs and changed_pairs of a
// parameter's value ("all" scope).
func effectsPairs(t *testing.T, dir, param, value string) (string, string) {
	t.Helper()
	rows := testspace.ReadCSV(t, filepath.Join(dir, "effects.csv"))
	n := len(rows[0])
	if rows[0][n-2] != "compared_pairs" || rows[0][n-1] != "changed_pairs" {
		t.Fatalf("effects.csv header %v", rows[0])
	}
	for _, r := range rows[1:] {
		if r[0] == "all" && r[1] == param && r[2] == value {
			return r[n-2], r[n-1]
		}
	}
	t.Fatalf("effects.csv has no row %s = %s", param, value)
	return "", ""
}

// labels are two labels of the synthetic fixed bot besides 0: one whose
// identity tag is label 0's (its games are label 0's, move for move: a
// knob that changes no game) and one whose tag differs (every game
// differs: the tag is a move).
func labels(t *testing.T) (same, other int) {
	tag := func(l int) game.Action { return synthetic.Tag(game.Params{"elo": 0.0, "label": l}) }
	for l := 1; l < 1000000 && (same == 0 || other == 0); l++ {
		if tag(l) == tag(0) {
			if same == 0 {
				same = l
			}
		} else if other == 0 {
			other = l
		}
	}
	if same == 0 {
		t.Fatal("no label shares label 0's tag")
	}
	return same, other
}

const inertRace = `
[tournament]
format = "race"
max_games = 60
bootstrap = 100
holdout = false
`

// On the synthetic game a label's identity tag is a move: a label with
// label 0's tag plays label 0's games (changed no game: named), any
// other changes every game (never named), as does elo.
func TestInertSyntheticLabels(t *testing.T) {
	same, other := labels(t)
	t.Logf("label %d has label 0's tag; label %d another", same, other)
	cases := []struct {
		params         string
		inert, changed []string
		value          string // of effects.csv's row to check
	}{
		{fmt.Sprintf("label = { values = [0, %d] }\n", same), []string{"label"}, nil, fmt.Sprint(same)},
		{fmt.Sprintf("label = { values = [0, %d] }\n", other), nil, []string{"label"}, fmt.Sprint(other)},
		{"elo = { values = [0.0, 100.0] }\n", nil, []string{"elo"}, "100.0"},
	}
	for _, c := range cases {
		res, dir := sweeptest.Sweep(t, testspace.Parse(t, "labels.toml", testspace.Fixed("labels", 11, c.params)+inertRace), 2, tuner.RunOptions{})
		if err := checkKnobs(res, c.inert, c.changed); err != nil {
			t.Errorf("%s: %v", strings.TrimSpace(c.params), err)
		}
		checkPairColumns(t, dir, append(c.inert, c.changed...)[0], c.value, len(c.inert) > 0)
	}
}

// checkPairColumns checks effects.csv's row of param = value: compared
// pairs, and none changed when inert, some when not.
func checkPairColumns(t *testing.T, dir, param, value string, inert bool) {
	t.Helper()
	compared, changed := effectsPairs(t, dir, param, value)
	if compared == "" || compared == "0" || (changed == "0") != inert {
		t.Errorf("effects.csv %s = %s: compared_pairs %q, changed_pairs %q (inert: %v)", param, value, compared, changed, inert)
	}
}

// Connect Four at depth 3: deepening_start acts only under a nodes or
// clock budget (and the bot does not deepen at a fixed depth), so it
// changed no game; opponent_weight, an evaluation weight, changed games.
// Under a node budget deepening_start changes games: not named.
func TestInertConnectFourDeepeningStart(t *testing.T) {
	res, _ := sweeptest.Sweep(t, testspace.Parse(t, "c4-nodes.toml", testspace.Text("c4-nodes", 3, "connect4", "alphabeta", `budget = { nodes = 3000 }
[params]
deepening_start = { values = [1.0, 0.3] }
`)+inertRace), 2, tuner.RunOptions{})
	if err := checkKnobs(res, nil, []string{"deepening_start"}); err != nil {
		t.Errorf("nodes=3000: %v", err)
	}

	text := testspace.Text("c4-inert", 3, "connect4", "alphabeta", `budget = { depth = 3 }
[params]
deepening_start = { values = [1.0, 0.3] }
opponent_weight = { values = [1.0, 0.5] }
[generate]
method = "grid"
`) + inertRace
	res, dir := sweeptest.Sweep(t, testspace.Parse(t, "c4-inert.toml", text), 2, tuner.RunOptions{})
	t.Logf("%q", results.KnobLines(res.Summary.Knobs))
	if err := checkKnobs(res, []string{"deepening_start"}, []string{"opponent_weight"}); err != nil {
		t.Error(err)
	}
	checkPairColumns(t, dir, "deepening_start", "0.3", true)
	checkPairColumns(t, dir, "opponent_weight", "0.5", false)
	if k := knobsOf(res)["deepening_start"]; k.Budget != "depth=3" {
		t.Errorf("deepening_start: budget %q, want depth=3", k.Budget)
	}
}

// ReversiXT's paranoid bot at depth 3 on duel10: aspiration windows
// (deepening 1, 3) found the full window's moves in every game (issue
// 30: 150 of 150 pairs), so aspiration is named; stones_weight changed
// games. The bot does not declare aspiration as inert under a depth
// budget (a transposition table or the leaves cap could make it act):
// only the games say so.
func TestInertReversiXTAspiration(t *testing.T) {
	testspace.HeavyUnderRace(t) // 70 s under the detector at 12 games
	games := 30
	text := testspace.Text("rxt-inert", 5, "reversixt", "paranoid", `maps = ["duel10"]
budget = { depth = 3 }
[params]
aspiration = { values = [true, false] }
stones_weight = { values = [1.0, 0.5] }
[generate]
method = "sweep"
[tournament]
format = "race"
max_games = `+fmt.Sprint(games)+`
bootstrap = 100
holdout = false
`)
	res, dir := sweeptest.Sweep(t, testspace.Parse(t, "rxt-inert.toml", text), 2, tuner.RunOptions{})
	t.Logf("%d games; %q", res.Summary.Games, results.KnobLines(res.Summary.Knobs))
	if err := checkKnobs(res, []string{"aspiration"}, []string{"stones_weight"}); err != nil {
		t.Error(err)
	}
	checkPairColumns(t, dir, "aspiration", "false", true)
	checkPairColumns(t, dir, "stones_weight", "0.5", false)
}

// The naming can fail: with the comparison broken on purpose (every pair
// counts as the same game) a knob that changes every game is named, and
// checkKnobs, the check of the tests above, says so.
func TestInertNamingCanFail(t *testing.T) {
	_, other := labels(t)
	*results.InertBroken = true
	defer func() { *results.InertBroken = false }()
	res, _ := sweeptest.Sweep(t, testspace.Parse(t, "labels.toml", testspace.Fixed("labels", 11, fmt.Sprintf("label = { values = [0, %d] }\n", other))+inertRace), 2, tuner.RunOptions{})
	err := checkKnobs(res, nil, []string{"label"})
	if err == nil {
		t.Fatal("the broken comparison named no knob that changed games, or the check did not see it")
	}
	t.Logf("as it should: %v", err)
}
