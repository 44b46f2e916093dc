package search

// raceEnabled is true under the race detector (race_test.go): the
// searches of many toy states then take fewer of them (the search is one
// goroutine; CI's second pass runs them all without the detector).
var raceEnabled bool
