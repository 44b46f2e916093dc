//go:build race

package arena

// underRace is true under the race detector (the internal tests).
const underRace = true
