package results

import (
	"tourney/arena"
	"tourney/tuner/study"
)

// GameJob is the arena job of one game of scenario si on its map mi:
// the one place where a game's budget (the map's node rate, the time
// bank) and its opening are taken from the space, so that a sweep, the
// calibration that validate and a CPU budget rest on, and a re-recording
// play the same game for the same deal (the calibration played no
// opening, and a re-recording under node rates per map played the bank
// on the wall clock).
func GameJob(s *study.Study, si, mi int, seed uint64, seats []arena.Entrant, record bool) arena.Job {
	sc := &s.Scenarios[si]
	return arena.Job{Game: sc.Game, Map: sc.Maps[mi], Seed: seed, Seats: seats,
		Budget: sc.MapBudget(mi), OpeningPlies: sc.OpeningPlies, Record: record}
}
