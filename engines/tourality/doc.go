// Package tourality is Tourality (BwInf 31, round 2, task 3; spec:
// ../shared/spec/games/tourality.md): two players race for chips on a
// 20×20 board with obstacles, over two rounds with the start cells and the
// first mover swapped. It holds the rules engine, the .trlt map reader and
// writer, the seeded symmetric map generator and three bots.
//
// # Rules
//
// Seat 0 is A, seat 1 is B. Round 1: A on S1, B on S2, A moves first.
// Round 2: every chip is back, B on S1, A on S2, B moves first (the player
// on S1 always opens). The players alternate; a move is 0 up, 1 right,
// 2 down, 3 left or 4 stay. A step must stay on the board and avoid
// obstacles and the opponent's cell; staying is always legal, so LegalActions
// lists 1 to 5 moves in that order. Stepping on a chip collects it. A round
// ends when no chip is left or when each player has made 400 moves in it
// (MovesPerRound); the game ends after round 2. MoveNumber counts the moves
// of both rounds; Info().MaxLength is MaxGameLength = 2·2·400 = 1600.
// Returns are the chips each seat collected over both rounds; the higher
// score wins, equal scores draw. Forfeits (score −1, last rank) are the
// arena's business.
//
// # Board encoding
//
// Cell (x, y) is index k = y·W + x: x the column from the left, y the row
// from the top ("up" is y − 1). Chips are numbered 0, 1, … in row-major
// order; the remaining chips are a uint64 with bit i for chip i (hence at
// most 64 chips). A State is a small value (two cells, the chip set, the
// scores, the move counts, the round, the seat to move) plus a pointer to
// the immutable Map, so Clone is a struct copy.
//
//	.trlt text (20×20 maps)          cell indices (W = 20)
//	"+#  +#        +++++#"  y = 0     0   1   2 …  19
//	"+# +          ## ###"  y = 1    20  21  22 …  39
//	 …                                …
//	' ' free  '+' chip  '#' obstacle  '1' start S1  '2' start S2
//
// The Map precomputes the neighbour of every cell in each direction (−1 for
// the edge or an obstacle) and the static BFS distance (obstacles only)
// from every chip to every cell.
//
// # Maps
//
// Maps() lists gen:1 (the default), gen:2, gen:3 and gen. LoadMap accepts
// gen:<seed> (the generator of spec §4 with 20×20, 40 chips, 40 obstacles,
// walls of 1..4 cells; Generate with GenOptions for other sizes), gen (the
// map gen:<seed> with the game's own seed, so every game of a sweep has a
// new board) and .trlt file paths. Errors read file:line:col: message; a
// line of another length is an error that warns about stripped trailing
// spaces. Every chip must be reachable from both starts.
//
// # Bots
//
//   - minimax (the default; MinimaxSpec, Minimax): the seed's memoized
//     minimax, limited by the number of chips collected below the root
//     (chip_horizon, iterative deepening 1..chip_horizon), with a ply
//     horizon (max_plies), nearest-neighbour playouts as the heuristic
//     (eval, playout_plies), alpha-beta with bounded memo entries, the
//     chip-based pruning when the players' minimal chip sets are disjoint
//     (prune), an optional memo kept between moves (reuse_table), a node
//     cap (max_nodes) and a memo size limit (table_mb).
//   - nearest (NearestSpec): BFS to the nearest chip; the opponent blocks
//     only within far_distance (Manhattan).
//   - random: a uniformly random legal move (game.RandomSpec).
//
// Budgets of minimax: depth sets the chip horizon (clamped to 1..8), nodes
// caps the nodes of one move (an expanded state or a playout ply), time is
// a deadline of which the search uses 70 %; ctx cancellation is checked
// every 256 nodes. If not even the pass with horizon 1 completes, the bot
// plays the nearest move, so a tiny budget still gives a legal move at
// once. nearest does one or two BFS per move and ignores budgets.
//
// # Decisions where the spec is silent
//
//   - A state of the memo is (cell of the player to move, cell of the
//     other, chip set, pruning flag); entries keep the remaining chip and
//     ply horizons and a bound type; a full table drops new entries
//     (capacity: table_mb MiB at an estimated 48 bytes per entry).
//   - The chip horizon counts chips collected by both players since the
//     root; a move that empties the board is worth its chip and nothing
//     more. The ply horizon also applies to chip-collecting moves.
//   - Iterative deepening stops early once the horizon reaches the number
//     of chips left (deeper passes would search the same tree).
//   - Pruning restricts the player to move to first steps towards the
//     chips of its own minimal set, computed at the current node; unreachable
//     chips are never in it.
//   - nearest with a near opponent runs a BFS from the player (for the
//     target) and one from the target chip (for the step), both with the
//     opponent's cell blocked; with a far opponent it uses the static
//     distances.
//   - The playout heuristic counts each ply as a node; a player with no
//     reachable chip stays.
//   - String draws 'A' and 'B' for the players and '.' for free cells,
//     under a line with the round, the seat to move, move counts and scores.
//   - Hash (game.Hasher) covers the whole state (round, move counts and
//     scores too); there is no Undo.
//
// # Tests
//
// Hand-made boards in testdata/ (blocking, a contested chip, the move
// limit, the swap of starts, scores over two rounds), parser errors, the
// tournament maps from ../shared when present, the generator's check values
// and a 1000-seed property test, the conformance suite, minimax budgets and
// arena win rates (TOURNEY_LONG=1 for the full figures).
//
// # JSON state encoding
//
// For external bots (engines/external, the JSON-lines protocol) a state is
// (json.go):
//
//	{"round":1,"to_move":0,"width":15,"height":15,"pos":[[1,1],[13,13]],
//	 "score":[0,0],"moves":[0,0],"chips":[[3,4],[7,7]]}
//
// round is 1 or 2, pos the (x, y) of seats A and B, score the chips
// collected over both rounds, moves the moves made this round, chips the
// (x, y) of the chips still on the board. newgame.mapdata carries the map
// file (walls and starts). Actions: "up", "right", "down", "left", "stay".
package tourality
