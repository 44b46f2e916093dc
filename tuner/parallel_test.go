package tuner

import (
	"context"
	"testing"
	"time"
)

// ParallelFactor plays the calibration's games alone and as w copies at
// once, and is never below 1 (1 with one worker, without a game);
// Scaled multiplies every game's cost, the probes' too.
func TestParallelFactor(t *testing.T) {
	sp := parseSpace(t, "par.toml", `name = "par"
seed = 3
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 3 }
[params]
opponent_weight = { values = [0.5, 1.0] }
`)
	ctx := context.Background()
	if f, n, err := ParallelFactor(ctx, sp, 1, time.Millisecond); err != nil || f != 1 || n != 0 {
		t.Fatalf("one worker: %v, %d games, %v", f, n, err)
	}
	f, n, err := ParallelFactor(ctx, sp, 2, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if f < 1 || n < 3 || n%3 != 0 {
		t.Errorf("two workers: factor %v from %d games (each alone and as 2 copies: a multiple of 3)", f, n)
	}
	t.Logf("two games at once: %.2f times the CPU of one alone (%d games)", f, n)
	c := Calibration{PerGame: [][]time.Duration{{time.Second, 2 * time.Second}},
		Probes: []ProbeCost{{Search: [][]time.Duration{{time.Second}}, Final: [][]time.Duration{{3 * time.Second}}}}}
	s := c.Scaled(1.5)
	if s.PerGame[0][1] != 3*time.Second || s.Probes[0].Final[0][0] != 4500*time.Millisecond || c.PerGame[0][1] != 2*time.Second {
		t.Errorf("Scaled(1.5): %v %v (the original: %v)", s.PerGame, s.Probes[0].Final, c.PerGame)
	}
}
