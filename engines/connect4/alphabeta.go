package connect4

// TEMPORARY placeholder, to be replaced by the real seed bot.

import "tourney/engines/game"

func AlphaBetaSpec() game.BotSpec {
	return game.BotSpec{Name: "alphabeta", Doc: "placeholder", Params: []game.Param{
		{Name: "depth", Kind: game.Int, Default: 11, Min: 1, Max: 42},
		{Name: "threat_exponent", Kind: game.Float, Default: 1.0, Min: 0, Max: 4},
		{Name: "order_moves", Kind: game.Bool, Default: true},
		{Name: "order_threat_scope", Kind: game.String, Default: "column", Choices: []string{"column", "next"}},
	}, New: func(game.Params) (game.Bot, error) { return game.RandomSpec().New(nil) }}
}
