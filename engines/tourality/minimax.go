package tourality

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"tourney/engines/game"
)

// Minimax is the configuration of the memoized minimax bot (spec §5.3).
type Minimax struct {
	FarDistance  int    // nearest fallback: the opponent blocks within this distance
	ChipHorizon  int    // chips collected below the root before h is used
	MaxPlies     int    // ply horizon; 0 = none
	Eval         string // EvalPlayout or EvalZero
	PlayoutPlies int    // length cap of a playout
	AlphaBeta    bool   // alpha-beta windows with bounded memo entries
	Prune        bool   // chip-based pruning
	ReuseTable   bool   // keep the memo between moves
	MaxNodes     int    // node cap per move without an arena budget
	TableMB      int    // memo size limit
}

// DefaultMinimax is the default configuration.
func DefaultMinimax() Minimax {
	return Minimax{
		FarDistance: DefaultFarDistance, ChipHorizon: DefaultChipHorizon, MaxPlies: DefaultMaxPlies,
		Eval: EvalPlayout, PlayoutPlies: DefaultPlayoutPlies, AlphaBeta: true, Prune: true,
		MaxNodes: DefaultMaxNodes, TableMB: DefaultTableMB,
	}
}

// MinimaxFrom reads resolved parameters; missing ones keep their defaults.
func MinimaxFrom(p game.Params) Minimax {
	c := DefaultMinimax()
	setParam(p, ParamFarDistance, &c.FarDistance)
	setParam(p, ParamChipHorizon, &c.ChipHorizon)
	setParam(p, ParamMaxPlies, &c.MaxPlies)
	setParam(p, ParamEval, &c.Eval)
	setParam(p, ParamPlayoutPlies, &c.PlayoutPlies)
	setParam(p, ParamAlphaBeta, &c.AlphaBeta)
	setParam(p, ParamPrune, &c.Prune)
	setParam(p, ParamReuseTable, &c.ReuseTable)
	setParam(p, ParamMaxNodes, &c.MaxNodes)
	setParam(p, ParamTableMB, &c.TableMB)
	return c
}

// setParam copies the resolved parameter name into *dst when p holds it
// (p's values are of the parameter's kind: int, float64, bool or string).
func setParam[T int | float64 | bool | string](p game.Params, name string, dst *T) {
	if v, ok := p[name]; ok {
		*dst = v.(T)
	}
}

// Validate checks the ranges of spec §5.4.
func (c Minimax) Validate() error {
	check := func(name string, v, lo, hi int) error {
		if v < lo || v > hi {
			return fmt.Errorf("minimax: %s = %d is outside %d..%d", name, v, lo, hi)
		}
		return nil
	}
	for _, e := range []error{
		check(ParamFarDistance, c.FarDistance, MinFarDistance, MaxFarDistance),
		check(ParamChipHorizon, c.ChipHorizon, MinChipHorizon, MaxChipHorizon),
		check(ParamMaxPlies, c.MaxPlies, 0, MaxMaxPlies),
		check(ParamPlayoutPlies, c.PlayoutPlies, 0, MaxPlayoutPlies),
		check(ParamMaxNodes, c.MaxNodes, MinMaxNodes, MaxMaxNodes),
		check(ParamTableMB, c.TableMB, MinTableMB, MaxTableMB),
	} {
		if e != nil {
			return e
		}
	}
	if c.Eval != EvalPlayout && c.Eval != EvalZero {
		return fmt.Errorf("minimax: eval %q is not %q or %q", c.Eval, EvalPlayout, EvalZero)
	}
	return nil
}

// MinimaxSpec is the memoized minimax bot (spec §5.3, §5.4).
func MinimaxSpec() game.BotSpec {
	return game.BotSpec{
		Name: "minimax",
		Doc:  "memoized minimax limited by collected chips, nearest-neighbour playouts, chip-based pruning",
		Params: []game.Param{
			farDistanceParam(),
			{Name: ParamChipHorizon, Kind: game.Int, Default: DefaultChipHorizon, Min: MinChipHorizon, Max: MaxChipHorizon,
				Doc:       "chips collected below the root before the heuristic is used (a depth budget overrides it)",
				ActsUnder: []string{game.BudgetNone, game.BudgetNodes, game.BudgetClock}},
			{Name: ParamMaxPlies, Kind: game.Int, Default: DefaultMaxPlies, Min: 0, Max: MaxMaxPlies,
				Doc: "ply horizon below the root; 0 = none"},
			{Name: ParamEval, Kind: game.String, Default: EvalPlayout, Choices: []string{EvalPlayout, EvalZero},
				Doc: "heuristic at the horizons: nearest-neighbour playout or zero"},
			{Name: ParamPlayoutPlies, Kind: game.Int, Default: DefaultPlayoutPlies, Min: 0, Max: MaxPlayoutPlies,
				Doc: "length cap of a playout in plies"},
			{Name: ParamAlphaBeta, Kind: game.Bool, Default: true, Doc: "alpha-beta windows with bounded memo entries"},
			{Name: ParamPrune, Kind: game.Bool, Default: true, Doc: "chip-based pruning when the players' minimal chip sets are disjoint"},
			{Name: ParamReuseTable, Kind: game.Bool, Default: false, Doc: "keep the memo between moves"},
			{Name: ParamMaxNodes, Kind: game.Int, Default: DefaultMaxNodes, Min: MinMaxNodes, Max: MaxMaxNodes,
				Doc:       "node cap per move when the arena sets no budget (states plus playout plies)",
				ActsUnder: []string{game.BudgetNone, game.BudgetDepth, game.BudgetClock}},
			{Name: ParamTableMB, Kind: game.Int, Default: DefaultTableMB, Min: MinTableMB, Max: MaxTableMB,
				Doc: "memo size limit in MiB; when full, new entries are dropped"},
		},
		New: func(p game.Params) (game.Bot, error) {
			c := MinimaxFrom(p)
			if err := c.Validate(); err != nil {
				return nil, err
			}
			return NewMinimaxBot(c), nil
		},
	}
}

// Bound types of memo entries.
const (
	boundExact = iota
	boundLower
	boundUpper
)

const (
	inf        = 1 << 10
	noPlyLimit = 1 << 14
	// entryBytes estimates the memory of one memo entry in a Go map.
	entryBytes = 48
	// checkEvery is how often (in nodes) the clock and ctx are looked at.
	checkEvery = 256
	// timeShare is the part of a time budget the search may use.
	timeShare = 0.7
)

type memoKey struct {
	chips    uint64
	cur, oth int16
	flag     bool
}

type memoEntry struct {
	val   int8
	bound int8
	k     int8
	plies int16
}

// MinimaxBot is the memoized minimax bot.
type MinimaxBot struct {
	cfg        Minimax
	nn         nearest
	m          *Map
	tab        map[memoKey]memoEntry
	maxEntries int
	path       map[memoKey]struct{}

	ctx      context.Context
	deadline time.Time
	nodes    int64
	limit    int64
	aborted  bool

	// LastNodes and LastHorizon describe the last move: nodes used and the
	// deepest completed chip horizon (0: the nearest fallback was played).
	LastNodes   int64
	LastHorizon int
}

// NewMinimaxBot builds the bot from a checked configuration.
func NewMinimaxBot(c Minimax) *MinimaxBot {
	return &MinimaxBot{cfg: c, tab: map[memoKey]memoEntry{}, path: map[memoKey]struct{}{},
		maxEntries: c.TableMB << 20 / entryBytes}
}

// LastMove implements game.Informer: nodes and the deepest completed chip
// horizon of the last move.
func (b *MinimaxBot) LastMove() game.MoveInfo {
	return game.MoveInfo{Nodes: b.LastNodes, Depth: b.LastHorizon}
}

func (b *MinimaxBot) Reset(uint64) {
	clear(b.tab)
	b.m = nil
}

func (b *MinimaxBot) Step(ctx context.Context, gs game.State, player int, budget game.Budget) (game.Action, error) {
	s, ok := gs.(*State)
	if !ok {
		return game.NoAction, fmt.Errorf("tourality: not a Tourality state (%T)", gs)
	}
	if s.Over() || player != s.ToMove() {
		return game.NoAction, fmt.Errorf("tourality: seat %d is not to move", player)
	}
	return game.Action(b.Move(ctx, s.m, int(s.pos[player]), int(s.pos[1-player]), s.chips, budget)), nil
}

// Move returns the bot's move for the player on me against opp with the
// chips left.
func (b *MinimaxBot) Move(ctx context.Context, m *Map, me, opp int, chips uint64, budget game.Budget) int {
	if b.m != m || !b.cfg.ReuseTable {
		clear(b.tab)
		b.m = m
	}
	clear(b.path)
	b.LastNodes, b.LastHorizon = 0, 0
	fallback := b.nn.move(m, me, opp, chips, b.cfg.FarDistance)
	if chips == 0 {
		return fallback
	}
	horizon := b.cfg.ChipHorizon
	if budget.Depth > 0 {
		horizon = min(max(budget.Depth, MinChipHorizon), MaxChipHorizon)
	}
	if budget.NodeClock() {
		// a clock in nodes: the share of the move's time a wall-clock
		// deadline would give, in nodes (no bank in Tourality)
		budget = game.Budget{Nodes: max(int64(float64(budget.ClockNodes(budget.Time))*timeShare), 1)}
	}
	b.limit = int64(b.cfg.MaxNodes)
	if budget.Nodes > 0 {
		b.limit = budget.Nodes
	}
	b.deadline = time.Time{}
	if budget.Time > 0 {
		b.deadline = time.Now().Add(time.Duration(float64(budget.Time) * timeShare))
	}
	b.ctx, b.nodes, b.aborted = ctx, 0, false
	if ctx.Err() != nil {
		return fallback
	}
	flag := b.cfg.Prune && b.pruneFlag(me, opp, chips)
	best := fallback
	left := bits.OnesCount64(chips)
	for k := 1; k <= horizon; k++ {
		mv, ok := b.root(me, opp, chips, flag, k)
		if !ok {
			break
		}
		best, b.LastHorizon = mv, k
		if k >= left {
			break // deeper passes see the same tree
		}
	}
	b.LastNodes = b.nodes
	b.ctx = nil
	return best
}

// count charges n nodes and reports whether the search must stop.
func (b *MinimaxBot) count(n int64) bool {
	if b.aborted {
		return true
	}
	before := b.nodes
	b.nodes += n
	if b.nodes > b.limit {
		b.aborted = true
		return true
	}
	if before/checkEvery != b.nodes/checkEvery {
		select {
		case <-b.ctx.Done():
			b.aborted = true
		default:
		}
		if !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.aborted = true
		}
	}
	return b.aborted
}

func (b *MinimaxBot) root(me, opp int, chips uint64, flag bool, k int) (int, bool) {
	var buf [5]int8
	moves := b.moves(me, opp, chips, flag, buf[:0])
	plies := noPlyLimit
	if b.cfg.MaxPlies > 0 {
		plies = b.cfg.MaxPlies
	}
	key := memoKey{chips: chips, cur: int16(me), oth: int16(opp), flag: flag}
	b.path[key] = struct{}{}
	defer delete(b.path, key)
	if b.count(1) {
		return 0, false
	}
	best, bestV := int(moves[0]), -inf
	for _, mv := range moves {
		v := b.child(me, opp, chips, flag, k, plies, int(mv), bestV, inf)
		if b.aborted {
			return 0, false
		}
		if v > bestV {
			best, bestV = int(mv), v
		}
	}
	return best, true
}

// child returns c(z) − value(state after z) for move mv of the player on
// cur, searched with the window (alpha, beta) of the parent.
func (b *MinimaxBot) child(cur, oth int, chips uint64, flag bool, k, plies, mv, alpha, beta int) int {
	t := cur
	if mv != Stay {
		t = int(b.m.nb[cur][mv])
	}
	c := 0
	if ci := b.m.chipAt[t]; ci >= 0 && chips&(1<<uint(ci)) != 0 {
		c = 1
		chips &^= 1 << uint(ci)
	}
	if chips == 0 {
		return c
	}
	nk, np := k-c, plies
	if plies != noPlyLimit {
		np--
	}
	if nk == 0 || np == 0 {
		return c - b.heuristic(oth, t, chips)
	}
	if c == 1 && b.cfg.Prune {
		flag = b.pruneFlag(oth, t, chips)
	}
	if !b.cfg.AlphaBeta {
		alpha, beta = -inf, inf
	}
	return c - b.search(oth, t, chips, flag, nk, np, c-beta, c-alpha)
}

// search is value(S) for the player on cur to move (spec §5.3).
func (b *MinimaxBot) search(cur, oth int, chips uint64, flag bool, k, plies, alpha, beta int) int {
	key := memoKey{chips: chips, cur: int16(cur), oth: int16(oth), flag: flag}
	if _, on := b.path[key]; on {
		return 0 // repetition
	}
	if e, ok := b.tab[key]; ok && int(e.k) >= k && int(e.plies) >= plies {
		v := int(e.val)
		switch e.bound {
		case boundExact:
			return v
		case boundLower:
			if v >= beta {
				return v
			}
		case boundUpper:
			if v <= alpha {
				return v
			}
		}
	}
	if b.count(1) {
		return 0
	}
	var buf [5]int8
	moves := b.moves(cur, oth, chips, flag, buf[:0])
	b.path[key] = struct{}{}
	a0 := alpha
	best := -inf
	for _, mv := range moves {
		v := b.child(cur, oth, chips, flag, k, plies, int(mv), alpha, beta)
		if b.aborted {
			delete(b.path, key)
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if b.cfg.AlphaBeta && alpha >= beta {
					break
				}
			}
		}
	}
	delete(b.path, key)
	bound := int8(boundExact)
	if b.cfg.AlphaBeta {
		switch {
		case best <= a0:
			bound = boundUpper
		case best >= beta:
			bound = boundLower
		}
	}
	if _, ok := b.tab[key]; ok || len(b.tab) < b.maxEntries {
		b.tab[key] = memoEntry{val: int8(best), bound: bound, k: int8(k), plies: int16(plies)}
	}
	return best
}

// moves appends the moves of the player on cur in search order (spec
// §5.3 item 5), restricted by the pruning rule when flag is on.
func (b *MinimaxBot) moves(cur, oth int, chips uint64, flag bool, buf []int8) []int8 {
	m := b.m
	var set uint8 // bit per move
	if flag {
		g := b.minimal(cur, chips)
		for ; g != 0; g &= g - 1 {
			i := trailing(g)
			d := m.dist[i][cur]
			for dir := 0; dir < 4; dir++ {
				t := int(m.nb[cur][dir])
				if t >= 0 && t != oth && m.dist[i][t] == d-1 {
					set |= 1 << dir
					break
				}
			}
		}
	}
	if set == 0 {
		for dir := 0; dir < 4; dir++ {
			if t := int(m.nb[cur][dir]); t >= 0 && t != oth {
				set |= 1 << dir
			}
		}
		set |= 1 << Stay
	}
	var key [5]int16
	for mv := 0; mv <= Stay; mv++ {
		if set&(1<<mv) == 0 {
			continue
		}
		t := cur
		if mv != Stay {
			t = int(m.nb[cur][mv])
		}
		d := int16(0)
		if ci := m.chipAt[t]; ci < 0 || chips&(1<<uint(ci)) == 0 {
			d = noPlyLimit
			for c := chips; c != 0; c &= c - 1 {
				if x := m.dist[trailing(c)][t]; x >= 0 && x < d {
					d = x
				}
			}
		}
		// insertion by (distance, move number)
		j := len(buf)
		buf = append(buf, int8(mv))
		key[j] = d
		for j > 0 && key[j-1] > d {
			buf[j], key[j] = buf[j-1], key[j-1]
			j--
		}
		buf[j], key[j] = int8(mv), d
	}
	return buf
}

// minimal is G for a player on cell p: the remaining reachable chips that
// no other remaining chip precedes (spec §5.3, pruning item 1).
func (b *MinimaxBot) minimal(p int, chips uint64) uint64 {
	m := b.m
	var g uint64
	for c := chips; c != 0; c &= c - 1 {
		j := trailing(c)
		dj := m.dist[j][p]
		if dj < 0 {
			continue
		}
		min := true
		for o := chips &^ (1 << uint(j)); o != 0; o &= o - 1 {
			i := trailing(o)
			if di := m.dist[i][p]; di >= 0 && di+m.chipDist[i][j] == dj {
				min = false
				break
			}
		}
		if min {
			g |= 1 << uint(j)
		}
	}
	return g
}

// pruneFlag is on when the two players' minimal chip sets are disjoint.
func (b *MinimaxBot) pruneFlag(a, c int, chips uint64) bool {
	return b.minimal(a, chips)&b.minimal(c, chips) == 0
}

// heuristic is h for the player on cur to move (spec §5.3 item 4).
func (b *MinimaxBot) heuristic(cur, oth int, chips uint64) int {
	if b.cfg.Eval == EvalZero {
		return 0
	}
	m := b.m
	pos := [2]int{cur, oth}
	diff := 0
	for ply := 0; ply < b.cfg.PlayoutPlies && chips != 0; ply++ {
		if b.count(1) {
			return 0
		}
		i := ply & 1
		p, o := pos[i], pos[1-i]
		best, bd := -1, int16(0)
		for c := chips; c != 0; c &= c - 1 {
			j := trailing(c)
			if d := m.dist[j][p]; d >= 0 && (best < 0 || d < bd) {
				best, bd = j, d
			}
		}
		if best < 0 {
			continue
		}
		for dir := 0; dir < 4; dir++ {
			t := int(m.nb[p][dir])
			if t >= 0 && t != o && m.dist[best][t] == bd-1 {
				pos[i] = t
				if ci := m.chipAt[t]; ci >= 0 && chips&(1<<uint(ci)) != 0 {
					chips &^= 1 << uint(ci)
					if i == 0 {
						diff++
					} else {
						diff--
					}
				}
				break
			}
		}
	}
	return diff
}

func trailing(x uint64) int { return bits.TrailingZeros64(x) }
