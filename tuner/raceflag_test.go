package tuner

import "tourney/internal/testspace"

// raceEnabled is true under the race detector (testspace.Race): the honesty
// tests then run fewer seeds (the race detector slows games tenfold).
var raceEnabled = testspace.Race
