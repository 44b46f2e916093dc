package tuner

// raceEnabled is true under the race detector (race_test.go): the honesty
// tests then run fewer seeds (the race detector slows games tenfold).
var raceEnabled bool
