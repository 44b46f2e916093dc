// Package conformance is the shared test suite that every game of tourney
// runs against its engine. It drives random playouts through the generic
// game.Game / game.State interface and checks, at every step, the
// invariants the arena, the searches and the tools rely on.
//
// # Using it from a game
//
// Add one test to the game's package:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, connect4.Game{}, conformance.Options{
//			Playouts: 300,
//			Returns:  []conformance.Range{{Min: 0, Max: 1}},
//		})
//	}
//
// Run plays Options.Playouts random games on every map (by default every
// built-in map of Game.Maps) and reports each problem with t.Errorf, naming
// the map, the playout, its state seed, the step and the moves so far, so
// that a failure can be reproduced. Each playout stops at its first failure;
// the run stops after Options.MaxErrors failures. Run never calls Fatalf
// except for setup failures (a map that does not load, NewState failing).
//
// Games whose returns depend on the map (stones on a board of the map's
// size) set Options.ReturnsFor. Games that may still be running at
// Info().MaxLength, relying on the arena's max-length adjudication, set
// Options.AllowUnfinished. Options.MaxSteps caps the cost of very long games.
//
// # What is checked
//
// Once per game: Info is sane (a name, 1 ≤ MinPlayers ≤ MaxPlayers,
// MaxLength > 0), every listed map loads under its own name with a seat
// count within the player range, an unknown map name is an error, the bot
// list is not empty, has unique names and a "random" bot, every parameter
// default passes its own Check, and every bot builds from its defaults.
//
// Per map: NewState twice with the same seed gives equal states, and
// NumPlayers is the map's seat count.
//
// At every step of every playout:
//   - CurrentPlayer is a seat, game.SimultaneousPlayer or
//     game.TerminalPlayer, and it is TerminalPlayer exactly when IsTerminal;
//   - nobody has legal actions at a terminal state; at a sequential node the
//     current player has some and nobody else has any; at a simultaneous
//     node somebody has some, the state implements game.JointApplier and
//     Info().Simultaneous is true;
//   - legal actions are non-negative, distinct, named by a non-empty
//     ActionString, and LegalActions and Returns append to the buffer they
//     are given;
//   - Returns has NumPlayers values, none NaN, each within the bounds of
//     Options; game.Ranks gives NumPlayers ranks in 1..n, at least one 1;
//   - a clone equals the original (String, Hash, Returns, LegalActions of
//     every player, CurrentPlayer, MoveNumber, IsTerminal), applying a move
//     to the clone leaves the original unchanged, applying a move to the
//     original leaves an earlier clone unchanged (also clones kept over many
//     steps), and the same move applied to a clone and to the original gives
//     equal states;
//   - with game.Undoer, Apply followed by Undo restores everything above;
//   - Apply panics on an illegal action: game.NoAction at a sequential
//     node, any action at a terminal state (tried on clones);
//   - MoveNumber grows by one per Apply/ApplyJoint;
//   - the game ends within Info().MaxLength moves;
//   - replaying the playout from a fresh NewState with the same seeds gives
//     the same states (determinism).
//
// At a sequential node the playout plays a uniformly random legal action of
// the current player; at a simultaneous node one random legal action per
// player, game.NoAction for players without legal actions. All randomness
// comes from Options.Seed.
//
// # Testing the suite
//
// TB is the subset of testing.TB the suite uses, so that its own tests can
// hand it a recorder and check that broken games are caught.
package conformance
