// Package speed is Spe_ed (informatiCup 2021), a simultaneous-move,
// Tron-like game for 2 to 6 players, implemented exactly as
// shared/spec/games/speed.md states the official server's rules.
//
// # Rules summary
//
// The board is W × H cells, cells[y][x] with (0,0) top left and y growing
// downwards. Every player starts active with speed 1 on its start cell,
// which holds its ID. Each round every active player picks one of five
// actions at once: turn_left, turn_right (90° relative to its direction),
// slow_down, speed_up (speed ±1; leaving 1..10 eliminates the player before
// it moves, and its speed shows 0 or 11 from then on) or change_nothing.
// Then every remaining active player moves speed cells straight ahead, one
// cell at a time:
//
//   - a step off the board eliminates it at once; its position stays the
//     off-board cell (x = −1, y = H, …), the cells already written stay;
//   - in a jump round (round r with r mod 6 = 0, rounds counted from 1) at
//     speed ≥ 3 only the first and the last step are written and checked,
//     leaving a hole of speed − 2 cells;
//   - otherwise a written cell becomes the player's ID if it was free and
//     −1 if it held anything.
//
// After all moves, an active player is eliminated if any cell it wrote this
// round is −1: players who write the same cell in one round (head-on,
// crossing) are all out; a player entering an older trail is out alone.
// Trails stay. The game ends after the first round leaving at most one
// player active; that player wins, and if none is left there is no winner.
//
// # Package API
//
// Game implements game.Game (Info().Simultaneous, 2..6 players). Seat p
// (0-based) is player ID p+1. State.CurrentPlayer is
// game.SimultaneousPlayer while the game runs; State.LegalActions lists the
// five actions (TurnLeft, TurnRight, SlowDown, SpeedUp, ChangeNothing, in
// that order) for an active player and none for an eliminated one;
// State.ApplyJoint plays a round and needs game.NoAction for eliminated
// players. Bots: survivor (the default: the move with the largest flood-fill area,
// avoiding fatal moves and shared head cells), risk (the cost-map bot of
// spec §11 with all its modules, see below) and random.
//
// Returns are the rounds survived (spec §6.3): a player eliminated in round
// r scores r − 1, an active player the rounds played so far, so the winner
// scores the length of the game. game.Ranks derived from them gives tied
// ranks to players eliminated in the same round (a mutual last crash is a
// draw, and with no winner everybody shares rank 1).
//
// Replay checks a recorded official game (a JSON array of state messages,
// spec §8.1 and §10.2) against the engine cell by cell; FromJSON,
// InferActions, State.ApplyInferred and State.Diff are its building
// blocks.
//
// # Maps and setup
//
// Map names (spec §9): speed-<n>p for n = 2..6 players on a board whose
// size comes from the seed (each side 41..80, as on the server), and
// speed-<n>p-<W>x<H> for a fixed size, each side 8..200 (e.g.
// speed-2p-40x40). Maps lists speed-2p … speed-6p; the default is
// speed-2p. The number of players is part of the name because the arena
// takes the seats from Map.Players.
//
// NewState derives everything from the seed: a PCG generator seeded with
// (seed, 0x7370655f6564), then width and height (random-size maps only),
// a rotation ρ = IntN(n), then x and y inside each start region j (regions
// of ⌊W/4⌋ × ⌊H/2⌋ cells: four along the top, two below on the left), and
// region j goes to player ((ρ+j) mod n)+1. The start direction depends on
// the quarter of the board (spec §2.4).
//
// # Board encoding
//
// State keeps the board as one []int8 of W·H cells (index y·W+x): 0 free,
// 1..6 a player's trail or head, −1 (Crash) a cell written by several
// players or entered while occupied. Players are a fixed array of six small
// structs, so Clone copies one struct and one W·H byte slice.
// State.String draws '.' free, '1'..'6' trails and 'x' crash cells under
// one line per player.
//
// # Decisions where the spec is silent or leaves a choice
//
//   - game.NoAction for an active player at ApplyJoint eliminates it
//     before it moves, like a missing answer on the server. (The arena ends
//     a game at a forfeit anyway; this keeps the engine total.) Any action
//     for an eliminated player, or an unknown action, panics.
//   - All five actions are legal for an active player, suicidal ones
//     included (speed_up at 10, slow_down at 1), as on the server.
//   - Info().MaxLength is 200·200 = 40000 rounds, the W·H bound of the
//     largest board (spec §6.4); no game can reach it.
//   - Movement order within a round is free (spec §4): players move in
//     seat order and the crash check reads only the final cells.
//   - Fixed-size maps allow sides 8..200; below 8 the start regions would
//     be one or two cells wide.
//   - Replay treats two states as identical when their cells, players
//     (x, y, direction, speed, active) and running agree; you, deadline and
//     name are ignored. A player that is inactive in the next state at its
//     old cell gets its inferred action applied to direction and speed and
//     is then eliminated without moving (ApplyInferred's kill flag).
//   - A state built by FromJSON counts players already inactive as
//     eliminated in the round it is given (their return is round − 1).
//
// # The risk bot's modules (spec §11) where the spec is silent
//
// Every analysis module has its use_* switch, and each is also off at its
// neutral weight: opp_risk 1, area_risk 1 (the section factors) with
// area_flood_weight, area_voronoi_weight and area_safety 0 (the move-level
// area terms), path_incentive 1 or path_cells 0, kill_incentive 1 or
// kill_range 0, deadend1_weight 0, deadend2_risk 1 with
// deadend2_entry_penalty 0, escape_incentive 1. Choices made here:
//
//   - Area-Evaluation has a move-level part besides the section factors.
//     For each first move that survives a ply the bot floods the region
//     behind its landing cell (the move's cells blocked) and counts its
//     Voronoi territory: the free cells it reaches (its landing cell after
//     one round, then one round per cell) strictly before any opponent
//     (one round per cell from its head; speeds are ignored, since a bot
//     can always slow down and a fast bot wastes its region), by one
//     breadth-first search from every head at once; a cell two players
//     reach in the same round is neutral and stops both. Opponents within
//     area_voronoi_reply (Manhattan) of the bot's head may answer: for each
//     such opponent and each of its moves that neither dies at once nor
//     crosses the bot's move (the cost map prices crossings), the search
//     is repeated with that opponent on its landing cell after one round,
//     and the smallest territory counts (a one-ply minimax, one opponent at
//     a time; 0 lets the opponents stand still). A move costs
//     area_flood_weight·ln((F*+1)/(F+1))
//     plus area_voronoi_weight·ln((V*+1)/(V+1)) more, F* and V* the best
//     over the moves, and a move whose area is below area_safety × F* ranks
//     after every other move that survives as many plies (the survivor's
//     flood-fill safety as a soft constraint). These terms are factors on
//     the move, so the cost stays a product.
//   - Fill mode: when no opponent can reach the bot's region the Voronoi
//     term is dropped; the path cost of the cell map counts only with
//     area_fill_map (default 0), a move ending at speed v costs
//     area_fill_speed·(v − 1) and each free neighbour of its landing cell
//     area_fill_hug/4 (in ln): slow, wall-hugging moves fill a region
//     almost completely, where the product of cell factors, which prefers
//     open sections, leaves holes.
//     With area_fill_chambers (default on) the area of a move in fill mode
//     is the room it can still fill rather than its flood-fill area: the
//     free cells behind the landing cell split into chambers at
//     articulation points (Tarjan's low-link search), a path that enters a
//     chamber cannot come back, so a chamber counts whole plus the best
//     chamber below it. A move that cuts the region into two rooms is
//     worth the larger room, not both.
//   - Path highlighting: the target is the nearest reachable free cell of
//     the highest area score (the section score of Area-Evaluation, also
//     computed when use_area is off), the path a shortest one (breadth
//     first, which is A* with an exact heuristic on a uniform grid).
//   - Kill: the attack cell is the first free cell ahead of the opponent,
//     at least round(kill_lead × speed) cells away, that it cannot write
//     next round (a speed-up reaches speed + 1 cells, so the seed's 2 ×
//     speed is often inside that reach). The bot's shortest path there,
//     avoiding every cell any opponent can write next round and at most
//     kill_range cells long, is the cut; with it and the opponent's ray
//     blocked, the opponent's left and right neighbours are flooded. If
//     they lie in different regions and the smaller is below
//     kill_region_max and below the bot's own region, the path's cells get
//     kill_incentive.
//   - The risk bot plays deterministically; it keeps only its previous
//     turn between steps.
//
// # Elimination of a faulty seat
//
// State is a game.Eliminator (eliminate.go): a seat whose bot errs,
// panics or overruns is eliminated in the next round before it moves, as
// the official server treats a missing answer (spec §4.2, §7.4), and the
// others play on; games.csv marks it forfeit:<reason>.
//
// # JSON state encoding
//
// For external bots (engines/external, the JSON-lines protocol) a state is
// the official server's message of spec §8.1 as player `you` sees it
// (json.go): width, height, cells[y][x], players keyed "1".."6" with x, y,
// direction, speed and active, you (the seat + 1) and running, without
// deadline and names, plus "round" (the rounds played). Actions are the
// protocol's names: turn_left, turn_right, slow_down, speed_up,
// change_nothing. The hosted websocket server (protocol speed-ws) sends
// the §8.1 message itself, with a deadline.
package speed
