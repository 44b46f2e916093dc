// Package synthetic is a test game whose true strengths are known
// (statistics.md §6). It exists to show that tourney's decisions are
// honest: a sweep over it can be run hundreds of times in seconds, and
// the truly best variant is known in advance.
//
// # Rules
//
// A game on map "Np" (N = 2..8 players), or on a landscape file (its
// players), has two moves per player, in seat order: seat 0 announces its
// strength, then its identity tag, then seat 1 does, and so on (2N moves,
// at most 16).
//
//   - The strength is an Elo value, a whole number from −2000 to 2000
//     (the fixed bot's parameter elo, rounded; the landscape bot's
//     Landscape.Elo).
//   - The identity tag, 0 .. 4095, names the bot (Tag: a hash of its
//     parameters). It changes nothing but the draw below.
//
// When every player has moved, the finishing order is drawn with
// Plackett–Luce probabilities: player i gets θ_i + G_i, θ_i = elo_i ·
// ln 10 / 400 and G_i a standard Gumbel draw, and the players finish in
// decreasing order of that value. For two players this is Bradley–Terry
// on the logistic Elo scale: a player 30 Elo stronger wins 54.3 % of the
// games. There are no draws.
//
// The Gumbel draws come from a generator seeded with the game's seed and
// all 2N moves in seat order (strength and tag of seat 0, of seat 1, ...).
// A game is thus a deterministic function of its seed and of who sits
// where, and it replays exactly. The tag is what makes the games of a
// block independent: a block plays one seed once per seating ((a, b) then
// (b, a) for two seats), and without tags two equally strong variants
// would make the same moves in both games, draw the same numbers, and the
// same seat would win both: every block would split 1–1 and a test of
// equal variants could never fail. With tags, (a, b) and (b, a) are other
// moves, so other draws; blocks of two equal variants split 1–1 half of
// the time and go 2–0 either way a quarter of the time each (block_test.go).
// Two variants with identical parameters have the same tag and play
// identical games, as deterministic bots on a fixed map do (statistics.md
// §8); so do, by chance, 1 pair of distinct equally strong variants in
// 4 096. The label parameter exists to make otherwise equal variants
// distinct.
//
// Returns: N − place (the winner of a 2-player game gets 1, the loser 0).
//
// # Encoding
//
// Actions are decimal codes. A strength move is round(elo) + 2000 (0 is
// −2000 Elo, 2000 is 0 Elo, 4000 is +2000 Elo, Code and Elo convert); a
// tag move is the tag itself, 0 .. 4095. State.TagTurn tells which of the
// two a player is to make. The random bot plays a uniform strength and a
// uniform tag.
//
// # JSON state encoding
//
// For external bots (the JSON-lines protocol): {"players": N, "turn":
// "strength" | "tag" | "over", "announced": [elo, ...], "tags": [tag,
// ...]}, the strengths and tags announced so far in seat order. Actions
// are written as their code ("2030" announces 30 Elo; "517" the tag 517).
// On a landscape map the newgame message's mapdata is the landscape
// file.
//
// # Bots
//
// "fixed" plays its elo parameter. Its other parameter, label, changes
// nothing but the tag: a space over label is a space of equal variants,
// in which a tool that promotes "a better configuration" is fooled by
// noise.
//
// "landscape" has sixteen float knobs x1 .. x16 (default 0, range ±1e6)
// and a label; it plays the strength its knobs have on the map's
// landscape (Landscape.Elo) and needs a landscape map: on a built-in map
// it forfeits every game. "landscape-mixed" is the same bot with knobs as
// users have them besides x1 .. x16: eight integers n1 .. n8 (default 0,
// range ±1e6), eight positive floats g1 .. g8 (default 1, range 1e-6 ..
// 1e6) and eight positive integers m1 .. m8 (default 1, range 1 .. 1e6),
// for ranges on a log scale.
//
// # Landscapes
//
// A landscape is a TOML file used as the game's map (LoadMap with its path;
// in a space, maps = ["twelve.toml"], resolved against the space file's
// directory, and games.csv names the map as the space writes it). It
// gives the number of seats and the true strength of the landscape bot as
// a function of its knobs:
//
//	doc     = "what this landscape is"   # optional
//	players = 2                          # required: seats, 2 .. 8
//
//	[main]                 # discrete knobs: Elo per knob value
//	x1 = { "0" = 0, "1" = 25 }           # keys: knob values as quoted numbers
//
//	[[interaction]]        # added when both knobs have the given values
//	a       = "x1"
//	a_value = 1
//	b       = "x3"
//	b_value = 1
//	elo     = -20
//
//	[peak]                 # continuous knobs: −k·(x − best)²
//	x5 = { best = 0.7, k = 100 }
//
//	[[cross]]              # c·(xa − best_a)·(xb − best_b)
//	a = "x5"
//	b = "x6"
//	c = 30
//
//	[[ridge]]              # a rotated term: −k·(Σ w_i·d_i)²
//	knobs   = ["x5", "x6"]
//	weights = [1.0, -0.5]
//	k       = 400
//
// A [field] table (the syntax of [main]; discrete knobs) gives what a
// knob's value adds against bots that are not landscape bots only (a
// field: fixed, random, external bots): the landscape bot's field
// strength is Landscape.FieldValue, Value plus those terms. On such a
// landscape its strength move is a dual code (DualCode: both strengths
// in one code above the plain codes), and a dual strength counts as the
// field strength in a game where some other seat announced a plain code,
// as the self-play strength otherwise. It is the ground truth of a
// gauntlet (tuner/gauntlet_test.go): a variant that beats its siblings
// and loses to the field.
//
//	[field]
//	x1 = { "7" = -1100 }                 # x1 = 7: 1100 Elo weaker against the field
//
// A [peak] entry may also say scale = "log" (its distance is counted in
// decades, log10 x − log10 best: a node limit whose best is 3000 loses as
// much at 300 as at 30 000; only the positive knobs g and m, best > 0) and
// integer = true (the knob is played at round(x); the integer knobs n and
// m always are):
//
//	g1 = { best = 40, k = 30, scale = "log" }
//	m1 = { best = 3000, k = 20, scale = "log" }
//	x7 = { best = 2.4, k = 5, integer = true }
//
// The raw value at knobs x is the sum of: for each knob of [main], the Elo
// listed for its value (a value not listed adds 0; values compare exactly,
// as numbers: "1" is the value 1.0); for each interaction whose two knobs
// both have the given values, its elo; for each knob of [peak],
// −k·d²; for each cross, c·d_a·d_b; for each ridge, −k·(Σ w_i·d_i)²,
// where d is a knob's distance from its best value: x − best, or log10 x
// − log10 best on a log scale, x rounded first for an integer. A ridge
// makes its knobs' best values correlated: raising one is good only if
// the others move with it (weights 1 and −1: their difference matters).
// A knob named nowhere adds nothing.
//
// The strength is relative to the origin: Landscape.Value(x) = raw(x) −
// raw(defaults), so the bot's defaults (every knob 0; g and m 1) are 0 Elo, like the
// tuner's rating scale, which is anchored at the bot's defaults
// (statistics.md §4): a variant's rating estimates its Value. The bot
// plays Landscape.Elo(x), Value rounded to a whole Elo and limited to
// ±2000; tests take the truth from Elo.
//
// Decoding is strict; every error is a *LandscapeError "file:line: key:
// message": a TOML syntax error (at its line), an unknown key anywhere, a
// missing players or one outside 2 .. 8, a knob that is not x1 .. x16, a
// [main] value key that is not a number or the same number twice ("1" and
// "1.0"), a non-finite or non-numeric Elo, an interaction or cross without
// all its keys or between a knob and itself, the same interaction or cross
// twice, a knob that is both discrete ([main], [[interaction]]) and
// continuous ([peak], [[cross]]), k ≤ 0, best outside ±1e6, a cross on a
// knob without a [peak] entry, and crosses so strong that the best values
// are not the maximum of the continuous part (the quadratic form must be
// negative definite; with one cross, 4·k_a·k_b > c²); a ridge without
// knobs, weights (one per knob) or k > 0, or on a knob without a [peak]
// entry; scale other than "linear" or "log", a log scale on a knob that
// is not positive or with best ≤ 0, integer = false on an integer knob.
// Landscape.Best gives the continuous maximum (integer knobs at the best
// integers near their best values).
//
// # A family of landscapes
//
// DrawLandscape (family.go) draws a random continuous landscape from a
// seed, with the ranges to tune it in (Drawn.Params, a space's [params]
// table) and its text (Drawn.Text): 2 .. 12 knobs, each range's span
// log-uniform in [0.1, 1000] and holding the default 0 in the interior,
// near an edge (within a tenth of the range) or on a bound; best values in
// the interior, near an edge or on a bound (half of those on the end
// opposite the default); flat and sharp peaks (in units of the range, a
// knob loses K·(u − u*)² Elo, K spread over a factor 30 and at most 2 000);
// up to n/2 cross terms; the peak 40 .. 200 Elo above the defaults. Flat
// draws put every best value at the default. The landscape bot's default
// is 0 for every knob, so a range such as [−50, −5] with the default −20
// is drawn as [−30, 15]: the continuous methods work in units of each
// range and do not depend on where 0 lies in it. tuner/plan's
// TestFamilyPeak and tuner's TestFamilyFlat run SPSA and CMA-ES on drawn
// landscapes (TOURNEY_FAMILY_SEEDS=n; results/measurements.md).
//
// DrawRidges (ridges.go) draws a second family, built unlike the first
// (issue 41), on the landscape-mixed bot: 6 .. 12 knobs; rotated ridges
// (pairs and triples whose best values are correlated 0.85 .. 0.97, the
// defaults at one end of the ridge and the best toward the other);
// narrow peaks (10 Elo lost within 3 .. 6 % of the range) and wide ones
// (25 .. 60 %); narrow bests 2 .. 10 % of the range inside the bound
// where the default sits; bests on a bound; integer knobs of 5 .. 60
// values; log knobs of three decades with the best anywhere in them (and
// positive integers of 1 .. 1000, the default 1 on the lower bound). Each
// landscape has a class (Geometries: ridge, narrow, near, bound, integer,
// log), the geometry 2 .. 4 of its knobs show; the others are drawn from
// a mixture of all of them. Drawn.Bot names the bot, Drawn.Scaled gives a
// near-null of the same shape. tuner/plan's TestRidgesPeak, tuner's
// TestDrawnNulls and TestRidgesHalving run the methods on it
// (TOURNEY_RIDGES_SEEDS=n and others; see the tests).
//
// Examples are in configs/synthetic: twelve.toml (twelve two-value knobs,
// three interactions, best 160 Elo above the defaults), null.toml (twelve
// knobs without effect), peak8.toml (eight continuous knobs in [−1, 1],
// peak 119.175 Elo above the defaults) and twelve-space.toml (a sweep of
// all 4 096 variants of twelve.toml).
package synthetic
