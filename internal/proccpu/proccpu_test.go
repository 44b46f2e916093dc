//go:build unix

package proccpu

import "testing"

// Self grows with work done, and never goes back.
func TestSelfCounts(t *testing.T) {
	a := Self()
	x := 0
	for i := 0; Self()-a < 2_000_000 && i < 1<<31; i++ { // 2 ms of CPU
		x += i
	}
	if b := Self(); b <= a || b-a < 2_000_000 {
		t.Fatalf("CPU time %v then %v (%d)", a, b, x)
	}
}
