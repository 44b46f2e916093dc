package search

import (
	"context"
	"math"
	"slices"
	"time"

	"tourney/engines/game"
)

// EvalFunc is the static value of s from player's view; ply is the
// distance from the root of the search (so that a bot can score a quick
// win as 1e9 − ply). Won positions may be +Inf and lost ones −Inf.
type EvalFunc func(s game.State, player int, ply int) float64

// OrderFunc reorders the legal moves of player in s in place, best first.
type OrderFunc func(s game.State, player int, moves []game.Action)

// KeyFunc returns a key for each legal move of player in s (keys[i] for
// moves[i], appended to buf[:0]), higher first; a result of another
// length than moves keeps LegalActions order.
type KeyFunc func(s game.State, player int, moves []game.Action, buf []float64) []float64

// Hooks are what a game's bot supplies to the search.
type Hooks struct {
	// Evaluate is required. It is called at terminal states and at the
	// horizon (and at simultaneous nodes, which the search does not enter).
	Evaluate EvalFunc
	// Order is optional; nil tries moves in LegalActions order.
	Order OrderFunc
	// Keys is optional and replaces Order: moves are tried by decreasing
	// key, equal keys in LegalActions order — the order of a stable sort
	// — but the search picks them one at a time, so that a node cut off
	// after a few moves does not pay for sorting hundreds (lazyPicks).
	Keys KeyFunc
	// Now is optional: the clock of searches under a time budget (nil:
	// the wall clock). Tests stall a search with it (pace.go).
	Now func() time.Time
}

// lazyPicks is the number of moves a node picks one by one (a pass over
// the rest each) before it sorts the rest (a variable for the tests).
var lazyPicks = 6

// plyOrder is the keyed order of one ply's moves: moves[:done] are in
// their final order; keys and idx (the LegalActions position) go with the
// moves.
type plyOrder struct {
	keys []float64
	idx  []int32
	done int
	lazy bool
	// After lazyPicks picks the rest go into a heap (heap, heaped), from
	// which the next moves are taken one at a time; after heapPicks of
	// them the remainder is sorted at once.
	heap   []keyedMove
	heaped bool
	pops   int
}

// keyedMove is a move with its key and LegalActions position (sorting).
type keyedMove struct {
	key float64
	idx int32
	a   game.Action
}

// Result is the outcome of one search.
type Result struct {
	// Move is the move of the deepest completed iteration, or the first
	// ordered move when no iteration completed; game.NoAction when the
	// root has no legal move (terminal or simultaneous state).
	Move game.Action
	// Value is that iteration's root value from the mover's view
	// (negamax) or the root player's view (paranoid); 0 when none
	// completed.
	Value float64
	// Depth is the horizon of the deepest completed iteration (0: none).
	Depth int
	// Nodes counts the nodes visited (every state the search entered, the
	// root and the leaves included) over all iterations.
	Nodes int64
	// Stopped reports that the budget or the context ended an iteration
	// early (its work was discarded).
	Stopped bool
	// Iterations counts the completed iterations; Researches the
	// aspiration re-searches after a fail-low or fail-high.
	Iterations, Researches int
	// PV is the principal variation of the deepest completed iteration
	// as far as it is known (at least Move when an iteration completed).
	PV []game.Action
}

// Searcher runs searches with one configuration and one set of hooks. It
// keeps its buffers and transposition table between searches; it must not
// be used by two goroutines at once.
type Searcher struct {
	cfg   Config
	hooks Hooks
	tt    *table

	// per search
	nodes     int64
	nodeLimit int64
	done      <-chan struct{}
	abort     bool // Abort was called during this search
	stop      bool
	horizon   bool
	paranoid  bool
	root      int // root player
	undo      game.Undoer
	hashed    bool
	moves     [][]game.Action
	ord       []plyOrder // per ply, with Hooks.Keys
	srt       []keyedMove
	iota      []int32 // 0, 1, 2, …: the first idx of a keyed order
	pv        [][]game.Action
	pvLen     []int
	bestPV    []game.Action
	pace      pacer // the wall clock's safety (pace.go)
}

// New returns a searcher. hooks.Evaluate must not be nil.
func New(cfg Config, hooks Hooks) *Searcher {
	if hooks.Evaluate == nil {
		panic("search: Hooks.Evaluate is nil")
	}
	sr := &Searcher{hooks: hooks}
	sr.pace.now = hooks.Now
	sr.SetConfig(cfg)
	return sr
}

// Config returns the searcher's configuration (normalised).
func (sr *Searcher) Config() Config { return sr.cfg }

// SetConfig changes the configuration; the table is reallocated only when
// its size changes.
func (sr *Searcher) SetConfig(cfg Config) {
	cfg = cfg.normalized()
	if cfg.TTLog2 == 0 {
		sr.tt = nil
	} else if sr.tt == nil || len(sr.tt.entries) != 1<<cfg.TTLog2 {
		sr.tt = newTable(cfg.TTLog2)
	}
	if sr.tt != nil {
		sr.tt.always = cfg.TTReplace == ReplaceAlways
	}
	sr.cfg = cfg
}

// Negamax searches a two-player zero-sum game with alpha-beta in negamax
// form (connect4.md §2) under budget b. A player who moves twice in a row
// (a pass of the other) is handled: the value is negated only when the
// side to move changes.
func (sr *Searcher) Negamax(ctx context.Context, s game.State, b game.Budget) Result {
	return sr.run(ctx, s, b, false)
}

// Paranoid searches an N-player game in max/min form: the root player
// maximises its own evaluation, every other player minimises it, with
// alpha-beta cut-offs. Turn order is whatever CurrentPlayer says (skips
// included).
func (sr *Searcher) Paranoid(ctx context.Context, s game.State, b game.Budget) Result {
	return sr.run(ctx, s, b, true)
}

func (sr *Searcher) prepare(maxDepth int) {
	n := maxDepth + 2
	for len(sr.moves) < n {
		sr.moves = append(sr.moves, make([]game.Action, 0, 16))
	}
	for len(sr.ord) < n {
		sr.ord = append(sr.ord, plyOrder{})
	}
	if len(sr.pv) < n || len(sr.pv[0]) < n {
		sr.pv = make([][]game.Action, n)
		for i := range sr.pv {
			sr.pv[i] = make([]game.Action, n)
		}
		sr.pvLen = make([]int, n)
	}
}

func (sr *Searcher) run(ctx context.Context, s game.State, b game.Budget, paranoid bool) Result {
	cfg := sr.cfg
	res := Result{Move: game.NoAction}
	b = Allot(b, 0, cfg.TimeShare) // a clock the bot did not resolve itself
	mover := s.CurrentPlayer()
	// Under a time budget the search keeps its own clock (pace.go): it
	// stops a learned margin before the time.
	sr.pace.begin(b.Time)
	defer sr.pace.end()
	if mover < 0 {
		return res
	}
	maxDepth := cfg.MaxDepth
	if b.Depth > 0 {
		maxDepth = b.Depth
	}
	sr.nodeLimit = math.MaxInt64
	if b.Nodes > 0 {
		sr.nodeLimit = b.Nodes
	}
	sr.done = ctx.Done()
	sr.nodes = 0
	sr.stop = false
	sr.abort = false
	sr.paranoid = paranoid
	sr.root = mover
	sr.undo, _ = s.(game.Undoer)
	_, sr.hashed = s.(game.Hasher)
	if sr.tt != nil {
		sr.tt.newSearch()
	}
	sr.prepare(maxDepth)

	if len(sr.orderMoves(s, mover, 0, game.NoAction)) == 0 {
		return res
	}
	res.Move = sr.moveAt(0, 0)
	sr.bestPV = sr.bestPV[:0]

	iterate := cfg.Deepening || b.Nodes > 0 || b.Time > 0
	d := maxDepth
	if iterate {
		d = min(cfg.DeepeningFirst, maxDepth)
	}
	for {
		if res.Iterations > 0 && cfg.DeepeningStart < 1 {
			if b.Nodes > 0 && float64(sr.nodes) >= cfg.DeepeningStart*float64(b.Nodes) {
				break
			}
			if sr.pace.share(cfg.DeepeningStart) {
				break
			}
		}
		if sr.poll() {
			res.Stopped = true
			break
		}
		sr.horizon = false
		v, m := sr.iteration(s, d, res.Value, res.Iterations > 0, &res)
		if sr.stop {
			res.Stopped = true
			break
		}
		res.Move, res.Value, res.Depth = m, v, d
		res.Iterations++
		sr.bestPV = append(sr.bestPV[:0], sr.pv[0][:sr.pvLen[0]]...)
		if len(sr.bestPV) == 0 || sr.bestPV[0] != m {
			sr.bestPV = append(sr.bestPV[:0], m)
		}
		if d >= maxDepth || !sr.horizon {
			break // deeper iterations would search the same tree
		}
		d = min(d+cfg.DeepeningJump, maxDepth)
	}
	res.Nodes = sr.nodes
	if res.Iterations > 0 {
		res.PV = append([]game.Action(nil), sr.bestPV...)
	}
	sr.undo = nil
	return res
}

// iteration runs one depth with aspiration windows; it returns the root
// value and move (meaningless when sr.stop is set).
func (sr *Searcher) iteration(s game.State, depth int, prev float64, havePrev bool, res *Result) (float64, game.Action) {
	cfg := sr.cfg
	alpha, beta := math.Inf(-1), math.Inf(1)
	var wl, wh float64
	if cfg.Aspiration && havePrev && !math.IsInf(prev, 0) {
		w := max(cfg.AspirationWidth, cfg.AspirationMinWidth)
		if w > 0 && w <= cfg.AspirationMaxWidth {
			wl, wh = w, w
			alpha, beta = prev-w, prev+w
		}
	}
	for {
		v, m := sr.rootSearch(s, depth, alpha, beta)
		if sr.stop {
			return 0, game.NoAction
		}
		switch {
		case v <= alpha && !math.IsInf(alpha, -1):
			res.Researches++
			wl *= cfg.AspirationWidening
			if cfg.AspirationWidening <= 1 || wl > cfg.AspirationMaxWidth {
				alpha = math.Inf(-1)
			} else {
				alpha = prev - wl
			}
		case v >= beta && !math.IsInf(beta, 1):
			res.Researches++
			wh *= cfg.AspirationWidening
			if cfg.AspirationWidening <= 1 || wh > cfg.AspirationMaxWidth {
				beta = math.Inf(1)
			} else {
				beta = prev + wh
			}
		default:
			return v, m
		}
	}
}

// Abort asks the running search to end at its next poll (every 256
// nodes and before each iteration; under a time budget the poll also
// looks at the clock), as a cancelled context would: the
// point where it stops depends only on the node count, so a cap a hook
// counts (say, evaluated leaves) stays deterministic. It must be called
// on the search's goroutine, from a hook; it costs no allocation, where a
// context per search would cost two.
func (sr *Searcher) Abort() { sr.abort = true }

// poll checks Abort and the context; it sets sr.stop when the search must
// end.
func (sr *Searcher) poll() bool {
	if sr.abort || sr.pace.spent() {
		sr.stop = true
		return true
	}
	if sr.done == nil {
		return false
	}
	select {
	case <-sr.done:
		sr.stop = true
		return true
	default:
		return false
	}
}

// enter counts a node and checks the budget and the context.
func (sr *Searcher) enter() bool {
	sr.nodes++
	if sr.nodes > sr.nodeLimit {
		sr.stop = true
		return false
	}
	if sr.nodes&255 == 0 && sr.poll() {
		return false
	}
	return true
}

// play makes move a and returns the child state (s itself with Undo).
func (sr *Searcher) play(s game.State, a game.Action) game.State {
	if sr.undo != nil {
		s.Apply(a)
		return s
	}
	c := s.Clone()
	c.Apply(a)
	return c
}

func (sr *Searcher) unplay(s game.State, a game.Action) {
	if sr.undo != nil {
		sr.undo.Undo(a)
	}
}

// orderMoves lists and orders the moves of mover at ply, the table's move
// first. With Hooks.Keys the order is settled move by move: moveAt(ply, i)
// is the i-th move.
func (sr *Searcher) orderMoves(s game.State, mover, ply int, ttMove game.Action) []game.Action {
	moves := s.LegalActions(mover, sr.moves[ply][:0])
	sr.moves[ply] = moves
	o := &sr.ord[ply]
	o.lazy, o.heaped = false, false
	if sr.hooks.Keys != nil {
		if len(moves) > 1 {
			o.keys = sr.hooks.Keys(s, mover, moves, o.keys[:0])
			if len(o.keys) == len(moves) {
				o.lazy, o.done = true, 0
				for len(sr.iota) < len(moves) {
					sr.iota = append(sr.iota, int32(len(sr.iota)))
				}
				o.idx = append(o.idx[:0], sr.iota[:len(moves)]...)
			}
		}
	} else if sr.hooks.Order != nil && len(moves) > 1 {
		sr.hooks.Order(s, mover, moves)
	}
	if ttMove != game.NoAction && len(moves) > 0 && moves[0] != ttMove {
		for i, a := range moves {
			if a == ttMove {
				if o.lazy {
					// First, then the others by key: the slot it
					// leaves is filled, and the keys keep the order.
					o.swap(moves, 0, i)
					o.done = 1
					break
				}
				copy(moves[1:i+1], moves[:i])
				moves[0] = a
				break
			}
		}
	} else if o.lazy && ttMove != game.NoAction && len(moves) > 0 {
		o.done = 1 // the table's move is LegalActions' first
	}
	return moves
}

func (o *plyOrder) swap(moves []game.Action, i, j int) {
	moves[i], moves[j] = moves[j], moves[i]
	o.keys[i], o.keys[j] = o.keys[j], o.keys[i]
	o.idx[i], o.idx[j] = o.idx[j], o.idx[i]
}

// moveAt returns the i-th move of ply in order, once moveAt(ply, 0..i−1)
// were asked: with Hooks.Keys the best of the moves not yet tried (the
// highest key, the earliest LegalActions position among equal keys: the
// stable sort's order). The first lazyPicks picks are passes over the
// rest; then the rest goes into a binary heap (linear time), popped one
// move at a time, and after more than a sixteenth of it was popped the
// remainder is sorted at once. A node cut off soon after lazyPicks moves
// (hundreds of moves, a few tried) thus pays no sort, and one that tries
// them all pays about a sort.
func (sr *Searcher) moveAt(ply, i int) game.Action {
	moves := sr.moves[ply]
	o := &sr.ord[ply]
	if !o.lazy || i < o.done {
		return moves[i]
	}
	keys, idx := o.keys, o.idx
	if i >= lazyPicks {
		if !o.heaped {
			h := o.heap[:0]
			for j := i; j < len(moves); j++ {
				h = append(h, keyedMove{keys[j], idx[j], moves[j]})
			}
			for j := len(h)/2 - 1; j >= 0; j-- {
				siftDown(h, j)
			}
			o.heap, o.heaped, o.pops = h, true, 0
		}
		h := o.heap
		if o.pops*16 > len(h)+o.pops {
			slices.SortFunc(h, func(x, y keyedMove) int {
				switch {
				case x.key > y.key:
					return -1
				case x.key < y.key:
					return 1
				}
				return int(x.idx - y.idx)
			})
			for j, k := range h {
				moves[i+j], keys[i+j], idx[i+j] = k.a, k.key, k.idx
			}
			o.heap = h[:0]
			o.done = len(moves)
			return moves[i]
		}
		top := h[0]
		last := len(h) - 1
		h[0] = h[last]
		h = h[:last]
		if last > 0 {
			siftDown(h, 0)
		}
		o.heap = h
		o.pops++
		moves[i], keys[i], idx[i] = top.a, top.key, top.idx
		o.done = i + 1
		return moves[i]
	}
	b := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[b] || keys[j] == keys[b] && idx[j] < idx[b] {
			b = j
		}
	}
	o.swap(moves, i, b)
	o.done = i + 1
	return moves[i]
}

// before reports whether x comes before y: the higher key, or the
// earlier LegalActions position among equal keys.
func before(x, y *keyedMove) bool {
	return x.key > y.key || x.key == y.key && x.idx < y.idx
}

// siftDown restores the heap order (the first move at h[0]) below j.
func siftDown(h []keyedMove, j int) {
	n := len(h)
	for {
		c := 2*j + 1
		if c >= n {
			return
		}
		if c+1 < n && before(&h[c+1], &h[c]) {
			c++
		}
		if !before(&h[c], &h[j]) {
			return
		}
		h[j], h[c] = h[c], h[j]
		j = c
	}
}

func (sr *Searcher) updatePV(ply int, a game.Action) {
	pv := sr.pv[ply]
	pv[0] = a
	n := 0
	if ply+1 < len(sr.pvLen) {
		n = copy(pv[1:], sr.pv[ply+1][:sr.pvLen[ply+1]])
	}
	sr.pvLen[ply] = n + 1
}

// childValue searches the child c reached by the mover's move, returning
// its value from the view of the node (mover for negamax, the root player
// for paranoid).
func (sr *Searcher) childValue(c game.State, mover, depth, ply int, alpha, beta float64) float64 {
	if sr.paranoid {
		return sr.node(c, depth, ply, alpha, beta, sr.root)
	}
	cm := c.CurrentPlayer()
	if cm == mover {
		return sr.node(c, depth, ply, alpha, beta, mover)
	}
	view := cm
	if cm < 0 {
		view = 1 - mover
	}
	return -sr.node(c, depth, ply, -beta, -alpha, view)
}

// rootSearch searches the root with window (alpha, beta); the move is the
// one that last raised alpha, or the first ordered move.
func (sr *Searcher) rootSearch(s game.State, depth int, alpha, beta float64) (float64, game.Action) {
	sr.pvLen[0] = 0
	if !sr.enter() {
		return 0, game.NoAction
	}
	mover := sr.root
	var key uint64
	ttMove := game.NoAction
	if sr.tt != nil && sr.hashed {
		key = s.(game.Hasher).Hash()
		if e := sr.tt.probe(key); e != nil {
			ttMove = e.move
		}
	}
	moves := sr.orderMoves(s, mover, 0, ttMove)
	origAlpha := alpha
	best := game.NoAction
	saved := sr.horizon
	sr.horizon = false
	for i := range moves {
		a := sr.moveAt(0, i)
		c := sr.play(s, a)
		v := sr.childValue(c, mover, depth-1, 1, alpha, beta)
		sr.unplay(s, a)
		if sr.stop {
			return 0, game.NoAction
		}
		if v > alpha {
			alpha = v
			best = a
			sr.updatePV(0, a)
			if alpha >= beta {
				break
			}
		}
	}
	hit := sr.horizon
	sr.horizon = saved || hit
	if sr.tt != nil && sr.hashed {
		sr.storeMax(key, depth, origAlpha, alpha, beta, best, !hit)
	}
	if best == game.NoAction {
		best = moves[0]
	}
	return alpha, best
}

// storeMax stores the result of a max node (negamax or paranoid max).
func (sr *Searcher) storeMax(key uint64, depth int, origAlpha, alpha, beta float64, best game.Action, complete bool) {
	bound := boundExact
	switch {
	case alpha <= origAlpha:
		bound = boundUpper
	case alpha >= beta:
		bound = boundLower
	}
	sr.tt.store(key, depth, alpha, bound, best, complete)
}

// probe looks s up; it reports a cut-off value when the entry decides the
// node within (alpha, beta), and otherwise the stored best move.
func (sr *Searcher) probe(key uint64, depth int, alpha, beta float64) (float64, bool, game.Action) {
	e := sr.tt.probe(key)
	if e == nil {
		return 0, false, game.NoAction
	}
	if int(e.depth) >= depth || e.complete {
		v := e.value
		cut := false
		switch e.bound {
		case boundExact:
			cut = true
		case boundLower:
			cut = v >= beta
		case boundUpper:
			cut = v <= alpha
		}
		if cut {
			if !e.complete {
				sr.horizon = true
			}
			// Fail-hard: a value outside the window is returned as the
			// window's edge, which no parent can tell from the value the
			// node itself would have returned.
			return min(max(v, alpha), beta), true, e.move
		}
	}
	return 0, false, e.move
}

// node searches s to depth with window (alpha, beta), its value seen by
// player view. Under negamax (not paranoid) every node maximises for its
// mover (a child of the other player is negated by childValue); under
// paranoid the root player maximises and every other player minimises
// the root's value (view is the root).
func (sr *Searcher) node(s game.State, depth, ply int, alpha, beta float64, view int) float64 {
	sr.pvLen[ply] = 0
	if !sr.enter() {
		return 0
	}
	mover := s.CurrentPlayer()
	if mover == game.TerminalPlayer {
		return sr.hooks.Evaluate(s, view, ply)
	}
	if depth <= 0 || mover < 0 {
		sr.horizon = true
		return sr.hooks.Evaluate(s, view, ply)
	}
	var key uint64
	ttMove := game.NoAction
	useTT := sr.tt != nil && sr.hashed
	if useTT {
		key = s.(game.Hasher).Hash()
		v, cut, m := sr.probe(key, depth, alpha, beta)
		if cut {
			return v
		}
		ttMove = m
	}
	moves := sr.orderMoves(s, mover, ply, ttMove)
	if len(moves) == 0 {
		return sr.hooks.Evaluate(s, view, ply)
	}
	maxNode := !sr.paranoid || mover == sr.root
	origAlpha, origBeta := alpha, beta
	best := game.NoAction
	saved := sr.horizon
	sr.horizon = false
	cfg := &sr.cfg
	reduceFrom := len(moves) // the first move searched shallower first
	if cfg.ReduceAfter > 0 && depth >= cfg.ReduceDepth && (mover != sr.root || cfg.ReduceAt == ReduceAll) {
		reduceFrom = cfg.ReduceAfter
		if mover == sr.root && cfg.ReduceAfterOwn > 0 {
			reduceFrom = cfg.ReduceAfterOwn
		}
	}
	for i := range moves {
		a := sr.moveAt(ply, i)
		c := sr.play(s, a)
		var v float64
		if i >= reduceFrom {
			v = sr.reduced(c, mover, depth, ply, alpha, beta, maxNode)
		} else {
			v = sr.childValue(c, mover, depth-1, ply+1, alpha, beta)
		}
		sr.unplay(s, a)
		if sr.stop {
			return 0
		}
		if maxNode {
			if v > alpha {
				alpha = v
				best = a
				sr.updatePV(ply, a)
				if alpha >= beta {
					break
				}
			}
		} else if v < beta {
			beta = v
			best = a
			sr.updatePV(ply, a)
			if alpha >= beta {
				break
			}
		}
	}
	hit := sr.horizon
	sr.horizon = saved || hit
	if maxNode {
		if useTT {
			sr.storeMax(key, depth, origAlpha, alpha, beta, best, !hit)
		}
		return alpha
	}
	if useTT {
		bound := boundExact
		switch {
		case beta >= origBeta:
			bound = boundLower
		case beta <= alpha:
			bound = boundUpper
		}
		sr.tt.store(key, depth, beta, bound, best, !hit)
	}
	return beta
}

// reduced searches the child c of a late move (Config.ReduceAfter):
// first ReduceBy plies shallower in a null window at the node's bound,
// then, only when that search finds the move better than the bound (or
// the bound is infinite, where no null window exists), at depth − 1 with
// the node's window. The value is the node's view, as childValue's.
func (sr *Searcher) reduced(c game.State, mover, depth, ply int, alpha, beta float64, maxNode bool) float64 {
	rd := max(depth-1-sr.cfg.ReduceBy, 0)
	if maxNode {
		if !math.IsInf(alpha, 0) {
			v := sr.childValue(c, mover, rd, ply+1, alpha, math.Nextafter(alpha, math.Inf(1)))
			if sr.stop || v <= alpha {
				return v
			}
		}
	} else if !math.IsInf(beta, 0) {
		v := sr.childValue(c, mover, rd, ply+1, math.Nextafter(beta, math.Inf(-1)), beta)
		if sr.stop || v >= beta {
			return v
		}
	}
	return sr.childValue(c, mover, depth-1, ply+1, alpha, beta)
}

// Info is the result's telemetry for game.Informer: nodes and the depth of
// the deepest completed iteration.
func (r Result) Info() game.MoveInfo { return game.MoveInfo{Nodes: r.Nodes, Depth: r.Depth} }
