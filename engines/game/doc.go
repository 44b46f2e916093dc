// Package game is the small core API every game of tourney implements,
// modelled on OpenSpiel's spiel.h.
//
//   - A Game describes itself (Info: players, sequential or simultaneous
//     moves, maximum length), lists its built-in maps and loads map files,
//     creates initial States from a map and a seed, and lists its bots.
//   - A State is a position: the player to move (or SimultaneousPlayer, or
//     TerminalPlayer), the legal actions appended into the caller's buffer,
//     Apply at sequential nodes and ApplyJoint (JointApplier) at
//     simultaneous ones, Clone, IsTerminal, and Returns per player (the raw
//     score: stones, chips, 1 for a win; higher is better).
//   - Optional capabilities are one-method interfaces: Undoer (searches
//     use it instead of Clone), Hasher (transposition tables), Ranker
//     (games whose ranking is not "higher return is better").
//   - A Bot is reset with a seed before every game and asked for one action
//     at a time with a context and a Budget (depth, nodes or time). All of
//     a bot's randomness comes from its seed (NewRand), so games replay
//     exactly.
//   - A BotSpec declares a bot's tunable parameters (Param: name, kind,
//     default, range or choices) and builds bots from checked values
//     (Resolve); the tuner varies exactly these parameters.
//   - A bot that searches implements Informer: LastMove reports the nodes
//     and the completed depth of its last Step (connect4 alphabeta,
//     reversixt paranoid in phase 1, tourality minimax with its chip
//     horizon as the depth). Bots that do not search a tree (the Spe_ed
//     risk and survivor bots, the Groker AI, the rule bots) do not: their
//     moves are recorded with their time only.
//
// Engines depend on this package only; the arena and the tuner depend on
// the engines, never the other way round.
package game
