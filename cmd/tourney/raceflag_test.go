package main

// raceEnabled is true under the race detector (race_test.go): the tests
// that play whole sweeps of real games then skip (CI plays the default
// sweep without the detector, at 1 and 2 workers, and compares its files).
var raceEnabled bool
