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
// seeds, a tenth of the games); its rating against the defaults and the
// verdict come from the rung alone: "better than the defaults" when the
// rung's interval excludes 0, otherwise "no evidence of improvement:
// keep the defaults". The tournament's bound at 1 − (1 − confidence)/m
// for the m variants that could have won is printed beside it. A
// decided confirmation (confirm = true, ConfirmDir: a GSPRT on fresh
// seeds) replaces the verdict; an undecided one leaves it.
//
// The synthetic game (engines/synthetic) is the ground truth these
// choices were checked on (honest_test.go, configs/synthetic-check.toml).
package plan
