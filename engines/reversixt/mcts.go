package reversixt

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Monte-Carlo tree search (UCT) for ReversiXT, 2 to 8 players. Each
// iteration walks down the tree from the root by UCB1 in the real turn
// order (skips included), every seat choosing by its own value (max^n:
// a node's statistics are those of the seat that moved into it), adds
// one node, plays a short random playout (none by default) and scores
// the position it reached for every seat; the scores are backed up along
// the path, and with minimax_weight the new node's evaluation is backed
// up as a minimax value (MCTS-IM, see doc.go). The bomb phase is a leaf
// of the tree (the bot throws its bombs with the paranoid bot's greedy
// rule).

// Parameter names of the mcts bot (besides the paranoid bot's
// evaluation and bomb parameters, which it shares).
const (
	ParamExploration       = "exploration"
	ParamPlayoutDepth      = "playout_depth"
	ParamCutoffTemperature = "cutoff_temperature"
	ParamWidening          = "widening"
	ParamMinimaxWeight     = "minimax_weight"
	ParamReuseTree         = "reuse_tree"
	ParamMinimaxWeightMany = "minimax_weight_multi"
	ParamProgressiveBias   = "progressive_bias"
	ParamPriorDepth        = "prior_depth"
	ParamPriorVisits       = "prior_visits"
	ParamLeafDepth         = "leaf_depth"
	ParamParityBlend       = "parity_blend"
)

// MCTSIterationsPerDepth turns a depth budget into iterations: depth D
// runs D × 250 iterations (no budget: DefaultDepth × 250).
const MCTSIterationsPerDepth = 250

// mctsMaxChildren is the most moves a node below the root keeps (the best
// by the move gain); the root keeps all of its moves.
const mctsMaxChildren = 32

// MCTS is the configuration of the mcts bot.
type MCTS struct {
	Eval EvalConfig
	Bomb BombConfig
	// Exploration is UCB1's constant C: mean + C·sqrt(ln N / n), rewards
	// in [0, 1].
	Exploration float64
	// PlayoutDepth is the number of uniformly random moves played after
	// the new node before the position is scored (0: score the new node).
	PlayoutDepth int
	// CutoffTemperature T: at a cut-off each seat q scores the mean over
	// the other active seats o of σ((H(q) − H(o)) / (T·u)), H the
	// evaluation's own part of a seat (Score + stocks) and u the mean
	// |Score| at the root (at least 1); T = 0 is the rank share (win 1,
	// tie ½, loss 0).
	CutoffTemperature float64
	// Widening k: a node visited N times tries its first 1 + ⌊k·√N⌋
	// moves in gain order (progressive widening); 0 tries all.
	Widening float64
	// MinimaxWeight α (implicit minimax backups, MCTS-IM): a move's value
	// in the selection is (1 − α)·mean reward + α·its minimax reward, the
	// max^n value of the static rewards of the tree's evaluated nodes
	// below it; 0 is plain UCT.
	MinimaxWeight float64
	// MinimaxWeightMulti is α while more than two players are active
	// (MinimaxWeight is α with two).
	MinimaxWeightMulti float64
	// ProgressiveBias b: the selection adds b·g/(n + 1) to a tried move's
	// value, g its gain (the move order's key) mapped onto [0, 1] by the
	// range of the gains of the node's legal moves and n its visits: the
	// prior of the move order, fading as the move is visited; 0: none.
	ProgressiveBias float64
	// PriorDepth (informed priors, MCTS-IP): 1 evaluates, when a node
	// lists its moves, the position after each move it keeps (one node of
	// the budget each), adds the children to the tree with those static
	// values as their minimax values and orders the moves by them, best
	// for the mover first (ties in gain order); the widening then tries
	// them in that order. 0: none (the moves in gain order, a child only
	// at its move's first visit).
	PriorDepth int
	// PriorVisits k (with PriorDepth): each move starts with k virtual
	// visits of its child's static reward (the reward of a cut-off there,
	// on [0, 1]), the prior's weight in the mean reward and in the
	// exploration term; 0: none.
	PriorVisits int
	// LeafDepth d (with two active players and MinimaxWeight): a new
	// node's minimax value is an alpha-beta search of d plies from it
	// over mmValues (each state it enters a node of the budget) instead
	// of its static value; 0: the static value.
	LeafDepth int
	// ParityBlend w (with α above 0 and a static leaf value: LeafDepth 0,
	// or more than two active players): a new node's minimax value is
	// (1 − w)·its static value + w·its parent's static value, for every
	// seat; a finished game keeps its result. The odd-even effect: a
	// move's own captures flatter the seat that just moved, so that the
	// static values of a tree's leaves, which lie at depths of either
	// parity, are biased by who moved last (a full-width search compares
	// leaves of one depth); ½ cancels an alternating bias. 0: the static
	// value.
	ParityBlend float64
	// ReuseTree keeps, from one move of the bot to its next, the subtree
	// of the position it now faces (found by hash within one round of
	// moves below the last root), statistics included.
	ReuseTree bool
	// TimeShare scales a time bank's even share (search.Allot).
	TimeShare float64
}

// DefaultMCTS is the mcts bot with every default.
func DefaultMCTS() MCTS {
	return MCTS{
		Eval:               DefaultEvalConfig(),
		Bomb:               DefaultBombConfig(),
		Exploration:        0.5,
		PlayoutDepth:       0,
		CutoffTemperature:  0.1,
		Widening:           1,
		MinimaxWeight:      1,
		MinimaxWeightMulti: 0,
		LeafDepth:          2,
		ReuseTree:          true,
		TimeShare:          1,
	}
}

// MCTSFrom reads resolved parameters; missing ones keep the defaults.
func MCTSFrom(p game.Params) MCTS {
	c := DefaultMCTS()
	pc := ParanoidFrom(p) // the shared evaluation and bomb parameters
	c.Eval, c.Bomb = pc.Eval, pc.Bomb
	if p.Has(ParamExploration) {
		c.Exploration = p.Float(ParamExploration)
	}
	if p.Has(ParamPlayoutDepth) {
		c.PlayoutDepth = p.Int(ParamPlayoutDepth)
	}
	if p.Has(ParamCutoffTemperature) {
		c.CutoffTemperature = p.Float(ParamCutoffTemperature)
	}
	if p.Has(ParamWidening) {
		c.Widening = p.Float(ParamWidening)
	}
	if p.Has(ParamReuseTree) {
		c.ReuseTree = p.Bool(ParamReuseTree)
	}
	if p.Has(ParamMinimaxWeight) {
		c.MinimaxWeight = p.Float(ParamMinimaxWeight)
	}
	if p.Has(ParamMinimaxWeightMany) {
		c.MinimaxWeightMulti = p.Float(ParamMinimaxWeightMany)
	}
	if p.Has(ParamProgressiveBias) {
		c.ProgressiveBias = p.Float(ParamProgressiveBias)
	}
	if p.Has(ParamPriorDepth) {
		c.PriorDepth = p.Int(ParamPriorDepth)
	}
	if p.Has(ParamPriorVisits) {
		c.PriorVisits = p.Int(ParamPriorVisits)
	}
	if p.Has(ParamLeafDepth) {
		c.LeafDepth = p.Int(ParamLeafDepth)
	}
	if p.Has(ParamParityBlend) {
		c.ParityBlend = p.Float(ParamParityBlend)
	}
	if p.Has(ParamTimeShare) {
		c.TimeShare = p.Float(ParamTimeShare)
	}
	return c
}

// mctsShared lists the paranoid parameters the mcts bot shares: the
// evaluation (§10.2), the bonus rule's weights and the bomb phase.
var mctsShared = map[string]bool{
	ParamPlayerDistance: true, ParamBonusBombWeight: true, ParamBonusOverwriteWeight: true,
	ParamChoiceWeight: true, ParamPositionWeight: true, ParamStonesWeight: true, ParamBreakEven: true,
	ParamStratCorner: true, ParamStratOne: true, ParamStratTwo: true, ParamStratThree: true, ParamStratFour: true,
	ParamStratMode: true, ParamCornerReachFactor: true, ParamCornerNeighbourShare: true, ParamEdgeReachShare: true,
	ParamBombValueFactor: true, ParamOverwriteValueFactor: true,
	ParamBombFocusAhead: true, ParamBombFocusWeight: true, ParamBombOwnWeight: true, ParamTimeShare: true,
}

// MCTSSpec is the Monte-Carlo tree search bot.
func MCTSSpec() game.BotSpec {
	d := DefaultMCTS()
	params := []game.Param{
		{Name: ParamExploration, Kind: game.Float, Default: d.Exploration, Min: 0, Max: 4,
			Doc: "UCB1 constant C: mean reward + C·sqrt(ln N / n), rewards in [0, 1]"},
		{Name: ParamPlayoutDepth, Kind: game.Int, Default: d.PlayoutDepth, Min: 0, Max: 64,
			Doc: "random moves after the new node before the position is scored (0: score the node)"},
		{Name: ParamCutoffTemperature, Kind: game.Float, Default: d.CutoffTemperature, Min: 0, Max: 10,
			Doc: "reward at a cut-off: σ of the evaluation's lead over each opponent / (T × mean |value| at the root); 0: rank share only"},
		{Name: ParamWidening, Kind: game.Float, Default: d.Widening, Min: 0, Max: 16,
			Doc: "progressive widening: a node visited N times tries its 1 + ⌊k·√N⌋ best moves by gain (0: all)"},
		{Name: ParamMinimaxWeight, Kind: game.Float, Default: d.MinimaxWeight, Min: 0, Max: 1,
			Doc: "implicit minimax backups: a move's value is (1 − α)·mean reward + α·the max^n value of the evaluated nodes below it (0: plain UCT)"},
		{Name: ParamMinimaxWeightMany, Kind: game.Float, Default: d.MinimaxWeightMulti, Min: 0, Max: 1,
			Doc: "minimax_weight while more than two players are active"},
		{Name: ParamProgressiveBias, Kind: game.Float, Default: d.ProgressiveBias, Min: 0, Max: 4,
			Doc: "progressive bias: a tried move's selection value gets b·g/(visits + 1), g its gain in the move order on [0, 1] among the node's moves (0: none)"},
		{Name: ParamPriorDepth, Kind: game.Int, Default: d.PriorDepth, Min: 0, Max: 1,
			Doc: "informed priors: 1 evaluates every kept move's position when a node lists its moves (a node of the budget each), seeds the children's minimax values and orders the moves by them (0: gain order only)"},
		{Name: ParamPriorVisits, Kind: game.Int, Default: d.PriorVisits, Min: 0, Max: 64,
			Doc: "with prior_depth: virtual visits of each move at its child's static reward (0: none)"},
		{Name: ParamLeafDepth, Kind: game.Int, Default: d.LeafDepth, Min: 0, Max: 3,
			Doc: "with two active players and minimax_weight: a new node's minimax value by an alpha-beta search of this many plies, each state a node of the budget (0: its static value)"},
		{Name: ParamParityBlend, Kind: game.Float, Default: d.ParityBlend, Min: 0, Max: 1,
			Doc: "with minimax_weight above 0 and a static leaf value (leaf_depth 0, or more than two players): a new node's minimax value is (1 − w)·its static value + w·its parent's (the odd-even effect of leaves at depths of either parity; 0: its static value)"},
		{Name: ParamReuseTree, Kind: game.Bool, Default: d.ReuseTree,
			Doc: "keep the subtree of the position the bot faces from its previous move's tree (statistics included)"},
	}
	for _, p := range ParanoidSpec().Params {
		if mctsShared[p.Name] {
			params = append(params, p)
		}
	}
	return game.BotSpec{
		Name: "mcts",
		Doc: fmt.Sprintf("Monte-Carlo tree search (UCT, max^n per seat) with implicit minimax backups of paranoid's evaluation (in 2-player games each new node valued by a 2-ply alpha-beta), moves tried by paranoid's gain, the tree kept between moves, greedy bombs (%d iterations without a budget)",
			DefaultDepth*MCTSIterationsPerDepth),
		Params: params,
		New: func(p game.Params) (game.Bot, error) {
			return NewMCTSBot(MCTSFrom(p)), nil
		},
	}
}

// mnode is a node of the tree: the seat to move and its moves (edges
// [first, first+count) of the bot's edge pool, best gain first).
type mnode struct {
	mover        int8
	listed       bool // the moves are listed (at the root, or from the second visit on)
	first, count int32
	nexp         int32 // edges[first : first+nexp] may have been tried
	n            int32 // visits
	// mm is the node's minimax value for every seat (MinimaxWeight): its
	// own value (mmValues) while no move below it was tried, then the
	// vector of the tried child best for the mover (max^n).
	mm [8]float64
	// exact: mm is the game's result under best play (max^n) from
	// here: a finished game, a move that wins for the mover, or every
	// move of the node tried (none dropped by the cap) and exact.
	exact bool
	// truncated: the node kept only its best mctsMaxChildren moves.
	truncated bool
	hash      uint64 // the state's Hash (ReuseTree finds the next root by it)
}

// medge is a move of a node: its child (−1 before the first visit), its
// visits, the rewards of the node's mover summed over them and its prior
// (the move order's gain on [0, 1] among the node's moves).
type medge struct {
	a     game.Action
	child int32
	n     int32
	prior float32
	w     float64
}

// MCTSBot plays Monte-Carlo tree search.
type MCTSBot struct {
	cfg   MCTS
	ev    *evaluator
	bl    blaster
	rng   *rand.Rand
	nodes []mnode
	edges []medge
	path  []int32 // edge indices of the current iteration
	moves []game.Action
	keys  []float64
	ord   []int
	buf   []game.Action
	abBuf [][]game.Action // leafSearch's move lists by depth
	abKey [][]abMove      // their moves with their gains
	// the previous move's tree (ReuseTree), kept for the next move
	onodes  []mnode
	oedges  []medge
	prevMap *Map
	cut     bool    // the last listMoves dropped moves (the cap)
	alpha   float64 // α of this move: MinimaxWeight with two active players, else MinimaxWeightMulti
	scale   float64 // u: the mean |Score| of the active seats at the root (at least 1)

	// per move
	count, limit int64
	pace         search.Pacer // the wall clock's margin (engines/search pace.go)
	Last         MCTSResult
}

// MCTSResult is the telemetry of the last phase-1 move.
type MCTSResult struct {
	Move       game.Action
	Nodes      int64 // states entered: the root, every move made in the tree and in playouts, the priors' and the leaf searches' states
	Iterations int
	Depth      int // the deepest node of the tree (plies below the root)
	Visits     int // the chosen move's visits
}

// NewMCTSBot returns the bot of a configuration.
func NewMCTSBot(c MCTS) *MCTSBot { return &MCTSBot{cfg: c, ev: newEvaluator(c.Eval)} }

// Reset implements game.Bot: the playouts draw from seed.
func (b *MCTSBot) Reset(seed uint64) {
	b.rng = game.NewRand(seed)
	b.nodes, b.edges, b.prevMap = b.nodes[:0], b.edges[:0], nil
}

// Reconfigure implements game.Reconfigurer.
func (b *MCTSBot) Reconfigure(p game.Params) bool {
	b.setConfig(MCTSFrom(p))
	return true
}

// setConfig makes b the bot of c, keeping its node and edge pools (a new
// game then allocates nothing), and drops its tree.
func (b *MCTSBot) setConfig(c MCTS) {
	b.cfg = c
	if b.ev.ec != c.Eval {
		b.ev = newEvaluator(c.Eval)
	}
	b.rng = nil
	b.nodes, b.edges, b.prevMap = b.nodes[:0], b.edges[:0], nil
	b.onodes, b.oedges = b.onodes[:0], b.oedges[:0]
	b.Last = MCTSResult{}
}

// LastMove implements game.Informer.
func (b *MCTSBot) LastMove() game.MoveInfo {
	return game.MoveInfo{Nodes: b.Last.Nodes, Depth: b.Last.Depth}
}

// TimeShare is the factor on a time bank's even share (time_share).
func (b *MCTSBot) TimeShare() float64 { return b.cfg.TimeShare }

// enter counts a state entered; false when the budget is spent.
func (b *MCTSBot) enter() bool {
	if b.count >= b.limit {
		return false
	}
	b.count++
	return true
}

// listMoves appends the node's moves for seat p (the bonus rule's variant
// only), best gain first (ties in LegalActions order), keeping at most
// keep of them; it returns the first edge and the count.
func (b *MCTSBot) listMoves(s *State, p int, keep int) (int32, int32) {
	e := b.ev
	b.moves = s.LegalActions(p, b.moves[:0])
	out := b.moves[:0]
	for _, a := range b.moves {
		if c, code := SplitAction(a); (code == CodeBomb || code == CodeOverwrite) && s.board[c] == Bonus && code != e.bonus {
			continue
		}
		out = append(out, a)
	}
	b.moves = out
	b.keys = b.keys[:0]
	lines := e.intStrat && s.ow[p] > 0 && len(out) >= rayGainsMoves
	if lines {
		e.rayGains(s, p, false)
	}
	lastCell, lastGain := -1, 0.0
	for _, a := range out {
		t, code := SplitAction(a)
		if t != lastCell {
			if lines {
				lastCell, lastGain = t, e.gain(s, t, p)
			} else {
				lastCell, lastGain = t, e.cellGain(s, t, p)
			}
		}
		b.keys = append(b.keys, lastGain+e.specialGain(s, t, code, p))
	}
	b.ord = b.ord[:0]
	for i := range out {
		b.ord = append(b.ord, i)
	}
	keys := b.keys
	slices.SortStableFunc(b.ord, func(i, j int) int {
		switch {
		case keys[i] > keys[j]:
			return -1
		case keys[i] < keys[j]:
			return 1
		}
		return 0
	})
	b.cut = keep > 0 && len(b.ord) > keep
	if b.cut {
		b.ord = b.ord[:keep]
	}
	first := int32(len(b.edges))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, k := range keys {
		lo, hi = min(lo, k), max(hi, k)
	}
	for _, i := range b.ord {
		pr := float32(1)
		if hi > lo {
			pr = float32((keys[i] - lo) / (hi - lo))
		}
		b.edges = append(b.edges, medge{a: out[i], child: -1, prior: pr})
	}
	return first, int32(len(b.ord))
}

// newNode adds the node of s (a phase-1 position, or a leaf) to the tree.
func (b *MCTSBot) newNode(s *State, root bool) int32 {
	nd := mnode{mover: -1}
	if b.cfg.ReuseTree {
		nd.hash = s.Hash()
	}
	if s.phase == Phase1 {
		nd.mover = s.cur
		if root {
			nd.first, nd.count = b.listMoves(s, int(s.cur), 0)
			nd.listed = true
		}
	}
	b.nodes = append(b.nodes, nd)
	return int32(len(b.nodes) - 1)
}

// heuristic is H(q) for every seat: the seat's Score plus its stocks
// (overwrite stones in phase 1 only), the own part of the paranoid
// bot's leaf value.
func (b *MCTSBot) heuristic(s *State) (h [8]float64) {
	e := b.ev
	sc, _ := e.scores(s)
	for q := 0; q < s.n; q++ {
		h[q] = sc[q] + float64(s.bombs[q])*e.vb
		if s.phase == Phase1 {
			h[q] += float64(s.ow[q]) * e.vo
		}
	}
	return
}

// rewards scores s for every seat in [0, 1]: at the end of the game the
// share of the other active seats it beat by stones (ties ½), otherwise
// the soft version of that share on H (CutoffTemperature). Disqualified
// seats get 0.
func (b *MCTSBot) rewards(s *State) (r [8]float64) {
	n := s.n
	var v [8]float64
	soft := false
	if s.phase == Over {
		for q := 0; q < n; q++ {
			v[q] = float64(s.vals[q+1])
		}
	} else {
		v = b.heuristic(s)
		soft = b.cfg.CutoffTemperature > 0
	}
	active := 0
	for q := 0; q < n; q++ {
		if !s.disq[q] {
			active++
		}
	}
	if active < 2 {
		for q := 0; q < n; q++ {
			if !s.disq[q] {
				r[q] = 1
			}
		}
		return
	}
	t := b.cfg.CutoffTemperature * b.scale
	for q := 0; q < n; q++ {
		if s.disq[q] {
			continue
		}
		sum := 0.0
		for o := 0; o < n; o++ {
			if o == q || s.disq[o] {
				continue
			}
			d := v[q] - v[o]
			switch {
			case soft:
				sum += 1 / (1 + math.Exp(-d/t))
			case d > 0:
				sum++
			case d == 0:
				sum += 0.5
			}
		}
		r[q] = sum / float64(active-1)
	}
	return
}

// Step implements game.Bot. Phase 1: UCT under the budget; phase 2: the
// greedy bomb rule (no search).
func (b *MCTSBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	st, err := stepState("mcts", s, player)
	if err != nil {
		return game.NoAction, err
	}
	// Under the wall clock the move's time counts from here: the set-up
	// below (the per-map tables on a game's first move) is paid from it.
	b.pace.MoveStarted(b.pace.Now())
	b.Last = MCTSResult{Move: game.NoAction}
	if st.phase == Phase2 {
		a := greedyBomb(&b.bl, st, player, b.cfg.Bomb)
		if a == game.NoAction {
			return a, errors.New("reversixt mcts: no field left to bomb")
		}
		return a, nil
	}
	if b.rng == nil {
		b.Reset(0)
	}
	b.ev.setMap(st.m)
	if b.ev.intStrat {
		st.setWeights(b.ev.strat)
	}
	defer st.setWeights(nil)
	b.ev.setRoot(st, player)
	sc, _ := b.ev.scores(st)
	b.scale = 0
	n := 0
	for q := 0; q < st.n; q++ {
		if !st.disq[q] {
			b.scale += math.Abs(sc[q])
			n++
		}
	}
	b.scale = max(b.scale/float64(max(n, 1)), 1)

	bud = search.Allot(bud, RemainingMoves(st, player), b.cfg.TimeShare)
	iters := int64(math.MaxInt64)
	b.limit = math.MaxInt64
	timed := false
	switch {
	case bud.Nodes > 0:
		b.limit = bud.Nodes
	case bud.Time > 0:
		// The search stops the pacer's margin before the time: the
		// largest gap the process has seen between two looks at the
		// clock, so that a stall of the machine does not make it late.
		timed = true
		b.pace.Begin(bud.Time)
		defer b.pace.End()
	case bud.Depth > 0:
		iters = int64(bud.Depth) * MCTSIterationsPerDepth
	default:
		iters = DefaultDepth * MCTSIterationsPerDepth
	}
	b.count = 0
	alpha := b.cfg.MinimaxWeight
	if b.ev.active > 2 {
		alpha = b.cfg.MinimaxWeightMulti
	}
	old := int32(-1)
	if b.cfg.ReuseTree && b.prevMap == st.m && (alpha > 0) == (b.alpha > 0) {
		old = b.findRoot(st, player) // (the old tree has minimax values if and only if this one will)
	}
	b.alpha = alpha
	b.prevMap = st.m
	b.onodes, b.nodes = b.nodes, b.onodes[:0]
	b.oedges, b.edges = b.edges, b.oedges[:0]
	if !b.enter() {
		return b.fallback(st, player)
	}
	b.newNode(st, true)
	if b.cfg.PriorDepth > 0 && b.nodes[0].count > 1 {
		b.informPriors(st, 0) // (too small a budget: the gain order)
	}
	if old >= 0 {
		b.graft(old)
	}
	root := b.nodes[0]
	if root.count == 0 {
		return b.fallback(st, player)
	}
	b.Last.Move = b.edges[root.first].a
	if root.count == 1 {
		b.Last.Nodes = b.count
		return b.Last.Move, nil
	}
	done := ctx.Done()
search:
	for it := int64(0); it < iters; it++ {
		if done != nil {
			select {
			case <-done:
				// (it = iters and go on, as before, spun for ever: without
				// a count iters is MaxInt64, and it++ wrapped round)
				break search
			default:
			}
		}
		if timed && it&15 == 0 && b.pace.Spent() {
			break
		}
		if b.alpha > 0 && b.nodes[0].exact {
			break // the root's result is known: save the budget
		}
		if !b.iterate(st) {
			break
		}
		b.Last.Iterations++
	}
	best := b.choose(player)
	b.Last.Move, b.Last.Visits, b.Last.Nodes = b.edges[best].a, int(b.edges[best].n), b.count
	return b.Last.Move, nil
}

// choose is the root's move to play. Plain UCT: the most visited; ties:
// the higher mean, then gain order. With minimax backups: the best
// minimax value among the moves whose result is known and those visited
// at least a tenth as often as the most visited (a move tried once or
// twice has a value from a shallow look only); ties: the more visits.
func (b *MCTSBot) choose(player int) int32 {
	nd := b.nodes[0]
	best := nd.first
	for i := nd.first; i < nd.first+nd.nexp; i++ {
		e, be := &b.edges[i], &b.edges[best]
		if e.n > be.n || e.n == be.n && e.n > 0 && e.w*float64(be.n) > be.w*float64(e.n) {
			best = i
		}
	}
	if b.alpha == 0 || b.edges[best].child < 0 {
		return best
	}
	floor := (b.edges[best].n + 9) / 10
	bv := b.nodes[b.edges[best].child].mm[player]
	for i := nd.first; i < nd.first+nd.nexp; i++ {
		e := &b.edges[i]
		if e.child < 0 || !b.nodes[e.child].exact && e.n < floor {
			continue
		}
		if v := b.nodes[e.child].mm[player]; v > bv || v == bv && e.n > b.edges[best].n {
			best, bv = i, v
		}
	}
	return best
}

// findRoot looks in the previous move's tree (b.nodes), within one round
// of moves below its root, for the node of st with player to move; −1
// when there is none.
func (b *MCTSBot) findRoot(st *State, player int) int32 {
	if len(b.nodes) == 0 {
		return -1
	}
	h := st.Hash()
	level := []int32{0}
	for d := 0; d <= st.n && len(level) > 0; d++ {
		var next []int32
		for _, ni := range level {
			nd := &b.nodes[ni]
			if d > 0 && nd.hash == h && int(nd.mover) == player {
				return ni
			}
			for i := nd.first; i < nd.first+nd.nexp; i++ {
				if c := b.edges[i].child; c >= 0 {
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return -1
}

// graft moves the old tree's node old (b.onodes, b.oedges) under the new
// root (b.nodes[0], its moves just listed): its visits and minimax
// reward, and each of its tried moves' statistics and subtree to the new
// root's edge of the same move.
func (b *MCTSBot) graft(old int32) {
	on := b.onodes[old]
	b.nodes[0].n, b.nodes[0].mm = on.n, on.mm
	first, count := b.nodes[0].first, b.nodes[0].count
	at := make(map[game.Action]int32, on.nexp)
	for j := on.first; j < on.first+on.nexp; j++ {
		oe := &b.oedges[j]
		if b.cfg.PriorDepth > 0 {
			// A move is tried when its child was visited (the
			// priors' children and virtual visits do not count).
			if oe.child >= 0 && b.onodes[oe.child].n > 0 {
				at[oe.a] = j
			}
		} else if oe.n > 0 {
			at[oe.a] = j
		}
	}
	nexp := int32(0)
	for i := first; i < first+count; i++ {
		j, ok := at[b.edges[i].a]
		if !ok {
			continue
		}
		oe := b.oedges[j]
		b.edges[i].n, b.edges[i].w = oe.n, oe.w
		if oe.child >= 0 {
			c := b.copySubtree(oe.child)
			b.edges[i].child = c
		}
		nexp = i - first + 1
	}
	b.nodes[0].nexp = nexp
}

// copySubtree copies the old tree's node oi and everything below it to
// the new tree and returns its index there.
func (b *MCTSBot) copySubtree(oi int32) int32 {
	on := b.onodes[oi]
	ni := int32(len(b.nodes))
	nd := on
	nd.first = int32(len(b.edges))
	b.nodes = append(b.nodes, nd)
	b.edges = append(b.edges, b.oedges[on.first:on.first+on.count]...)
	for k := int32(0); k < on.count; k++ {
		if c := b.oedges[on.first+k].child; c >= 0 {
			nc := b.copySubtree(c)
			b.edges[nd.first+k].child = nc
		}
	}
	return ni
}

// fallback answers without a search: the first move by gain, or the
// first legal move.
func (b *MCTSBot) fallback(st *State, player int) (game.Action, error) {
	b.Last.Nodes = b.count
	if len(b.nodes) > 0 && b.nodes[0].count > 0 {
		b.Last.Move = b.edges[b.nodes[0].first].a
		return b.Last.Move, nil
	}
	legal := st.LegalActions(player, nil)
	if len(legal) == 0 {
		return game.NoAction, errors.New("reversixt mcts: no legal move")
	}
	b.Last.Move = legal[0]
	return legal[0], nil
}

// iterate runs one iteration from the root (the state st, which it
// leaves as it found it). It returns false when the node budget ran out
// (the iteration is then dropped).
func (b *MCTSBot) iterate(st *State) bool {
	b.path = b.path[:0]
	played := b.buf[:0]
	undo := func() {
		for i := len(played) - 1; i >= 0; i-- {
			st.Undo(played[i])
		}
		b.buf = played[:0]
	}
	ni := int32(0)
	depth := 0
	// Selection and expansion.
	for {
		nd := &b.nodes[ni]
		if nd.mover < 0 {
			break
		}
		if !nd.listed {
			// A node lists its moves at its second visit: most of
			// the tree's leaves are scored once and never entered
			// again, and listing and ordering hundreds of moves
			// costs far more than the node's evaluation.
			nd.first, nd.count = b.listMoves(st, int(nd.mover), mctsMaxChildren)
			nd.truncated = b.cut
			nd.listed = true
			if b.cfg.PriorDepth > 0 && nd.count > 0 {
				if !b.informPriors(st, ni) {
					undo()
					return false
				}
				nd = &b.nodes[ni]
			}
		}
		if nd.count == 0 {
			break
		}
		allowed := nd.count
		if k := b.cfg.Widening; k > 0 {
			allowed = min(nd.count, 1+int32(k*math.Sqrt(float64(nd.n))))
		}
		var ei int32
		if nd.nexp < allowed {
			ei = nd.first + nd.nexp
			nd.nexp++
		} else if ei = b.selectEdge(nd); ei < 0 {
			// Every tried move's result is known: try the next one
			// (or, with none left, replay the best).
			if nd.nexp < nd.count {
				ei = nd.first + nd.nexp
				nd.nexp++
			} else {
				ei = b.bestResult(nd)
			}
		}
		if !b.enter() {
			undo()
			return false
		}
		a := b.edges[ei].a
		var pv *[8]float64 // the parent's static value, for ParityBlend
		if b.cfg.ParityBlend > 0 && b.alpha > 0 && b.edges[ei].child < 0 {
			v := b.mmValues(st)
			pv = &v
		}
		st.apply(a)
		played = append(played, a)
		b.path = append(b.path, ei)
		depth++
		if c := b.edges[ei].child; c >= 0 {
			ni = c
			if b.cfg.PriorDepth > 0 && b.nodes[c].n == 0 {
				break // a child of the priors, evaluated already: the leaf
			}
			continue
		}
		if b.alpha > 0 && b.cfg.LeafDepth > 0 && b.ev.active == 2 && st.phase == Phase1 {
			v, ok := b.leafSearch(st)
			if !ok {
				undo()
				return false
			}
			c := b.newNode(st, false)
			b.edges[ei].child = c
			b.nodes[c].mm = v
			break
		}
		c := b.newNode(st, false)
		b.edges[ei].child = c
		if b.alpha > 0 {
			b.setStatic(c, st, pv)
		}
		break
	}
	// Playout.
	for k := 0; k < b.cfg.PlayoutDepth && st.phase == Phase1; k++ {
		p := int(st.cur)
		b.moves = st.LegalActions(p, b.moves[:0])
		if len(b.moves) == 0 {
			break
		}
		if !b.enter() {
			undo()
			return false
		}
		a := b.playoutMove(st)
		st.apply(a)
		played = append(played, a)
	}
	r := b.rewards(st)
	undo()
	if b.alpha > 0 {
		b.backupMinimax()
	}
	// Backup: each edge gets the reward of the seat that chose it.
	b.nodes[0].n++
	parent := int32(0)
	for _, ei := range b.path {
		e := &b.edges[ei]
		e.n++
		e.w += r[b.nodes[parent].mover]
		if e.child >= 0 {
			b.nodes[e.child].n++
			parent = e.child
		}
	}
	b.Last.Depth = max(b.Last.Depth, depth)
	return true
}

// mmValues is the value of s for every seat that the minimax backups
// use: at a cut-off the mean lead of H over the other active seats (in
// evaluation units, unbounded: a squashed reward saturates, and a
// minimax over saturated rewards cannot tell good moves from bad), at
// the end of the game ±WinValue times the share of seats beaten less
// the share that beat it, plus the mean lead in stones; a disqualified
// seat −2·WinValue.
func (b *MCTSBot) mmValues(s *State) (v [8]float64) {
	n := s.n
	var h [8]float64
	over := s.phase == Over
	if over {
		for q := 0; q < n; q++ {
			h[q] = float64(s.vals[q+1])
		}
	} else {
		h = b.heuristic(s)
	}
	active := 0
	for q := 0; q < n; q++ {
		if !s.disq[q] {
			active++
		}
	}
	for q := 0; q < n; q++ {
		if s.disq[q] {
			v[q] = -2 * WinValue
			continue
		}
		if active < 2 {
			v[q] = WinValue
			continue
		}
		lead, res := 0.0, 0.0
		for o := 0; o < n; o++ {
			if o == q || s.disq[o] {
				continue
			}
			d := h[q] - h[o]
			lead += d
			switch {
			case d > 0:
				res++
			case d < 0:
				res--
			}
		}
		v[q] = lead / float64(active-1)
		if over {
			v[q] += WinValue * res / float64(active-1)
		}
	}
	return
}

// informPriors evaluates the position after each move of node ni (just
// listed, st its state), one state entered each: it adds every child to
// the tree with its static minimax value (and, with PriorVisits, k
// virtual visits of its reward) and orders the node's moves by that value
// for the mover, best first (ties in gain order). When the budget cannot
// pay for them all it adds nothing, leaves the node unlisted (its edges
// are dropped; at the root it keeps them, in gain order) and returns
// false.
func (b *MCTSBot) informPriors(st *State, ni int32) bool {
	nd := &b.nodes[ni]
	first, count := nd.first, nd.count
	if b.limit-b.count < int64(count) {
		if ni != 0 {
			b.edges = b.edges[:first] // the node's edges are the pool's last
			nd.first, nd.count, nd.listed, nd.truncated = 0, 0, false, false
		}
		return false
	}
	mover := int(nd.mover)
	k := int32(b.cfg.PriorVisits)
	var pv *[8]float64 // the node's static value, for ParityBlend
	if b.cfg.ParityBlend > 0 {
		v := b.mmValues(st)
		pv = &v
	}
	for i := first; i < first+count; i++ {
		a := b.edges[i].a
		b.count++
		st.apply(a)
		c := b.newNode(st, false)
		b.setStatic(c, st, pv)
		e := &b.edges[i]
		e.child = c
		if k > 0 {
			r := b.rewards(st)
			e.n, e.w = k, float64(k)*r[mover]
		}
		st.Undo(a)
	}
	es := b.edges[first : first+count]
	slices.SortStableFunc(es, func(x, y medge) int {
		vx, vy := b.nodes[x.child].mm[mover], b.nodes[y.child].mm[mover]
		switch {
		case vx > vy:
			return -1
		case vx < vy:
			return 1
		}
		return 0
	})
	return true
}

// leafSearch is LeafDepth's value of st (phase 1, two active players)
// for every seat: an alpha-beta search (negamax, skips included) of
// LeafDepth plies over the mover's mmValues, the other active seat the
// negation, a disqualified one −2·WinValue. false: the budget ran out
// (st is as it was).
func (b *MCTSBot) leafSearch(st *State) ([8]float64, bool) {
	p := int(st.cur)
	o := p
	for q := 0; q < st.n; q++ {
		if q != p && !st.disq[q] {
			o = q
		}
	}
	x, ok := b.alphaBeta(st, b.cfg.LeafDepth, math.Inf(-1), math.Inf(1), p, o)
	var v [8]float64
	for q := 0; q < st.n; q++ {
		switch {
		case st.disq[q]:
			v[q] = -2 * WinValue
		case q == p:
			v[q] = x
		default:
			v[q] = -x
		}
	}
	return v, ok
}

// abMove is a move of alphaBeta's list and its gain.
type abMove struct {
	a game.Action
	k float64
}

// alphaBeta is the negamax value of st to depth d within (lo, hi) for
// seat p, the mover (o the other active seat): p's mmValues at depth 0 or
// past phase 1, the moves of the bonus rule's variant in the move order's
// gain (paranoid's key, best first; ties in LegalActions order).
func (b *MCTSBot) alphaBeta(st *State, d int, lo, hi float64, p, o int) (float64, bool) {
	if d == 0 || st.phase != Phase1 {
		return b.mmValues(st)[p], true
	}
	for len(b.abBuf) < d {
		b.abBuf = append(b.abBuf, nil)
		b.abKey = append(b.abKey, nil)
	}
	all := st.LegalActions(p, b.abBuf[d-1][:0])
	b.abBuf[d-1] = all
	moves := b.abKey[d-1][:0]
	e := b.ev
	for _, a := range all {
		c, code := SplitAction(a)
		if (code == CodeBomb || code == CodeOverwrite) && st.board[c] == Bonus && code != e.bonus {
			continue
		}
		moves = append(moves, abMove{a, e.cellGain(st, c, p) + e.specialGain(st, c, code, p)})
	}
	b.abKey[d-1] = moves
	slices.SortStableFunc(moves, func(x, y abMove) int { return cmp.Compare(y.k, x.k) }) // best first
	best := math.Inf(-1)
	for _, m := range moves {
		a := m.a
		if !b.enter() {
			return best, false
		}
		st.apply(a)
		var v float64
		var ok bool
		if int(st.cur) == p && st.phase == Phase1 {
			v, ok = b.alphaBeta(st, d-1, lo, hi, p, o) // o skipped
		} else {
			v, ok = b.alphaBeta(st, d-1, -hi, -lo, o, p)
			v = -v
		}
		st.Undo(a)
		if !ok {
			return best, false
		}
		if v > best {
			best = v
		}
		if best > lo {
			lo = best
		}
		if lo >= hi {
			break
		}
	}
	if math.IsInf(best, -1) {
		return b.mmValues(st)[p], true // (not reached: phase 1 has a move)
	}
	return best, true
}

// mmProven: a minimax value at or beyond it is a result (won or lost for
// certain, as far as the tree goes).
const mmProven = WinValue / 2

// setStatic sets node ni's minimax value from st (its state), blended
// by ParityBlend with pv, its parent's static value (nil: no blend).
func (b *MCTSBot) setStatic(ni int32, st *State, pv *[8]float64) {
	v := b.mmValues(st)
	over := st.phase == Over
	if w := b.cfg.ParityBlend; w > 0 && pv != nil && !over {
		for q := 0; q < st.n; q++ {
			v[q] = (1-w)*v[q] + w*pv[q]
		}
	}
	b.nodes[ni].mm = v
	b.nodes[ni].exact = over
}

// backupMinimax recomputes, bottom-up along the iteration's path, every
// inner node's minimax reward: the reward vector of its tried child best
// for its mover (max^n; the first among equals, in gain order). The
// path's leaf keeps its own (static, or terminal) reward.
func (b *MCTSBot) backupMinimax() {
	for k := len(b.path) - 1; k >= 0; k-- {
		ni := int32(0)
		if k > 0 {
			ni = b.edges[b.path[k-1]].child
		}
		nd := &b.nodes[ni]
		mv := nd.mover
		best := int32(-1)
		var bv float64
		all := nd.listed && !nd.truncated && nd.nexp == nd.count
		for i := nd.first; i < nd.first+nd.nexp; i++ {
			c := b.edges[i].child
			if c < 0 {
				all = false
				continue
			}
			all = all && b.nodes[c].exact
			if v := b.nodes[c].mm[mv]; best < 0 || v > bv {
				best, bv = c, v
			}
		}
		if best >= 0 {
			nd.mm = b.nodes[best].mm
			nd.exact = all || b.nodes[best].exact && bv >= mmProven
		}
	}
}

// bestResult is the tried move of nd best for its mover by minimax value
// (the first among equals).
func (b *MCTSBot) bestResult(nd *mnode) int32 {
	best, bv := nd.first, math.Inf(-1)
	for i := nd.first; i < nd.first+nd.nexp; i++ {
		if c := b.edges[i].child; c >= 0 && b.nodes[c].mm[nd.mover] > bv {
			best, bv = i, b.nodes[c].mm[nd.mover]
		}
	}
	return best
}

// playoutMove draws the playout's move from b.moves: uniformly among the
// moves on a field without a stone when there are any (a random
// overwrite would spend a stone worth Vo for nothing), otherwise among
// all.
func (b *MCTSBot) playoutMove(st *State) game.Action {
	free := 0
	for _, a := range b.moves {
		if t, _ := SplitAction(a); !isStone(st.board[t]) {
			free++
		}
	}
	if free == 0 || free == len(b.moves) {
		return b.moves[b.rng.IntN(len(b.moves))]
	}
	k := b.rng.IntN(free)
	for _, a := range b.moves {
		if t, _ := SplitAction(a); !isStone(st.board[t]) {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return b.moves[0] // not reached
}

// selectEdge is UCB1 over the node's tried moves for its mover: the
// highest mean + C·sqrt(ln N / n) (+ the progressive bias b·g/(n + 1)),
// the first among equals.
func (b *MCTSBot) selectEdge(nd *mnode) int32 {
	best, bestV := int32(-1), math.Inf(-1)
	lnN := math.Log(float64(max(nd.n, 1)))
	c := b.cfg.Exploration
	pb := b.cfg.ProgressiveBias
	alpha := b.alpha
	// The minimax values of the tried moves that are not results,
	// mapped onto [0, 1] by their range among the siblings (the
	// evaluation's units vary with the map and the game's stage); a won
	// result counts 2, a lost one −1.
	lo, hi := math.Inf(1), math.Inf(-1)
	if alpha > 0 {
		for i := nd.first; i < nd.first+nd.nexp; i++ {
			if ch := b.edges[i].child; ch >= 0 {
				if v := b.nodes[ch].mm[nd.mover]; math.Abs(v) < mmProven {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	for i := nd.first; i < nd.first+nd.nexp; i++ {
		e := &b.edges[i]
		if e.n == 0 {
			return i
		}
		q := e.w / float64(e.n)
		if alpha > 0 {
			v := b.nodes[e.child].mm[nd.mover]
			var m float64
			switch {
			case v >= mmProven:
				m = 2
			case v <= -mmProven:
				m = -1
			case hi > lo:
				m = (v - lo) / (hi - lo)
			default:
				m = 0.5
			}
			q = (1-alpha)*q + alpha*m
		}
		if alpha > 0 && b.nodes[e.child].exact {
			// A known result: the minimax value counts it, and a
			// visit would learn nothing.
			continue
		}
		v := q + c*math.Sqrt(lnN/float64(e.n))
		if pb > 0 {
			v += pb * float64(e.prior) / float64(e.n+1)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}
