package reversixt

import (
	"fmt"
	"math"

	"tourney/engines/game"
)

// Game is ReversiXT.
type Game struct{}

func (Game) Info() game.Info {
	return game.Info{
		Name:       "reversixt",
		Doc:        "ReversiXT: Reversi for 2-8 players with holes, transitions, special fields and bombs",
		MinPlayers: 2,
		MaxPlayers: 8,
		// Stocks may be any 32-bit count, so no useful bound exists for
		// every map; Map.MaxLength gives the bound of one map.
		MaxLength: math.MaxInt32,
		HasMaps:   true,
	}
}

// Maps lists the built-in maps, standard8 first.
func (Game) Maps() []string { return append([]string(nil), BuiltinMaps...) }

func (Game) LoadMap(nameOrPath string) (game.Map, error) {
	m, err := LoadMap(nameOrPath)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// NewState returns the initial position; the seed is not used.
func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	rm, ok := m.(*Map)
	if !ok || rm == nil {
		return nil, fmt.Errorf("reversixt: not a ReversiXT map: %v", m)
	}
	return NewState(rm), nil
}

// Bots: paranoid (seed 001's bot, the default), trivial (the course's
// greedy one-ply bot), random, and two of other designs: brs (Best-Reply
// Search) and mcts (Monte-Carlo tree search).
func (Game) Bots() []game.BotSpec {
	return []game.BotSpec{ParanoidSpec(), TrivialSpec(), game.RandomSpec(), BRSSpec(), MCTSSpec()}
}

// MaxLength bounds the length of a game on m (spec §7.4): phase 1 at most
// the fields without a stone + n × overwrite stones + bonus fields, phase 2
// at most the fields that are not holes.
func (m *Map) MaxLength() int {
	free, bonus, fields := 0, 0, 0
	for _, v := range m.Cells {
		if v != Hole {
			fields++
			if !isStone(v) {
				free++
			}
		}
		if v == Bonus {
			bonus++
		}
	}
	return free + m.NPlayers*(m.Overwrites&255) + bonus + fields
}
