package tuner

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/tuner/study"
)

// TestFitCostNoise: fitCost's estimate of the fits' CPU time holds
// within 30 % (validate's promise) when every dry run is off by some
// tens of milliseconds in either direction (a loaded machine, the
// collector), for a small space (the fits cost little: synthetic-check,
// 1.6 s at 1 000 refits; 10 and 30 refits extrapolated gave 1.4 to 6.9 s)
// and a large one (the refits dominate: twelve-space, ~110 s), and it
// plays what it says: the full bootstrap when it is small.
func TestFitCostNoise(t *testing.T) {
	cases := []struct {
		name       string
		base, per  time.Duration // a dry run costs base + per × refits
		noise      time.Duration // ± on every run
		bootstrap  int
		wantDirect bool // measured at the bootstrap itself
	}{
		{"small", 600 * time.Millisecond, time.Millisecond, 60 * time.Millisecond, 1000, true},
		{"no refits to speak of", 1600 * time.Millisecond, 100 * time.Microsecond, 80 * time.Millisecond, 1000, true},
		{"large", 10 * time.Second, 100 * time.Millisecond, 300 * time.Millisecond, 1000, false},
		{"few refits", 2 * time.Second, 10 * time.Millisecond, 50 * time.Millisecond, 100, true},
	}
	for _, c := range cases {
		truth := c.base + c.per*time.Duration(c.bootstrap)
		// every pattern of signs of the noise on the (at most three) runs
		for signs := range 8 {
			var asked []int
			got, err := fitCost(c.bootstrap, func(reps int) (time.Duration, error) {
				k := len(asked)
				asked = append(asked, reps)
				d := c.base + c.per*time.Duration(reps)
				if signs>>k&1 == 1 {
					return d + c.noise, nil
				}
				return d - c.noise, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if r := float64(got) / float64(truth); math.Abs(r-1) > 0.3 {
				t.Errorf("%s, signs %03b: estimate %v, truth %v (runs at %v refits)", c.name, signs, got, truth, asked)
			}
			direct := asked[len(asked)-1] == c.bootstrap
			if direct != c.wantDirect || len(asked) > 3 {
				t.Errorf("%s: runs at %v refits (bootstrap %d), want direct %v", c.name, asked, c.bootstrap, c.wantDirect)
			}
		}
	}
}

// TestFitCostPlaysNoGate: validate's dry runs (FitCost) play no game of
// the promotion gate. The gate plays real games with a runner of its own
// after the verdict, so that in a dry run whose winner was not the
// defaults it played them for real (a [gate] of mcts at 200 ms on course
// maps kept validate busy for half an hour). Over six seeds the dry
// run's winner is the defaults in some and x1 = 1 in others; in none may
// the dry run's verdict carry a gate.
func TestFitCostPlaysNoGate(t *testing.T) {
	dir := gateDir(t)
	notDefault := 0
	for seed := 1; seed <= 6; seed++ {
		text := strings.Replace(gateSpace("[gate]\nmaps = [\"heldout.toml\"]\nmax_games = 400\n"), "seed = 5\n", fmt.Sprintf("seed = %d\n", seed), 1)
		sp, err := study.Parse(filepath.Join(dir, "gate.toml"), []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		c := dryStudy(sp, fitLow)
		res, err := RunSweep(context.Background(), &c, RunOptions{Out: filepath.Join(t.TempDir(), "out"), Workers: 1, Quiet: true, NoRecords: true, Runner: dryRunner{}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Variants[res.Winner].Values["x1"] == 1.0 { // x1 = 0: the defaults
			notDefault++
		}
		if res.Verdict.Gate != nil || res.Verdict.Confirm != nil {
			t.Errorf("seed %d: the dry run (winner %v) played the gate %+v or a confirmation %+v", seed, res.Variants[res.Winner].Values, res.Verdict.Gate, res.Verdict.Confirm)
		}
		if sp.Gate == nil || !sp.Tournament.Confirm {
			t.Fatalf("seed %d: the dry run changed the study itself", seed)
		}
	}
	if notDefault == 0 {
		t.Fatal("every dry run's winner was the defaults: the test shows nothing")
	}
}
