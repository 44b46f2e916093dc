package tuner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/confirm"
	"tourney/tuner/results"
)

// A confirmation that cannot decide in its games keeps the sweep's
// verdict and says so; confirm/games.csv numbers the winner and the
// defaults as the sweep does; the SPRT reads alpha=0.05.
func TestConfirmUndecidedKeepsVerdict(t *testing.T) {
	sp := parseSpace(t, "confirm.toml", fixedSpace("confirm-undecided", 9, `elo = { values = [-50, 300] }
[tournament]
format = "race"
bootstrap = 200
confirm_games = 8
`))
	res, dir := sweepSpace(t, sp, 2, RunOptions{})
	cf, _, err := confirm.Dir(t.Context(), sp, dir, confirm.Options{Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if cf.State != "continue" {
		t.Fatalf("8 games decided: %+v", cf)
	}
	if !strings.Contains(cf.SPRT, "alpha=0.05 beta=0.05") {
		t.Errorf("SPRT %q", cf.SPRT)
	}
	sum, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if !strings.Contains(string(sum), res.Verdict.Text+"; confirmation undecided after 8 games (LLR ") {
		t.Errorf("the sweep's verdict %q did not stand:\n%s", res.Verdict.Text, sum)
	}
	if strings.Contains(string(sum), `"better_than_defaults": `) != true ||
		strings.Contains(string(sum), `"better_than_defaults": true`) != res.Verdict.Better {
		t.Errorf("better_than_defaults changed:\n%s", sum)
	}
	games, _ := os.ReadFile(filepath.Join(dir, "confirm", "games.csv"))
	w := strings.Split(strings.Split(string(games), "\n")[1], ",")
	rows := strings.Split(string(games), "\n")
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if f := strings.Split(r, ","); len(f) > results.ColRole {
			seen[f[results.ColVariant]+"/"+f[results.ColRole]] = true
		}
	}
	winner := strings.TrimSpace(strings.Split(string(mustRead(t, filepath.Join(dir, "summary.json"))), `"winner": `)[1][:1])
	if !seen[winner+"/variant"] || !seen["0/variant"] || len(seen) != 2 {
		t.Errorf("confirm/games.csv numbers %v, the winner is %s (first row %v)", seen, winner, w)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// On a map of more than two seats a confirmation books each side's
// places and forfeits on its own side. The variant column holds the
// sweep's numbers (the winner's, the defaults' 0), and reading the side
// from it counted every seat as the winner's: the defaults had no
// places, a NaN trusted value, and summary.json could not be written
// ("json: unsupported value: NaN", the study's confirm at 25 ms).
func TestConfirmMultiSeatSides(t *testing.T) {
	sp := parseSpace(t, "confirm8.toml", testspace.Text("confirm-8p", 11, "synthetic", "fixed", `maps = ["8p"]
[params]
elo = { values = [-50, 300] }
[tournament]
format = "race"
bootstrap = 100
confirm_games = 4
`))
	_, dir := sweepSpace(t, sp, 2, RunOptions{})
	if _, _, err := confirm.Dir(t.Context(), sp, dir, confirm.Options{Workers: 2, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	var sum struct {
		PlacesA []int    `json:"places_a"`
		PlacesB []int    `json:"places_b"`
		TVA     *float64 `json:"trusted_value_a"`
		TVB     *float64 `json:"trusted_value_b"`
	}
	if err := json.Unmarshal(mustRead(t, filepath.Join(dir, "confirm", "summary.json")), &sum); err != nil {
		t.Fatal(err)
	}
	total := func(p []int) (n int) {
		for _, c := range p {
			n += c
		}
		return n
	}
	// 4 games of 8 seats, 4 a side each game
	if total(sum.PlacesA) != 16 || total(sum.PlacesB) != 16 || sum.TVA == nil || sum.TVB == nil {
		t.Errorf("places %v and %v, trusted values %v %v: want 16 seats a side", sum.PlacesA, sum.PlacesB, sum.TVA, sum.TVB)
	}
}

// gateDir writes the tuning landscape (x1 = 1 is 300 Elo above the
// defaults), a held-out one where x1 = 1 is 300 Elo below them, and a
// copy of the tuning one (the gain holds there).
func gateDir(t *testing.T) string {
	dir := t.TempDir()
	for name, elo := range map[string]string{"tune.toml": "300", "heldout.toml": "-300", "same.toml": "300"} {
		text := "players = 2\n[main]\nx1 = { \"0\" = 0, \"1\" = " + elo + " }\nx2 = { \"0\" = 0, \"1\" = 0 }\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "opp.toml"), []byte("game = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = 50.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// gateSpace is a race over x1 on the tuning landscape, with a field bot
// and the gate text.
func gateSpace(gate string) string { return testspace.Gate(gate) }

// TestGateRefusesSelfPlayGain (issue 44): the winner's gain holds on the
// tuning map (self-play and against the field) but not on the gate's
// held-out map. The tournament says "better"; the gate, head to head or
// against an opponent the tuning did not meet, rejects it and the verdict
// keeps the defaults, with the three gains side by side. On a gate whose
// conditions carry the gain the verdict stays "better". Before issue 44
// a space could name no gate: the self-play gain was promoted.
func TestGateRefusesSelfPlayGain(t *testing.T) {
	dir := gateDir(t)
	for _, c := range []struct {
		name, gate string
		passed     bool
	}{
		{"held-out map", "[gate]\nmaps = [\"heldout.toml\"]\nmax_games = 400\n", false},
		{"held-out map and opponent", "[gate]\nmaps = [\"heldout.toml\"]\nagainst = [\"fixed\"]\nmax_games = 1000\n", false},
		{"the tuning's conditions", "[gate]\nmaps = [\"same.toml\"]\nagainst = [\"fixed\"]\nmax_games = 2000\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name != "held-out map" {
				heavyUnderRace(t) // the first case runs under the race detector; CI's second pass runs all
			}
			res, out := sweepText(t, filepath.Join(dir, "gate.toml"), gateSpace(c.gate))
			v := res.Verdict
			if res.Variants[res.Winner].Values["x1"] != 1.0 || v.Gate == nil {
				t.Fatalf("winner %v, gate %+v: the test needs x1 = 1 to win the tournament", res.Variants[res.Winner].Values, v.Gate)
			}
			if v.Confirm == nil || v.Confirm.State != "H1" || v.Gate.Passed != c.passed || v.Better != c.passed {
				t.Fatalf("gate %+v, verdict %q (better %v), want passed %v", v.Gate, v.Text, v.Better, c.passed)
			}
			if !c.passed && (v.Gate.State != "H0" || !strings.HasPrefix(v.Text, "no evidence of improvement: keep the defaults (the promotion gate rejected the winner")) {
				t.Errorf("verdict %q, gate %s:\n%s", v.Text, v.Gate.State, v.String())
			}
			if c.passed && !strings.Contains(v.Text, "better than the defaults (confirmed on fresh seeds); passed the promotion gate") {
				t.Errorf("verdict %q", v.Text)
			}
			s := v.String()
			for _, want := range []string{"gains over the defaults, side by side:", "  self-play: ", "(the confirmation on fresh seeds)", "  field:     +", "against opp", "  held-out:  "} {
				if !strings.Contains(s, want) {
					t.Errorf("the verdict lacks %q:\n%s", want, s)
				}
			}
			if f := v.FieldGain; f == nil || !(f.Diff > 0) {
				t.Errorf("field gain %+v: the winner gains against the field on the tuning map", f)
			}
			var sum results.Summary
			data, err := os.ReadFile(filepath.Join(out, "summary.json"))
			if err != nil || json.Unmarshal(data, &sum) != nil {
				t.Fatal(err)
			}
			if g := sum.Verdict.Gate; g == nil || g.Passed != c.passed || sum.Verdict.FieldGain == nil || sum.Verdict.Better != c.passed {
				t.Errorf("summary.json verdict %+v", sum.Verdict)
			}
			// the gate played again into the same directory (a resumed
			// sweep) replaces its games
			sp := parseSpace(t, filepath.Join(dir, "gate.toml"), gateSpace(c.gate))
			p := sp.DefaultParams(0)
			p["x1"] = 1.0
			if _, err := confirm.Gate(context.Background(), sp, res.Winner, p, filepath.Join(out, "gate"), confirm.Options{Workers: 2, Quiet: true}); err != nil {
				t.Errorf("the gate again into %s: %v", filepath.Join(out, "gate"), err)
			}
			if strings.Contains(c.gate, "against") {
				// the gate's games are kept: each look's two matches against
				// the opponent, the winner's and the defaults'
				for _, side := range []string{"winner", "defaults"} {
					got, _ := filepath.Glob(filepath.Join(out, "gate", "1-fixed-*", side, "games.csv"))
					if len(got) == 0 {
						t.Errorf("no gate/1-fixed-LOOK/%s/games.csv in %s", side, out)
					}
				}
			}
		})
	}
}

// writeLandscape writes a landscape file into a new directory and
// returns the directory.
func writeLandscape(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "land.toml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestWinnerOnBoundNamed (issue 44): a winner whose knob ends on the
// largest value of its list is named in the verdict's text and in
// summary.json; a knob whose best lies inside its list is not. On main
// before issue 44 nothing named it.
func TestWinnerOnBoundNamed(t *testing.T) {
	heavyUnderRace(t) // 3 s under the detector; the command's contract test prints bounds under it
	dir := writeLandscape(t, `players = 2
[main]
x1 = { "0" = 0, "1" = 300, "2" = 0 }
x2 = { "0" = 0, "1" = 300 }
`)
	res, out := sweepText(t, filepath.Join(dir, "space.toml"), testspace.Text("onbound", 3, "synthetic", "landscape", `maps = ["land.toml"]
[params]
x1 = { values = [0, 1, 2] }
x2 = { values = [0, 1] }
[tournament]
format = "race"
max_games = 300
bootstrap = 100
`))
	w := res.Variants[res.Winner].Values
	if w["x1"] != 1.0 || w["x2"] != 1.0 {
		t.Fatalf("winner %d %v: the test needs the best, x1 = 1, x2 = 1", res.Winner, w)
	}
	want := "x2 ended on the largest value of its list, 1.0: the peak may lie beyond; add values above it"
	if len(res.Verdict.Bounds) != 1 || res.Verdict.Bounds[0].Text != want {
		t.Fatalf("bounds %+v, want only %q", res.Verdict.Bounds, want)
	}
	if s := res.Verdict.String(); !strings.Contains(s, "\n"+want) || strings.Contains(s, "x1 ended") {
		t.Errorf("the verdict does not name x2 alone:\n%s", s)
	}
	var sum results.Summary
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil || json.Unmarshal(data, &sum) != nil {
		t.Fatal(err)
	}
	if b := sum.Verdict.Bounds; len(b) != 1 || b[0].Param != "x2" || b[0].End != "upper" || b[0].Text != want {
		t.Errorf("summary.json winner_on_bounds %+v", b)
	}
}

// TestFinalPointOnBoundNamed: SPSA's final point, driven against the
// upper end of x1's range by a peak beyond it, is named.
func TestFinalPointOnBoundNamed(t *testing.T) {
	heavyUnderRace(t)
	dir := writeLandscape(t, `players = 2
[peak]
x1 = { best = 3.0, k = 100 }
`)
	res, _ := sweepText(t, filepath.Join(dir, "space.toml"), testspace.Text("onbound-spsa", 1, "synthetic", "landscape", `maps = ["land.toml"]
[params]
x1 = { min = -1.0, max = 1.0 }
[generate]
method = "spsa"
iterations = 200
final_games = 100
[tournament]
bootstrap = 100
`))
	if len(res.Verdict.Bounds) != 1 || res.Verdict.Bounds[0].Param != "x1" || res.Verdict.Bounds[0].End != "upper" {
		t.Fatalf("final point %v: bounds %+v", res.Variants[res.Winner].Values, res.Verdict.Bounds)
	}
	if !strings.Contains(res.Verdict.String(), "x1 ended on its upper bound 1.0") {
		t.Errorf("verdict:\n%s", res.Verdict.String())
	}
}

// TestResumeAfterConfirmation: a sweep interrupted after its
// confirmation began (here: after it ended, before summary.json) resumes
// to the same verdict; the confirmation is played again into confirm/.
// Before, the resumed sweep failed on the non-empty confirm/.
func TestResumeAfterConfirmation(t *testing.T) {
	text := fixedSpace("resume-confirm", 5, "elo = { values = [0, 300] }\n[tournament]\nformat = \"race\"\nmax_games = 400\nconfirm = true\nconfirm_games = 400\n")
	sp := parseSpace(t, "resume.toml", text)
	out := filepath.Join(t.TempDir(), "out")
	first, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true})
	if err != nil {
		t.Fatal(err)
	}
	if first.Verdict.Confirm == nil {
		t.Fatalf("no confirmation played: %q", first.Verdict.Text)
	}
	if err := os.Remove(filepath.Join(out, "summary.json")); err != nil {
		t.Fatal(err)
	}
	again, err := RunSweep(context.Background(), parseSpace(t, "resume.toml", text), RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true, Resume: true})
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if again.Verdict.Text != first.Verdict.Text || again.Winner != first.Winner {
		t.Errorf("resumed: winner %d, %q; first: winner %d, %q", again.Winner, again.Verdict.Text, first.Winner, first.Verdict.Text)
	}
	if _, err := os.Stat(filepath.Join(out, "confirm", "games.csv")); err != nil {
		t.Errorf("confirm/games.csv: %v", err)
	}
}
