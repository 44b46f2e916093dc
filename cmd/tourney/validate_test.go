package main

import (
	"fmt"
	"path/filepath"
	"strings"
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

// validate on a factorial halving space of twelve two-value knobs: the
// design rung, the local rung and the hold-out, as the sweep plays them
// (tuner.TestHalvingFindsTheBest: 3 238 games a run).
func TestValidateRefiningHalving(t *testing.T) {
	land, _ := filepath.Abs("../../configs/synthetic/twelve.toml")
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"twelve\"\nseed = 1\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [%q]\n[params]\n", land)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "x%d = { values = [0, 1] }\n", i)
	}
	b.WriteString("[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\n")
	p := writeFile(t, t.TempDir(), "twelve.toml", b.String())
	code, out, stderr := tourney(t, "validate", p, "--no-estimate")
	for _, want := range []string{"halving with local refinement", "design rung: 1152 games", "local rung: 1792 games", "hold-out rung: at most 294 games", "total games: 3238 to 3238"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("validate: exit %d, no %q:\n%s%s", code, want, out, stderr)
		}
	}
}
