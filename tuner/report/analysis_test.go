package report

import (
	"math"
	"testing"
)

// Axis ticks: rounding noise is gone and a zero is never "-0".
func TestFmtTick(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {-1e-12, "0"}, {100, "100"}, {-200, "-200"},
		{0.1 + 0.2, "0.3"}, {2.5, "2.5"},
	} {
		if got := fmtTick(c.x); got != c.want {
			t.Errorf("fmtTick(%g) = %q, want %q", c.x, got, c.want)
		}
	}
}
