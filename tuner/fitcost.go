package tuner

import (
	"context"
	"os"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/costs"
	"tourney/tuner/runner"
	"tourney/tuner/study"
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
// files. It runs the sweep on games that cost nothing (dryRunner), at
// most three times (fitCost says which bootstrap sizes): on games of a
// millisecond the fits are most of a run (issue 31: a 4 096-variant
// knockout estimated at 1.5–6 s ran 60 s). The space should carry its
// scenarios' costs when a CPU budget sizes its plan (costs.WithCosts), as the
// sweep does.
func FitCost(ctx context.Context, s *study.Study) (time.Duration, error) {
	return fitCost(s.Tournament.Bootstrap, func(reps int) (time.Duration, error) {
		c := dryStudy(s, reps)
		dir, err := os.MkdirTemp("", "tourney-fitcost-")
		if err != nil {
			return 0, err
		}
		defer os.RemoveAll(dir)
		cpu := costs.ProcessCPU()
		_, err = RunSweep(ctx, &c, RunOptions{Out: dir + "/out", Workers: 1, Quiet: true, NoRecords: true, Runner: dryRunner{}})
		return costs.ProcessCPU() - cpu, err
	})
}

// dryStudy is s as FitCost's dry runs play it: at reps bootstrap refits,
// without the confirmation and the promotion gate. Both play real games
// with runners of their own after the verdict (not dryRunner's); validate
// names their caps, and their cost is their games'.
func dryStudy(s *study.Study, reps int) study.Study {
	c := *s
	c.Tournament.Bootstrap = reps
	c.Tournament.Confirm = false
	c.Gate = nil
	return c
}

// fitLow and fitHigh are the bootstrap sizes of the two dry runs that
// fitCost extrapolates from. Two runs of one plan differ by some tens of
// milliseconds of CPU (a loaded machine, the collector): 10 and 30, as
// before, multiplied that by 50 on the way to 1 000 refits (synthetic-
// check: 1.6 s of CPU at 1 000 refits estimated at 1.4 to 6.9 s); 10 and
// 110 multiply it by 10.
const fitLow, fitHigh = 10, 110

// fitCost is the CPU time of a dry run at bootstrap refits, from dry runs
// timed by measure: measured directly when bootstrap is at most
// fitHigh, or when the run at fitHigh cost less than one and a half
// times the run at fitLow (the refits are a small part of a run, and the
// difference between the two is mostly noise: synthetic-check's 0.6 and
// 0.7 s); else extrapolated linearly from them (the refits dominate and
// their cost is well above the noise: twelve-space's 11 and 21 s, where
// the full run would cost 110 s more).
func fitCost(bootstrap int, measure func(reps int) (time.Duration, error)) (time.Duration, error) {
	if bootstrap <= fitHigh {
		return measure(max(bootstrap, 0))
	}
	lo, err := measure(fitLow)
	if err != nil {
		return 0, err
	}
	hi, err := measure(fitHigh)
	if err != nil {
		return 0, err
	}
	if 2*(hi-lo) < lo {
		return measure(bootstrap)
	}
	per := float64(hi-lo) / (fitHigh - fitLow)
	return lo + time.Duration(per*float64(bootstrap-fitLow)), nil
}
