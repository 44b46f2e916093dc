//go:build race

package testspace

// Race is true under the race detector: whole sweeps then play fewer
// games.
const Race = true
