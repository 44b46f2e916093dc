// Package records writes and reads a results directory's game records,
// games.jsonl.gz: one JSON object per game, in game order, gzip-compressed.
//
// A record holds what is needed to look at a game and to play it again:
// its index (games.csv `game`), round, encounter, block and scenario, the
// game type, the map (name and, for map files, the path the space gave),
// the seed (a decimal string: JSON numbers above 2^53 lose digits in
// JavaScript and R), the budget, the number of random opening plies, the
// seats (entrant id as in games.csv's variant/role, bot name and the full
// parameters), every bot decision with its wall time, search nodes and
// completed depth (arena.MoveRecord), and the end: scores, ranks, plies and
// per-seat end (`normal`, `max-length`, `forfeit:<reason>`).
//
// A move is a JSON array [ply, seat, action, time_us, nodes, depth] with a
// seventh element, the forfeit reason, for a faulty move (the move is then
// not applied; the seat is eliminated or the game ends). Moves of one
// simultaneous node share their ply.
//
// Crash safety: the writer flushes the gzip stream after every game (a sync
// flush; the compression dictionary is kept), so a killed process leaves
// every finished game readable; the reader stops at the first incomplete
// line. Resume reads the file, keeps the complete records of the games
// before the resume point, rewrites the file (a temporary file renamed over
// it) and appends from there.
//
// Records hold wall-clock times, so unlike the CSV files they are not
// byte-identical between runs; everything else in them is.
package records
