package tourality

import (
	"fmt"
	"os"
	"strings"

	"tourney/engines/game"
)

// Game is Tourality. Register it as tourality.Game{}.
type Game struct{}

// GenFromSeed is the map name that means "the generated map of the game's
// seed": each game gets the board gen:<seed> (seed = the game's seed).
const GenFromSeed = "gen"

// BuiltinMaps are the built-in map names; the first is the default.
var BuiltinMaps = []string{"gen:1", "gen:2", "gen:3", GenFromSeed}

// seedMap is the placeholder map of GenFromSeed.
type seedMap struct{}

func (seedMap) Name() string { return GenFromSeed }
func (seedMap) Players() int { return 2 }

func (Game) Info() game.Info {
	return game.Info{
		Name:       "tourality",
		Doc:        "Tourality: race for chips on a 20×20 board, two rounds with starts swapped",
		MinPlayers: 2,
		MaxPlayers: 2,
		MaxLength:  MaxGameLength,
		HasMaps:    true,
	}
}

func (Game) Maps() []string { return append([]string(nil), BuiltinMaps...) }

// LoadMap accepts gen:<seed> (a generated map), gen (generated from each
// game's seed) and paths of .trlt files.
func (Game) LoadMap(name string) (game.Map, error) {
	if name == "" {
		name = BuiltinMaps[0]
	}
	if name == GenFromSeed {
		return seedMap{}, nil
	}
	if seed, ok, err := parseGenName(name); ok {
		if err != nil {
			return nil, err
		}
		return Generate(seed, DefaultGenOptions)
	}
	if _, err := os.Stat(name); err != nil && !strings.ContainsAny(name, "/.\\") {
		return nil, fmt.Errorf("tourality has no built-in map %q (built-in: %s, or gen:<seed>, or a .trlt file path)", name, strings.Join(BuiltinMaps, ", "))
	}
	return ReadMap(name)
}

func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	switch mm := m.(type) {
	case *Map:
		return NewState(mm), nil
	case seedMap:
		g, err := Generate(seed, DefaultGenOptions)
		if err != nil {
			return nil, err
		}
		return NewState(g), nil
	case nil:
		g, err := Game{}.LoadMap("")
		if err != nil {
			return nil, err
		}
		return NewState(g.(*Map)), nil
	}
	return nil, fmt.Errorf("tourality: map %q is not a Tourality map", m.Name())
}

// Bots: minimax (the default), nearest and random.
func (Game) Bots() []game.BotSpec {
	return []game.BotSpec{MinimaxSpec(), NearestSpec(), game.RandomSpec()}
}
