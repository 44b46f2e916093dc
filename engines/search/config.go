package search

import (
	"math"

	"tourney/engines/game"
)

// Replacement policies of the transposition table (Config.TTReplace).
const (
	ReplaceDepth  = "depth"  // keep the entry searched deeper (stale entries always go)
	ReplaceAlways = "always" // the newest result always wins
)

// Config holds every tuning constant of the search. The zero value is not
// useful; start from DefaultConfig and change fields, or read a bot's
// parameters with ConfigFrom.
type Config struct {
	// MaxDepth is the horizon in plies when the budget names no depth, and
	// the deepest iteration under a node or time budget.
	MaxDepth int

	// Deepening makes the search iterate depths under a depth budget (or no
	// budget) too. Under a node or time budget it always iterates.
	Deepening bool
	// DeepeningFirst is the depth of the first iteration.
	DeepeningFirst int
	// DeepeningJump is added to the depth after each iteration; the last
	// iteration is clamped to the maximum depth.
	DeepeningJump int
	// DeepeningStart is the share of a node or time budget after which no
	// new iteration starts (1 = start one while any budget is left).
	DeepeningStart float64
	// TimeShare scales a time bank's even share of a move (see Allot):
	// below 1 the bot saves time for later moves, above 1 it spends early.
	TimeShare float64

	// Aspiration searches each iteration (from the second on) in a window
	// around the previous iteration's value.
	Aspiration bool
	// AspirationWidth is the half-width of the first window, in evaluation
	// units. Bots may compute it per move (ReversiXT does).
	AspirationWidth float64
	// AspirationMinWidth bounds the half-width from below: the first window
	// is max(AspirationWidth, AspirationMinWidth).
	AspirationMinWidth float64
	// AspirationWidening multiplies the failed side's half-width after a
	// fail-low or fail-high; at most 1 means "open that side at once".
	AspirationWidening float64
	// AspirationMaxWidth: a side whose half-width would exceed it is opened
	// to ±∞ (the full window).
	AspirationMaxWidth float64

	// TTLog2 is the log2 of the number of transposition-table entries; 0
	// turns the table off. The table is only used for states that
	// implement game.Hasher.
	TTLog2 int
	// TTReplace is ReplaceDepth or ReplaceAlways.
	TTReplace string

	// Late-move reductions (a selective search). At a node with at least
	// ReduceDepth plies left, whose mover is one of those ReduceAt names,
	// the moves after the first ReduceAfter ones (in the search's order)
	// are first searched ReduceBy plies shallower in a null window at the
	// node's bound (the minimiser's β, the maximiser's α); only a move
	// that this search finds better than the bound is searched again at
	// the full depth with the node's window. ReduceAfter 0 turns it off
	// (the full-width search). The root's moves are never reduced.
	ReduceAfter int
	// ReduceBy is the number of plies a late move loses (at least 1; the
	// reduced child has at least depth 0, a leaf).
	ReduceBy int
	// ReduceDepth is the least depth left at a node that reduces (at
	// least 2: a node at depth 1 has only leaves below).
	ReduceDepth int
	// ReduceAt is ReduceOpponents (the nodes of every player other than
	// the root's: paranoid's minimising plies, negamax's opponent plies)
	// or ReduceAll.
	ReduceAt string
	// ReduceAfterOwn, when positive, replaces ReduceAfter at the nodes of
	// the root's player under ReduceAll: a gentler selection at the plies
	// whose every move counts (those that must try all their moves along
	// a refutation), with ReduceAfter at the opponents'. 0 = ReduceAfter.
	ReduceAfterOwn int
}

// Values of Config.ReduceAt.
const (
	ReduceOpponents = "opponents" // the plies of the players other than the root's
	ReduceAll       = "all"       // every ply below the root
)

// DefaultConfig is the plain seed search: depth 11, no deepening under a
// depth budget, no aspiration, no transposition table.
func DefaultConfig() Config {
	return Config{
		MaxDepth:           11,
		Deepening:          false,
		DeepeningFirst:     1,
		DeepeningJump:      1,
		DeepeningStart:     1.0,
		TimeShare:          1.0,
		Aspiration:         false,
		AspirationWidth:    1.0,
		AspirationMinWidth: 0.0,
		AspirationWidening: 4.0,
		AspirationMaxWidth: 1000.0,
		TTLog2:             0,
		TTReplace:          ReplaceDepth,
		ReduceAfter:        0,
		ReduceBy:           1,
		ReduceDepth:        3,
		ReduceAt:           ReduceOpponents,
	}
}

// Parameter names of the search (see Params).
const (
	ParamDeepening          = "deepening"
	ParamDeepeningFirst     = "deepening_first"
	ParamDeepeningJump      = "deepening_jump"
	ParamDeepeningStart     = "deepening_start"
	ParamTimeShare          = "time_share"
	ParamAspiration         = "aspiration"
	ParamAspirationWidth    = "aspiration_width"
	ParamAspirationMinWidth = "aspiration_min_width"
	ParamAspirationWidening = "aspiration_widening"
	ParamAspirationMaxWidth = "aspiration_max_width"
	ParamTTLog2             = "tt_log2"
	ParamTTReplace          = "tt_replace"
)

// MaxTTLog2 is the largest table size (2^22 entries of 32 bytes = 128 MiB).
const MaxTTLog2 = 22

// Params describes the tunable search parameters, with the defaults taken
// from defaults, so that a bot can append them to its own parameters. The
// depth limit (Config.MaxDepth) is not among them: bots name it themselves
// (`depth`, `max_depth`). Bots may narrow the ranges of the returned
// entries.
func Params(defaults Config) []game.Param {
	return []game.Param{
		{Name: ParamDeepening, Kind: game.Bool, Default: defaults.Deepening,
			Doc:       "iterative deepening under a depth budget too (always on under nodes/time budgets)",
			ActsUnder: []string{game.BudgetNone, game.BudgetDepth}},
		{Name: ParamDeepeningFirst, Kind: game.Int, Default: defaults.DeepeningFirst, Min: 1, Max: 64,
			Doc: "depth of the first deepening iteration"},
		{Name: ParamDeepeningJump, Kind: game.Int, Default: defaults.DeepeningJump, Min: 1, Max: 8,
			Doc: "depth added per deepening iteration (the last one is clamped to the maximum depth)"},
		{Name: ParamDeepeningStart, Kind: game.Float, Default: defaults.DeepeningStart, Min: 0.01, Max: 1,
			Doc:       "share of a nodes/time budget after which no new iteration starts",
			ActsUnder: []string{game.BudgetNodes, game.BudgetClock}},
		{Name: ParamTimeShare, Kind: game.Float, Default: defaults.TimeShare, Min: 0.25, Max: 4,
			Doc:       "factor on a time bank's even share per move (below 1 saves, above 1 spends early; clock budgets with a bank only)",
			ActsUnder: []string{game.BudgetClock}},
		{Name: ParamAspiration, Kind: game.Bool, Default: defaults.Aspiration,
			Doc: "search each iteration in a window around the previous iteration's value"},
		{Name: ParamAspirationWidth, Kind: game.Float, Default: defaults.AspirationWidth, Min: 0, Max: 1e6,
			Doc: "half-width of the first aspiration window (evaluation units)"},
		{Name: ParamAspirationMinWidth, Kind: game.Float, Default: defaults.AspirationMinWidth, Min: 0, Max: 1e6,
			Doc: "lower bound of the first window's half-width"},
		{Name: ParamAspirationWidening, Kind: game.Float, Default: defaults.AspirationWidening, Min: 1, Max: 100,
			Doc: "factor on the failed side's half-width after a fail-low/high (1: open that side at once)"},
		{Name: ParamAspirationMaxWidth, Kind: game.Float, Default: defaults.AspirationMaxWidth, Min: 0, Max: 1e9,
			Doc: "a side whose half-width would exceed this is opened to infinity"},
		{Name: ParamTTLog2, Kind: game.Int, Default: defaults.TTLog2, Min: 0, Max: MaxTTLog2,
			Doc: "transposition table of 2^n entries (0 = off)"},
		{Name: ParamTTReplace, Kind: game.String, Default: defaults.TTReplace, Choices: []string{ReplaceDepth, ReplaceAlways},
			Doc: "table replacement: keep the deeper entry, or always the newest"},
	}
}

// ConfigFrom returns defaults with every search parameter present in p
// (see Params) applied. Parameters p lacks keep their defaults.
func ConfigFrom(p game.Params, defaults Config) Config {
	c := defaults
	if p.Has(ParamDeepening) {
		c.Deepening = p.Bool(ParamDeepening)
	}
	if p.Has(ParamDeepeningFirst) {
		c.DeepeningFirst = p.Int(ParamDeepeningFirst)
	}
	if p.Has(ParamDeepeningJump) {
		c.DeepeningJump = p.Int(ParamDeepeningJump)
	}
	if p.Has(ParamDeepeningStart) {
		c.DeepeningStart = p.Float(ParamDeepeningStart)
	}
	if p.Has(ParamTimeShare) {
		c.TimeShare = p.Float(ParamTimeShare)
	}
	if p.Has(ParamAspiration) {
		c.Aspiration = p.Bool(ParamAspiration)
	}
	if p.Has(ParamAspirationWidth) {
		c.AspirationWidth = p.Float(ParamAspirationWidth)
	}
	if p.Has(ParamAspirationMinWidth) {
		c.AspirationMinWidth = p.Float(ParamAspirationMinWidth)
	}
	if p.Has(ParamAspirationWidening) {
		c.AspirationWidening = p.Float(ParamAspirationWidening)
	}
	if p.Has(ParamAspirationMaxWidth) {
		c.AspirationMaxWidth = p.Float(ParamAspirationMaxWidth)
	}
	if p.Has(ParamTTLog2) {
		c.TTLog2 = p.Int(ParamTTLog2)
	}
	if p.Has(ParamTTReplace) {
		c.TTReplace = p.Str(ParamTTReplace)
	}
	return c
}

// normalized returns c with out-of-range values made usable.
func (c Config) normalized() Config {
	c.MaxDepth = max(c.MaxDepth, 1)
	c.DeepeningFirst = max(c.DeepeningFirst, 1)
	c.DeepeningJump = max(c.DeepeningJump, 1)
	if !(c.DeepeningStart > 0) { // also NaN
		c.DeepeningStart = 1
	}
	if !(c.TimeShare > 0) {
		c.TimeShare = 1
	}
	c.TTLog2 = min(max(c.TTLog2, 0), MaxTTLog2)
	if math.IsNaN(c.AspirationWidth) || c.AspirationWidth < 0 {
		c.AspirationWidth = 0
	}
	if math.IsNaN(c.AspirationMinWidth) || c.AspirationMinWidth < 0 {
		c.AspirationMinWidth = 0
	}
	if c.TTReplace != ReplaceAlways {
		c.TTReplace = ReplaceDepth
	}
	c.ReduceAfter = max(c.ReduceAfter, 0)
	c.ReduceAfterOwn = max(c.ReduceAfterOwn, 0)
	c.ReduceBy = max(c.ReduceBy, 1)
	c.ReduceDepth = max(c.ReduceDepth, 2)
	if c.ReduceAt != ReduceAll {
		c.ReduceAt = ReduceOpponents
	}
	return c
}
