// Package study is the space compiled once for playing.
//
// A sweep, a match's confirmation, validate and a cluster's worker parse
// a space file (tuner/space: the TOML, its checks, the variants'
// generation) and compile it here into a Study: the knobs, the scenarios
// with their maps, clocks and fields, the scenario × map cells and the
// seats a game there has, the defaults' parameters and knob values, the
// variants and the start of a continuous search. The planners
// (tuner/plan), the tables (tuner/results), the costs (tuner/costs), the
// confirmation (tuner/confirm), the cluster (tuner/cluster), the report,
// the server and replay read the study; only this package and the
// commands that parse a file hold the TOML-level space.
//
// The study owns what the space file says, compiled; it does not play,
// measure or write results. It imports tuner/space and the engines'
// core API only.
package study
