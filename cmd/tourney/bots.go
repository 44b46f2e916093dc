package main

import (
	"os"
	"strings"
	"tourney/tuner/space"

	"tourney/arena"
	"tourney/engines/all"
	"tourney/engines/game"
)

// ownBots names a file's own bot (space.BotConfig, space.Space):
// "default" or the bot's name is that bot at its declared defaults.
type ownBots interface {
	OwnBot(ref string) (game.BotSpec, game.Params, bool)
}

// resolveEntrant reads a bot reference: "default" (the game's default bot
// with its defaults; with own, the file's own bot at its declared
// defaults, built-in or external), the name of own's bot or of another
// bot own declares ([bots.NAME]), a bot name of the game, or a bot config
// file (bc: the file; nil otherwise). g may be nil when the reference
// must name the game itself (a file). A bot config's node rates by map
// go with the entrant (arena.Entrant.NodeRates); check the maps played
// with bc.CheckMaps.
func resolveEntrant(g game.Game, ref string, own ownBots) (game.Game, arena.Entrant, *space.BotConfig, error) {
	if isFileRef(ref) {
		bc, err := space.LoadBotConfig(ref)
		if err != nil {
			return nil, arena.Entrant{}, nil, err
		}
		if g != nil && bc.Game != g.Info().Name {
			return nil, arena.Entrant{}, nil, usagef("%s is a %s bot, the match is %s", ref, bc.Game, g.Info().Name)
		}
		return bc.GameImpl, arena.Entrant{Spec: bc.Spec, Params: bc.Resolved, Budget: bc.Budget, NodeRates: bc.NodeRates}, bc, nil
	}
	if g == nil {
		return nil, arena.Entrant{}, nil, usagef("%q: name a bot config file, or give --game", ref)
	}
	if own != nil {
		if spec, params, ok := own.OwnBot(ref); ok {
			return g, arena.Entrant{Spec: spec, Params: params}, nil, nil
		}
	}
	spec := g.Bots()[0]
	if ref != "default" {
		var err error
		spec, err = game.FindBot(g, ref)
		if err != nil {
			return nil, arena.Entrant{}, nil, usagef("%v", err)
		}
	}
	return g, arena.Entrant{Spec: spec, Params: spec.Defaults()}, nil, nil
}

// isFileRef reports whether a bot reference names a bot config file.
func isFileRef(ref string) bool { return strings.HasSuffix(ref, ".toml") || fileExists(ref) }

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func findGame(name string) (game.Game, error) {
	g, err := all.Find(name)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return g, nil
}
