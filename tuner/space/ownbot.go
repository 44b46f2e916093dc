package space

import (
	"tourney/engines/external"
	"tourney/engines/game"
)

// OwnBot names a file's own bot wherever a bot is named beside it
// (tourney match A B, confirm --against): "default", and the name of the
// file's bot, are that bot at its declared defaults, built-in or
// external; the name of another [bots.NAME] table of the file (of the
// same game) is that bot at its defaults. ok is false for any other
// name (a built-in bot of the game, say), which the caller looks up as
// it always did.
//
// The declared defaults are the bot's own (its spec's, or what its hello
// declared), not the file's values: a bot config's [params] and a
// space's [base] are left out.
func ownBot(g game.Game, bot game.BotSpec, ext map[string]extBot, ref string) (spec game.BotSpec, params game.Params, ok bool) {
	switch {
	case ref == "default" || ref == bot.Name:
		spec = bot
	default:
		b, found := ext[ref]
		if !found || g == nil || b.game != g.Info().Name {
			return game.BotSpec{}, nil, false
		}
		spec = b.spec
	}
	return spec, spec.Defaults(), true
}

// OwnBot resolves ref against the bot config's own bot (ownBot):
// "default" or the config's bot name give its bot at its declared
// defaults.
func (bc *BotConfig) OwnBot(ref string) (game.BotSpec, game.Params, bool) {
	return ownBot(bc.GameImpl, bc.Spec, bc.external, ref)
}

// OwnBot resolves ref against the space's own bot, its first scenario's
// (ownBot): "default" or the bot's name give it at its declared
// defaults.
func (s *Space) OwnBot(ref string) (game.BotSpec, game.Params, bool) {
	if len(s.Scenarios) == 0 {
		return game.BotSpec{}, nil, false
	}
	sc := &s.Scenarios[0]
	return ownBot(sc.Game, sc.Bot, s.external, ref)
}

// ExternalDecl is the declaration of the file's external bot name, or nil
// when name is none of its [bots.NAME] tables.
func (bc *BotConfig) ExternalDecl(name string) *external.Decl {
	if b, ok := bc.external[name]; ok {
		return b.decl
	}
	return nil
}

// ClockLines say, for every external bot that plays a scenario under a
// time budget, which clock it plays (external.Decl.ClockLine: in nodes,
// the games replay byte for byte; or the wall clock): one line a bot and
// budget, for a sweep's and validate's output. Nothing for a bot that
// has not said hello yet (start it first: Preflight).
func (s *Space) ClockLines() []string {
	var out []string
	seen := map[string]bool{}
	for si := range s.Scenarios {
		sc := &s.Scenarios[si]
		names := []string{sc.Bot.Name}
		for _, f := range sc.Field {
			names = append(names, f.Spec.Name)
		}
		for _, n := range names {
			b, ok := s.external[n]
			if !ok {
				continue
			}
			l := b.decl.ClockLine(sc.MapBudget(0))
			if l != "" && !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return out
}
