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
// Records (record.go): every Result carries each seat's wall time in Step
// and its number of Steps (two clock reads per move), and the search
// telemetry of a game.Informer bot summed per seat (SeatSearch). With Job.Record set
// it also carries every decision (MoveRecord: ply, seat, action, time,
// and the nodes and completed depth a game.Informer bot reports); without
// it nothing is allocated per move. ReplayMoves plays such a record again
// through the rules, eliminating faulty seats as the arena did.
//
// Progress (progress.go) is a bar when stderr is a terminal, else a line
// every 30 seconds (done/total, games/s, ETA, elapsed, a status such as
// the current leader); nothing with --quiet.
//
// Reuse (reuse.go): a worker keeps the bots of its finished games and
// reconfigures them for the next game when they implement
// game.Reconfigurer (same behaviour as a new bot, same memory: no
// transposition table is allocated per game), and gives non-read-only bots
// a per-seat scratch copy of the state when the state implements
// game.CloneIntoer. Bots of a game with any fault are not kept; an
// abandoned worker's memory goes with it.
package arena
