// Package tuner runs sweeps: it reads a parameter space (tuner/space),
// asks a planner (tuner/plan: knockout, race, halving, spsa, cmaes, and
// staged, whose stages are tournaments of the others one after the other)
// for blocks of games, has a runner (tuner/runner: the local arena) play
// them, and writes the results directory (product.md §5): games.csv as
// the games come in, then variants.csv, ratings.csv, bracket.csv,
// winner.toml and summary.json (a planner's own tables besides: spsa.csv,
// cmaes.csv, stages.csv); with resume (RunOptions.Resume) and a
// lock on the directory. It also plays matches (RunMatch), confirmations
// (Confirm) and replays a directory's games (RecordDir, ReplayGame).
//
// The shape follows the mature tuners (Ray Tune's searcher, scheduler
// and executor; Optuna's sampler, pruner and storage):
//
//   - tuner/space: the TOML space, its checks with file:line errors, and
//     the generation of variants;
//   - tuner/plan: planners, which propose blocks and read their results;
//     a new method is one new planner file there;
//   - tuner/runner: runners, which play blocks and hand the results
//     back in block order;
//   - tuner/stats: blocks, ratings, tests; tuner/report: the HTML page.
//
// The sweep loop (RunSweep) is short: Next, play, Look, until the
// planner has no more blocks; then the winner's hold-out rung
// (plan.HoldOut), ratings, verdict and files.
//
// Honesty (statistics.md §8): identical games count once (games.csv's
// game_hash; repeated blocks are left out of the ratings and the tests);
// the winner is rated on blocks that played no part in choosing it; the
// tournament's intervals are widened for early stopping and elimination;
// honest_test.go and coverage_test.go measure coverage, bias and the
// null on the synthetic game, and TestHonestNullCanFail shows that the
// null test fails when the verdict is broken on purpose.
//
// Surviving kills: games.csv and timing.csv are flushed together
// (timing.csv first) and repaired on resume; every other file is written
// atomically.
package tuner

// # Placements
//
// Over games of more than two seats (Placements per variant; the
// PlacementTable over whole games, PlacementsFromDir from games.csv) with
// place = rank (ties share the better place) and n = the game's players:
//
//   - place_k: the games finished in place k;
//   - TrustedValue: the mean of 1 − place/n;
//   - MedianPlayers: the mean of n (seed 003 calls it a median but defines
//     an average; the Spe_ed spec §11.3 keeps the name);
//   - TrustedScoreEnemies: the mean over every (game, opponent) pair of
//     +TV(o) when placed strictly ahead of opponent o, −(1 − TV(o)) when
//     strictly behind, 0 when tied, TV(o) being o's TrustedValue over the
//     same games (field bots and the default filler included). −1..1:
//     high means it beats players that do well.
//
// # Results directories
//
// lock.Dir (tuner/lock) locks a results directory (flock on DIR/.tourney.lock) so that
// two processes never write one directory. RecordDir plays a directory's
// games again from space.toml and games.csv with move records on, checks
// them against games.csv and writes games.jsonl.gz (tuner/records).
