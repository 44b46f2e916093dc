//go:build race

package tuner

func init() { raceEnabled = true }
