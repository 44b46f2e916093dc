package connect4

import "tourney/engines/game"

// SeedFree says that Connect Four draws nothing from the seed: two games
// with the same opening and moves are the same game (game.SeedFree).
func (Game) SeedFree(game.Map) bool { return true }

// DefaultOpeningPlies is 4: a tournament opens every deal with four
// seeded random plies (2 401 openings) unless the scenario sets
// opening_plies (0 turns it off). Without them the deterministic
// alphabeta bot plays the same game in every block (game.Opener).
func (Game) DefaultOpeningPlies() int { return 4 }
