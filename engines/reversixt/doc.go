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
// same transition listed twice (forward or reversed) is rejected, as by the
// official server and checker (spec §1.4 rule 4).
//
// Built-in maps (Game.Maps): "standard8" (spec §9.1, the default) and
// "example15" (the course's example map, spec §9.2), embedded from maps/.
// LoadMap takes a built-in name, a generated map's name (below) or a file
// path.
//
// # Generated maps (mapgen.go)
//
// Generate(seed, GenOptions) builds a map of 2 to 8 players and 8..50
// fields a side with holes, transitions, overwrite stones, bombs and
// choice, inversion, bonus and expansion fields; LoadMap builds it from a
// name: "gen:SEED" draws every parameter from the seed so as to resemble
// the course's maps (DrawGenOptions), "gen-TOKENS:SEED" fixes some of
// them: Np players, WxH size, hN holes in percent of the cells, tN
// transitions, oN overwrite stones, bNsM bombs N of strength M, cN iN
// bonN xN choice, inversion, bonus and expansion fields, kN start orbits
// (1..3), joined by '-' ("gen-4p-40x40-t60-b2s1:7"); the parameters left
// out are drawn. GenName writes the full name of a map (every parameter)
// and gives the same bytes. `tourney mapgen reversixt --players 4 --size
// 40x40 --seed 7` prints the map file and its full name.
//
// Steps, each in whole orbits of a symmetry group G of the rectangle:
// an outline (none, cut corners or an ellipse), the start stones, holes
// (single fields, blobs and walls) up to the share asked, the fields not
// connected to the start stones become holes, special fields, then
// transitions between ends whose straight neighbour is off the board or a
// hole (half wrap a row, column or diagonal around to its other end, half
// join two random ends). The text is parsed back with ParseMap, and a map
// where a player has no move at the start, or fewer stones than another,
// is drawn again (up to 64 attempts from seeds derived from the seed).
// Nothing but the seed and the options is read, so a name gives the same
// bytes on every machine (pinned by TestGenDeterministic).
//
// Fairness. With 2 players G is a half turn or a mirror, with 4 a quarter
// turn (square boards) or both mirrors, with 8 the 8 rotations and
// mirrors of a square board; G acts on the players too (player k+1 is the
// k-th element), and a stone's image under s belongs to s applied to its
// player. The first orbit of start stones is a cluster around the centre
// (a 2×2 seed whose side-by-side stones differ, and its images). Every
// symmetry maps the map onto itself with the players permuted, and some
// symmetry carries player 1 to each seat (TestGenSymmetric checks it on
// the parsed maps). With 3, 5, 6 or 7 players (8 on other boards) no such
// group exists on a grid: the terrain is symmetric and the start stones
// are n copies of a circulant cluster ((i + j) mod n, 3×3, or 2×2 where
// that finds no room), copy k with the players shifted by k, each 3
// fields from any other stone and 2 from any hole, special field or
// transition: every player plays every role of the cluster once in the
// same surroundings, so all have the same stones and the same moves at
// the start. Special fields and transitions are placed in whole orbits,
// so their counts round up to the orbit's size.
//
// # Rules (summary)
//
// Phase 1 starts with player 1; the turn passes to p+1 cyclically,
// skipping disqualified players and players without a legal move (a skip
// is no move). A target t captures in direction d when the walk from t
// with the step function meets one or more foreign stones (other players'
// and `x`) and then an own stone; a field without a stone, a missing step
// or coming back to t stops it (also on the first step: a self-loop
// transition on t never captures, as on the official server). Normal moves go on `0 c i b` and need a
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
// left, and at once when one player is left undisqualified (spec §7.3).
// Stocks are one byte, as on the server (spec §1.3 rule 7): the header's
// counts are taken modulo 256 and 255 plus a bonus stone is 0. Returns are stone counts (0 for the disqualified); Ranks
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
// # Move generation and making (any map size)
//
// The step table Map.next is the precomputed ray structure: following
// next from (c, d) walks a ray across transitions, turning where a
// transition turns, so no move-time code knows about transitions. On top
// of it the state keeps, per cell value v, a multi-word bitset of the
// cells holding v (State.vb, one bit per cell, 64 cells a word, up to
// 64 words for 64×64) with a summary word per value telling which words
// are not zero (vsum); Map.nw is the word count. Every board change goes
// through one function (set) that updates, incrementally, the byte board,
// the Zobrist hash, the count per value, the two bitset bits (and
// summaries), the optional weight sums of a bot (below) and, on small
// maps, the 8×8 bitboards; it logs (cell, old value) for Undo
// (game.Undoer). The mover's stocks, the seat to move, the phase and the
// last phase-1 mover are saved per move, so make and undo cost the
// changed cells only.
//
// Targets are generated backwards from the mover's stones
// (State.rayTargets): for each own stone o (found through the bitset and
// its summary) and each direction whose first step is a foreign stone,
// walk on. Every further foreign stone on the walk is an overwrite target
// (with an overwrite stone), the first empty or special field is a normal
// target, the first own stone other than o is an overwrite target of an
// own stone; the walk ends at a field without a stone, a hole, the edge,
// or back at o. Because the step function is reversible (spec §3.5), t
// captures in some direction exactly when such a walk from some o reaches
// t; the loop rule (a walk from t that comes back to t captures nothing)
// is the condition that t is not already on the walk, checked with an
// epoch mark per cell. Expansion stones are added from their bitset when
// the mover has an overwrite stone. The cost is proportional to the
// mover's stones and the lines around them, not to the board: on a
// 51×51 map with 8 players and a few stones each, a few dozen steps
// instead of 2 601 fields × 8 directions. The result is a target bitset
// (with a summary word); LegalActions lists it in cell order (row-major,
// as before) and countMoves counts it with the variants per field.
// The state keeps its last target set with the seat and the position's
// node id (State.nid: apply numbers each new position, Undo restores
// the old number), so a position asked again (the search's root, once
// per deepening iteration; Perft, whose startTurn computes the set of
// the seat it makes the mover, which is how it learns the seat can move)
// does not walk again. A seat without overwrite stones needs no loop
// marks (a free field cannot be on the walk before it), and when the
// free fields are fewer than twice its stones they are tested instead
// (freeTargets: most have no foreign neighbour late in the game). IsLegal
// still tests one field in 8 directions (targetOK); a test checks both
// generators agree on every map at every state of random games.
//
// Perft on the generic path (perft.go). Perft(1) counts the variants of
// the target set without making moves. Perft(2) in phase 1 (perft2) does
// not make a normal move on an empty field the full way: lightCount
// flips the board bytes, the cell bitsets and the value counts (no hash,
// change log, undo record, turn bookkeeping or target set), counts the
// next seat's variants with rayCount (rayTargets' walks, each target
// counted once through an epoch mark per cell instead of a bitset) and
// flips back in reverse order (two lines may share a stone). Other moves
// (special fields, overwrites, a move after which phase 1 ends) take
// apply, Perft(1) and Undo. Before its moves, perft2 counts q, the first
// seat after the mover not disqualified, once, marking every cell that
// count read (q's stones, their eight neighbours, the cells of the walks,
// the expansion stones: rayCount with deps). A normal move whose field
// and flipped stones are all unmarked leaves q's count unchanged, and a
// count above 0 means q moves next, so the move is counted without being
// made. On the course's 8-player maps the players start in separate
// pairs, so for half of the movers the next seat plays elsewhere and
// every move hits this cache. The first-step test of a walk reads the 8
// neighbours through Map.nb (the cell of each step, the cell itself where
// there is none) into a direction mask without a branch per direction
// (foreignDirs). Measured (BenchmarkPerftCourse8p against
// BenchmarkPerft/depth=11, medians of -count 3 of leaves per CPU second,
// on a shared 2-core machine where single runs move by ±20%): CPU per
// leaf against standard8, test01_8p 14.7× → 5.6×,
// burhankoeseler_maps_Map3 11.0× → 7.1×, comp2020_02_8p 13.1× → 6.6×;
// the other 8-player course maps went from 2.3–6.9× to 1.4–4.2×.
//
// Maps of at most 8×8 without transitions (standard8) also keep one
// bitboard per cell value (bit y*8 + x) and generate the moves of a seat
// without overwrite stones with shifts, as in Othello: a Kogge–Stone
// parallel prefix per direction (othelloMoves), and bbFlips computes the
// stones a move captures on whole bitboards. Perft of a 2-player position
// without stocks, special fields or expansion stones runs entirely on
// (own, other, empty) bitboards (bbPerft): make is three ands and ors,
// unmake is free. Hash (game.Hasher) is the Zobrist hash of the board
// mixed with the seat to move, the phase, the stocks and the
// disqualified flags.
//
// Copies: Clone and CloneInto (game.CloneIntoer, reusing a scratch
// state's memory) copy the position without the change history; Undo on
// a copy takes back the copy's own moves only. A search on a copy
// therefore costs nothing for the length of the game so far.
//
// Weights: a bot may attach per-cell integer weights (the paranoid bot's
// strategic map) with setWeights; set then keeps, per cell value, the sum
// of the weights of the cells holding it, so the paranoid evaluation
// reads stone counts and strategic sums in O(players) instead of scanning
// the board at every leaf. Sums of integers are exact in any order, so
// the values are bit-for-bit those of the scan (a test pins the bot's
// choices, nodes and values on recorded positions); non-integer maps (the
// reach rule) keep the scan.
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
// CodeOf convert. Bomb moves use code 0; State.ProtocolAction (and
// ParseAction) read any byte 0..255 in the bomb phase as a bomb, as the
// server does (spec §8 rule 2), so a referee accepts what the server
// accepts; IsLegal accepts a bomb action of any code, and Canonical
// (game.Canonicalizer) maps it to code 0, the action LegalActions lists
// and the arena records. A `c` target has n actions (codes
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
//   - A stock count in the header may be up to 2^32-1 (the game uses it
//     modulo 256); a transition number must fit in 32 bits before the
//     range checks.
//
// # More built-in maps
//
// Original designs of this project (maps/*.map), small enough for fast
// games:
//
//   - duel10: 2 players, 10×10, 2 overwrite stones, 2 bombs of strength 0;
//     cut corners bridged by transitions, rows 2..7 and columns 2..7 wrap
//     around, both long diagonals wrap corner to corner (loops through
//     transitions in all 8 directions), four `x` beside the centre, four
//     `b`; mirror-symmetric with the players swapped.
//   - tri13: 3 players, 13×13, 3 overwrite stones, 2 bombs of strength 1;
//     the 3×3 Latin start of example15 in the centre, `c` `i` `b` and `x`
//     placed symmetrically about both diagonals (players 2 and 3 mirror
//     each other), rows and columns 4..8 wrap, diagonal and cut-corner
//     transitions.
//   - cross14: 4 players, 14×14 plus sign, 2 overwrite stones, 1 bomb of
//     strength 2; the arms wrap to the opposite arm, the inner corners
//     bend from one arm into the next, the centre's diagonals wrap; one
//     `c`, `i`, `b` per arm and four `x`; symmetric under a quarter turn
//     that moves every player on by one.
//   - octo20: 8 players, 20×20 octagon, 2 overwrite stones, 1 bomb of
//     strength 1; a 4×4 start block of two stones per player, the cut
//     sides joined to the opposite cut side by diagonal transitions, the
//     middle rows and columns wrap; four each of `c` `i` `b`, eight `x`;
//     symmetric under a quarter turn that moves every player on by two.
//
// # Bots
//
// Game.Bots lists paranoid (the default), trivial, random, and two bots
// of other designs, brs and mcts (below), as opponents that do not share
// paranoid's assumptions.
//
// trivial is the course's "triviale KI": one ply, no search, budget
// ignored (it is always cheap). In phase 1 it plays the move after which it
// owns the most stones, computed without applying the move (CountsAfter:
// flips per owner, then the choice swap or inversion shift); ties go to the
// first move in LegalActions order, or, with random_ties, to a uniformly
// drawn one from the bot's seed. For bonus fields both variants tie, so it
// takes the bomb (code 20 comes first). In phase 2 it throws the first
// bomb (row-major) that destroys the most opponent stones minus own.
//
// paranoid is seed 001's bot (spec §10), built on the shared search
// (engines/search, Searcher.Paranoid: the root player maximises, every
// other player minimises, turns follow the real order with skips; with two
// players this is plain minimax). Every parameter of spec §10.1–10.4 is
// exposed with the spec's name, type, default and range; game.Param has no
// log-scale flag, so "log" is only noted in the parameter's Doc. Phase 1
// is searched; phase 2 is the greedy bomb rule of §10.4 without search.
//
//   - Strategic map (§10.2, once per map): passages per axis by the step
//     function (transitions included, holes 0). strat_mode "table": the
//     values by passage count. strat_mode "reach": reach(f) = Σ over the 8
//     directions of (fields the walk from f visits − 1), the most stones
//     one move on f can capture; a corner (0 passages) is worth
//     corner_reach_factor × reach; a 1-passage field gets
//     strat_one + edge_reach_share × reach; every non-corner field next to
//     a corner loses corner_neighbour_share × the value of the strongest
//     adjacent corner; other fields keep the table value.
//   - Progress g = (stones now − stones at the start) / fields free at the
//     start (stones never leave the board in phase 1), clamped to [0, 1];
//     1 when the map has no free field. s(g) is piecewise linear through
//     (0, 0), (break_even, ½), (1, 1).
//   - One ratio in every game (§10.2 rule 5, as corrected): the fields'
//     values carry the multiplier m exactly when the stock values do,
//     m = K while more than 2 players are active and 1 with 2. Score(q) =
//     m·(…), the move gain weighs a free field m and a taken one m − rd,
//     and V weighs an opponent (m − rd)/m; with 2 active players that is
//     V = Score(p) + Stock(p) − Score(q) and every field weighs 1 in the
//     gain. score_scale = "legacy" keeps the first spec version's scale
//     (Score ×K in every game, rd = 1 with 2 players), under which a
//     2-player overwrite stone is worth 1/16 of a stone's share of its
//     multi-player worth: for reproducing old results only.
//   - Ranking (§10.2 rule 3): at each root, players are ranked by Score
//     (ties share the better rank), rd = |rank(p) − rank(q)| while more than
//     2 players are active, otherwise 0. A disqualified owner counts like
//     nobody (w = m) in the move gain and is left out of V.
//   - rank_value (not in the spec) chooses the leaf value while more than
//     2 players are active: "distance" is rule 4's, the opponents weighted
//     (m − rd)/m; "soft" values the expected points, Stock(p) + Σ over
//     the active opponents q of T·tanh((Score(p) − Score(q))/T) /
//     (n_act − 1) with T = rank_width × m × fields / n_act (fields: the
//     map's cells that are not holes). A game's points are linear in
//     the opponents beaten, and the tanh is a soft count of them: a field
//     taken from an opponent level with p weighs most, one from an
//     opponent far ahead or behind little. With 2 active players both are
//     rule 4's V.
//   - multi_search (not in the spec) chooses the search of a phase-1
//     move while more than 2 players are active: "mcts" (the default),
//     the mcts bot below at its defaults with this bot's evaluation,
//     bomb rule and time_share (its own knobs are the mcts bot's to
//     tune), or "paranoid" (§10.3). The default is tourney's own
//     choice: the race of the two (configs/reversixt-multi.toml:
//     generated maps of 3 to 8 players, then a confirmation on fresh
//     seeds) says mcts is better, and it scored more points than the old
//     defaults on course maps at 200 ms with the clock in nodes
//     (results/measurements.md). The spaces that tune the alpha-beta's
//     knobs on multi-player maps set multi_search = "paranoid" in their
//     [base]; the pins and the depth benchmarks measure the alpha-beta
//     and set it themselves. Paranoid's coalition of every opponent
//     against the bot is the weak point of alpha-beta with many players
//     (Sturtevant 2002; Schadd & Winands 2011); mcts lets every seat
//     play for itself (max^n backups). With 2 active players both values
//     are the paranoid search, move for move; the mcts tree is dropped
//     by a new game (Reset) and by Reconfigure.
//   - Vb, Vo (×K with more than 2 active players), m and the bonus
//     decision are recomputed at every root, which covers "after each
//     disqualification".
//   - Leaf value V exactly as §10.2 rule 4 from the root player's view,
//     with two choices of ours: overwrite stones count in Stock only in
//     phase 1 (they are worthless once the bombs start); at a finished game
//     WinValue (1e7) × (opponents beaten − opponents ahead) / (n_act − 1)
//     is added so that a won game outweighs any heuristic value. The bomb
//     phase is a leaf of the search (the search state reports it as
//     terminal) valued by V. (A greedy playout of the bomb phase at those
//     leaves was tried: no measurable gain on duel10, seconds per move on
//     example15, so it was dropped.)
//   - Move order (use_ordering): the gain of §10.2 rule 3 at every node,
//     best first, stable (ties keep LegalActions order); the table move (if
//     any) still goes first. Choice fields: every partner is searched; with
//     at least 3 active players the variant swapping with seat q earns
//     choice_weight · K · max(0, stones(q) − own stones), which for the
//     leader is §10.1 rule 4 (swapping with a weaker player earns nothing).
//   - Bonus fields (§10.1 rule 3): only the variant the rule picks is
//     searched, for every player in the tree (the search state filters the
//     other variant out of LegalActions).
//   - Deepening (§10.1 rule 2): DeepeningFirst = 1, DeepeningJump =
//     deepening_jump, the last iteration clamped to the depth. use_deepening
//     = false searches a depth budget in one pass; under node and time
//     budgets the shared search always deepens (otherwise no move would be
//     guaranteed), with deepening_start as the share after which no
//     iteration starts.
//   - Aspiration (§10.1 rule 1): per move, Config.AspirationWidth =
//     aspiration_factor × 0.2 × sin(π·g) × H × W at the root and
//     AspirationMinWidth = aspiration_width, both times m/16 (the widths
//     are given in the units of the seed's multi-player evaluation, K =
//     16, and follow the evaluation's scale: a window spans the same
//     stones with 2 players as with more), so the search's first window
//     is max of the two; AspirationWidening = 1 opens a failing side to ±∞
//     at once (a fail-low re-search keeps the upper bound, which gives the
//     full window's value) and AspirationMaxWidth = +∞.
//   - Budgets: a depth budget D searches to min(D, max_depth) (subject to
//     max_leaves, below); no budget
//     means depth min(DefaultDepth = 4, max_depth) (a standard8 game takes
//     a few tens of milliseconds); node and time budgets deepen up to max_depth. The
//     move of the deepest completed iteration is played, or the first
//     ordered move when none completed (a 1-node budget, a cancelled
//     context), so the bot always answers at once with a legal move.
//     Results depend only on the position, the parameters and the budget
//     (the table is cleared per search; the bot has no randomness).
//   - Not in the spec: tt_log2 (default 16), the shared search's
//     transposition table (about 20% fewer nodes at depth 7 on standard8);
//     max_leaves (default 10^6, 0 = off), a safety cap under depth budgets
//     (and no budget): after that many evaluated leaves the running
//     iteration is dropped (the bot cancels the search's context from its
//     Evaluate hook, so the stop comes at the same node every time) and the
//     move of the deepest completed iteration is played. It exists for
//     positions where one player moves alone (the others are out of moves
//     and it holds overwrite stones): every ply is then a max node, nothing
//     is pruned, and depth 3 on a full 20×20 board would be 300³ nodes.
//   - Not in the spec: late-move reductions, the shared search's
//     selective search (search.Config.ReduceAfter …). At a node with at
//     least reduce_depth plies left (default 3) whose mover reduce_at
//     names ("opponents": the minimising plies; "all": every ply below
//     the root), the moves after the first reduce_after (in the gain
//     order, the table move first) are first searched reduce_by plies
//     shallower in a null window at the node's bound (the minimiser's β,
//     the maximiser's α); a move that this search finds better than the
//     bound is searched again at full depth with the node's window. The
//     root's moves are never reduced. reduce_after = 0 is the full-width
//     search of spec §10.3. Why "all" and reduce_by 2: along the lines
//     that refute a root move, the root player's nodes are the ones whose
//     every move must be searched (the opponents' nodes there are cut off
//     after their first good reply), so reductions at the opponents' plies
//     alone save little with two players; and a reduction by one ply
//     moves the horizon to the other seat's turn, whose evaluation
//     favours the seat that moved last, so that many reduced moves look
//     better and are searched again (on 2013_comp_1_2p at depth 9 with
//     reductions at the opponents' plies: reduce_by 1 costs 2.5 million
//     nodes, more than the full width's 2.2 million; reduce_by 2 0.76
//     million). A reduced search of depth D keeps every line's first
//     plies in full (7 → 6 → 3 → 0 at worst with reduce_by 2: three), so
//     it misses nothing the full-width search of those plies proves, and
//     finds deeper wins and tactics on the lines the order puts first.
//     reduce_after = 2, reduce_by = 2, reduce_at = "all" completes 1.3–4.7
//     plies more at the same nodes on every course map of 32×32 fields and
//     more, but games against the full width did not show it at least
//     level. reduce_after_own (with reduce_at = "all"; 0 = reduce_after)
//     sets reduce_after at the bot's own nodes below the root alone: a
//     gentler selection at the plies whose every move must be searched
//     along a refutation. The default is reduce_after = 2,
//     reduce_after_own = 4, reduce_by = 2, reduce_at = "all": 1.3–2.7
//     plies more at 200 ms on those maps, and a sequential test on large
//     2-player course maps it was not chosen on accepted it as no weaker
//     than the full width (results/measurements.md, "Late-move
//     reductions" and after). reduce_after = 0 restores the full width
//     (configs/reversixt/legacy.toml does). brs keeps the full width by
//     default: its strength was measured without reductions.
//   - Bomb phase (§10.4): active players are ordered by stone count, ties
//     by seat number; A is the closest before the bot, B the closest after;
//     lost(all opponents) counts active opponents only; the blast is
//     simulated exactly like the rules' blast (a test compares them).
//
// The overwrite phase of large maps. Late in phase 1 with overwrite
// stones in stock every foreign stone on a ray from the mover's stones is
// a target, so a node of a 46×46 8-player map has 500–2 000 moves, and at
// depth 2 most nodes are min nodes (the root's children) that are cut off
// after one to three leaves. Each of them still listed and ordered all
// its moves: the gain of each target walked again from that target in
// every direction (cellGain: on a run of k foreign stones, k targets
// walking up to k stones each, the square of the ray lengths), and the
// whole list was sorted. That was 80–90% of the search (pprof), and the
// CPU per node up to 235 times standard8's (BenchmarkLatePhase8p). Now the
// gains of all targets come from one walk from the mover's stones
// (rayGains): the field reached after the foreign stones of a walk from
// own stone o captures, in the direction back to o, exactly the stones in
// between (the step function is reversible), so the walk's running sum is
// that direction's line. The same walk gives rayTargets' targets, so the
// search state lists the moves and their keys together (rayMoves) for a
// seat with overwrite stones; without overwrite stones the few free-field
// targets are still walked one by one. The sums are of integers, so the
// keys are cellGain's bit for bit (a test compares every field of every
// seat along random games on every map); directions are added in
// cellGain's order when Vo is not an integer. The search takes the keys
// through its Keys hook and picks the moves one at a time (the stable
// sort's order, after six picks a heap of the rest), so a node cut off after
// one move pays one pass over the keys, not a sort. Moves, order, node
// counts and values are unchanged (the pins, and late-phase pins of the
// built-in maps and the 50×50 map). The walk enters each field at most
// once per direction, so the order's work per node is at most 8 steps
// per field (TestOrderWorkBounded counts them; walking from every target
// took 3–10 times that bound). Measured (BenchmarkLatePhase8p, CPU per
// node against standard8's late positions at depth 2, medians of -count
// 3): test01_8p 235× → 20×, comp2023_08_8p 186× → 21×,
// burhankoeseler_maps_Map3 145× → 20×, test07_8p 104× → 15×,
// comp2020_02_8p 80× → 12×, map-custom-02 66× → 10×, checkerboard 14×
// → 3.6×, map-donut 7.2× → 2.5×; the maps without overwrite stones
// (comp2024_04_8p 17× → 15×, 2014_comp_3_8p 14× → 12×) pay for the
// walks of rayTargets. The slowest depth-2 move there takes 0.07 s of CPU
// (0.61 s before). What remained per min node was one walk over the
// board and the list of its 500–2 000 moves for one to three leaves.
//
// Moves by difference from the parent (linebase.go). The min nodes of
// one parent differ from it by one move, a few to twenty changed fields,
// and the lines of the next mover q change only on the walks that enter
// a changed field. At the second child that asks (a parent whose first
// child is cut off pays nothing), the board is set back to the parent's
// (the change log), and the walks of q from there are recorded (lineBase:
// each walk's entries, for every state (field, heading) the walk that
// entered it, the lines per field and direction, and q's move list with
// its keys). A child then takes out the entries of the walks that enter
// a changed field after their first changed field (a walk is the same up
// to there), walks them again on its board (or, when their changed
// fields stay foreign stones, flipped between other seats, shifts the
// later lines by the change in weight: same path, same end), and lists
// its moves as the parent's list with the touched fields' moves
// replaced: copied in long runs, split only where a field's number of
// moves changes, the others patched in place (rayDelta). Keys are the
// same bit for bit (the parent's keys of untouched fields are still
// right; touched fields add their lines in cellGain's order, or as an
// exact integer total), so moves, order, node counts and values are
// unchanged (the pins; TestRayDelta compares list and keys with a fresh
// walk at every child, and grandchild, of late and middle positions,
// with an integer Vo and without). The search's lazy order now puts the
// rest in a heap after its six picks instead of sorting it (the heap is
// sorted once a sixteenth of it was taken): comp2023_08_8p's min nodes
// sorted 200 000 moves per three searches to try 20 000 of them. Seats
// without overwrite stones walk without loop marks (no mark array per
// copy of the state) or, with fewer free fields than twice their stones,
// test the free fields instead; the setup per search sums the weights
// over the stones' bitsets. Measured (BenchmarkLatePhase8p, medians of
// -count 3, x-std8 before → after on the same machine one run apart, the
// nodes per CPU second after): test01_8p 21× → 6.3× (518 000),
// comp2023_08_8p 22× → 7.7× (427 000), burhankoeseler_maps_Map3 21× →
// 10× (321 000), test07_8p 16× → 8.9× (368 000), comp2024_04_8p 16× →
// 9.5× (345 000), 2014_comp_3_8p 11× → 6.8× (481 000), comp2020_02_8p
// 12× → 2.9×, map-custom-02 9.7× → 6.4×, checkerboard 3.5× → 2.7×,
// map-donut 2.5× → 2.1×; the slowest depth-2 move 0.067 s → 0.022 s of
// CPU. What remains per min node: the walks through the changed fields
// (a move that flips 15–20 stones touches 100–200 of the 500–1 300
// targets), the list copy and the search's first pass over the keys.
//
// Measured against trivial at depth 3, seat-rotated pairs from 4 random
// opening plies (tourney match --budget depth=3 --opening-plies 4, 200
// games): standard8 97.5% (W 195 L 5); duel10 90.2% (W 180 D 1 L 19;
// 85.5% with --seed 99). An earlier duel10 had bombs of strength 1, and
// there bombs decided the game: the default rule 3 (2 players: Vb = 2·3²
// = 18 < Vo = 5·100/20 = 25) takes overwrite stones from bonus fields,
// trivial takes bombs, and the bomb rule's focus weight (3× the opponent
// against 1× own stones with 2 players) trades own stones away; paranoid
// scored 77.5% there (83% with bomb_value_factor = 3, 84% at depth 4).
// duel10 now has bombs of strength 0, so phase 1 decides it.
//
// # Bots of other designs: brs and mcts
//
// Both share paranoid's evaluation (the same evaluator: strategic map,
// Score, Vb and Vo, rank distances, the same parameter names, defaults and
// ranges), its move gain as the move order and its greedy bomb phase
// (§10.4, no search), and both are clocked like paranoid: a node budget
// is a cap on the nodes the move counts, and a clock (in nodes, with the
// bank) goes through search.Allot with RemainingMoves and time_share, so
// a game under a node clock replays byte for byte at any worker count.
// Both report their nodes (game.Informer), so the arena charges the bank
// what they searched.
//
// brs is Best-Reply Search (Schadd & Winands, "Best Reply Search for
// Multiplayer Games", 2011): the root player's layers alternate with
// one layer in which all opponents move together, and only the single
// best reply among all of their moves (the one that minimises the root
// player's value) is searched. It runs on the shared search
// (Searcher.Paranoid) over a view of the state (brsState) whose
// opponents' layer is one player: its moves are those of every active
// opponent that can move, tagged with the seat, and a tagged move is
// played for that seat. Conventions where the paper is silent for this
// game:
//
//   - Turns: after the root's move the opponents' layer follows when any
//     opponent can move, otherwise the root moves again; after an
//     opponent's move the root moves when it can, otherwise the
//     opponents move again. Phase 1 ends as in the rules (nobody can
//     move); disqualified seats are not in the opponents' layer. Because
//     an opponent's reply is played out of the real turn order, the
//     positions below the root are not all reachable in the game (the
//     paper's known cost: it trades that for seeing the root player's
//     own moves more often).
//   - The bomb phase is a leaf valued by V, as in paranoid; bonus fields
//     offer only the variant of the bonus rule, for every player.
//   - Depth counts layers: depth 3 is root, all opponents, root.
//     deepening_jump 2 (the default) ends every iteration on a root layer.
//   - The order in the opponents' layer is the mover's gain (§10.2 rule
//     3) over all opponents' moves together, best first; the table move
//     goes first, as in paranoid.
//   - With two players the opponents' layer is the opponent's move: brs is
//     then paranoid's minimax, move for move and node for node
//     (TestBRSTwoPlayersIsParanoid). It differs from paranoid with three
//     or more players only.
//
// Its parameters are paranoid's without `search` (aspiration,
// aspiration_width, aspiration_factor, deepening_start, deepening_jump,
// time_share, the evaluation of §10.2, the bonus and choice weights,
// use_ordering, use_deepening, max_depth, the bomb rule, tt_log2,
// max_leaves, the reductions reduce_*: in brs an opponents' layer is one
// node of the opponents), with paranoid's defaults. With three or more players a
// node of brs costs more CPU than one of paranoid (an opponents' layer
// lists the moves of every opponent, and paranoid's incremental move
// lists do not apply): BenchmarkBotNodeCost, from the same positions at
// 20 000 nodes a move, gives the same cost on standard8 and duel10,
// 1.4× on tri13, 1.5–1.7× on cross14 and 2.4–2.7× on octo20 (two runs).
// Under a clock in nodes brs therefore gets that much more CPU than
// paranoid there.
//
// mcts is Monte-Carlo tree search with UCB1 (UCT; Kocsis & Szepesvári
// 2006), for any number of players in the max^n way (Sturtevant 2008):
// every iteration walks down the tree in the real turn order (skips
// included), at each node the seat to move picks the move with the best
// mean reward for itself plus exploration·sqrt(ln N / n); it adds one
// node, plays playout_depth random moves, scores the position
// it reached with a reward in [0, 1] for every seat, and adds to each
// move on the path the reward of the seat that chose it. The move played
// is the root move with the most visits (ties: the better mean, then
// the gain order) in plain UCT (minimax_weight 0); with the minimax
// backups below, the default, it is chosen by minimax value. Conventions
// of ours:
//
//   - Rewards. At the end of the game: the share of the other active
//     seats a seat beat by stones (ties ½; disqualified seats 0), the
//     points of a multi-player game. At a cut-off (after the playout, or
//     at the bomb phase, a leaf as in paranoid): H(q) = Score(q) +
//     bombs·Vb + overwrite stones·Vo (phase 1), the own part of
//     paranoid's V, and the reward is the mean over the other active
//     seats o of σ((H(q) − H(o)) / (cutoff_temperature · u)), u the
//     mean |Score| of the active seats at the root, at least 1 (so the
//     temperature is a share of the board's value, whatever the
//     evaluation's scale; the stocks are left out of u, or a few
//     overwrite stones at the start would flatten every lead);
//     cutoff_temperature 0 is the rank share (1, ½, 0).
//   - Playouts draw uniformly among the moves on fields without a stone
//     while there are any, and among all moves otherwise: a random
//     overwrite move would spend a stone worth Vo for nothing (late in
//     phase 1 most moves are overwrites).
//   - Move order and widening. A node lists its moves (the bonus rule's
//     variant only) sorted by paranoid's gain, best first, and a node
//     visited N times tries its first 1 + ⌊widening·√N⌋ (progressive
//     widening; 0 tries all, as plain UCT); a node below the root lists
//     its moves at its second visit only (most leaves are scored once)
//     and keeps its best 32 (memory on maps with thousands of moves).
//   - Progressive bias, progressive_bias b (default 0: none): the
//     selection adds b·g/(n + 1) to a tried move's value, g its gain
//     mapped onto [0, 1] by the range of the gains of the node's legal
//     moves (the first in the order 1) and n its visits: the move
//     order's prior, fading as the move's own statistics grow.
//   - Informed priors (MCTS-IP; Baier and Winands, "MCTS-Minimax
//     Hybrids", 2015), prior_depth (default 0: none): with 1, when a node
//     lists its moves (the root at every move, a node below it at its
//     second visit) it enters the position after each move it keeps (all
//     at the root, the best 32 by gain below), one node of the budget
//     each, and adds each as a child with its static value (mmValues) as
//     its minimax value; it orders the moves by those values, best for
//     the mover first (ties in gain order), so the widening tries them in
//     that order and the minimax backups see the best one-ply value at
//     once. A child of the priors is a leaf of the tree until an
//     iteration ends there (scored as a new node would be; its value is
//     not computed again). When the rest of the budget cannot pay for a
//     node's priors the search ends (at the root: the moves stay in gain
//     order). prior_visits k (default 0, 0..64) gives each such move k
//     virtual visits of its child's reward (the reward of a cut-off
//     there): with minimax_weight 1 they only damp the exploration term;
//     with α below 1 they are a prior on the mean. The progressive bias
//     stays the gain's. Tree reuse counts a move as tried when its child
//     was visited.
//   - A searched leaf value (MCTS-IC style; Baier and Winands, as
//     above), leaf_depth d (default 2; 0: the static value; 0..3): with
//     two active players and minimax_weight above 0, a new node's minimax
//     value is the value of an alpha-beta search of d plies from it
//     (negamax over the mover's mmValues, skips included, the bonus
//     rule's variant only, moves in the move order's gain, best first,
//     ties in LegalActions order: on the tests' openings a third to two
//     fifths fewer states than in LegalActions order at depths 2 and 3);
//     every state it enters is a node of the budget, and an iteration
//     whose search the budget cannot finish is dropped. The children of
//     prior_depth keep their static values, and parity_blend does not
//     blend a searched value. With more than two active players it is
//     off (the multi-player search is unchanged by it). A node of the
//     default costs about 1.3 times the CPU of one with leaf_depth 0
//     (the move order's gains; BenchmarkBotNodeCost's figures below are
//     those of leaf_depth 0).
//   - The odd-even effect, parity_blend w (default 0: none; 0..1): with
//     minimax_weight above 0 and leaf_depth 0 (or more than two active
//     players) a new node's minimax value is (1 − w)·its
//     static value + w·its parent's, for every seat (a finished game
//     keeps its result). A move's own captures flatter the seat that
//     just moved: on the 2-player course maps norm10x10 and
//     2019_comp_05_2p a move raises its mover's mmValues by about a third
//     of the range of the values of the node's moves, in every position.
//     A full-width search compares leaves of one depth; the tree's leaves
//     lie at depths of either parity, and w = ½ cancels a bias that
//     alternates ply by ply.
//   - Counting: a node is a state entered, as in the shared search: the
//     root, each move made in the tree, each playout move and each
//     position evaluated for the priors. The search
//     stops before the budget is passed (a move never counts more nodes
//     than it was given) and drops the unfinished iteration. A depth
//     budget D runs D × MCTSIterationsPerDepth (250) iterations; no
//     budget runs DefaultDepth × 250. A wall-clock budget stops at its
//     deadline (not reproducible, as for paranoid).
//   - Randomness: the playouts draw from the bot's seed (Reset), which
//     the arena derives from the game's seed and the seat; nothing else
//     is random, so a game replays byte for byte.
//   - Implicit minimax backups (MCTS-IM; Lanctot, Winands, Pepels and
//     Sturtevant, "Monte Carlo Tree Search with Heuristic Evaluations
//     using Implicit Minimax Backups", 2014), minimax_weight α (default
//     1) while two players are active, minimax_weight_multi with more
//     (default 0: plain UCT; with 1 the new mcts lost to the old one on
//     the 4-player course map comp2020_02_4p). Every new node is scored with mmValues: at a cut-off, for each
//     seat the mean lead of H over the other active seats, in the
//     evaluation's own units (unbounded: the squashed rewards above
//     saturate, T·u is below 1 early in a game on course maps, and a
//     minimax over rewards of 0 and 1 cannot tell moves apart); at the
//     end of the game ±WinValue times the share of seats beaten less the
//     share that beat it, plus the lead in stones. Each iteration backs
//     up, along its path, each node's value as that of its tried child
//     best for the node's mover (max^n). In the selection a move's value
//     is (1 − α)·its mean reward + α·its minimax value mapped onto [0, 1]
//     by the range of its siblings' values (the evaluation's units vary
//     with the map and the stage; a won result counts 2, a lost one −1).
//     A node's value is exact (a result) when the game ended there, when
//     a tried move wins for its mover, or when every move of it was tried
//     (none dropped by the cap of 32) and is exact; an exact move is not
//     selected again (a visit would learn nothing: when every tried move
//     is exact the node tries its next move), and an exact root ends the
//     search early, leaving the rest of the budget in the bank. The move
//     played: a move known to win, else the best minimax value among the
//     moves known exactly and those with at least a tenth of the most
//     visited move's visits (ties: more visits). With α = 1 the mean
//     rewards, and so playout_depth and cutoff_temperature, do not
//     change the search (the rewards are still computed).
//   - Tree reuse, reuse_tree (default true): the tree of the bot's last
//     move is kept; at its next move the node of the position it faces
//     (found by Hash within one round of moves below the old root) becomes
//     the root, with its visits, minimax value and the statistics and
//     subtrees of its tried moves (the root lists all its moves afresh
//     and takes them over by move). A new game (Reset) or Reconfigure
//     drops the tree, and so does a change between α = 0 and α > 0 (a
//     player's disqualification can bring it). The reused nodes cost no
//     budget (they are not states entered by this move's search).
//
// A node of mcts costs about the CPU of one of paranoid with 2 players
// and up to 2.6× with more (BenchmarkBotNodeCost at the defaults: the
// same on standard8 and duel10, 1.6× on tri13, 1.1× on cross14, 2.6× on
// octo20): the tree's inner nodes list and order all their moves, where
// most of paranoid's nodes are leaves that list nothing. On maps with
// hundreds of moves it is far more: at the start of the course map
// test07_8p (571 moves, 15 overwrite stones each) 23 µs of CPU a node
// (43 000 nodes a CPU second, after the listing at the second visit
// halved it), some twenty times paranoid's. The clock in nodes hides
// this; on the real clock, or under a loaded machine's wall-clock hang
// limit, mcts is not fit for such maps yet. Under the wall clock it keeps
// the alpha-beta searches' margin (engines/search Pacer: the largest gap
// the process has seen between two looks at the clock), looking at the
// clock every 16 iterations, so that a stall of the machine does not make
// its move late twice.
//
// Its parameters: minimax_weight (α, default 1, 0..1),
// minimax_weight_multi (default 0, 0..1), reuse_tree (default true), exploration (C, default 0.5, 0..4),
// progressive_bias (default 0, 0..4), prior_depth (default 0, 0..1),
// prior_visits (default 0, 0..64), leaf_depth (default 2, 0..3),
// parity_blend (default 0, 0..1),
// playout_depth
// (random moves before the cut-off, default 0: the new node itself is
// scored, as in MCTS with an evaluation function; 0..64),
// cutoff_temperature (default 0.1, 0..10), widening (default 1, 0..16),
// time_share, and paranoid's evaluation, bonus and bomb parameters (the
// same names). playout_depth 0 was chosen by measurement on the built-in
// duel10 and cross14 only (against paranoid at 20 000 nodes a move, 10
// games each: 2 random moves scored 20% on duel10 and +0.18 points a
// game on cross14, none 60% and +0.35); the course maps were not used.
// minimax_weight 1 (on values in the evaluation's units) and reuse_tree
// were chosen on one 2-player course map (comp2020_02_2p, at 200 ms a
// move with the bank in nodes, against paranoid on the old scale); on
// four other 2-player course maps they left mcts level with that
// paranoid within a wide interval, and ahead of the old mcts by a margin
// that does not exclude 0 (results/measurements.md). prior_depth and
// prior_visits stay off: prior_depth 1 beat the default mcts at 30 000
// nodes a move on built-in and generated maps, but against the old
// paranoid on 2-player course maps it did no better than the default
// (results/measurements.md). leaf_depth 2 was chosen against the old
// paranoid (configs/reversixt/legacy.toml) at 200 ms a move with the bank
// in nodes on the four 2-player course maps where leaf_depth 0 did worst
// (semmelsamu_map2, 2019_comp_05_2p, norm10x10, 2013_comp_4_2p), among
// leaf_depth 1, 2 and 3, parity_blend ½, exploration 0.25 and widening 2
// with progressive_bias 0.1; it held on eight 2-player course maps that
// no choice of mcts's used (results/measurements.md, "mcts in 2-player
// games, V").
//
// # JSON state encoding
//
// For external bots (engines/external, the JSON-lines protocol) a state is
// (json.go):
//
//	{"phase":1,"to_move":0,"width":8,"height":8,"rows":["--000000",...],
//	 "overwrites":[0,0],"bombs":[0,0],"disqualified":[false,false]}
//
// rows are the board rows from the top, one character per cell as in the
// map format (0 empty, 1..8 stones, x, c, i, b, - hole); phase is 1
// (stones), 2 (bombs) or 3 (over); to_move is the seat to move (seat k is
// player k+1). newgame.mapdata carries the map file (for the
// transitions). Actions are "x,y" or "x,y,s" with s the protocol's special
// byte (1..8 choice, 20 bomb, 21 overwrite stone), as `tourney play`
// prints them. The hosted TCP server (protocol reversixt-tcp) speaks §8
// instead; see engines/external.
package reversixt
