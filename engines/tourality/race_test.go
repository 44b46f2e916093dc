//go:build race

package tourality_test

const raceEnabled = true
