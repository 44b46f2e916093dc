package main

import "tourney/internal/testspace"

// raceEnabled is true under the race detector (testspace.Race): the tests
// that play whole sweeps of real games then skip (CI plays the default
// sweep without the detector, at 1 and 2 workers, and compares its files).
var raceEnabled = testspace.Race
