package tuner

import (
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
