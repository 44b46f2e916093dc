// Package costs owns what games cost and how their clocks are set: the
// calibration (Calibrate: a few rounds of each scenario's games, their
// CPU time per game and map, the estimate of a run, the probes' cost),
// the node rates that turn a clock in nodes into time (MeasureNodeRates,
// ResolveNodeRates, noderates.csv), costs.csv (ReadCosts, WriteCosts,
// WithCosts), the budget checks that need no game (CheckBudget), and the
// CPU time of the process and of its bot processes (ProcessCPU).
//
// It imports the study (tuner/study), the planners' plans (tuner/plan: what a plan
// plays), the results package's file helpers and game jobs, and the
// arena; the sweep loop (package tuner), validate and the confirmations
// import it.
package costs
