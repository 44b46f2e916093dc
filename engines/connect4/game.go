package connect4

import (
	"fmt"

	"tourney/engines/game"
)

// Game is Connect Four. It has one built-in map, "standard" (7×6, 2 players).
type Game struct{}

type stdMap struct{}

func (stdMap) Name() string { return "standard" }
func (stdMap) Players() int { return 2 }

func (Game) Info() game.Info {
	return game.Info{
		Name:       "connect4",
		Doc:        "Connect Four on the 7×6 board",
		MinPlayers: 2,
		MaxPlayers: 2,
		MaxLength:  Cells,
	}
}

func (Game) Maps() []string { return []string{"standard"} }

func (Game) LoadMap(name string) (game.Map, error) {
	if name == "" || name == "standard" {
		return stdMap{}, nil
	}
	return nil, fmt.Errorf("connect4 has no map %q (it is played on the built-in \"standard\" board only)", name)
}

func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	if m != nil && m.Name() != "standard" {
		return nil, fmt.Errorf("connect4: unknown map %q", m.Name())
	}
	return NewState(), nil
}

// Bots: alphabeta (the seed's bot, the default) and random.
func (Game) Bots() []game.BotSpec {
	return []game.BotSpec{AlphaBetaSpec(), game.RandomSpec()}
}
