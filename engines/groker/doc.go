// Package groker is Groker, the sealed-bid chip game of the 34th
// Bundeswettbewerb Informatik (round 1, task 5; spec
// ../shared/spec/games/groker.md): the rules engine, the Groker AI of seed
// 000 with every constant a tunable parameter (the "Groker thresholds"),
// and the reference opponents. It is tourney's first simultaneous-move
// game.
//
// # Rules
//
// Two players (seat 0 and seat 1) bid a number of chips at the same time
// every round; a bid is an integer 1..MaxBid and costs nothing. With bids
// b1, b2: if |b1 − b2| ≤ 5 (the band) each player banks its own bid;
// otherwise only the lower bidder banks its bid and the higher banks 0
// (Bank). After each round the game ends early when the bank difference
// is ≥ 100 (map "standard", the default) or > 100 (map "strict", the
// spec's end_strict = true); otherwise it ends after round 200. Returns
// are the two bank totals (chips); the larger bank ranks 1, equal banks
// share rank 1. Info().MaxLength is 200 (one ApplyJoint per round), so a
// game never reaches the arena's max-length adjudication; both ends are
// `end = normal`.
//
// Every node before the end is simultaneous: CurrentPlayer returns
// game.SimultaneousPlayer, LegalActions lists the bids 1..MaxBid for both
// seats, and ApplyJoint takes one bid per seat. Apply always panics.
// A bid outside 1..MaxBid is not a legal action, so the arena forfeits the
// bot that makes it (`forfeit:illegal`).
//
// # Encoding
//
// An action is the bid itself (game.Action(7) bids 7; ActionString is
// the decimal bid). A State is a pointer to a history and the number of
// rounds played. The history holds the variant (*Variant, the built-in
// "map") and the Rounds: both bids and both bank totals after each round,
// which is exactly what a bot observes (spec §1.7; State.History,
// State.Total, State.Rounds). The current totals are those of the last
// round, and whether the game is over follows from them and the round
// count. The history is an append-only array shared between a state and
// its clones; a state appends in place only if it still owns the next slot
// (a compare-and-swap on the shared length), otherwise it copies its
// rounds into a new history first. Clone therefore copies two words,
// which matters because the arena clones the state for every bot at every
// round.
//
// # Conventions where the spec is silent or the API forces a choice
//
//   - Largest bid: the spec allows bids up to 2 147 483 647, but
//     LegalActions must list every valid bid, so the engine caps bids at
//     MaxBid = 1000, the top of the reference bots' parameter ranges.
//     Every bot of the package clamps its bids to 1..MaxBid.
//   - Options: end_strict is the choice between the maps "standard" and
//     "strict". max_rounds, end_margin and band (spec §2) are fields of
//     Variant, available to Go code through NewVariant; the built-in maps
//     use the defaults (200, 100, 5), and Info().MaxLength is 200.
//   - Forfeits are the arena's: the seat at fault ranks last and its score
//     in games.csv is its bank at that moment, not the spec's −1; the arena
//     asks seat 0 first and stops at the first illegal bid, so "both
//     forfeit in the same round" is recorded as a forfeit of seat 0.
//   - NewState ignores the seed (Groker has no random setup).
//
// # Bots
//
//   - groker (default): the Groker AI of spec §3 (AI, AISpec, AIBot); all
//     16 thresholds of spec §3.6 are parameters with the spec's ranges. Its
//     parts are exported for tests: Similar (§3.2), SortSituations and
//     Prediction (§3.3), Place (§3.4), Window and RandomBid (§3.5),
//     RoundHalfUp; Decide is the whole AI. The z of safe placing and the
//     random method's draw come from the bot's seed.
//   - constant (value 5), uniform (1..10), pattern (7 × 8 then 3),
//     undercutter, band and frequency: the reference opponents of spec §4
//     with their parameters.
//   - random: a uniformly random legal bid in 1..MaxBid (game.RandomSpec;
//     it loses almost every round's gap test, games last a few rounds).
//
// # JSON state encoding
//
// For external bots (engines/external, the JSON-lines protocol) a state is
// (json.go):
//
//	{"round":3,"max_rounds":200,"band":5,"end_margin":100,"end_strict":false,
//	 "max_bid":1000,"totals":[12,9],"bids":[[5,7],[3,3],[4,9]]}
//
// round is the rounds played, totals the banks after them, bids each
// round's bids (seat 0, seat 1). Both seats bid every round; an action is
// the bid in decimal, "1".."1000".
package groker
