// Package space reads a parameter space (product.md §2): the TOML file,
// its strict checks with file:line:col errors, and the generation of
// variants; also bot config files (product.md §4) and external bot
// declarations (protocols.md §1).
//
// # The parameter space
//
// A space is a TOML file (Load, Parse):
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
//
//   - sweep: each parameter in file order varied alone over its values,
//     the others at their defaults; the value equal to the default is
//     skipped.
//
//   - random: samples points, each parameter drawn uniformly from its
//     values (or its continuous range, log-uniformly with scale = "log"),
//     redrawn when a point repeats; a small space may give fewer points.
//
//   - lhs: a Latin hypercube of samples points: each parameter's range is
//     cut into samples strata, each used once.
//
//   - factorial: a two-level fractional factorial of resolution IV
//     (factorial.go); the design's runs come first (Candidates), then the
//     rest of the full grid, predicted only.
//
// [effects] interactions = [["a", "b"], ...] names the two-way
// interactions the effects model fits beside every main effect. A
// scenario may declare cost = "1.5s", the CPU time of one game (what
// successive halving orders scenarios and sizes a CPU budget by).
//
// random and lhs draw from the space's seed only (game.NewRand), so the
// same file and seed always give the same variants. At most 100000
// variants are allowed.
//
// # Bot config files
//
// LoadBotConfig reads and WriteBotConfig writes the game/bot/[params]
// files of product.md §4, with the [budget] the configuration was tested
// under and, when it was not a match's default, the opening_plies its
// sweep opened with (WriteTestedConfig).
package space
