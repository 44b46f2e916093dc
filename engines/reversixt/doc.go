// Package reversixt is ReversiXT, the Reversi variant of the OTH
// Regensburg course (spec: ../shared/spec/games/reversixt.md): 2 to 8
// players on a map with holes, transitions, overwrite and expansion stones,
// choice, inversion and bonus fields, and a final bomb phase. This first
// part holds the map parser, the complete rules of both phases and the
// built-in maps; the only bot so far is random.
//
// # Maps
//
// ParseMap reads the file format of spec §1 strictly: LF, CRLF or a lone
// CR end a line; blanks and tabs separate tokens; blank lines and a BOM are
// ignored; `C I B X` read as lower case; `<->` may touch its numbers. The
// header is four lines (players 2..8; overwrite stones; bombs and
// strength; height and width 1..MaxSide = 64), then exactly height rows of
// width one-character cells, then one transition per line. Every error is
// a *MapError "file:line:col: message" (col is left out where no single
// token is at fault, and the line is the end of the file for a missing
// line). Transitions are rejected when malformed, outside the board, with
// a direction outside 0..7, on a hole, when the straight neighbour in
// their direction is a field, or when one end (x, y, r) is used by two
// different transitions. A self-loop `x y r <-> x y r` is accepted; the
// same transition listed twice is accepted once.
//
// Built-in maps (Game.Maps): "standard8" (spec §9.1, the default) and
// "example15" (the course's example map, spec §9.2), embedded from maps/.
// LoadMap takes a built-in name or a file path.
//
// # Rules (summary)
//
// Phase 1 starts with player 1; the turn passes to p+1 cyclically,
// skipping disqualified players and players without a legal move (a skip
// is no move). A target t captures in direction d when the walk from t
// with the step function meets one or more foreign stones (other players'
// and `x`) and then an own stone; a field without a stone, a missing step
// or coming back to t stops it. Normal moves go on `0 c i b` and need a
// capture; overwrite moves go on any stone (own, foreign, `x`), use one
// overwrite stone and need a capture, except on `x` (expansion rule). All
// captured lines flip, then the stone is placed, then the special field
// acts once: `c` swaps all stones with the chosen player (oneself: no
// change), `i` shifts every player k's stones to k mod n + 1, `b` gives a
// bomb or an overwrite stone. Phase 1 ends when nobody can move; phase 2
// starts with the first player after the last phase-1 mover (player 1 if
// nobody moved) who is not disqualified and has a bomb. A bomb on any
// non-hole field turns every field within `strength` steps (breadth first
// over the step function, transitions included, old holes blocking) into
// a hole. The game ends when no active player has a bomb or no field is
// left. Returns are stone counts (0 for the disqualified); Ranks
// (game.Ranker): more stones rank better, ties share the better rank,
// disqualified players share the last rank.
//
// # Board encoding
//
// A cell is an index c = y*Width + x into State's board of bytes:
//
//	value  0      1..8        9    10   11   12   13
//	cell   empty  player k    x    c    i    b    hole (-)
//
// Map.next is a table of 8 entries per cell: next[c*8+d] = c2*8 + d2 is
// the step of spec §3.3 from c in direction d (straight, or through a
// transition with its new direction), -1 for none. A step onto a cell that
// has become a hole by a bomb is not taken. Directions:
//
//	7 0 1
//	6 · 2
//	5 4 3
//
// State.adj[c] counts the steps from c that reach a stone; a field with
// adj 0 cannot capture, which skips most empty fields cheaply. Maps of at
// most 8×8 without transitions (standard8) also keep one bitboard per cell
// value (bit y*8 + x) and generate the moves of a seat without overwrite
// stones with shifts, as in Othello; a test checks both generators agree.
// Every board change goes through one function that updates the Zobrist
// hash, adj and the bitboards and logs (cell, old value) for Undo
// (game.Undoer); the mover's stocks, the seat to move, the phase and the
// last phase-1 mover are saved per move. Hash (game.Hasher) is the Zobrist
// hash of the board mixed with the seat to move, the phase, the stocks and
// the disqualified flags.
//
// # Action encoding
//
//	action = c<<4 | code          c = y*Width + x, code 0..15
//
//	code   0         1..8               9            10
//	use    ordinary  c: swap partner    b: bomb      b: overwrite stone
//	byte   0         1..8               20           21
//
// "byte" is the protocol's special byte (spec §5.4): SpecialByte and
// CodeOf convert. Bomb moves use code 0. A `c` target has n actions (codes
// 1..n, oneself and disqualified players included), a `b` target two, any
// other target one; LegalActions lists cells in row-major order and codes
// in increasing order. ActionString writes "x,y", or "x,y,byte" when the
// byte is not 0.
//
// # Decisions where the spec is silent or ambiguous
//
//   - Overwrite moves on `x` need no capture even for a player without
//     stones (§5.2 is applied as written; §1.3 rule 8 says such players are
//     skipped, which holds whenever the map has no `x` or no overwrite
//     stones).
//   - Info().MaxLength is math.MaxInt32: the stocks of a map may be any
//     32-bit count. Map.MaxLength bounds one map's games (§7.4: fields
//     without stones + n·overwrites + bonus fields, + all fields for
//     phase 2).
//   - The seed of NewState is unused (the setup is not random).
//   - Disqualify(p) is the in-process disqualification of §7.2; it cannot
//     be undone and drops the undo history.
//   - Perft (State.Perft) is the spec's mode 2: a skip uses no ply and a
//     finished game is one leaf; game.Perft counts finished games as 0 and
//     so agrees only where no game ends early.
//   - A stock count may be up to 2^32-1; a transition number must fit in
//     32 bits before the range checks.
package reversixt
