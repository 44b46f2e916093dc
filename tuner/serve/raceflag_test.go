package serve_test

// raceEnabled is true under the race detector (race_test.go): the
// browser test's sweep pauses less (the detector slows it already).
var raceEnabled bool
