package reversixt

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Parameter names of the paranoid bot (spec §10.1–10.4).
const (
	ParamAspiration           = "aspiration"
	ParamAspirationWidth      = "aspiration_width"
	ParamAspirationFactor     = "aspiration_factor"
	ParamDeepeningStart       = "deepening_start"
	ParamDeepeningJump        = "deepening_jump"
	ParamTimeShare            = "time_share" // not in the spec: the time bank's spending (clock budgets)
	ParamPlayerDistance       = "player_distance"
	ParamBonusBombWeight      = "bonus_bomb_weight"
	ParamBonusOverwriteWeight = "bonus_overwrite_weight"
	ParamChoiceWeight         = "choice_weight"
	ParamPositionWeight       = "position_weight"
	ParamStonesWeight         = "stones_weight"
	ParamBreakEven            = "break_even"

	ParamStratCorner          = "strat_corner"
	ParamStratOne             = "strat_one"
	ParamStratTwo             = "strat_two"
	ParamStratThree           = "strat_three"
	ParamStratFour            = "strat_four"
	ParamStratMode            = "strat_mode"
	ParamCornerReachFactor    = "corner_reach_factor"
	ParamCornerNeighbourShare = "corner_neighbour_share"
	ParamEdgeReachShare       = "edge_reach_share"
	ParamBombValueFactor      = "bomb_value_factor"
	ParamOverwriteValueFactor = "overwrite_value_factor"
	ParamScoreScale           = "score_scale" // the corrected spec's rule 5, or the first version's scale
	ParamRankValue            = "rank_value"  // not in the spec: the leaf value with more than 2 players
	ParamRankWidth            = "rank_width"

	ParamSearch       = "search"
	ParamMultiSearch  = "multi_search" // not in the spec: the search with more than 2 active players
	ParamUseOrdering  = "use_ordering"
	ParamUseDeepening = "use_deepening"
	ParamMaxDepth     = "max_depth"

	ParamBombFocusAhead  = "bomb_focus_ahead"
	ParamBombFocusWeight = "bomb_focus_weight"
	ParamBombOwnWeight   = "bomb_own_weight"

	ParamReduceAfter    = "reduce_after" // not in the spec: late-move reductions (the shared search's)
	ParamReduceBy       = "reduce_by"
	ParamReduceDepth    = "reduce_depth"
	ParamReduceAt       = "reduce_at"
	ParamReduceAfterOwn = "reduce_after_own"

	ParamTTLog2    = "tt_log2"    // not in the spec: the shared search's table
	ParamMaxLeaves = "max_leaves" // not in the spec: safety cap under depth budgets

	ParamRandomTies = "random_ties" // trivial bot
)

// Values of the score_scale parameter.
const (
	ScaleRatio  = "ratio"  // spec §10.2 rule 5: one ratio of fields to stock in every game
	ScaleLegacy = "legacy" // the first spec version: Score ×K with any number of players
)

// SearchParanoid is the only value of the `search` parameter, and a
// value of `multi_search`.
const SearchParanoid = "paranoid"

// SearchMCTS is the value of `multi_search` that plays the moves of a
// game with more than 2 active players by Monte-Carlo tree search.
const SearchMCTS = "mcts"

// DefaultDepth is the horizon of the paranoid bot when a move has no
// budget (game.Budget zero value); max_depth caps it.
const DefaultDepth = 4

// DefaultMaxLeaves is the default safety cap on evaluated leaves per move
// under a depth budget (or none).
const DefaultMaxLeaves = 1000000

// DefaultMultiSearch is multi_search's default: mcts, tourney's own
// winner of configs/reversixt-multi.toml (doc.go).
const DefaultMultiSearch = SearchMCTS

// DefaultTTLog2 is the default size of the paranoid bot's table (2^16
// entries, 2 MiB).
const DefaultTTLog2 = 16

// Paranoid is the configuration of the paranoid bot.
type Paranoid struct {
	Eval             EvalConfig
	Bomb             BombConfig
	Search           search.Config // MaxDepth is max_depth; AspirationWidth is set per move
	AspirationFactor float64
	UseOrdering      bool
	// MaxLeaves caps the evaluated leaves of a move under a depth budget
	// (or none): past it the running iteration is dropped and the move of
	// the deepest completed one is played. 0 = no cap.
	MaxLeaves int
	// MultiSearch is the search of a phase-1 move while more than 2
	// players are active: SearchParanoid, or SearchMCTS (the mcts bot's
	// search at its defaults, on this bot's evaluation, bomb rule and
	// time share; see doc.go).
	MultiSearch string
}

// ParanoidSearchDefaults is the shared search's configuration for the
// paranoid bot's defaults (spec §10.1 rules 1–2, §10.3): deepening 1,
// 1+j, …; aspiration windows of at least aspiration_width (25) that open
// to the full window on failing.
func ParanoidSearchDefaults() search.Config {
	c := search.DefaultConfig()
	c.MaxDepth = 42
	c.Deepening = true
	c.DeepeningFirst = 1
	c.DeepeningJump = 2
	c.DeepeningStart = 0.5
	c.Aspiration = true
	c.AspirationWidth = 0
	c.AspirationMinWidth = 25
	c.AspirationWidening = 1
	c.AspirationMaxWidth = math.Inf(1)
	c.TTLog2 = DefaultTTLog2
	c.TTReplace = search.ReplaceDepth
	// Late-move reductions (doc.go): one ply and more at 200 ms on the
	// course's large maps; a GSPRT on large 2-player maps accepted them as
	// no weaker than the full width (results/measurements.md).
	c.ReduceAfter = 2
	c.ReduceAfterOwn = 4
	c.ReduceBy = 2
	c.ReduceAt = search.ReduceAll
	return c
}

// DefaultParanoid is the paranoid bot with every default.
func DefaultParanoid() Paranoid {
	return Paranoid{
		Eval:             DefaultEvalConfig(),
		Bomb:             DefaultBombConfig(),
		Search:           ParanoidSearchDefaults(),
		AspirationFactor: 1,
		UseOrdering:      true,
		MaxLeaves:        DefaultMaxLeaves,
		MultiSearch:      DefaultMultiSearch,
	}
}

// ParanoidFrom reads resolved parameters; missing ones keep the defaults.
func ParanoidFrom(p game.Params) Paranoid { return configFrom(DefaultParanoid(), p) }

// configFrom is c with the parameters p holds.
func configFrom(c Paranoid, p game.Params) Paranoid {
	fl := func(name string, dst *float64) {
		if p.Has(name) {
			*dst = p.Float(name)
		}
	}
	in := func(name string, dst *int) {
		if p.Has(name) {
			*dst = p.Int(name)
		}
	}
	bo := func(name string, dst *bool) {
		if p.Has(name) {
			*dst = p.Bool(name)
		}
	}
	bo(ParamAspiration, &c.Search.Aspiration)
	if p.Has(ParamAspirationWidth) {
		c.Search.AspirationMinWidth = float64(p.Int(ParamAspirationWidth))
	}
	fl(ParamAspirationFactor, &c.AspirationFactor)
	fl(ParamDeepeningStart, &c.Search.DeepeningStart)
	in(ParamDeepeningJump, &c.Search.DeepeningJump)
	fl(ParamTimeShare, &c.Search.TimeShare)
	in(ParamPlayerDistance, &c.Eval.PlayerDistance)
	fl(ParamBonusBombWeight, &c.Eval.BonusBomb)
	fl(ParamBonusOverwriteWeight, &c.Eval.BonusOverwrite)
	fl(ParamChoiceWeight, &c.Eval.ChoiceWeight)
	fl(ParamPositionWeight, &c.Eval.PositionWeight)
	fl(ParamStonesWeight, &c.Eval.StonesWeight)
	fl(ParamBreakEven, &c.Eval.BreakEven)
	in(ParamStratCorner, &c.Eval.StratCorner)
	in(ParamStratOne, &c.Eval.StratOne)
	in(ParamStratTwo, &c.Eval.StratTwo)
	in(ParamStratThree, &c.Eval.StratThree)
	in(ParamStratFour, &c.Eval.StratFour)
	if p.Has(ParamStratMode) {
		c.Eval.StratMode = p.Str(ParamStratMode)
	}
	fl(ParamCornerReachFactor, &c.Eval.CornerReachFactor)
	fl(ParamCornerNeighbourShare, &c.Eval.CornerNeighbourShare)
	fl(ParamEdgeReachShare, &c.Eval.EdgeReachShare)
	fl(ParamBombValueFactor, &c.Eval.BombValueFactor)
	fl(ParamOverwriteValueFactor, &c.Eval.OverwriteValueFactor)
	if p.Has(ParamScoreScale) {
		c.Eval.LegacyScale = p.Str(ParamScoreScale) == ScaleLegacy
	}
	if p.Has(ParamRankValue) {
		c.Eval.RankValue = p.Str(ParamRankValue)
	}
	fl(ParamRankWidth, &c.Eval.RankWidth)
	bo(ParamUseOrdering, &c.UseOrdering)
	bo(ParamUseDeepening, &c.Search.Deepening)
	in(ParamMaxDepth, &c.Search.MaxDepth)
	fl(ParamBombFocusAhead, &c.Bomb.FocusAhead)
	fl(ParamBombFocusWeight, &c.Bomb.FocusWeight)
	fl(ParamBombOwnWeight, &c.Bomb.OwnWeight)
	in(ParamTTLog2, &c.Search.TTLog2)
	in(ParamMaxLeaves, &c.MaxLeaves)
	in(ParamReduceAfter, &c.Search.ReduceAfter)
	in(ParamReduceBy, &c.Search.ReduceBy)
	in(ParamReduceDepth, &c.Search.ReduceDepth)
	in(ParamReduceAfterOwn, &c.Search.ReduceAfterOwn)
	if p.Has(ParamReduceAt) {
		c.Search.ReduceAt = p.Str(ParamReduceAt)
	}
	if p.Has(ParamMultiSearch) {
		c.MultiSearch = p.Str(ParamMultiSearch)
	}
	return c
}

// ParanoidSpec is the paranoid bot of seed 001 (spec §10): paranoid
// alpha-beta with the strategic map, rank-weighted opponents and a greedy
// bomb phase.
func ParanoidSpec() game.BotSpec {
	f := func(name string, def, lo, hi float64, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Float, Default: def, Min: lo, Max: hi, Doc: doc}
	}
	i := func(name string, def, lo, hi int, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Int, Default: def, Min: float64(lo), Max: float64(hi), Doc: doc}
	}
	b := func(name string, def bool, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Bool, Default: def, Doc: doc}
	}
	under := func(p game.Param, kinds ...string) game.Param { p.ActsUnder = kinds; return p }
	sd := ParanoidSearchDefaults()
	params := []game.Param{
		// §10.1
		b(ParamAspiration, true, "aspiration windows around the previous iteration's value"),
		i(ParamAspirationWidth, 25, 1, 1000, "minimum half-width of the window (evaluation units)"),
		f(ParamAspirationFactor, 1.0, 0.1, 10, "factor on the computed width 0.2·sin(πg)·H·W (log scale)"),
		under(f(ParamDeepeningStart, 0.5, 0.05, 0.95, "share of a nodes/time budget after which no new deepening iteration starts"), game.BudgetNodes, game.BudgetClock),
		i(ParamDeepeningJump, 2, 1, 3, "deepening depths 1, 1+j, 1+2j, …"),
		under(f(ParamTimeShare, 1.0, 0.25, 4, "factor on a time bank's even share per move (below 1 saves, above 1 spends early; clock budgets with a bank only)"), game.BudgetClock),
		i(ParamPlayerDistance, 16, 8, 64, "K: weights K − rank distance decide whom to attack"),
		f(ParamBonusBombWeight, 1.0, 0, 4, "value of a bomb from a bonus field, ≥ 3 players"),
		f(ParamBonusOverwriteWeight, 1.0, 0, 4, "value of an overwrite stone from a bonus field, ≥ 3 players"),
		f(ParamChoiceWeight, 1.0, 0, 4, "value of a choice field in the move order, ≥ 3 players"),
		f(ParamPositionWeight, 1.0, 0, 4, "weight of the positional value (falls over the game)"),
		f(ParamStonesWeight, 1.0, 0, 4, "weight of the stone count (rises over the game)"),
		f(ParamBreakEven, 0.5, 0.05, 0.95, "progress where stones and position weigh the same"),
		// §10.2
		i(ParamStratCorner, 50, 0, 500, "strategic value of a field with 0 passages (corner)"),
		i(ParamStratOne, -5, -100, 50, "strategic value, 1 passage"),
		i(ParamStratTwo, 3, -20, 50, "strategic value, 2 passages"),
		i(ParamStratThree, 2, -20, 50, "strategic value, 3 passages"),
		i(ParamStratFour, 1, -20, 50, "strategic value, 4 passages"),
		{Name: ParamStratMode, Kind: game.String, Default: StratTable, Choices: []string{StratTable, StratReach},
			Doc: "strategic map: passage table or reach rule"},
		f(ParamCornerReachFactor, 4, 0, 10, "reach rule: corner = factor × most stones capturable from it"),
		f(ParamCornerNeighbourShare, 0.5, 0, 1, "reach rule: share of a corner's value taken from its neighbours"),
		f(ParamEdgeReachShare, 0.333, 0, 1, "reach rule: share of the capturable count added to 1-passage fields"),
		f(ParamBombValueFactor, 2, 0, 10, "Vb = factor × (2·strength + 1)²"),
		f(ParamOverwriteValueFactor, 10, 0, 20, "Vo = factor × H·W / (H + W)"),
		{Name: ParamScoreScale, Kind: game.String, Default: ScaleRatio, Choices: []string{ScaleRatio, ScaleLegacy},
			Doc: "ratio: the fields' values carry K exactly when the stock values do; legacy: Score ×K in every game (2-player overwrite stones then worth 1/16)"},
		{Name: ParamRankValue, Kind: game.String, Default: RankDistance, Choices: []string{RankDistance, RankSoft},
			Doc: "leaf value with more than 2 active players: distance (spec: opponents weighted (K − rank distance)/K) or soft (the expected points: Σ over opponents T·tanh(gap/T), a soft count of those beaten)"},
		f(ParamRankWidth, DefaultRankWidth, 0.02, 4, "rank_value = soft: width T of a gap, as a share of a player's fair share of the fields (log scale)"),
		// §10.3
		{Name: ParamSearch, Kind: game.String, Default: SearchParanoid, Choices: []string{SearchParanoid},
			Doc: "paranoid alpha-beta: every opponent minimises V"},
		{Name: ParamMultiSearch, Kind: game.String, Default: DefaultMultiSearch, Choices: []string{SearchParanoid, SearchMCTS},
			Doc: "the search while more than 2 players are active: paranoid alpha-beta, or mcts (Monte-Carlo tree search, every seat for itself: the mcts bot at its defaults on this bot's evaluation)"},
		b(ParamUseOrdering, true, "sort moves by gain, best first, at every node"),
		under(b(ParamUseDeepening, true, "iterative deepening under a depth budget too (always on under nodes/time)"), game.BudgetNone, game.BudgetDepth),
		i(ParamMaxDepth, 42, 1, 64, "depth cap in plies"),
		// §10.4
		f(ParamBombFocusAhead, 1.0, 0.1, 10, "focus on the next better player when its gap ≤ this × the gap to the next worse (log scale)"),
		f(ParamBombFocusWeight, 2.0, 0, 10, "weight of the focus player's lost stones"),
		f(ParamBombOwnWeight, 1.0, 0, 10, "weight of own lost stones"),
		// not in the spec
		i(ParamTTLog2, DefaultTTLog2, 0, search.MaxTTLog2, "transposition table of 2^n entries (0 = off)"),
		under(i(ParamMaxLeaves, DefaultMaxLeaves, 0, 1000000000, "under a depth budget, drop the running iteration after this many evaluated leaves (0 = no cap)"), game.BudgetNone, game.BudgetDepth),
		i(ParamReduceAfter, sd.ReduceAfter, 0, 64, "late-move reductions: moves of a node searched at full depth before the later ones are searched reduce_by plies shallower first (0 = off: full width)"),
		i(ParamReduceBy, sd.ReduceBy, 1, 4, "plies a late move loses in its first, null-window search"),
		i(ParamReduceDepth, sd.ReduceDepth, 2, 16, "least depth left at a node that reduces its late moves"),
		{Name: ParamReduceAt, Kind: game.String, Default: sd.ReduceAt, Choices: []string{search.ReduceOpponents, search.ReduceAll},
			Doc: "which nodes reduce: the opponents' (the minimising plies) or all below the root"},
		i(ParamReduceAfterOwn, sd.ReduceAfterOwn, 0, 64, "with reduce_at = all: reduce_after at the bot's own nodes below the root (0 = reduce_after)"),
	}
	return game.BotSpec{
		Name:   "paranoid",
		Doc:    fmt.Sprintf("seed 001's paranoid alpha-beta: strategic map, rank-weighted opponents, greedy bombs (depth %d without a budget)", DefaultDepth),
		Params: params,
		New: func(p game.Params) (game.Bot, error) {
			return NewParanoidBot(ParanoidFrom(p)), nil
		},
	}
}

// searchState is what the paranoid search sees: the state, with the bomb
// phase as a leaf (it is played greedily, spec §10.4) and each bonus field
// offering only the variant of the bonus rule (spec §10.1 rule 3).
type searchState struct {
	*State
	bonus int
	// ev, when set, lists the moves of a seat with overwrite stones (the
	// overwrite phase: hundreds of targets) with rayMoves: the same moves,
	// and the lines of every target for the move keys in the same walk;
	// and those of a seat without overwrite stones with freeMoves when
	// the free fields are few (the walks from the free fields give the
	// targets and their keys), with rayMoves otherwise (the walks from
	// its stones do).
	ev *evaluator
}

func (w *searchState) CurrentPlayer() int {
	if w.phase != Phase1 {
		return game.TerminalPlayer
	}
	return int(w.cur)
}

func (w *searchState) IsTerminal() bool { return w.phase != Phase1 }

func (w *searchState) Clone() game.State {
	return &searchState{State: w.State.Clone().(*State), bonus: w.bonus, ev: w.ev}
}

// Apply plays a move of LegalActions without checking it again (the
// search only plays the moves it listed).
func (w *searchState) Apply(a game.Action) { w.State.apply(a) }

func (w *searchState) LegalActions(player int, buf []game.Action) []game.Action {
	if w.phase != Phase1 {
		return buf
	}
	if s := w.State; w.ev != nil && player == int(s.cur) {
		if s.ow[player] > 0 {
			return w.ev.rayMoves(s, player, w.bonus, buf)
		}
		if pv := player + 1; !s.m.small && s.vals[pv] > 0 {
			if s.vals[Empty]+s.vals[Choice]+s.vals[Inversion]+s.vals[Bonus] < 2*s.vals[pv] {
				// Few free fields (rayTargets tests them): list the moves
				// and their keys from them in one walk.
				return w.ev.freeMoves(s, player, w.bonus, buf)
			}
			// Many free fields (rayTargets walks from the stones):
			// rayMoves' walk from the stones finds the targets and
			// their lines at once, where the listing and the move
			// order walked twice (from the stones, then from each
			// target in every direction).
			return w.ev.rayMoves(s, player, w.bonus, buf)
		}
	}
	start := len(buf)
	buf = w.State.LegalActions(player, buf)
	out := buf[:start]
	for _, a := range buf[start:] {
		if c, code := SplitAction(a); (code == CodeBomb || code == CodeOverwrite) && w.board[c] == Bonus && code != w.bonus {
			continue
		}
		out = append(out, a)
	}
	return out
}

// ParanoidBot plays the paranoid bot.
type ParanoidBot struct {
	cfg       Paranoid
	leaves    int  // evaluated leaves of the current move
	capLeaves bool // the leaf cap applies to the running search
	ev        *evaluator
	sr        *search.Searcher
	bl        blaster
	ws        searchState
	Last      search.Result // the last search (for tests and logs)
	// mc plays the moves with more than 2 active players under
	// multi_search = "mcts" (nil until the first), seeded by Reset.
	mc   *MCTSBot
	seed uint64
}

// NewParanoidBot returns the bot of a configuration.
func NewParanoidBot(c Paranoid) *ParanoidBot {
	b := &ParanoidBot{cfg: c, ev: newEvaluator(c.Eval)}
	h := search.Hooks{Evaluate: func(s game.State, player, ply int) float64 {
		b.leaves++
		if b.capLeaves && b.leaves > b.cfg.MaxLeaves {
			b.sr.Abort() // the search sees it at its next poll: deterministic
		}
		return b.ev.value(s.(*searchState).State, player)
	}}
	// The key hook is always installed so that Reconfigure can switch
	// ordering on and off; without use_ordering it returns no keys, and
	// the search keeps LegalActions order.
	h.Keys = func(s game.State, player int, moves []game.Action, buf []float64) []float64 {
		if !b.cfg.UseOrdering {
			return nil
		}
		return b.moveKeys(s.(*searchState).State, player, moves, buf)
	}
	b.sr = search.New(c.Search, h)
	return b
}

// Reset implements game.Bot. The alpha-beta search has no randomness;
// the seed is multi_search = "mcts"'s (a new game: a new tree).
func (b *ParanoidBot) Reset(seed uint64) {
	b.seed = seed
	if b.mc != nil {
		b.mc.Reset(seed)
	}
}

// multiBot is the mcts search of multi_search = "mcts": the mcts bot at
// its defaults with this bot's evaluation, bomb rule and time share.
func (b *ParanoidBot) multiBot() *MCTSBot {
	if b.mc == nil {
		b.mc = NewMCTSBot(b.multiConfig())
		b.mc.Reset(b.seed)
	}
	return b.mc
}

// multiConfig is multi_search = "mcts"'s configuration.
func (b *ParanoidBot) multiConfig() MCTS {
	c := DefaultMCTS()
	c.Eval, c.Bomb, c.TimeShare = b.cfg.Eval, b.cfg.Bomb, b.cfg.Search.TimeShare
	return c
}

// activeSeats counts the seats not disqualified.
func activeSeats(s *State) int {
	n := 0
	for q := 0; q < s.n; q++ {
		if !s.disq[q] {
			n++
		}
	}
	return n
}

// Reconfigure implements game.Reconfigurer: the bot of parameters p,
// keeping its transposition table (when the size is the same; the table
// is emptied by generation at every search anyway), its search buffers
// and its blast scratch.
func (b *ParanoidBot) Reconfigure(p game.Params) bool {
	c := ParanoidFrom(p)
	b.cfg = c
	if b.ev.ec != c.Eval {
		b.ev = newEvaluator(c.Eval)
	}
	b.sr.SetConfig(c.Search)
	b.leaves, b.capLeaves = 0, false
	b.ws = searchState{}
	b.Last = search.Result{}
	if b.mc != nil {
		b.mc.setConfig(b.multiConfig()) // its pools kept: a new game allocates no tree
		b.mc.Reset(b.seed)
	}
	return true
}

// rayGainsMoves is the move count from which moveKeys computes the gains
// of all targets in one pass (rayGains) when the mover has overwrite
// stones.
const rayGainsMoves = 16

// moveKeys is the search's Keys hook: each move's gain (spec §10.2 rule
// 3), appended to buf. The search tries the moves best first, ties in
// LegalActions order (a stable sort), picking them one at a time: a node
// that is cut off after a few moves does not sort hundreds.
func (b *ParanoidBot) moveKeys(s *State, p int, moves []game.Action, buf []float64) []float64 {
	b.ev.orders++
	if b.ev.hasKeys(s, p) && len(b.ev.keys) == len(moves) {
		// searchState.LegalActions listed the moves with rayMoves,
		// which computed their keys on the way.
		return append(buf, b.ev.keys...)
	}
	lastCell, lastGain := -1, 0.0
	// Many overwrite moves: the lines of all targets in one pass from the
	// mover's stones (rayGains) instead of a walk from each target; the
	// same values (integer strategic maps only). Without overwrite stones
	// the targets are the few free fields at the ends of the walks, and
	// walking from each is cheaper.
	lines := b.ev.intStrat && s.ow[p] > 0 && len(moves) >= rayGainsMoves
	if lines {
		b.ev.rayGains(s, p, false)
	}
	for _, a := range moves {
		t, code := SplitAction(a)
		if t != lastCell {
			if lines {
				lastCell, lastGain = t, b.ev.gain(s, t, p)
			} else {
				lastCell, lastGain = t, b.ev.cellGain(s, t, p)
			}
		}
		buf = append(buf, lastGain+b.ev.specialGain(s, t, code, p))
	}
	return buf
}

// budget is the search budget of a move: a depth budget (or the default
// depth when there is none) capped by max_depth.
func (b *ParanoidBot) budget(bud game.Budget) game.Budget {
	if bud.IsZero() {
		bud.Depth = DefaultDepth
	}
	if bud.Depth > 0 {
		bud.Depth = min(bud.Depth, b.cfg.Search.MaxDepth)
	}
	return bud
}

// stepState is the state a bot (named name in errors) is asked to move
// in: s as a *State, or an error when s is another game's state or it is
// not player's move.
func stepState(name string, s game.State, player int) (*State, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, fmt.Errorf("reversixt %s: state of type %T", name, s)
	}
	if st.phase == Over || int(st.cur) != player {
		return nil, errors.New("reversixt " + name + ": not this player's move")
	}
	return st, nil
}

// Step implements game.Bot. Phase 1: paranoid search under the budget;
// phase 2: greedy bomb (no search).
func (b *ParanoidBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	st, err := stepState("paranoid", s, player)
	if err != nil {
		return game.NoAction, err
	}
	// Under the wall clock the move's time counts from here: the set-up
	// below (the per-map tables on a game's first move) is paid from it.
	b.sr.MoveStarted(b.sr.Now())
	if st.phase == Phase2 {
		b.Last = search.Result{Move: game.NoAction} // no search: no telemetry
		focus := BombFocus(st, player, b.cfg.Bomb.FocusAhead)
		a := b.bl.bombTarget(st, player, focus, b.cfg.Bomb.FocusWeight, b.cfg.Bomb.OwnWeight)
		if a == game.NoAction {
			return a, errors.New("reversixt paranoid: no field left to bomb")
		}
		return a, nil
	}
	if b.cfg.MultiSearch == SearchMCTS && activeSeats(st) > 2 {
		mc := b.multiBot()
		a, err := mc.Step(ctx, st, player, bud)
		b.Last = search.Result{Move: a, Nodes: mc.Last.Nodes, Depth: mc.Last.Depth}
		return a, err
	}
	b.ev.setMap(st.m)
	if b.ev.intStrat {
		st.setWeights(b.ev.strat) // the search's leaves (and setRoot) read the sums
	}
	b.ev.setRoot(st, player)
	cfg := b.ev.windows(b.cfg.Search, b.cfg.AspirationFactor, st)
	b.sr.SetConfig(cfg)
	b.ws = searchState{State: st, bonus: b.ev.bonus}
	if b.cfg.UseOrdering && b.ev.intStrat {
		b.ws.ev = b.ev
	}
	bud = search.Allot(bud, RemainingMoves(st, player), cfg.TimeShare)
	b.leaves = 0
	b.capLeaves = bud.Nodes == 0 && bud.Time == 0 && b.cfg.MaxLeaves > 0
	b.Last = b.sr.Paranoid(ctx, &b.ws, b.budget(bud))
	b.capLeaves = false
	st.setWeights(nil)
	b.ws.State = nil
	if b.Last.Move == game.NoAction {
		legal := st.LegalActions(player, nil)
		if len(legal) == 0 {
			return game.NoAction, errors.New("reversixt paranoid: no legal move")
		}
		return legal[0], nil
	}
	return b.Last.Move, nil
}

// TrivialSpec is the course's "triviale KI": one ply, most own stones
// after the move; bombs remove the most opponent stones minus own.
func TrivialSpec() game.BotSpec {
	return game.BotSpec{
		Name: "trivial",
		Doc:  "greedy one ply: most own stones after the move; bombs: most opponent minus own stones destroyed",
		Params: []game.Param{{Name: ParamRandomTies, Kind: game.Bool, Default: false,
			Doc: "break ties between equally good moves at random (from the bot's seed) instead of taking the first"}},
		New: func(p game.Params) (game.Bot, error) {
			t := &TrivialBot{}
			if p.Has(ParamRandomTies) {
				t.RandomTies = p.Bool(ParamRandomTies)
			}
			return t, nil
		},
	}
}

// TrivialBot is the greedy one-ply bot.
type TrivialBot struct {
	RandomTies bool
	rng        *rand.Rand
	bl         blaster
	buf        []game.Action
}

// Reset implements game.Bot.
func (b *TrivialBot) Reset(seed uint64) { b.rng = game.NewRand(seed) }

// Reconfigure implements game.Reconfigurer (Reset draws the generator
// again).
func (b *TrivialBot) Reconfigure(p game.Params) bool {
	b.RandomTies = false
	if p.Has(ParamRandomTies) {
		b.RandomTies = p.Bool(ParamRandomTies)
	}
	b.rng = nil
	return true
}

// ReadOnly implements game.ReadOnlyBot: the bot never changes the state.
func (b *TrivialBot) ReadOnly() bool { return true }

// Step implements game.Bot; it ignores the budget (one ply is cheap).
func (b *TrivialBot) Step(ctx context.Context, s game.State, player int, _ game.Budget) (game.Action, error) {
	st, err := stepState("trivial", s, player)
	if err != nil {
		return game.NoAction, err
	}
	if b.rng == nil {
		b.Reset(0)
	}
	if st.phase == Phase2 {
		a := b.bl.bombTarget(st, player, -1, 0, 1)
		if a == game.NoAction {
			return a, errors.New("reversixt trivial: no field left to bomb")
		}
		return a, nil
	}
	b.buf = st.LegalActions(player, b.buf[:0])
	if len(b.buf) == 0 {
		return game.NoAction, errors.New("reversixt trivial: no legal move")
	}
	var cnt [9]int
	for _, v := range st.board {
		if v >= 1 && v <= 8 {
			cnt[v]++
		}
	}
	best, bestVal, ties := b.buf[0], math.MinInt, 0
	lastCell := -1
	var after [9]int
	for _, a := range b.buf {
		t, code := SplitAction(a)
		if t != lastCell {
			lastCell = t
			after = CountsAfter(st, t, player, cnt)
		}
		v := after[player+1]
		switch st.board[t] {
		case Choice:
			v = after[code]
		case Inversion:
			v = after[(player+st.n-1)%st.n+1]
		}
		switch {
		case v > bestVal:
			best, bestVal, ties = a, v, 1
		case v == bestVal && b.RandomTies:
			ties++
			if b.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// CountsAfter returns the stone counts by value (index 1..8) after seat p
// places on t and the captured lines flip, before any special-field
// effect; cnt holds the counts before the move.
func CountsAfter(s *State, t, p int, cnt [9]int) [9]int {
	pv := uint8(p + 1)
	if v := s.board[t]; v != pv {
		if v >= 1 && v <= 8 {
			cnt[v]--
		}
		cnt[pv]++
	}
	next, bd := s.m.next, s.board
	for d := 0; d < 8; d++ {
		k := s.line(t, d, pv)
		cur := t*8 + d
		for ; k > 0; k-- {
			cur = int(next[cur])
			v := bd[cur>>3]
			if v >= 1 && v <= 8 {
				cnt[v]--
			}
			cnt[pv]++
		}
	}
	return cnt
}
