package connect4_test

import (
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/connect4"
)

func TestConformance(t *testing.T) {
	sum := conformance.Run(t, connect4.Game{}, conformance.Options{
		Playouts: 300,
		Seed:     4,
		Returns:  []conformance.Range{{Min: 0, Max: 1}},
	})
	if sum.Finished != 300 {
		t.Errorf("%d of 300 playouts finished", sum.Finished)
	}
}
