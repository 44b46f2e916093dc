// Package connect4 is Connect Four, the project's first game (spec:
// ../shared/spec/games/connect4.md): the rules engine, the seed's alpha-beta
// bot with its threat evaluation, and the terminal front end.
//
// # Rules
//
// 7 columns (0..6, left to right in every interface) and 6 rows (0..5 from
// the bottom inside the engine). Player 1 (seat 0) moves first, then the
// players alternate; a move names a column that is not full and the stone
// falls to its lowest empty cell. Four of one's stones in a row, column or
// diagonal win at once; a full board (42 stones) without four is a draw, and
// a 42nd stone that completes four wins. Returns are 1 for the winner and 0
// for the loser, ½ each for a draw; ranks are 1 and 2, or 1 and 1.
//
// # Board encoding
//
// A position is two bitboards, one per player (State.Stones), plus the
// column heights. Cell (c, r) is bit c*Stride + r with Stride = 7: every
// column uses 7 bits, the 6 cells from the bottom up and one sentinel bit on
// top that always stays empty.
//
//	row 6 (sentinel)   6  13  20  27  34  41  48
//	row 5              5  12  19  26  33  40  47
//	row 4              4  11  18  25  32  39  46
//	row 3              3  10  17  24  31  38  45
//	row 2              2   9  16  23  30  37  44
//	row 1              1   8  15  22  29  36  43
//	row 0              0   7  14  21  28  35  42
//	column             0   1   2   3   4   5   6
//
// Four in a line is found with shifts (HasFour): by 1 for a column, by 7
// for a row, by 6 and 8 for the two diagonals; m = b & b>>d, then m & m>>2d
// is non-zero exactly when four stones are in line. The empty sentinel row
// keeps a line from wrapping from the top of one column into the bottom of
// the next (shifts by 6 and 8 cross it).
// The hash (game.Hasher) mixes the two bitboards; the side to move follows
// from the stone count.
//
// # Conventions (spec §8)
//
//   - Pascal Pons' digits 1..7 are shifted by one on reading (FromPons).
//   - The search is negamax with float64 infinities for won and lost
//     positions; at the root the first move that raised α wins ties, and the
//     first ordered move is played when every move loses.
//   - A threat is an empty cell whose line of four has the player's stones on
//     its other three cells (split shapes count); it counts once per cell and
//     player and may belong to both. Its reach counts stones of either colour.
//   - Move order criterion 1 looks at the whole column by default
//     (order_threat_scope = "column"; "next" looks at the next free cell).
//   - The logarithm of the threat weight is natural; the exponent, acute
//     bonus, opponent weight, reach cut and quick-win scoring are project
//     additions whose defaults reproduce the seed.
//   - Terminal texts: "Error, please enter a column number from 0 to 6.",
//     "Error, column C is full.", "Error, no more input."; blanks around an
//     input are ignored, "+3", "03" and "3a" are errors; no empty line
//     between the final board and the result line.
//   - Perft counts only sequences of exactly n plies (a finished game has no
//     moves); distinct positions (OEIS A212693) count won positions without
//     extending them.
//
// # Bots
//
//   - alphabeta (the default): the seed's fixed-horizon alpha-beta search
//     (default depth 11) with the threat evaluation and the three-criteria
//     move order, parameters as in spec §5 (AlphaBetaSpec).
//   - random: a uniformly random legal column (game.RandomSpec).
//
// # Interactive play
//
// PlayTerminal runs the text protocol of spec §6 for 0, 1 or 2 human
// players (`tourney play connect4 --human N`).
//
// # Tests
//
// Besides unit tests: the shared conformance suite, perft and A212693 counts
// (spec §7.1, §7.2), replay of Pons' benchmark sets from ../shared/oracles
// (skipped when absent; $TOURNEY_SHARED overrides the location), the
// terminal protocol byte for byte, and golden games in testdata/.
//
// # JSON state encoding
//
// For external bots (engines/external, the JSON-lines protocol) a state is
// (json.go):
//
//	{"rows":["......." ×6],"to_move":0,"ply":0}
//
// rows are the six rows from the top down, each seven characters: '.'
// empty, '0' a stone of seat 0 (Player 1, moves first), '1' of seat 1.
// to_move is the seat to move, ply the stones played. Actions are the
// column digits "0".."6".
package connect4
