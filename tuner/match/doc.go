// Package match owns the head-to-head match (tourney match, and the
// games under every confirmation): two bot configurations of one game
// play pairs of games on the same deals with the seats swapped (Jobs),
// optionally until a GSPRT decides (statistics.md §3, §5); Run writes
// games.csv and summary.json (Summary) and returns the counts and the
// estimates (Result), Print the text a person reads.
//
// It imports the arena, the statistics (tuner/stats) and the results
// package's games.csv layout and file helpers; confirmations
// (tuner/confirm) and the commands import it, never the sweep loop's
// parts below it.
package match
