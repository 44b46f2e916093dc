package arena_test

import (
	"context"
	"slices"
	"testing"

	"tourney/arena"
	"tourney/engines/all"
	"tourney/engines/game"
)

// raceEnabled is true under the race detector (race_test.go).
var raceEnabled bool

// A parameter's ActsUnder must be true: under a budget of a kind it does
// not declare, another value plays the defaults' games move for move
// (the same fingerprint), on a few deals of the game's first map. The
// clock is left out: wall-clock games do not replay.
func TestActsUnderIsHonest(t *testing.T) {
	budgets := map[string]game.Budget{game.BudgetDepth: {Depth: 2}, game.BudgetNodes: {Nodes: 2000}, game.BudgetNone: {}}
	checked := 0
	for _, g := range all.Games() {
		for _, spec := range g.Bots() {
			for _, p := range spec.Params {
				if p.ActsUnder == nil {
					continue
				}
				alt, ok := otherValue(p)
				if !ok {
					t.Errorf("%s %s: no other value of %s", g.Info().Name, spec.Name, p.Name)
					continue
				}
				for _, kind := range []string{game.BudgetDepth, game.BudgetNodes, game.BudgetNone} {
					if slices.Contains(p.ActsUnder, kind) {
						continue
					}
					checked++
					t.Run(g.Info().Name+"/"+spec.Name+"/"+p.Name, func(t *testing.T) {
						sameGames(t, g, spec, p.Name, alt, budgets[kind])
					})
					break // one budget each: the cheapest it does not act under
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no parameter declares ActsUnder")
	}
}

// otherValue is a value of p other than its default.
func otherValue(p game.Param) (any, bool) {
	switch p.Kind {
	case game.Bool:
		return !p.Default.(bool), true
	case game.String:
		for _, c := range p.Choices {
			if c != p.Default {
				return c, true
			}
		}
		return nil, false
	case game.Int:
		if float64(p.Default.(int)) != p.Min {
			return int(p.Min), true
		}
		return int(p.Max), true
	}
	if p.Default.(float64) != p.Min {
		return p.Min, true
	}
	return p.Max, true
}

// sameGames plays three deals (one under the race detector) with the bot at name = alt in seat 0 and
// with its defaults, and wants the same games.
func sameGames(t *testing.T, g game.Game, spec game.BotSpec, name string, alt any, b game.Budget) {
	t.Helper()
	m, err := g.LoadMap(g.Maps()[0])
	if err != nil {
		t.Fatal(err)
	}
	def := spec.Defaults()
	if name != "max_nodes" && def.Has("max_nodes") {
		def["max_nodes"] = 5000 // Tourality's minimax: 200 000 nodes a move by default, seconds a game
	}
	other := def.Clone()
	other[name] = alt
	seeds := uint64(3)
	if raceEnabled {
		seeds = 1 // the race detector slows the bots tenfold
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		var prints [2]uint64
		for i, p := range []game.Params{def, other} {
			seats := make([]arena.Entrant, m.Players())
			for s := range seats {
				seats[s] = arena.Entrant{ID: "d", Spec: spec, Params: def}
			}
			seats[0].Params = p
			res, err := arena.Play(context.Background(), &arena.Job{Game: g, Map: m, Seed: seed, Seats: seats, Budget: b, OpeningPlies: 4}, arena.Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", g.Info().Name, spec.Name, err)
			}
			prints[i] = res.Print
		}
		if prints[0] != prints[1] {
			t.Errorf("%s %s: %s = %v changed the game of seed %d under %v, but declares it acts only under %v",
				g.Info().Name, spec.Name, name, game.FormatValue(alt), seed, b, spec.Params[slices.IndexFunc(spec.Params, func(p game.Param) bool { return p.Name == name })].ActsUnder)
		}
	}
}
