package connect4

import (
	"context"
	"errors"
	"fmt"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Parameter names of the alphabeta bot (connect4.md §5); the shared
// search's parameters (search.Params) follow them.
const (
	ParamDepth            = "depth"
	ParamThreatExponent   = "threat_exponent"
	ParamAcuteBonus       = "acute_bonus"
	ParamOpponentWeight   = "opponent_weight"
	ParamMaxReach         = "max_reach"
	ParamOrderMoves       = "order_moves"
	ParamOrderThreatScope = "order_threat_scope"
	ParamOrderByTable     = "order_by_table"
	ParamPreferQuickWins  = "prefer_quick_wins"
)

// DefaultDepth is the seed's horizon.
const DefaultDepth = 11

// AlphaBeta is the configuration of the seed's bot: evaluation weights,
// move order and search settings (Search.MaxDepth is the `depth`
// parameter).
type AlphaBeta struct {
	Weights Weights
	Order   OrderOptions
	Search  search.Config
}

// SearchDefaults are the shared search's settings for this bot: depth 11,
// no deepening under a depth budget, no aspiration windows, no
// transposition table — exactly the seed's algorithm.
func SearchDefaults() search.Config {
	c := search.DefaultConfig()
	c.MaxDepth = DefaultDepth
	c.Deepening = false
	c.DeepeningFirst, c.DeepeningJump, c.DeepeningStart = 1, 1, 1.0
	c.Aspiration = false
	c.AspirationWidth = 0.5
	c.AspirationMinWidth = 0
	c.AspirationWidening = 4
	c.AspirationMaxWidth = 20
	c.TTLog2 = 0
	c.TTReplace = search.ReplaceDepth
	return c
}

// DefaultAlphaBeta is the default bot.
func DefaultAlphaBeta() AlphaBeta {
	return AlphaBeta{Weights: DefaultWeights(), Order: DefaultOrder(), Search: SearchDefaults()}
}

// AlphaBetaFrom reads a resolved parameter set of the alphabeta bot;
// parameters missing from p keep their defaults.
func AlphaBetaFrom(p game.Params) AlphaBeta {
	a := DefaultAlphaBeta()
	setParam(p, ParamDepth, &a.Search.MaxDepth)
	setParam(p, ParamThreatExponent, &a.Weights.ThreatExponent)
	setParam(p, ParamAcuteBonus, &a.Weights.AcuteBonus)
	setParam(p, ParamOpponentWeight, &a.Weights.OpponentWeight)
	setParam(p, ParamMaxReach, &a.Weights.MaxReach)
	setParam(p, ParamPreferQuickWins, &a.Weights.QuickWins)
	setParam(p, ParamOrderMoves, &a.Order.Enabled)
	setParam(p, ParamOrderThreatScope, &a.Order.Scope)
	setParam(p, ParamOrderByTable, &a.Order.ByTable)
	a.Search = search.ConfigFrom(p, a.Search)
	return a
}

// setParam copies the resolved parameter name into *dst when p holds it
// (p's values are of the parameter's kind: int, float64, bool or string).
func setParam[T int | float64 | bool | string](p game.Params, name string, dst *T) {
	if v, ok := p[name]; ok {
		*dst = v.(T)
	}
}

// Hooks returns the search hooks of the configuration: the threat
// evaluation and the three-criteria order.
func (a AlphaBeta) Hooks() search.Hooks {
	ev := NewEvaluator(a.Weights)
	h := search.Hooks{
		Evaluate: func(s game.State, player, ply int) float64 {
			return ev.Evaluate(s.(*State), player, ply)
		},
	}
	if a.Order.Enabled {
		o := a.Order
		h.Order = func(s game.State, player int, moves []game.Action) {
			OrderMoves(s.(*State), player, o, moves)
		}
	}
	return h
}

// Searcher returns a searcher for the configuration.
func (a AlphaBeta) Searcher() *search.Searcher { return search.New(a.Search, a.Hooks()) }

// AlphaBetaSpec is the seed's bot: generic alpha-beta (the shared search)
// with the threat evaluation and the three-criteria move order.
func AlphaBetaSpec() game.BotSpec {
	d := DefaultAlphaBeta()
	params := []game.Param{
		{Name: ParamDepth, Kind: game.Int, Default: DefaultDepth, Min: 1, Max: 42,
			Doc:       "horizon in plies (a depth budget replaces it)",
			ActsUnder: []string{game.BudgetNone, game.BudgetNodes, game.BudgetClock}},
		{Name: ParamThreatExponent, Kind: game.Float, Default: 1.0, Min: 0, Max: 4,
			Doc: "a threat weighs (1/ln(r+1))^γ; 0 counts threats equally"},
		{Name: ParamAcuteBonus, Kind: game.Float, Default: 0.0, Min: 0, Max: 10,
			Doc: "extra weight of an acute threat (r = 1)"},
		{Name: ParamOpponentWeight, Kind: game.Float, Default: 1.0, Min: 0, Max: 4,
			Doc: "factor on the opponent's total threat"},
		{Name: ParamMaxReach, Kind: game.Int, Default: Height, Min: 1, Max: 6,
			Doc: "threats needing more stones are ignored"},
		{Name: ParamOrderMoves, Kind: game.Bool, Default: true,
			Doc: "order moves: own threats, lines through the next cell, left to right (off: columns 0..6)"},
		{Name: ParamOrderThreatScope, Kind: game.String, Default: ScopeColumn, Choices: []string{ScopeColumn, ScopeNext},
			Doc: "criterion 1 looks at the whole column or only at its next free cell"},
		{Name: ParamOrderByTable, Kind: game.Bool, Default: true,
			Doc: "criterion 2 (number of lines of four through the next free cell) on or off"},
		{Name: ParamPreferQuickWins, Kind: game.Bool, Default: false,
			Doc: "score a win found at ply k as 1e9-k (a loss as its negation) instead of ±inf"},
	}
	params = append(params, search.Params(d.Search)...)
	return game.BotSpec{
		Name:   "alphabeta",
		Doc:    "the seed's alpha-beta: threat evaluation, three-criteria move order, depth 11",
		Params: params,
		New: func(p game.Params) (game.Bot, error) {
			return NewAlphaBetaBot(AlphaBetaFrom(p)), nil
		},
	}
}

// AlphaBetaBot plays with a configuration.
type AlphaBetaBot struct {
	cfg  AlphaBeta
	sr   *search.Searcher
	Last search.Result // the last search's result (for logs and tests)
}

// NewAlphaBetaBot returns the bot for a configuration.
func NewAlphaBetaBot(a AlphaBeta) *AlphaBetaBot { return &AlphaBetaBot{cfg: a, sr: a.Searcher()} }

// Reset implements game.Bot; the bot has no randomness.
func (b *AlphaBetaBot) Reset(seed uint64) {}

// LastMove implements game.Informer: the last search's nodes and depth.
func (b *AlphaBetaBot) LastMove() game.MoveInfo { return b.Last.Info() }

// Step implements game.Bot: a depth budget replaces the depth parameter;
// under a node or time budget the search deepens 1, 2, …, depth and plays
// the move of the deepest finished pass.
func (b *AlphaBetaBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	st, ok := s.(*State)
	if !ok {
		return game.NoAction, fmt.Errorf("connect4 alphabeta: state of type %T", s)
	}
	if st.Over() || st.ToMove() != player {
		return game.NoAction, errors.New("connect4 alphabeta: not this player's move")
	}
	// a clock's bank is spread over the own moves the board still holds
	bud = search.Allot(bud, (Cells-st.MoveNumber()+1)/2, b.sr.Config().TimeShare)
	b.Last = b.sr.Negamax(ctx, st, bud)
	if b.Last.Move == game.NoAction {
		return game.NoAction, errors.New("connect4 alphabeta: no move found")
	}
	return b.Last.Move, nil
}
