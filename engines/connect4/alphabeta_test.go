package connect4

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/search"
)

// randomPositions plays random unfinished positions of 0..maxPly stones.
func randomPositions(seed uint64, n, maxPly int) []*State {
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []*State
	for len(out) < n {
		s := NewState()
		k := rng.IntN(maxPly + 1)
		for i := 0; i < k && !s.Over(); i++ {
			c := rng.IntN(Width)
			for !s.CanPlay(c) {
				c = (c + 1) % Width
			}
			s.Play(c)
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

// The bot's alpha-beta equals the plain negamax without cut-offs: value
// and move, for several evaluation and order settings.
func TestAlphaBetaEqualsNegamax(t *testing.T) {
	variants := []func(*AlphaBeta){
		func(*AlphaBeta) {},
		func(a *AlphaBeta) { a.Order.Enabled = false },
		func(a *AlphaBeta) { a.Order.Scope = ScopeNext; a.Order.ByTable = false },
		func(a *AlphaBeta) {
			a.Weights = Weights{ThreatExponent: 2, AcuteBonus: 1, OpponentWeight: 1.5, MaxReach: 3, QuickWins: true}
		},
	}
	n := 60
	if testing.Short() {
		n = 20
	}
	for vi, f := range variants {
		a := DefaultAlphaBeta()
		f(&a)
		h := a.Hooks()
		sr := a.Searcher()
		for i, s := range randomPositions(uint64(vi+1), n, 30) {
			for d := 1; d <= 5; d++ {
				want, wantMove := search.Minimax(s, d, h)
				r := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
				if !sameFloat(r.Value, want) || r.Move != wantMove {
					t.Fatalf("variant %d, position %d, depth %d:\n%s alpha-beta %v %d, negamax %v %d",
						vi, i, d, s, r.Value, r.Move, want, wantMove)
				}
			}
		}
	}
}

// Tables and aspiration windows keep the root value (and, without a
// table, the move) of the seed's search.
func TestAlphaBetaEnhancements(t *testing.T) {
	base := DefaultAlphaBeta()
	plain := base.Searcher()
	mods := map[string]func(*search.Config){
		"tt":          func(c *search.Config) { c.TTLog2 = 16 },
		"tt-always":   func(c *search.Config) { c.TTLog2, c.TTReplace = 8, search.ReplaceAlways },
		"aspiration":  func(c *search.Config) { c.Deepening, c.Aspiration, c.AspirationWidth = true, true, 0.1 },
		"asp-tt-jump": func(c *search.Config) { c.Deepening, c.Aspiration, c.TTLog2, c.DeepeningJump = true, true, 14, 2 },
	}
	n := 25
	if testing.Short() {
		n = 8
	}
	positions := randomPositions(7, n, 24)
	for name, f := range mods {
		a := base
		f(&a.Search)
		sr := a.Searcher()
		for i, s := range positions {
			for _, d := range []int{3, 6, 8} {
				want := plain.Negamax(context.Background(), s, game.Budget{Depth: d})
				got := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
				if !sameFloat(got.Value, want.Value) {
					t.Fatalf("%s, position %d, depth %d: value %v, plain %v", name, i, d, got.Value, want.Value)
				}
				if a.Search.TTLog2 == 0 && got.Move != want.Move {
					t.Fatalf("%s, position %d, depth %d: move %d, plain %d", name, i, d, got.Move, want.Move)
				}
			}
		}
	}
}

// Paranoid search with two players equals negamax (the evaluation is
// zero-sum with opponent_weight 1).
func TestAlphaBetaParanoid(t *testing.T) {
	sr := DefaultAlphaBeta().Searcher()
	for i, s := range randomPositions(11, 30, 30) {
		for _, d := range []int{2, 5, 7} {
			nm := sr.Negamax(context.Background(), s, game.Budget{Depth: d})
			pa := sr.Paranoid(context.Background(), s, game.Budget{Depth: d})
			if !sameFloat(nm.Value, pa.Value) || nm.Move != pa.Move {
				t.Fatalf("position %d, depth %d: negamax %v %d, paranoid %v %d", i, d, nm.Value, nm.Move, pa.Value, pa.Move)
			}
		}
	}
}

func TestAlphaBetaSpecParams(t *testing.T) {
	spec := AlphaBetaSpec()
	if spec.Name != "alphabeta" {
		t.Fatalf("name %q", spec.Name)
	}
	type want struct {
		kind     game.Kind
		def      any
		min, max float64
		choices  []string
	}
	table := map[string]want{ // connect4.md §5
		"depth":              {game.Int, 11, 1, 42, nil},
		"threat_exponent":    {game.Float, 1.0, 0, 4, nil},
		"acute_bonus":        {game.Float, 0.0, 0, 10, nil},
		"opponent_weight":    {game.Float, 1.0, 0, 4, nil},
		"max_reach":          {game.Int, 6, 1, 6, nil},
		"order_moves":        {game.Bool, true, 0, 0, nil},
		"order_threat_scope": {game.String, "column", 0, 0, []string{"column", "next"}},
		"order_by_table":     {game.Bool, true, 0, 0, nil},
		"prefer_quick_wins":  {game.Bool, false, 0, 0, nil},
		"aspiration":         {game.Bool, false, 0, 0, nil},
		"tt_log2":            {game.Int, 0, 0, search.MaxTTLog2, nil},
		"deepening":          {game.Bool, false, 0, 0, nil},
	}
	for i, name := range []string{"depth", "threat_exponent", "acute_bonus", "opponent_weight", "max_reach",
		"order_moves", "order_threat_scope", "order_by_table", "prefer_quick_wins"} {
		if spec.Params[i].Name != name {
			t.Errorf("parameter %d is %q, want %q", i, spec.Params[i].Name, name)
		}
	}
	for name, w := range table {
		p, ok := spec.Param(name)
		if !ok {
			t.Errorf("no parameter %q", name)
			continue
		}
		if p.Kind != w.kind || p.Default != w.def || p.Min != w.min || p.Max != w.max || len(p.Choices) != len(w.choices) {
			t.Errorf("%s: %v %v %v..%v %v, want %v %v %v..%v %v", name, p.Kind, p.Default, p.Min, p.Max, p.Choices,
				w.kind, w.def, w.min, w.max, w.choices)
		}
		for i := range w.choices {
			if p.Choices[i] != w.choices[i] {
				t.Errorf("%s: choices %v", name, p.Choices)
			}
		}
	}
	seen := map[string]bool{}
	for _, p := range spec.Params {
		if seen[p.Name] {
			t.Errorf("duplicate parameter %q", p.Name)
		}
		seen[p.Name] = true
		if _, err := p.Check(p.Default); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
	// the defaults build the default configuration
	if got := AlphaBetaFrom(spec.Defaults()); got != DefaultAlphaBeta() {
		t.Errorf("defaults: %+v\nwant %+v", got, DefaultAlphaBeta())
	}
	p, err := spec.Resolve(map[string]any{"depth": 5, "order_threat_scope": "next", "prefer_quick_wins": true, "tt_log2": 12, "aspiration_width": 2})
	if err != nil {
		t.Fatal(err)
	}
	a := AlphaBetaFrom(p)
	if a.Search.MaxDepth != 5 || a.Order.Scope != ScopeNext || !a.Weights.QuickWins || a.Search.TTLog2 != 12 || a.Search.AspirationWidth != 2 {
		t.Errorf("resolved: %+v", a)
	}
}

func newBot(t testing.TB, values map[string]any) game.Bot {
	t.Helper()
	b, _, err := AlphaBetaSpec().Build(values)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAlphaBetaBotBudgets(t *testing.T) {
	s := mustMoves(t, "3324")
	bot := newBot(t, nil)
	// a depth budget replaces the depth parameter
	m, err := bot.Step(context.Background(), s.Clone(), s.ToMove(), game.Budget{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultAlphaBeta()
	want.Search.MaxDepth = 6
	if r := want.Searcher().Negamax(context.Background(), s, game.Budget{}); r.Move != m {
		t.Errorf("depth budget 6: %d, depth-6 search %d", m, r.Move)
	}
	if d := bot.(*AlphaBetaBot).Last.Depth; d != 6 {
		t.Errorf("searched depth %d", d)
	}
	// node budget: deterministic, the deepest finished pass
	for _, n := range []int64{1, 500, 20000, 300000} {
		m1, _ := newBot(t, nil).Step(context.Background(), s.Clone(), s.ToMove(), game.Budget{Nodes: n})
		b2 := newBot(t, nil)
		m2, _ := b2.Step(context.Background(), s.Clone(), s.ToMove(), game.Budget{Nodes: n})
		last := b2.(*AlphaBetaBot).Last
		if m1 != m2 {
			t.Errorf("nodes %d: %d then %d", n, m1, m2)
		}
		if last.Nodes > n+1 || last.Depth > DefaultDepth {
			t.Errorf("nodes %d: %+v", n, last)
		}
		if last.Depth > 0 {
			ref := DefaultAlphaBeta()
			ref.Search.MaxDepth = last.Depth
			if r := ref.Searcher().Negamax(context.Background(), s, game.Budget{}); r.Move != m2 {
				t.Errorf("nodes %d: move %d, the depth-%d pass plays %d", n, m2, last.Depth, r.Move)
			}
		} else if m2 != 3 { // first ordered move: the centre
			t.Errorf("nodes %d: no pass finished, move %d", n, m2)
		}
		t.Logf("nodes %d: depth %d, %d nodes, move %d", n, last.Depth, last.Nodes, m2)
	}
	// A cancelled context and a short time budget stop the search (the
	// behaviour; how fast: BenchmarkAlphaBetaTimeBudget): a legal move,
	// and a search that the deadline cut (a depth-42 search of the empty
	// board would not end). hangBound only catches a search that ignores
	// them, generous under any load.
	const hangBound = 10 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	t0 := time.Now()
	b := newBot(t, map[string]any{"depth": 42})
	m, err = b.Step(ctx, NewState(), 0, game.Budget{})
	if last := b.(*AlphaBetaBot).Last; err != nil || !NewState().CanPlay(int(m)) || !last.Stopped || last.Depth > 0 || time.Since(t0) > hangBound {
		t.Errorf("cancelled: %d %v after %v, %+v", m, err, time.Since(t0), last)
	}
	t0 = time.Now()
	b = newBot(t, map[string]any{"depth": 42})
	m, err = b.Step(context.Background(), NewState(), 0, game.Budget{Time: 30 * time.Millisecond})
	if last := b.(*AlphaBetaBot).Last; err != nil || !NewState().CanPlay(int(m)) || !last.Stopped || last.Depth >= 42 || time.Since(t0) > hangBound {
		t.Errorf("time budget: %d %v after %v, %+v", m, err, time.Since(t0), last)
	}
	// wrong player, finished game
	if _, err := newBot(t, nil).Step(context.Background(), NewState(), 1, game.Budget{}); err == nil {
		t.Errorf("no error for the wrong player")
	}
}

func TestAlphaBetaTakesWin(t *testing.T) {
	s := mustMoves(t, "010101") // Player 1 to move has three in column 0
	m, err := newBot(t, map[string]any{"depth": 1}).Step(context.Background(), s, 0, game.Budget{})
	if err != nil || m != 0 {
		t.Fatalf("move %d %v, want the winning 0", m, err)
	}
	// Player 2 must block column 0
	s = mustMoves(t, "01010")
	m, _ = newBot(t, map[string]any{"depth": 2}).Step(context.Background(), s, 1, game.Budget{})
	if m != 0 {
		t.Fatalf("move %d, want the block at 0", m)
	}
}

// playMatch plays games between the bot and the random bot, alternating
// seats, and returns the bot's wins.
func playMatch(t testing.TB, values map[string]any, games int) (wins, draws int) {
	for g := 0; g < games; g++ {
		bot := newBot(t, values)
		rnd, _ := game.RandomSpec().New(nil)
		rnd.Reset(game.Mix(2026, uint64(g)))
		botSeat := g % 2
		s := NewState()
		for !s.Over() {
			var b game.Bot = rnd
			if s.ToMove() == botSeat {
				b = bot
			}
			m, err := b.Step(context.Background(), s.Clone(), s.ToMove(), game.Budget{})
			if err != nil || !s.CanPlay(int(m)) {
				t.Fatalf("game %d: move %d, %v", g, m, err)
			}
			s.Play(int(m))
		}
		switch s.Winner() {
		case botSeat:
			wins++
		case -1:
			draws++
		}
	}
	return wins, draws
}

func TestAlphaBetaBeatsRandom(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	wins, draws := playMatch(t, map[string]any{"depth": 5}, games)
	t.Logf("depth 5 vs random: %d wins, %d draws of %d", wins, draws, games)
	if wins*10 < games*9 {
		t.Fatalf("depth 5 won only %d of %d games against random", wins, games)
	}
}

// TOURNEY_LONG=1: the default bot (depth 11) against random, 200 games.
func TestAlphaBetaBeatsRandomLong(t *testing.T) {
	if !longTests() {
		t.Skip("set TOURNEY_LONG=1")
	}
	t0 := time.Now()
	wins, draws := playMatch(t, nil, 200)
	t.Logf("depth 11 vs random: %d wins, %d draws, %d losses of 200 (win rate %.1f%%) in %v",
		wins, draws, 200-wins-draws, float64(wins)/2, time.Since(t0).Round(time.Millisecond))
	if wins < 190 {
		t.Errorf("only %d wins", wins)
	}
}

// BenchmarkAlphaBetaTimeBudget: a 30 ms time budget on the empty board
// with depth 42 (the deadline ends every move); ms/op past the budget is
// the overrun (what TestAlphaBetaBotBudgets asserted with a 300 ms wall
// bound, which failed under load).
func BenchmarkAlphaBetaTimeBudget(b *testing.B) {
	const budget = 30 * time.Millisecond
	bot := newBot(b, map[string]any{"depth": 42})
	var over time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := bot.Step(context.Background(), NewState(), 0, game.Budget{Time: budget}); err != nil {
			b.Fatal(err)
		}
		over += time.Since(t0) - budget
	}
	b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overrun-ms/op")
}
