package tuner

import (
	"strings"
	"testing"

	"tourney/internal/testspace"
)

// Deterministic bots on a fixed map without opening plies play one game
// per seating again and again: identical blocks count once, nothing is
// "better" or "separated", and no interval has zero width
// (statistics.md §8). With the game's default opening they vary.
func TestIdenticalGamesCountOnce(t *testing.T) {
	for _, format := range []string{"race", "knockout"} {
		for _, opening := range []string{"opening_plies = 0", ""} {
			text := testspace.Text("det", 4, "connect4", "alphabeta", `budget = { depth = 2 }
`) + opening + `
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
[tournament]
format = "` + format + `"
max_games = 120
bootstrap = 100
`
			res, dir := sweepSpace(t, parseSpace(t, "det.toml", text), 2, RunOptions{})
			sum := res.Summary
			t.Logf("%s %q: %d blocks, %d distinct; %s", format, opening, sum.Blocks, sum.Distinct, strings.ReplaceAll(res.Verdict.String(), "\n", " | "))
			if opening != "" {
				if sum.Distinct >= sum.Blocks || res.Verdict.Better || len(res.Verdict.Inseparable) == 0 {
					t.Errorf("%s: deterministic games: %d of %d blocks distinct, better %v, inseparable %v", format, sum.Distinct, sum.Blocks, res.Verdict.Better, res.Verdict.Inseparable)
				}
			} else if sum.Distinct < sum.Blocks*3/4 {
				t.Errorf("%s: with the default opening only %d of %d blocks are distinct", format, sum.Distinct, sum.Blocks)
			}
			noNaN(t, dir)
			intervalsHaveWidth(t, dir)
		}
	}
}
