package results

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func closeTo(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Three 3-seat games worked by hand (and a 2-seat game the default table
// leaves out):
//
//	G1: A 1st, B 2nd, C 3rd   G2: B 1st, A 2nd, D 3rd   G3: A and C tied 1st, D 3rd
//
// TrustedValue: A (2/3+1/3+2/3)/3 = 5/9, B (1/3+2/3)/2 = 1/2, C (0+2/3)/2 = 1/3,
// D 0. TrustedScoreEnemies of A over its 6 (game, opponent) pairs: +TV(B)
// +TV(C) (G1) −(1−TV(B)) +TV(D) (G2) 0 +TV(D) (G3) = 1/2+1/3−1/2 = 1/3,
// so 1/18. Of D: −(1−5/9) −(1−1/2) (G2) −(1−5/9) −(1−1/3) (G3) over 4.
func TestPlacementTable(t *testing.T) {
	var tab PlacementTable
	tab.Add([]string{"A", "B"}, []int{1, 2})
	tab.Add([]string{"A", "B", "C"}, []int{1, 2, 3})
	tab.Add([]string{"B", "A", "D"}, []int{1, 2, 3})
	tab.Add([]string{"C", "D", "A"}, []int{1, 3, 1})
	tv := map[string]float64{"A": 5.0 / 9, "B": 0.5, "C": 1.0 / 3, "D": 0}
	for id, want := range tv {
		if got := tab.Placements(id).TrustedValue(); !closeTo(got, want) {
			t.Errorf("TrustedValue(%s) = %v, want %v", id, got, want)
		}
		if got := tab.Placements(id).MedianPlayers(); got != 3 {
			t.Errorf("MedianPlayers(%s) = %v, want 3", id, got)
		}
	}
	if got, want := tab.TrustedScoreEnemies("A"), 1.0/18; !closeTo(got, want) {
		t.Errorf("TrustedScoreEnemies(A) = %v, want %v", got, want)
	}
	wantD := (-(1 - 5.0/9) - 0.5 - (1 - 5.0/9) - (1 - 1.0/3)) / 4
	if got := tab.TrustedScoreEnemies("D"); !closeTo(got, wantD) {
		t.Errorf("TrustedScoreEnemies(D) = %v, want %v", got, wantD)
	}
	if got := tab.Placements("A").Count; len(got) != 2 || got[0] != 2 || got[1] != 1 {
		t.Errorf("places of A %v, want [2 1]", got)
	}
	if !math.IsNaN(tab.TrustedScoreEnemies("Z")) || !math.IsNaN(tab.Placements("Z").MedianPlayers()) {
		t.Error("a player without games has values")
	}
	// With MinSeats 2 the 2-seat game counts: A's players average 11/4.
	all := PlacementTable{MinSeats: 2}
	all.Add([]string{"A", "B"}, []int{1, 2})
	all.Add([]string{"A", "B", "C"}, []int{1, 2, 3})
	all.Add([]string{"B", "A", "D"}, []int{1, 2, 3})
	all.Add([]string{"C", "D", "A"}, []int{1, 3, 1})
	if got := all.Placements("A").MedianPlayers(); !closeTo(got, 11.0/4) {
		t.Errorf("MedianPlayers(A) with 2-seat games = %v, want 2.75", got)
	}
	var buf bytes.Buffer
	if err := tab.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	want := "Name,Games,First,Second,Third,TrustedValue,MedianPlayers,TrustedScoreEnemies\n" +
		"A,3,2,1,0,0.5556,3.0000,0.0556\n"
	if !strings.HasPrefix(buf.String(), want) {
		t.Errorf("CSV:\n%s\nwant it to start with:\n%s", buf.String(), want)
	}
}
