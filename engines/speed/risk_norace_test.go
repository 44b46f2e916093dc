//go:build !race

package speed

const raceEnabled = false
