// Package plan holds the planners of a sweep (statistics.md §2, §5): a
// Planner proposes blocks (Next) and reads their results (Look); the
// sweep loop in package tuner plays them on a runner. Knockout and race
// are planners here; a new method is one new file.
//
// The unit of scheduling and of every statistic is a block: one deal
// (scenario, map, seed, opening) played once per seating of a rotation,
// so that everybody sits in every seat equally often. Block k of an
// encounter (or of the race) is deal k on every scenario and map; a
// variant's block result is its mean points there, averaged over a
// scenario's maps and weighted by scenario.
//
// Knockout: an encounter plays blocks up to its next look (Looks: the
// first look at min_blocks, then growing by half, the last at the cap);
// at each look the advancing set must be ahead of every other variant by
// a paired t-test over blocks (one neutral block added) at level
// (1 − confidence)/looks. An encounter still undecided at its cap is
// settled by the ratings of every game so far, exact ties by a seeded
// coin; variant numbers never decide. All encounters of a round play
// their blocks together, look by look, so the workers stay busy and the
// games' order (and games.csv) depends only on the results.
//
// Race: every survivor plays every block (a round robin of pairs on two
// seats; seeded tables of at most p seats otherwise); at each look the
// Friedman test and Conover's comparisons with the best
// (stats.Race, level (1 − confidence)/looks) drop the significantly worse.
// It stops when one survivor is left or the next look would pass the
// budget; the best survivor by rating wins.
//
// Halving (halving.go): successive halving over the candidates (a
// factorial design's runs, or every variant), rung by rung, on the
// effects-informed ratings (Host.Rate), ending in a race of the
// finalists, the defaults and the best predictions; see its file. On a
// factorial design of two-level knobs whose maps all have two seats it
// refines locally instead (refine.go): the design rung's main effects
// give a predicted best, a full factorial of its least certain knobs
// around it measures their effects in its context, and the winner is a
// run of that local factorial, played for real. The reported main
// effects rest on the design rung alone (run against mirror: the
// interactions cancel, so they estimate the grid-averaged effects
// without bias), with the block bootstrap's standard error corrected for
// few blocks (t with G − 1 degrees of freedom, stats.Effects).
//
// Gauntlet (gauntlet.go, [tournament] gauntlet = true, halving only):
// the variants are rated by what they score against the scenarios'
// field, with self-play only as the cheap first rung. Rung 1 seats the
// candidates at seeded tables without field games and cuts by
// Host.Rate, as above; every later rung, and a final rung in place of
// the race, seats each survivor and the defaults against the field only
// (fieldTables), all on the same deals, and cuts (or names the winner)
// by the mean points a block against the field in that rung, the
// defaults among the entrants of the final (no finalist ahead of them:
// keep the defaults). HoldOut then seats the winner and the defaults
// against the field on fresh deals, and the verdict (tuner/results,
// gauntlet.go) rests on the paired difference of their points a block.
// Every scenario must have a field and the defaults must be a variant
// (space.checkGauntlet); a factorial on two seats is not refined.
//
// Writing a new method: a planner keeps its own state, proposes blocks
// with newBlock (or its own tables), reads their results in Look, and
// reports its bracket rows, eliminations and decision counts in Report;
// the sweep loop, the runners and the results files need no change.
//
// Distinct blocks (statistics.md §8): every game has a fingerprint
// (Result.Print, arena.Print); a block whose games repeat an earlier
// block of its contest game for game is marked Dup when booked and counts
// once: the tests see only distinct blocks (contest.rows), and fewer than
// MinDistinct of them never separate variants.
//
// Ratings and verdict: every variant, the defaults and every field bot
// get a rating on one scale (stats.Bootstrap: Bradley–Terry /
// Plackett–Luce, anchored at the defaults, intervals over distinct
// blocks at 1 − (1 − confidence)/2.5, seeded from the run seed). The
// winner then plays a hold-out rung (HoldOut: the defaults on fresh
// seeds, a tenth of the games; a gauntlet's: the winner and the defaults
// against the field, paired, see Gauntlet above); its rating against the defaults and the
// verdict come from the rung alone: "better than the defaults" when the
// rung's interval excludes 0 and so does its one-sided 99 % bound (an
// equal winner is called better in at most 1 % of runs), otherwise "no
// evidence of improvement: keep the defaults". The tournament's bound at 1 − (1 − confidence)/m
// for the m variants that could have won is printed beside it. A
// decided confirmation (confirm = true, confirm.Dir: a GSPRT on fresh
// seeds) replaces the verdict; an undecided one leaves it.
//
// Continuous methods (points.go, spsa.go, cmaes.go; statistics.md §9):
// [generate] method = "spsa" or "cmaes" moves a point instead of choosing
// among generated variants. Their entrants are new parameter vectors, so
// the host gives them two things (plan.Entrants, implemented by the
// sweep): AddPoint registers a configuration for SeatPoint seats (θ+ and
// θ− of an SPSA iteration, a CMA-ES candidate); points play and are
// written to games.csv (variant "p<n>", role "point") but are not rated,
// since each plays a block or two and would only add noise and entities
// to the fit. AddVariant appends the final point to the sweep's variants
// (variant 1; the defaults are variant 0), so variants.csv, the ratings,
// the verdict, winner.toml and confirm treat it like any variant. The
// final phase plays it against the defaults on fresh seeds (final_games,
// in whole knockout-encounter blocks); then, as after every planner, the
// sweep plays the winner's hold-out rung (HoldOut, a tenth of all games)
// and the verdict rests on that, at confidence 0.99 unless the space
// says otherwise. A planner with files
// of its own (spsa.csv, cmaes.csv) implements Tabler.
//
// SPSA (spsa.go) plays one iteration per Next, so θ is updated in a fixed
// order at any worker count. CMA-ES (cmaes.go, cmaes_es.go) is a plain
// state, a generation (its candidates, drawn from a generator seeded by
// the run's seed and the generation, and the defaults in a race of
// blocks) per Next.
//
// Staged (staged.go, method = "staged") uses the same mechanism for the
// variants its later stages choose: each stage (stage 1 per parameter,
// the product, the final race) is a planner of its own on a sub-space,
// its blocks renumbered to the sweep's variants and its rounds placed
// after the earlier stages'; stage 2's and 3's variants are added with
// AddVariant when the stage before has chosen them, and stage 2's
// finalists are the variants the sweep cannot separate from its winner
// (Separator: the verdict's bootstrap). stages.csv is its Table.
//
// The synthetic game (engines/synthetic) is the ground truth these
// choices were checked on (honest_test.go, configs/synthetic-check.toml).
//
// It imports the study (tuner/study: the knobs, scenarios, cells and
// defaults it plans over), the space's value types (tuner/space), the
// statistics (tuner/stats) and the games' core API; the results, the
// runners, the loop and the commands import it.
package plan
