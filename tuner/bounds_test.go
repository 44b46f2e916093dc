package tuner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/results"
)

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
