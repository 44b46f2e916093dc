// Package search is tourney's game-agnostic tree search: two-player
// alpha-beta in negamax form and N-player paranoid alpha-beta, with
// iterative deepening, aspiration windows, a transposition table and the
// project's budgets (depth, nodes, time). It knows nothing about any game:
// it works on game.State, uses game.Undoer when the state has it (Clone
// otherwise) and game.Hasher for the table.
//
// # Use
//
//	sr := search.New(cfg, search.Hooks{Evaluate: eval, Order: order})
//	res := sr.Negamax(ctx, state, budget) // or sr.Paranoid
//	play(res.Move)
//
// A Searcher keeps its move buffers, PV arrays and table between searches
// and allocates nothing per node once warm (apart from Clone for states
// without Undo). It is not safe for concurrent use: one per bot.
//
// # The recursion
//
// Negamax is exactly connect4.md §2: at a terminal state or at horizon 0
// the node returns Evaluate for the side to move; otherwise for each move
// in order v = −search(child, d−1, −β, −α); if v > α then α = v, and
// if α ≥ β the remaining moves are cut; the node returns α (fail-hard;
// values are float64 with ±Inf for won and lost positions). At the root
// the move that last raised α is played — the first move that reached
// the best value — or the first ordered move when none raised α. A player
// who moves twice in a row is handled by not negating (nor swapping the
// window) when the side to move does not change; at a terminal child the
// view passes to the other player. With the table and aspiration off and
// no deepening this is exactly the seed's algorithm; Minimax is the plain
// negamax without cut-offs that tests compare it with.
//
// Paranoid is max/min form: the root player maximises Evaluate(s, root,
// ply), every other player minimises it, turns follow CurrentPlayer
// (skips included). With two players and a zero-sum evaluation it gives
// the negamax value; ParanoidMinimax is its plain reference.
//
// Simultaneous nodes (game.SimultaneousPlayer) are not searched: they are
// evaluated as leaves.
//
// # Hooks
//
// Evaluate(s, player, ply) is the static value of s from player's view;
// ply is the distance from the root, so that a bot can score a quick win
// as 1e9 − ply. Order(s, player, moves) reorders the legal moves in place
// (nil keeps LegalActions order). Keys(s, player, moves, buf), when set,
// replaces Order: one key per move, tried by decreasing key with ties in
// LegalActions order (a stable sort's order), but picked one at a time
// (lazyPicks passes over the rest, then a heap of the rest, sorted once a
// sixteenth of it was taken), so that a node cut off after its first
// moves does not sort hundreds; the plain references order by the keys
// too. Keys must not be NaN. With the table on, a position's stored
// value is reused wherever the position recurs in the same search, so
// Evaluate's use of ply must be a function of the position there (true
// when the move number is part of the position, as in Connect Four).
//
// # Budgets
//
// A depth budget replaces Config.MaxDepth. Without a budget the search
// uses MaxDepth. Under a depth budget (or none) the search runs one pass
// at the full depth unless Config.Deepening is set; under a node or time
// budget it always deepens: DeepeningFirst, then + DeepeningJump each
// iteration, the last clamped to the maximum depth. A new iteration starts
// only while less than DeepeningStart of the node or time budget is spent.
// The node count (every node entered, root and leaves included) is checked
// at every node; the search stops as soon as it exceeds the budget. The
// context (cancellation) and, under a time budget, the clock are checked
// every 256 nodes and before each iteration. On the wall clock the search
// paces itself (pace.go): the move's time counts from the bot's
// MoveStarted, and the search stops a learned safety margin before it —
// the largest gap seen between two looks at the clock (the machine's
// stalls), decayed over the searches of the process, at least 1/50 and at
// most 1/2 of the time — so that a stall does not make a move late twice.
// Under a node budget no clock is read. The interrupted iteration is discarded: the move is the
// deepest completed iteration's, or the first ordered move when none
// completed, so node budgets are deterministic. Deepening also stops once
// an iteration reached no horizon (every leaf terminal): deeper ones would
// search the same tree.
//
// # Aspiration windows
//
// From the second iteration on, with Aspiration set and a finite previous
// value v, the root is searched with the window (v − w, v + w), w =
// max(AspirationWidth, AspirationMinWidth). After a fail-low (fail-high)
// that side's half-width is multiplied by AspirationWidening and the root
// is searched again; a side whose half-width would exceed
// AspirationMaxWidth, or a widening factor ≤ 1, opens that side to ±∞.
// The value of an iteration is therefore always that of the full window.
//
// # Transposition table
//
// 2^TTLog2 direct-mapped entries of 32 bytes (TTLog2 = 0: off; states
// without game.Hasher are searched without it). An entry holds the full
// key, the bound type (exact, lower after a fail-high, upper after a
// fail-low), the depth, the value, the best move and whether the subtree
// reached no horizon (then the value holds for any deeper search, too).
// Replacement keeps the deeper entry (TTReplace "depth", stale entries
// always go) or always the newest ("always"). Entries are cut-offs only
// for a search of at most the stored depth (or from a horizon-free
// subtree), and a cut-off returns the value clamped to the window: since
// the recursion is fail-hard, a parent cannot tell the clamped value from
// the one the node would have computed, so the root value is that of the
// search without table. The stored move is tried first. The table is
// emptied (by a generation counter) at the start of every search, so
// results never depend on earlier moves.
//
// # Late-move reductions
//
// A selective search, off by default (Config.ReduceAfter = 0: the full
// width). At a node with at least ReduceDepth plies left whose mover
// ReduceAt names (ReduceOpponents: every player but the root's, which
// under paranoid are the minimising plies; ReduceAll: every node below
// the root), the moves after the first ReduceAfter in the search's order
// are first searched ReduceBy plies shallower (at least to depth 0) in a
// null window at the node's bound: (α, next float above α) at a
// maximising node, (next float below β, β) at a minimising one. A move
// that fails that window (it may be better than the bound) is searched
// again at depth − 1 with the node's window; one that holds it is taken
// as no better. Where the bound is still infinite no null window exists
// and the move is searched in full at once. The root's moves are never
// reduced. The value and move are then those of a smaller tree, not of
// the full-width search of the same depth; the depth reported is the
// nominal one. These settings are not in Params: a bot that offers them
// names them itself (ReversiXT's reduce_after, reduce_by, reduce_depth,
// reduce_at).
//
// # Parameters
//
// Params(defaults) describes the tunable settings as game.Params for a
// bot's BotSpec, and ConfigFrom reads them back. Names:
//
//	deepening             bool   deepen under a depth budget too
//	deepening_first       int    depth of the first iteration (1..64)
//	deepening_jump        int    depth added per iteration (1..8)
//	deepening_start       float  share of a nodes/time budget after which no iteration starts (0.01..1)
//	aspiration            bool   aspiration windows
//	aspiration_width      float  half-width of the first window (0..1e6)
//	aspiration_min_width  float  lower bound of that half-width (0..1e6)
//	aspiration_widening   float  factor on a failed side's half-width (1..100)
//	aspiration_max_width  float  half-width beyond which a side opens to ±∞ (0..1e9)
//	tt_log2               int    table of 2^n entries, 0 = off (0..22)
//	tt_replace            string "depth" or "always"
//
// The depth limit itself (Config.MaxDepth) is the bot's own parameter
// (`depth` for Connect Four, `max_depth` for ReversiXT).
package search
