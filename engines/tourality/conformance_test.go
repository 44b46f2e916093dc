package tourality_test

import (
	"fmt"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/internal/shared"
	"tourney/engines/tourality"
)

func TestConformance(t *testing.T) {
	playouts := 25
	if raceEnabled {
		playouts = 2 // a playout of a long game checks clone, undo and hash at every step: seconds under the race detector
	}
	conformance.Run(t, tourality.Game{}, conformance.Options{
		Playouts: playouts,
		Seed:     6,
		Returns:  []conformance.Range{{Min: 0, Max: 80}},
	})
}

func TestConformanceTournamentMaps(t *testing.T) {
	var maps []string
	for i := 1; i <= 3; i++ {
		maps = append(maps, shared.Path(t, "maps", "tourality", fmt.Sprintf("%d.trlt", i)))
	}
	maps = append(maps, "testdata/corridor.trlt", "testdata/small.trlt", "testdata/contest.trlt", "testdata/block.trlt")
	conformance.Run(t, tourality.Game{}, conformance.Options{
		Playouts: map[bool]int{false: 10, true: 2}[raceEnabled],
		Maps:     maps,
		Seed:     7,
		Returns:  []conformance.Range{{Min: 0, Max: 80}},
	})
}
