// Package sweeptest runs whole sweeps for the external tests of the
// sweep's parts (tuner/results, tuner/costs), which cannot be package
// tuner's tests: a quiet sweep into a temporary directory. It imports
// tuner and the space; only tests import it.
package sweeptest
