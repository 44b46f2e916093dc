package tuner

import (
	"bytes"
	"context"
	"errors"
	"os"

	"tourney/tuner/space"
	"tourney/tuner/study"
)

// A refused run says so before any output and leaves no results
// directory: the budget checks that need no measurement (costs.CheckBudget)
// come before the command prints anything; a CPU budget that the
// measured costs show cannot be kept (resolveCosts) is refused with the
// measuring lines held back and the directory the run made removed.

// freshDir reports whether dir does not exist yet (the run makes it).
func freshDir(dir string) bool {
	_, err := os.Stat(dir)
	return errors.Is(err, os.ErrNotExist)
}

// acceptCosts is resolveCosts with its log held until the run is
// accepted: then RunOptions.Started is called and the log follows; a
// refusal (an input error) removes the results directory when the run
// made it (fresh) and prints nothing but the error.
func (r *sweepRun) acceptCosts(ctx context.Context, fresh bool) (*study.Study, error) {
	log := r.opt.Log
	var held bytes.Buffer
	r.opt.Log = &held
	s, err := r.resolveCosts(ctx)
	r.opt.Log = log
	var ie *space.InputError
	if errors.As(err, &ie) && fresh {
		_ = os.RemoveAll(r.opt.Out)
		return nil, err
	}
	if err != nil {
		_, _ = log.Write(held.Bytes())
		return nil, err
	}
	if r.opt.Started != nil {
		r.opt.Started(s)
	}
	_, _ = log.Write(held.Bytes())
	return s, nil
}
