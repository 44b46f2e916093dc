// Package serve is `tourney serve` and `tourney sweep --serve`: a local
// web server (net/http, html/template; nothing from the network) over
// results folders.
//
// Pages: the list of runs (name, method, variants, games, state, verdict,
// date), each run's live page (progress and ETA, the leader and the
// ratings so far with approximate intervals, effects so far, forfeits by
// entrant and reason, the sweep's log where the server runs in the
// sweep's process, a cluster's workers), each finished run's report
// (tuner/report, rendered in memory) and a comparison of runs of the same
// space (winners, their ratings against the defaults with intervals,
// verdicts, effects and ratings side by side).
//
// The server only reads what a sweep writes: games.csv (read on from
// where it stopped, complete lines only), space.toml, summary.json,
// variants.csv, effects.csv, the lock file's pid and the coordinator's
// workers.json. It writes nothing in a results folder, so a run's files
// are the same with and without it.
//
// A run's state: finished when summary.json and variants.csv are there;
// running when the process whose pid the lock file holds is alive (or the
// run is the server's own sweep); interrupted otherwise.
//
// It imports the cluster (tuner/cluster), the lock, the planners'
// blocks, the report (tuner/report), the results, the statistics and
// the study (tuner/study); only the commands import it.
package serve
