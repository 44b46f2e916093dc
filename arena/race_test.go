//go:build race

package arena_test

func init() { raceEnabled = true }
