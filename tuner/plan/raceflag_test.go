package plan

// raceEnabled is true under the race detector (race_test.go): the
// family and peak tests then run fewer seeds and shorter searches.
var raceEnabled bool
