//go:build race

package results_test

func init() { raceEnabled = true }
