package tuner

import (
	"context"
	"sync"
	"time"

	"tourney/arena"
	"tourney/tuner/space"
)

// Games at once on a machine's cores.
//
// Calibration plays one game at a time; a sweep plays one a worker, and
// on cores that share caches and a memory bus (a 2-core VM whose cores
// are one physical core's two threads) a game played beside another
// costs more CPU time than alone. On the machine of 2026-11-29 a whole
// run of configs/reversixt-clock.toml used 1 830 s of CPU on 2 workers
// of idle cores where validate, from games played alone, said 1 142 s;
// its games search the same nodes either way (node budgets), so the
// difference is what each node costs. ParallelFactor measures it: the
// same calibration games played alone and then as w copies at once (the
// same seeds: the same work), the CPU of the copies over w times the
// CPU alone.

// ParallelFactor is the CPU time of a game played beside w − 1 others
// over its CPU time alone (1 for w ≤ 1; never below 1), from calibration
// rounds (one game on every scenario and map, as Calibrate builds them)
// played until the games alone have used limit of CPU (at least one
// round; at most calibrationCap times limit), and the games played.
func ParallelFactor(ctx context.Context, s *space.Space, w int, limit time.Duration) (float64, int, error) {
	if w <= 1 {
		return 1, 0, nil
	}
	vs, next := s.Variants(), 0
	var alone, together time.Duration
	games := 0
	start := processCPU()
	for round := uint64(0); ; round++ {
		jobs, err := calibrationJobs(s, vs, round, &next, false)
		if err != nil {
			return 0, 0, err
		}
		// the round alone, then w copies of it at once, each on a
		// goroutine of its own that plays the round's games in turn (as
		// a sweep's workers do: no goroutine a game)
		cpu := processCPU()
		for i := range jobs {
			if _, err := arena.Play(ctx, &jobs[i], arena.Options{}); err != nil {
				return 0, 0, err
			}
		}
		alone += processCPU() - cpu
		cpu = processCPU()
		var wg sync.WaitGroup
		errs := make([]error, w)
		for k := 0; k < w; k++ {
			wg.Add(1)
			go func(k int) {
				defer wg.Done()
				for i := range jobs {
					job := jobs[i]
					if _, err := arena.Play(ctx, &job, arena.Options{}); err != nil {
						errs[k] = err
						return
					}
				}
			}(k)
		}
		wg.Wait()
		together += processCPU() - cpu
		for _, err := range errs {
			if err != nil {
				return 0, 0, err
			}
		}
		games += len(jobs) * (1 + w)
		if alone >= limit || processCPU()-start >= calibrationCap*limit*time.Duration(1+w) {
			break
		}
	}
	if alone <= 0 {
		return 1, games, nil
	}
	return max(1, float64(together)/float64(w)/float64(alone)), games, nil
}

// Scaled is the calibration with every game's cost times f (a game
// beside others: ParallelFactor).
func (c Calibration) Scaled(f float64) Calibration {
	mul := func(x [][]time.Duration) [][]time.Duration {
		out := make([][]time.Duration, len(x))
		for i, row := range x {
			out[i] = make([]time.Duration, len(row))
			for j, d := range row {
				out[i][j] = time.Duration(float64(d) * f)
			}
		}
		return out
	}
	out := Calibration{PerGame: mul(c.PerGame), Games: c.Games}
	for _, p := range c.Probes {
		out.Probes = append(out.Probes, ProbeCost{Point: p.Point, Search: mul(p.Search), Final: mul(p.Final)})
	}
	return out
}
