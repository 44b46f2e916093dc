package results

import (
	"math"
	"reflect"
	"testing"
)

func TestPlacements(t *testing.T) {
	var p Placements
	p.Add(1, 2) // two-seat games do not count
	p.Add(1, 4)
	p.Add(3, 4)
	p.Add(2, 6)
	if p.Games != 3 || !reflect.DeepEqual(p.Count, []int{1, 1, 1}) {
		t.Fatalf("%+v", p)
	}
	// (1 − 1/4) + (1 − 3/4) + (1 − 2/6) = 0.75 + 0.25 + 0.6667 over 3
	if got, want := p.TrustedValue(), (0.75+0.25+(1-2.0/6))/3; math.Abs(got-want) > 1e-12 {
		t.Fatalf("TrustedValue %v, want %v", got, want)
	}
	if got := placementRow(&p, 4, 0.25); !reflect.DeepEqual(got, []string{"1", "1", "1", "0", "0.5556", "4.6667", "0.2500"}) { // median_players: (4+4+6)/3
		t.Fatalf("row %v", got)
	}
	if h := placementHeader(3); !reflect.DeepEqual(h, []string{"place_1", "place_2", "place_3", "trusted_value", "median_players", "trusted_score_enemies"}) {
		t.Fatalf("header %v", h)
	}
}
