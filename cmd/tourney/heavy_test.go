package main

import "tourney/internal/testspace"

// heavyUnderRace skips a test of whole sweeps or of external processes
// playing many games under the race detector (testspace.HeavyUnderRace).
var heavyUnderRace = testspace.HeavyUnderRace
