package confirm

import (
	"io"
	"time"

	"tourney/tuner/match"
)

// Options are the run options of a confirmation.
type Options struct {
	Workers     int
	Quiet       bool // no progress bar
	Grace       time.Duration
	HangTimeout time.Duration
	Version     string
	Log         io.Writer // warnings (stderr); nil: none
	// WallClock makes a confirmation of a clock in nodes play on the
	// wall clock (the transfer check).
	WallClock bool
}

// match is the options of the match played into dir.
func (o Options) match(dir string) match.Options {
	return match.Options{Out: dir, Workers: o.Workers, Quiet: o.Quiet, Grace: o.Grace, HangTimeout: o.HangTimeout,
		Version: o.Version, Log: o.Log}
}
