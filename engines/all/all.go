// Package all lists every game of tourney.
package all

import (
	"fmt"
	"strings"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// Games returns every game, in the order `tourney list` shows them.
func Games() []game.Game {
	return []game.Game{connect4.Game{}}
}

// Find returns the game with the given name.
func Find(name string) (game.Game, error) {
	var names []string
	for _, g := range Games() {
		if g.Info().Name == name {
			return g, nil
		}
		names = append(names, g.Info().Name)
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(names, ", "))
}
