package main

import (
	"testing"
	"time"
)

// The estimate of a long study: 82 h for 81 920 games does not overflow
// (the product of the two is beyond int64 nanoseconds).
func TestScaleDuration(t *testing.T) {
	est := 82*time.Hour + 32*time.Minute
	if got := scaleDuration(est, 81920, 81920); got != est {
		t.Errorf("scaleDuration(%v, 81920, 81920) = %v", est, got)
	}
	if got, want := scaleDuration(est, 40960, 81920), est/2; got != want {
		t.Errorf("scaleDuration(%v, 1/2) = %v, want %v", est, got, want)
	}
	if got, want := scaleDuration(10*time.Second, 2, 4), 5*time.Second; got != want {
		t.Errorf("scaleDuration(10s, 2, 4) = %v, want %v", got, want)
	}
}
