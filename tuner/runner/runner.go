package runner

import (
	"context"
	"time"

	"tourney/arena"
	"tourney/tuner/plan"
)

// Block is one block's games, ready to play. Key numbers the block in
// the sweep (the ratings' bootstrap unit): a runner that plays a block
// twice (a redelivery) hands its results on once.
type Block struct {
	Key  int
	Jobs []arena.Job
	// Plans say what each job is in the space's terms (scenario, map,
	// seed, seats): what a remote worker needs to build the same jobs.
	Plans []plan.GamePlan
}

// Runner plays blocks. Play calls emit once for every game of every
// block, in block order and within a block in job order, from one
// goroutine; an error from emit stops the batch and is returned.
type Runner interface {
	Play(ctx context.Context, blocks []Block, emit func(*arena.Result) error) error
}

// Local plays on this machine's arena.
type Local struct {
	Workers     int
	Grace       time.Duration
	HangTimeout time.Duration
}

// Play runs every job of the blocks on the arena's workers.
func (l Local) Play(ctx context.Context, blocks []Block, emit func(*arena.Result) error) error {
	var jobs []arena.Job
	for _, b := range blocks {
		jobs = append(jobs, b.Jobs...)
	}
	return arena.Run(ctx, jobs, arena.Options{Workers: l.Workers, Grace: l.Grace, HangTimeout: l.HangTimeout}, emit)
}

// Observed is a runner that says how it is doing and who played: a
// cluster of machines. The sweep hands it a status callback for the
// progress line (workers connected, games/s per worker) and records
// Players in summary.json (outside the files that must not depend on
// who played).
type Observed interface {
	// SetStatus gives the runner a callback for its part of the progress
	// line; it may be called from any goroutine.
	SetStatus(status func(string))
	// TakePlayers returns who played each block (block key → worker
	// name) since the last call.
	TakePlayers() map[int]string
}
