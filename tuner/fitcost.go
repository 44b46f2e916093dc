package tuner

import (
	"context"
	"os"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/runner"
	"tourney/tuner/space"
)

// dryRunner answers every game at once with a seeded random finishing
// order (every seat equally strong): a sweep played by it makes every
// decision, fit and file of a real one on games that cost nothing. With
// equal seats the tests seldom stop early, so it plays about the most the
// plan allows.
type dryRunner struct{}

func (dryRunner) Play(ctx context.Context, blocks []runner.Block, emit func(*arena.Result) error) error {
	i := 0
	for _, b := range blocks {
		for k := range b.Jobs {
			j := &b.Jobs[k]
			n := len(j.Seats)
			rng := game.NewRand(game.Mix(j.Seed, 0xd27, uint64(k)))
			ranks := make([]int, n)
			for s, p := range rng.Perm(n) {
				ranks[s] = p + 1
			}
			res := &arena.Result{Index: i, Job: j, Scores: make([]float64, n), Ranks: ranks, Plies: 1, End: make([]string, n),
				Forfeit: -1, SeatTime: make([]time.Duration, n), SeatMoves: make([]int, n), SeatSearch: make([]arena.SeatSearch, n),
				Print: game.Mix(j.Seed, uint64(k), 0x5eed)}
			for s := range res.End {
				res.End[s] = "normal"
			}
			i++
			if err := emit(res); err != nil {
				return err
			}
		}
	}
	return nil
}

// FitCost estimates the CPU time a sweep of s spends besides playing its
// games: the planner's fits between rounds, the ratings' and the
// parameter effects' bootstrap at the end (statistics.md §4, §7), the
// files. It runs the sweep twice on games that cost nothing (dryRunner),
// with 10 and with 30 bootstrap refits, and extrapolates linearly to the
// space's bootstrap: on games of a millisecond the fits are most of a
// run (issue 31: a 4 096-variant knockout estimated at 1.5–6 s ran
// 60 s). The space should carry its scenarios' costs when a CPU budget
// sizes its plan (WithCosts), as the sweep does.
func FitCost(ctx context.Context, s *space.Space) (time.Duration, error) {
	run := func(reps int) (time.Duration, error) {
		c := *s
		c.Tournament.Bootstrap = reps
		c.Tournament.Confirm = false // played outside the runner
		dir, err := os.MkdirTemp("", "tourney-fitcost-")
		if err != nil {
			return 0, err
		}
		defer os.RemoveAll(dir)
		cpu := processCPU()
		_, err = RunSweep(ctx, &c, RunOptions{Out: dir + "/out", Workers: 1, Quiet: true, NoRecords: true, Runner: dryRunner{}})
		return processCPU() - cpu, err
	}
	c10, err := run(10)
	if err != nil {
		return 0, err
	}
	c30, err := run(30)
	if err != nil {
		return 0, err
	}
	per := max(c30-c10, 0) / 20
	return max(c10+per*time.Duration(s.Tournament.Bootstrap-10), 0), nil
}
