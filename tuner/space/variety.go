package space

import (
	"fmt"

	"tourney/engines/game"
)

// Repeats says why the games of a scenario may repeat block after block
// ("" when they vary): no opening plies, and a game that draws nothing
// from the seed on any of its maps (game.SeedFree). Deterministic bots
// then play the same game in every block, and identical games count once
// (statistics.md §8). Bots that draw from their seed still vary. An
// external bot is not known to be deterministic (nothing in its
// declaration or its hello says so): its scenario gets no warning, and
// the games themselves show whether they repeat (games.csv's game_hash,
// the distinct blocks of the summary).
func (sc *Scenario) Repeats() string {
	if sc.OpeningPlies > 0 || sc.botExternal {
		return ""
	}
	sf, ok := sc.Game.(game.SeedFree)
	if !ok {
		return ""
	}
	for _, m := range sc.Maps {
		if !sf.SeedFree(m) {
			return ""
		}
	}
	maps := "its map"
	if len(sc.Maps) > 1 {
		maps = fmt.Sprintf("its %d maps", len(sc.Maps))
	}
	return fmt.Sprintf("%s draws nothing from the seed on %s and opening_plies is 0: deterministic bots play the same game in every block, and identical games count once (set opening_plies, or add maps)", sc.Game.Info().Name, maps)
}
