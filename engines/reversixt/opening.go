package reversixt

import "tourney/engines/game"

// SeedFree says that ReversiXT draws nothing from the seed (the map is
// the whole setup): two games with the same opening and moves are the
// same game (game.SeedFree).
func (Game) SeedFree(game.Map) bool { return true }

// DefaultOpeningPlies is 4: a tournament opens every deal with four
// seeded random plies unless the scenario sets opening_plies (0 turns it
// off). Without them the deterministic paranoid and trivial bots play the
// same game on a fixed map in every block (game.Opener).
func (Game) DefaultOpeningPlies() int { return 4 }
