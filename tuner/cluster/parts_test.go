package cluster

import (
	"reflect"
	"testing"
)

// A block's parts cover its games once, in order, as even as can be.
func TestPartStarts(t *testing.T) {
	for _, c := range []struct {
		n, parts int
		want     []int
	}{
		{6, 1, []int{0}},
		{6, 4, []int{0, 1, 3, 4}},
		{6, 6, []int{0, 1, 2, 3, 4, 5}},
		{3, 10, []int{0, 1, 2}},
		{103, 8, []int{0, 12, 25, 38, 51, 64, 77, 90}},
	} {
		got := partStarts(c.n, c.parts)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("partStarts(%d, %d) = %v, want %v", c.n, c.parts, got, c.want)
		}
		if end := partEnd(got, len(got)-1, c.n); end != c.n {
			t.Errorf("partStarts(%d, %d): the last part ends at %d", c.n, c.parts, end)
		}
	}
	c := &Coordinator{workers: map[string]*workerSeen{}}
	if p := c.parts(10000); p != 1 {
		t.Errorf("a round of 10000 blocks in %d parts", p)
	}
	if p := c.parts(32); p != 8 {
		t.Errorf("a round of 32 blocks, no heartbeat yet: %d parts, want 8 (256 items)", p)
	}
}
