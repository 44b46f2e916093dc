// Package runner plays the blocks a planner proposes (tuner/plan). A
// Runner is the executor of a sweep: the local arena (Local), or a
// cluster of machines behind the same interface. Whatever plays the
// games, results come back in block order, the games of a block in
// their order, so that the files a sweep writes do not depend on who
// played.
//
// It imports the arena and the planners' blocks (tuner/plan) only; the
// sweep loop, the cluster's coordinator and the results (the players
// of a cluster run, Observed) import it.
package runner
