// Package all lists every game of tourney.
package all

import (
	"fmt"
	"strings"
	"sync"

	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/engines/groker"
	"tourney/engines/reversixt"
	"tourney/engines/speed"
	"tourney/engines/synthetic"
	"tourney/engines/tourality"
)

var (
	mu    sync.Mutex
	extra []game.Game
)

// Games returns every game, in the order `tourney list` shows them: the
// built-in ones, then those added with Register.
func Games() []game.Game {
	mu.Lock()
	defer mu.Unlock()
	return append([]game.Game{connect4.Game{}, groker.Game{}, tourality.Game{}, speed.Game{}, reversixt.Game{}, synthetic.Game{}}, extra...)
}

// Register adds a game (a program embedding tourney with its own game, or
// a test). It panics if the name is taken.
func Register(g game.Game) {
	name := g.Info().Name
	for _, h := range Games() {
		if h.Info().Name == name {
			panic(fmt.Sprintf("all.Register: game %q already exists", name))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	extra = append(extra, g)
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
