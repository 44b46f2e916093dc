package game

// Reconfigurer is an optional Bot capability for arenas that play many
// games on one goroutine: Reconfigure turns a finished bot of a BotSpec
// into what that spec's New(p) would return — the same behaviour after
// Reset, move for move — while keeping its memory (transposition table,
// scratch buffers). p has been checked like New's parameters. It returns
// false when it cannot (the caller then builds a new bot). An arena that
// reuses bots calls Reset(seed) after Reconfigure, as for a new bot.
type Reconfigurer interface {
	Reconfigure(p Params) bool
}

// CloneIntoer is an optional State capability: CloneInto returns a copy
// of the state, like Clone, that reuses dst's memory when dst is a state
// of the same game that nobody uses any more (dst may be nil). The copy,
// like Clone's, shares nothing mutable with the original. The arena
// hands bots such copies, one per seat, reused from move to move: a bot
// must not keep the state it was given after Step returns.
type CloneIntoer interface {
	CloneInto(dst State) State
}
