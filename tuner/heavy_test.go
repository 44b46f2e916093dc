package tuner

import "tourney/internal/testspace"

// heavyUnderRace skips a whole-sweep test under the race detector
// (testspace.HeavyUnderRace).
var heavyUnderRace = testspace.HeavyUnderRace
