package reversixt

// raceEnabled is true under the race detector (race_test.go): the slow
// tests then play fewer and shorter games.
var raceEnabled bool
