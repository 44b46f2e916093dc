// Package arena plays batches of games: one producer hands out jobs, N
// workers play them, and one collector hands the results on in job order
// (so that CSV files are byte-identical at any worker count) and drives
// the progress bar on stderr.
//
// Every job carries its own seed: the initial state and every seat's bot
// seed derive from it, and an optional random opening is drawn from it.
// A bot that panics, returns an error, plays an illegal action, overruns a
// time budget by more than the grace, or hangs (caught by a watchdog after
// HangTimeout; its worker is abandoned and replaced) forfeits that game:
// it ranks last and the run goes on. In games whose rules disqualify and
// play on (game.Eliminator: ReversiXT) the faulty seat is eliminated and
// the others finish the game; after a hang a fresh worker finishes it on a
// copy of the state. A game that reaches the game's
// maximum length is adjudicated by its current returns. A panic in the
// rules themselves is a bug and stops the batch with an error.
//
// Reuse (reuse.go): a worker keeps the bots of its finished games and
// reconfigures them for the next game when they implement
// game.Reconfigurer (same behaviour as a new bot, same memory: no
// transposition table is allocated per game), and gives non-read-only bots
// a per-seat scratch copy of the state when the state implements
// game.CloneIntoer. Bots of a game with any fault are not kept; an
// abandoned worker's memory goes with it.
package arena
