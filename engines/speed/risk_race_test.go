//go:build race

package speed

const raceEnabled = true
