// Package tuner finds good parameters for the bots of tourney's games: it
// reads a parameter space, generates variants of a bot's configuration,
// plays them against each other in a knockout tournament and writes the
// results (the product contract, product.md §2–§5).
//
// # The parameter space
//
// A space is a TOML file (LoadSpace, ParseSpace):
//
//	name = "c4-ordering"          # default: the file's base name
//	seed = 7                      # default 1
//
//	[[scenario]]                  # one or more
//	game   = "connect4"
//	bot    = "alphabeta"          # default: the game's first bot
//	maps   = ["standard"]         # default: the game's first map
//	budget = { depth = 7 }        # depth | nodes | time = "50ms"; default: the bot's own
//	weight = 1.0                  # > 0, default 1
//	field  = ["random", "bots/strong.toml"]   # bot names or bot config files
//
//	[base]                        # fixed parameters of every variant
//	order_moves = true
//
//	[params]                      # the varied parameters, in this order
//	depth           = { min = 5, max = 8 }                        # every integer
//	threat_exponent = { min = 0.25, max = 4, steps = 5, scale = "log" }
//	order_threat_scope = { values = ["column", "next"] }
//
//	[generate]
//	method = "grid"               # grid | sweep | random | lhs | staged
//	samples = 32                  # random and lhs
//	include_defaults = true
//
//	[tournament]
//	format = "knockout"           # knockout | race
//	group = 2                     # >= 2 (knockout)
//	advance = 1                   # 1 <= advance < group (knockout)
//	min_blocks = 4                # blocks before the first test (race: 5);
//	                              # games = N is the older spelling: N games per map, in whole blocks
//	max_games = 400               # an encounter's cap (race: the budget, 400 per variant)
//	confidence = 0.95
//	points = "rank"
//	bootstrap = 1000              # refits behind the rating intervals
//	confirm = false               # winner against the defaults on fresh seeds (GSPRT)
//	confirm_games = 1000
//	confirm_elo = [0, 10]
//
// Decoding is strict: an unknown key, a parameter the bot does not have
// (in a space with several scenarios: that any scenario's bot does not
// have), a value outside a parameter's range or a value of the wrong type
// is an *InputError "file:line:col: key: message". A parameter may not be
// both in [base] and in [params].
//
// Paths: map files and bot config files named in a space are resolved
// against the directory of the space file, not the working directory.
// A map name that is one of the game's built-in maps is used as is.
//
// # Candidate values
//
// values = [...] lists them (booleans and strings always do so). A range
// min..max of an integer parameter with integer ends is every integer
// from min to max; steps = k picks k values evenly from min to max, ends
// included, linearly or with scale = "log" (min > 0), rounded to integers
// for integer parameters (duplicates removed) and to 12 significant digits
// for floats. A float range without steps is continuous: random and lhs
// draw from it (rounded to 6 significant digits), grid and sweep reject
// it.
//
// # Variants and their order
//
// Variants are numbered 0..n-1. With include_defaults the default
// configuration (bot defaults + [base]) is variant 0, and a generated
// variant equal to an earlier one is dropped (variants are unique by
// value).
//
//   - grid: the full product of the candidate values, the first parameter
//     varying slowest (like nested loops in file order).
//   - sweep: each parameter in file order varied alone over its values,
//     the others at their defaults; the value equal to the default is
//     skipped.
//   - random: samples points, each parameter drawn uniformly from its
//     values (or its continuous range, log-uniformly with scale = "log"),
//     redrawn when a point repeats; a small space may give fewer points.
//   - lhs: a Latin hypercube of samples points: each parameter's range is
//     cut into samples strata, each used once.
//
// random and lhs draw from the space's seed only (game.NewRand), so the
// same file and seed always give the same variants. At most 100000
// variants are allowed.
//
// # Bot config files
//
// LoadBotConfig reads and WriteBotConfig writes the game/bot/[params]
// files of product.md §4, with the [budget] the configuration was tested
// under.
//
// # Tournaments (statistics.md)
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
// Ratings and verdict: every variant, the defaults and every field bot
// get a rating on one scale (stats.Bootstrap: Bradley–Terry /
// Plackett–Luce, anchored at the defaults, intervals over blocks, seeded
// from the run seed). The winner is "better than the defaults" when its
// bootstrap lower bound against them, at 1 − (1 − confidence)/m for the m
// variants that could have won (the price of choosing the best), is above
// 0; otherwise "no evidence of improvement: keep the defaults". A
// confirmation (confirm = true, ConfirmDir) replaces that with a GSPRT on
// fresh seeds.
//
// The synthetic game (engines/synthetic) is the ground truth these
// choices were checked on (honest_test.go, configs/synthetic-check.toml).
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
// LockDir locks a results directory (flock on DIR/.tourney.lock) so that
// two processes never write one directory. RecordDir plays a directory's
// games again from space.toml and games.csv with move records on, checks
// them against games.csv and writes games.jsonl.gz (tuner/records).
