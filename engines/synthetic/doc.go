// Package synthetic is a test game whose true strengths are known
// (statistics.md §6). It exists to show that tourney's decisions are
// honest: a sweep over it can be run hundreds of times in seconds, and
// the truly best variant is known in advance.
//
// # Rules
//
// A game on map "Np" (N = 2..8 players) has one move per player, in seat
// order: each player announces its strength, an Elo value (the bot's
// parameter elo, rounded to a whole Elo point). When every player has
// moved, the finishing order is drawn from the game's seed and the
// announced strengths with Plackett–Luce probabilities: player i gets
// θ_i + G_i, θ_i = elo_i · ln 10 / 400 and G_i a standard Gumbel draw,
// and the players finish in decreasing order of that value. For two
// players this is Bradley–Terry on the logistic Elo scale: a player 30
// Elo stronger wins 54.3 % of the games. There are no draws.
//
// The draw uses a generator seeded from the game's seed and the moves in
// seat order, so the two games of a block (same seed, seats swapped) are
// independent draws, and a game replays exactly.
//
// Returns: N − place (the winner of a 2-player game gets 1, the loser 0).
//
// # Encoding
//
// An action is round(elo) + 2000: 0 is −2000 Elo, 4000 is +2000 Elo.
//
// # JSON state encoding
//
// For external bots (the JSON-lines protocol): {"players": N,
// "announced": [elo, ...]}, the strengths announced so far in seat order.
// Actions are written as their code, round(elo) + 2000 ("2030" announces
// 30 Elo).
//
// # Bots
//
// "fixed" plays its elo parameter. Its other parameter, label, changes
// nothing: a space over label is a space of equal variants, in which a
// tool that promotes "a better configuration" is fooled by noise.
package synthetic
