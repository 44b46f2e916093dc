// Package arenatest holds helpers for the tests of the games' bots that
// play them through the arena: an entrant built from a bot's name and
// parameter values. It imports the arena and the game interface; only
// tests import it.
package arenatest

import (
	"testing"

	"tourney/arena"
	"tourney/engines/game"
)

// Entrant is g's bot named bot with the given parameter values (the
// others at their defaults), entered as id; a bot g does not have or a
// value its parameter refuses fails t.
func Entrant(t testing.TB, g game.Game, bot, id string, values map[string]any) arena.Entrant {
	t.Helper()
	spec, err := game.FindBot(g, bot)
	if err != nil {
		t.Fatal(err)
	}
	p, err := spec.Resolve(values)
	if err != nil {
		t.Fatal(err)
	}
	return arena.Entrant{ID: id, Spec: spec, Params: p}
}
