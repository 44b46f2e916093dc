//go:build race

package reversixt

func init() { raceEnabled = true }
