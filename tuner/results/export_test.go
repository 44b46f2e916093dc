package results

import "tourney/tuner/study"

// Hooks for the external tests (package results_test), which run whole
// sweeps (package tuner) and look inside the results.

// InertBroken breaks the comparison of knobs' games (inertBroken).
var InertBroken = &inertBroken

// KnobPairsOf compares the knobs' games of a finished sweep of sp in dir.
func KnobPairsOf(sp *study.Study, dir string) (*Sweep, error) {
	r, err := New(sp, Options{Out: dir})
	if err != nil {
		return nil, err
	}
	_, err = r.knobPairs()
	return r, err
}
