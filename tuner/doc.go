// Package tuner runs sweeps: the loop between a planner, a runner and
// the results, and the options of a run. It plays a study (tuner/study:
// the parameter space, tuner/space, compiled once), asks a planner (tuner/plan) for blocks of games, has a
// runner (tuner/runner) play them, hands every game to the results
// (tuner/results), and at the end asks for the ratings, the verdict and
// the files; with resume (RunOptions.Resume), a lock on the directory
// (tuner/lock), and the costs a CPU budget needs measured first
// (costs.go, fitcost.go, refuse.go).
//
// # The house
//
// Imports run one way, from the commands down to the games:
//
//	cmd/tourney            the commands
//	  tuner/serve          the web page of runs (live, compare)
//	  tuner/report         report.html of a results directory
//	tuner                  the sweep loop and its options (this package)
//	  tuner/cluster        a runner over NATS: coordinator and workers
//	  tuner/confirm        the winner on fresh seeds (GSPRT), against the field
//	  tuner/replay         a directory's games played again, records
//	  tuner/match          the head-to-head match of two configurations
//	  tuner/costs          calibration, node rates, costs.csv, budget checks
//	  tuner/results        games.csv as games come in, ratings, verdict,
//	                       effects, placements, the files at the end
//	  tuner/runner         the Runner interface and the local arena runner
//	  tuner/plan           planners: knockout, race, halving, spsa, cmaes, staged
//	  tuner/lock           the lock on a results directory
//	  tuner/records        games.jsonl.gz, the move records
//	  tuner/stats          blocks, ratings, tests (no tourney imports)
//	  tuner/study          the space compiled once: knobs, scenarios, cells,
//	                       defaults, variants (what everything above reads)
//	  tuner/space          the TOML space, its checks, the variants
//	arena                  plays one game of a job
//	engines/...            the games and their bots
//
// A package imports only packages below it in this list (tuner/cluster
// and tuner/serve stand where they do because the commands pick them;
// neither imports the loop). Each package's doc.go says what it owns
// and what it may import. The TOML-level space (*space.Space) stops at
// tuner/study: the commands parse a file (sweep, match's conditions,
// confirm, validate) and compile it, a cluster worker compiles the
// space its coordinator sends, and every package above reads the
// *study.Study.
//
// # One block, from planner to files
//
//  0. The command parses the space file and compiles it
//     (study.Compile); RunSweep gets the study.
//  1. RunSweep makes a results.Sweep (the variants and their parameters
//     per scenario, the defaults, the entities the ratings fit) and the
//     planner (plan.New), and starts games.csv (results.Sweep.Create, or
//     Resume for an interrupted run).
//  2. The planner's Next returns blocks: plan.Block, a deal (scenario,
//     map, seed, opening) played once per seating, each game a
//     plan.GamePlan whose seats name a variant, a point, the defaults or
//     a field bot.
//  3. results.Sweep.AddBlock numbers the block (the bootstrap's unit)
//     and turns each game into an arena.Job (results.GameJob: the map's
//     budget and opening taken from the study in one place).
//  4. The runner (runner.Local, or the cluster's coordinator) plays the
//     jobs and hands each arena.Result back in block order; a resumed run
//     takes the games it already has from games.csv first (Replay).
//  5. results.Sweep.Emit writes the game's rows to games.csv and
//     timing.csv (flushed together, timing.csv first) and its record,
//     books its points, and puts its result in the block's place.
//  6. The planner's Look reads the block's results and decides (an
//     encounter stops, a rung is cut, a step is taken); the loop repeats
//     from 2 until Next has no more blocks and Winner names the winner.
//  7. The winner's hold-out rung is played the same way (plan.HoldOut;
//     a gauntlet's seats the winner and the defaults against the field);
//     then results.Sweep fits the ratings, makes the verdict (on the rung
//     alone; a gauntlet's on the paired points against the field,
//     results/gauntlet.go), the effects, and a confirmation may follow (tuner/confirm);
//     WriteResults writes variants.csv, ratings.csv, bracket.csv,
//     effects.csv, winner.toml and summary.json, WriteTables the
//     planner's own files (spsa.csv, cmaes.csv, stages.csv).
//
// # Honesty
//
// Statistics.md §8: identical games count once (games.csv's game_hash;
// repeated blocks are left out of the ratings and the tests); the winner
// is rated on blocks that played no part in choosing it; the
// tournament's intervals are widened for early stopping and
// elimination; honest_test.go measures coverage,
// bias and the null on the synthetic game, and TestHonestNullCanFail
// shows that the null test fails when the verdict is broken on purpose.
//
// Surviving kills: games.csv and timing.csv are flushed together
// (timing.csv first) and repaired on resume; every other file is written
// atomically.
package tuner
