package search

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tourney/engines/game"
)

// toyStates yields test positions: fresh toys of n players, some played a
// few plies into the game, with and without Undo.
func toyStates(n, count int) []game.State {
	var out []game.State
	for i := 0; len(out) < count; i++ {
		t := newToy(n, 12+i%5, uint64(i)*7919+uint64(n))
		// play i%4 plies along the first legal move
		for k := 0; k < i%4 && !t.IsTerminal(); k++ {
			t.Apply(t.LegalActions(t.CurrentPlayer(), nil)[0])
		}
		if t.IsTerminal() {
			continue
		}
		if i%2 == 0 {
			out = append(out, t)
		} else {
			out = append(out, &toyU{*t})
		}
	}
	return out
}

func sameValue(a, b float64) bool {
	return a == b || (math.IsNaN(a) && math.IsNaN(b))
}

var (
	plainHooks   = Hooks{Evaluate: toyEval(false)}
	orderedHooks = Hooks{Evaluate: toyEval(false), Order: toyOrder}
	quickHooks   = Hooks{Evaluate: toyEval(true), Order: toyOrder}
)

func fixed(cfg Config) Config {
	cfg.TTLog2, cfg.Aspiration, cfg.Deepening = 0, false, false
	return cfg
}

// The alpha-beta of connect4.md §2 (no table, no aspiration) returns
// exactly the value and the move of the plain negamax.
func TestNegamaxEqualsMinimax(t *testing.T) {
	for hi, h := range []Hooks{plainHooks, orderedHooks, quickHooks} {
		sr := New(fixed(DefaultConfig()), h)
		for i, s := range toyStates(2, 150) {
			for d := 1; d <= 6; d++ {
				want, wantMove := Minimax(s, d, h)
				before := s.String()
				r := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
				if s.String() != before {
					t.Fatalf("hooks %d, state %d: search changed the state", hi, i)
				}
				if !sameValue(r.Value, want) || r.Move != wantMove || r.Depth != d || r.Stopped {
					t.Fatalf("hooks %d, state %d (%s), depth %d: alpha-beta %v %d (depth %d, stopped %v), minimax %v %d",
						hi, i, s, d, r.Value, r.Move, r.Depth, r.Stopped, want, wantMove)
				}
			}
		}
	}
}

// moveValue is the plain value of playing m at s, from the mover's view.
func moveValue(s game.State, m game.Action, d int, h Hooks) float64 {
	mover := s.CurrentPlayer()
	c := s.Clone()
	c.Apply(m)
	cm := c.CurrentPlayer()
	if cm == mover {
		v, _ := plainNegamaxFrom(c, d-1, mover, h)
		return v
	}
	view := cm
	if cm < 0 {
		view = 1 - mover
	}
	v, _ := plainNegamaxFrom(c, d-1, view, h)
	return -v
}

func plainNegamaxFrom(s game.State, d, player int, h Hooks) (float64, game.Action) {
	return plainSearch(s, d, 1, player, false, h)
}

// Tables, aspiration windows and deepening change the work, not the root
// value; the chosen move still reaches it. With aspiration alone (no
// table) even the move is the plain search's.
func TestEnhancementsKeepValue(t *testing.T) {
	type variant struct {
		name string
		cfg  func(Config) Config
	}
	variants := []variant{
		{"tt-depth", func(c Config) Config { c.TTLog2 = 12; return c }},
		{"tt-always-tiny", func(c Config) Config { c.TTLog2, c.TTReplace = 3, ReplaceAlways; return c }},
		{"tt-depth-tiny", func(c Config) Config { c.TTLog2 = 2; return c }},
		{"deepen", func(c Config) Config { c.Deepening = true; return c }},
		{"deepen-tt", func(c Config) Config { c.Deepening, c.TTLog2 = true, 10; return c }},
		{"asp-narrow", func(c Config) Config {
			c.Deepening, c.Aspiration, c.AspirationWidth, c.AspirationWidening = true, true, 0.05, 2
			return c
		}},
		{"asp-open", func(c Config) Config {
			c.Deepening, c.Aspiration, c.AspirationWidth, c.AspirationWidening = true, true, 0.3, 1
			return c
		}},
		{"asp-maxwidth", func(c Config) Config {
			c.Deepening, c.Aspiration, c.AspirationWidth, c.AspirationMaxWidth = true, true, 0.5, 1
			return c
		}},
		{"asp-tt-jump", func(c Config) Config {
			c.Deepening, c.Aspiration, c.AspirationWidth, c.TTLog2 = true, true, 0.2, 8
			c.DeepeningFirst, c.DeepeningJump = 2, 2
			return c
		}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			researches := 0
			for hi, h := range []Hooks{plainHooks, quickHooks} {
				sr := New(v.cfg(fixed(DefaultConfig())), h)
				states := 120
				if raceEnabled {
					states = 40
				}
				for i, s := range toyStates(2, states) {
					for d := 1; d <= 7; d += 2 {
						want, wantMove := Minimax(s, d, h)
						r := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
						if !sameValue(r.Value, want) || r.Stopped {
							t.Fatalf("hooks %d, state %d (%s), depth %d: value %v, want %v", hi, i, s, d, r.Value, want)
						}
						if mv := moveValue(s, r.Move, d, h); !sameValue(mv, want) && !math.IsInf(want, -1) {
							t.Fatalf("hooks %d, state %d, depth %d: move %d is worth %v, root value %v", hi, i, d, r.Move, mv, want)
						}
						researches += r.Researches
						if sr.Config().TTLog2 == 0 && r.Move != wantMove {
							t.Fatalf("hooks %d, state %d, depth %d: move %d, plain search %d", hi, i, d, r.Move, wantMove)
						}
					}
				}
			}
			if sr := v.cfg(DefaultConfig()); sr.Aspiration && researches == 0 {
				t.Errorf("no aspiration window failed")
			}
			t.Logf("%d re-searches", researches)
		})
	}
}

// Paranoid with two players and a zero-sum evaluation is negamax; with
// three players it equals the plain max/min search.
func TestParanoid(t *testing.T) {
	for _, tt := range []int{0, 10} {
		cfg := DefaultConfig()
		cfg.TTLog2 = tt
		sr := New(cfg, orderedHooks)
		for i, s := range toyStates(2, 100) {
			for d := 1; d <= 6; d++ {
				nm := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
				pa := sr.Paranoid(context.Background(), s, game.Budget{Depth: d})
				pm, _ := ParanoidMinimax(s, d, orderedHooks)
				if !sameValue(nm.Value, pa.Value) || !sameValue(pa.Value, pm) {
					t.Fatalf("tt %d, state %d, depth %d: negamax %v, paranoid %v, plain paranoid %v", tt, i, d, nm.Value, pa.Value, pm)
				}
				if tt == 0 && nm.Move != pa.Move {
					t.Fatalf("state %d, depth %d: negamax plays %d, paranoid %d", i, d, nm.Move, pa.Move)
				}
			}
		}
		for _, n := range []int{3, 4} {
			for i, s := range toyStates(n, 100) {
				for d := 1; d <= 6; d++ {
					want, wantMove := ParanoidMinimax(s, d, orderedHooks)
					r := sr.Paranoid(context.Background(), s, game.Budget{Depth: d})
					if !sameValue(r.Value, want) || (tt == 0 && r.Move != wantMove) {
						t.Fatalf("tt %d, %d players, state %d, depth %d: %v %d, want %v %d", tt, n, i, d, r.Value, r.Move, want, wantMove)
					}
				}
			}
		}
	}
	// aspiration and deepening on paranoid
	cfg := DefaultConfig()
	cfg.Deepening, cfg.Aspiration, cfg.AspirationWidth, cfg.TTLog2 = true, true, 0.1, 6
	sr := New(cfg, orderedHooks)
	for i, s := range toyStates(3, 100) {
		want, _ := ParanoidMinimax(s, 7, orderedHooks)
		if r := sr.Paranoid(context.Background(), s, game.Budget{Depth: 7}); !sameValue(r.Value, want) {
			t.Fatalf("state %d: aspiration paranoid %v, want %v", i, r.Value, want)
		}
	}
}

// deepToy is a position whose full search takes long.
func deepToy() game.State { return &toyU{*newToy(2, 16, 12345)} }

func TestNodeBudgetDeterministic(t *testing.T) {
	for _, limit := range []int64{1, 50, 300, 5000, 40000} {
		sr := New(DefaultConfig(), orderedHooks)
		s := deepToy()
		a := sr.Negamax(context.Background(), s, game.Budget{Nodes: limit})
		b := New(DefaultConfig(), orderedHooks).Negamax(context.Background(), s.Clone(), game.Budget{Nodes: limit})
		if a.Move != b.Move || a.Depth != b.Depth || a.Nodes != b.Nodes || !sameValue(a.Value, b.Value) {
			t.Fatalf("limit %d: two runs differ: %+v / %+v", limit, a, b)
		}
		if a.Nodes > limit+1 {
			t.Errorf("limit %d: %d nodes", limit, a.Nodes)
		}
		if a.Depth == 0 {
			first := s.LegalActions(s.CurrentPlayer(), nil)
			toyOrder(s, s.CurrentPlayer(), first)
			if a.Move != first[0] || !a.Stopped {
				t.Errorf("limit %d: no iteration completed, move %d, want first ordered %d", limit, a.Move, first[0])
			}
			continue
		}
		// the move is that of the fixed-depth search of the deepest completed iteration
		f := New(fixed(DefaultConfig()), orderedHooks).Negamax(context.Background(), s, game.Budget{Depth: a.Depth})
		if f.Move != a.Move || !sameValue(f.Value, a.Value) {
			t.Errorf("limit %d: depth %d gives %d %v, fixed search %d %v", limit, a.Depth, a.Move, a.Value, f.Move, f.Value)
		}
		t.Logf("limit %d: depth %d, nodes %d, stopped %v", limit, a.Depth, a.Nodes, a.Stopped)
	}
}

func TestDeepeningSchedule(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Deepening, cfg.DeepeningFirst, cfg.DeepeningJump = true, 2, 3
	r := New(cfg, orderedHooks).Negamax(context.Background(), deepToy(), game.Budget{Depth: 10})
	// 2, 5, 8, 10
	if r.Depth != 10 || r.Iterations != 4 {
		t.Fatalf("depth %d after %d iterations, want 10 after 4", r.Depth, r.Iterations)
	}
	// A budget share of 1 % stops after the first iteration.
	cfg.DeepeningStart = 0.01
	r = New(cfg, orderedHooks).Negamax(context.Background(), deepToy(), game.Budget{Nodes: 200})
	if r.Iterations != 1 || r.Depth != 2 || r.Stopped {
		t.Fatalf("deepening_start: %+v", r)
	}
	// Iterations stop once the whole tree fits in the horizon.
	cfg = DefaultConfig()
	cfg.MaxDepth = 40
	r = New(cfg, orderedHooks).Negamax(context.Background(), deepToy(), game.Budget{Nodes: 1 << 40})
	if r.Depth > 17 || r.Stopped {
		t.Fatalf("search went on past the end of the game: %+v", r.Depth)
	}
}

func TestCancel(t *testing.T) {
	s := deepToy()
	first := s.LegalActions(s.CurrentPlayer(), nil)
	toyOrder(s, s.CurrentPlayer(), first)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := New(DefaultConfig(), orderedHooks).Negamax(ctx, s, game.Budget{Depth: 40})
	if !r.Stopped || r.Move != first[0] || r.Nodes > 300 {
		t.Fatalf("cancelled before the start: %+v", r)
	}

	// Cancel during a long search under a node budget: the move is the
	// deepest completed iteration's.
	cfg := DefaultConfig()
	cfg.MaxDepth = 40
	big := &toyU{*newToy(2, 1000, 99)} // ends only by chance: deep tree
	big.cap = 100
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	r = New(cfg, orderedHooks).Negamax(ctx, big, game.Budget{Nodes: 1 << 40})
	// hangBound catches a search that ignores the deadline, generous
	// under any load (a 500 ms bound is a timed test; how fast the
	// search stops is BenchmarkNegamaxDeadline's figure)
	const hangBound = 10 * time.Second
	el := time.Since(t0)
	if el > hangBound {
		t.Errorf("search took %v after a 30ms deadline", el)
	}
	if !r.Stopped {
		t.Skipf("search finished before the deadline (%+v)", r)
	}
	if r.Depth > 0 {
		f := New(fixed(cfg), orderedHooks).Negamax(context.Background(), big, game.Budget{Depth: r.Depth})
		if f.Move != r.Move {
			t.Errorf("stopped at depth %d with move %d, the depth-%d search plays %d", r.Depth, r.Move, r.Depth, f.Move)
		}
	}

	// A time budget alone.
	t0 = time.Now()
	r = New(cfg, orderedHooks).Negamax(context.Background(), big, game.Budget{Time: 20 * time.Millisecond})
	if el := time.Since(t0); el > hangBound || !r.Stopped || r.Move == game.NoAction {
		t.Errorf("time budget 20ms: took %v, move %d", el, r.Move)
	}
}

func TestNoMoves(t *testing.T) {
	s := newToy(2, 0, 1) // terminal at once
	r := New(DefaultConfig(), plainHooks).Negamax(context.Background(), s, game.Budget{})
	if r.Move != game.NoAction {
		t.Fatalf("terminal root: move %d", r.Move)
	}
}

func TestPV(t *testing.T) {
	sr := New(fixed(DefaultConfig()), orderedHooks)
	for i, s := range toyStates(2, 40) {
		r := sr.Negamax(context.Background(), s, game.Budget{Depth: 5})
		if len(r.PV) == 0 || r.PV[0] != r.Move {
			t.Fatalf("state %d: PV %v, move %d", i, r.PV, r.Move)
		}
		c := s.Clone()
		for _, a := range r.PV {
			legal := c.LegalActions(c.CurrentPlayer(), nil)
			ok := false
			for _, b := range legal {
				ok = ok || a == b
			}
			if !ok {
				t.Fatalf("state %d: PV %v has an illegal move", i, r.PV)
			}
			c.Apply(a)
		}
	}
}

// No allocation per node: a whole search allocates a handful of times.
func TestNoAllocPerNode(t *testing.T) {
	s := deepToy()
	sr := New(DefaultConfig(), orderedHooks)
	var nodes int64
	allocs := testing.AllocsPerRun(5, func() {
		nodes = sr.Negamax(context.Background(), s, game.Budget{Depth: 8}).Nodes
	})
	if allocs > 4 || nodes < 1000 {
		t.Fatalf("%v allocations for %d nodes", allocs, nodes)
	}
	cfg := DefaultConfig()
	cfg.TTLog2, cfg.Aspiration, cfg.Deepening = 10, true, true
	sr = New(cfg, orderedHooks)
	allocs = testing.AllocsPerRun(5, func() {
		nodes = sr.Paranoid(context.Background(), s, game.Budget{Depth: 8}).Nodes
	})
	if allocs > 4 {
		t.Fatalf("%v allocations for %d nodes (table, aspiration)", allocs, nodes)
	}
}

func TestParams(t *testing.T) {
	def := DefaultConfig()
	def.Aspiration, def.AspirationWidth, def.TTLog2, def.DeepeningJump = true, 25, 16, 2
	ps := Params(def)
	spec := game.BotSpec{Name: "x", Params: ps}
	vals := spec.Defaults()
	for _, p := range ps {
		if _, err := p.Check(p.Default); err != nil {
			t.Errorf("%s: default %v: %v", p.Name, p.Default, err)
		}
		if p.Doc == "" {
			t.Errorf("%s: no doc", p.Name)
		}
	}
	if got := ConfigFrom(vals, DefaultConfig()); got != def {
		t.Fatalf("ConfigFrom(defaults) = %+v, want %+v", got, def)
	}
	vals, err := spec.Resolve(map[string]any{"tt_replace": "always", "aspiration_widening": 2, "deepening_first": 3})
	if err != nil {
		t.Fatal(err)
	}
	got := ConfigFrom(vals, def)
	if got.TTReplace != ReplaceAlways || got.AspirationWidening != 2 || got.DeepeningFirst != 3 {
		t.Fatalf("ConfigFrom: %+v", got)
	}
	if c := ConfigFrom(game.Params{}, def); c != def {
		t.Fatalf("empty params changed the config")
	}
}

// Abort from a hook ends the search at its next poll: the node count at
// which it stops depends only on where Abort was called, and the next
// search on the same Searcher runs in full.
func TestAbort(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxDepth = 40
	big := &toyU{*newToy(2, 1000, 99)}
	big.cap = 100
	var sr *Searcher
	leaves, limit := 0, 0
	hooks := orderedHooks
	hooks.Evaluate = func(s game.State, player, ply int) float64 {
		leaves++
		if limit > 0 && leaves > limit {
			sr.Abort()
		}
		return orderedHooks.Evaluate(s, player, ply)
	}
	sr = New(cfg, hooks)
	var nodes [2]int64
	for i := range nodes {
		leaves, limit = 0, 500
		r := sr.Negamax(context.Background(), big, game.Budget{Depth: 12})
		if !r.Stopped || r.Move == game.NoAction {
			t.Fatalf("aborted search: %+v", r)
		}
		nodes[i] = r.Nodes
	}
	if nodes[0] != nodes[1] {
		t.Errorf("aborted searches stopped at %d and %d nodes", nodes[0], nodes[1])
	}
	leaves, limit = 0, 0
	if r := sr.Negamax(context.Background(), big, game.Budget{Depth: 4}); r.Stopped || r.Depth != 4 {
		t.Errorf("search after an aborted one: stopped %v depth %d", r.Stopped, r.Depth)
	}
}

// toyKeys gives the moves keys with many ties.
func toyKeys(s game.State, player int, moves []game.Action, buf []float64) []float64 {
	h := s.(game.Hasher).Hash()
	for _, a := range moves {
		buf = append(buf, float64(mix(h^uint64(a+1)*0x51)%3))
	}
	return buf
}

// toyKeyOrder is toyKeys as an Order hook: a stable sort, highest first.
func toyKeyOrder(s game.State, player int, moves []game.Action) {
	keys := toyKeys(s, player, moves, nil)
	idx := make([]int, len(moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(keys[y], keys[x]) })
	sorted := make([]game.Action, len(moves))
	for i, j := range idx {
		sorted[i] = moves[j]
	}
	copy(moves, sorted)
}

// Keys picked one at a time (and the rest sorted after lazyPicks) search
// exactly the tree of the same keys sorted up front by an Order hook:
// same value, move, PV and node count, with and without the table,
// deepening and aspiration windows.
func TestKeysEqualStableOrder(t *testing.T) {
	defer func(k int) { lazyPicks = k }(lazyPicks)
	keyed := Hooks{Evaluate: toyEval(false), Keys: toyKeys}
	sorted := Hooks{Evaluate: toyEval(false), Order: toyKeyOrder}
	cfgs := []Config{fixed(DefaultConfig()), DefaultConfig()}
	cfgs[1].TTLog2, cfgs[1].Deepening, cfgs[1].Aspiration, cfgs[1].AspirationWidth = 8, true, true, 0.2
	for _, picks := range []int{0, 1, 2, 6} {
		lazyPicks = picks
		for ci, cfg := range cfgs {
			a, b := New(cfg, keyed), New(cfg, sorted)
			for _, n := range []int{2, 3} {
				for i, s := range toyStates(n, 40) {
					for d := 1; d <= 5; d++ {
						ra, rb := a.Paranoid(context.Background(), s, game.Budget{Depth: d}), b.Paranoid(context.Background(), s, game.Budget{Depth: d})
						if n == 2 && i%2 == 0 {
							ra, rb = a.Negamax(context.Background(), s, game.Budget{Depth: d}), b.Negamax(context.Background(), s, game.Budget{Depth: d})
						}
						if !sameValue(ra.Value, rb.Value) || ra.Move != rb.Move || ra.Nodes != rb.Nodes || !slices.Equal(ra.PV, rb.PV) {
							t.Fatalf("picks %d, config %d, %d players, state %d, depth %d: keys %v %d %d nodes %v, order %v %d %d nodes %v",
								picks, ci, n, i, d, ra.Value, ra.Move, ra.Nodes, ra.PV, rb.Value, rb.Move, rb.Nodes, rb.PV)
						}
					}
				}
			}
		}
	}
	// The plain reference orders by Keys too.
	for i, s := range toyStates(3, 20) {
		va, ma := ParanoidMinimax(s, 3, keyed)
		vb, mb := ParanoidMinimax(s, 3, sorted)
		if !sameValue(va, vb) || ma != mb {
			t.Fatalf("state %d: plain with keys %v %d, with order %v %d", i, va, ma, vb, mb)
		}
	}
}

// moveAt gives the stable sort's order (keys high to low, ties in
// LegalActions order) through its three stages (passes, heap, sort of
// the remainder), for long lists with many ties.
func TestMoveAtHeapOrder(t *testing.T) {
	defer func(k int) { lazyPicks = k }(lazyPicks)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, picks := range []int{0, 6} {
		lazyPicks = picks
		for _, n := range []int{1, 2, 7, 17, 40, 300, 2000} {
			moves := make([]game.Action, n)
			keys := make([]float64, n)
			for i := range moves {
				moves[i] = game.Action(1000 + i)
				keys[i] = float64(rng.IntN(1 + n/4))
			}
			want := slices.Clone(moves)
			slices.SortStableFunc(want, func(x, y game.Action) int { return cmp.Compare(keys[y-1000], keys[x-1000]) })
			sr := &Searcher{moves: [][]game.Action{slices.Clone(moves)}, ord: []plyOrder{{keys: slices.Clone(keys), lazy: true}}}
			for i := range moves {
				sr.ord[0].idx = append(sr.ord[0].idx, int32(i))
			}
			for i := range moves {
				if got := sr.moveAt(0, i); got != want[i] {
					t.Fatalf("picks %d, %d moves: move %d is %d, want %d", picks, n, i, got, want[i])
				}
			}
		}
	}
}
