package tuner

import (
	"context"
	"maps"
	"slices"
	"sync"

	"tourney/tuner/study"
)

// PreflightBots starts every external bot the space declares once, all
// at once, before the sweep writes anything (external.Decl.Preflight): a
// bot that cannot start, or says no hello within its startup, stops the
// sweep before its first round with a clear error (exit 1) instead of
// forfeiting every game. The first error in name order is returned.
func PreflightBots(ctx context.Context, sp *study.Study) error {
	decls := sp.ExternalBots()
	names := slices.Sorted(maps.Keys(decls))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = decls[n].Preflight(ctx)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
