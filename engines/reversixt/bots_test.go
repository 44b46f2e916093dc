package reversixt

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/internal/shared"
	"tourney/engines/search"
)

// alphaBeta is the paranoid bot at its defaults with the alpha-beta
// search at any number of players (multi_search = "paranoid"): the tests
// of the search, its evaluation and its pins.
func alphaBeta() Paranoid {
	c := DefaultParanoid()
	c.MultiSearch = SearchParanoid
	return c
}

func botSpec(t testing.TB, name string) game.BotSpec {
	t.Helper()
	for _, b := range (Game{}).Bots() {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no bot %q", name)
	return game.BotSpec{}
}

func TestBotsRegistered(t *testing.T) {
	var names []string
	for _, b := range (Game{}).Bots() {
		names = append(names, b.Name)
	}
	if !slices.Equal(names, []string{"paranoid", "trivial", "random", "brs", "mcts"}) {
		t.Errorf("bots %v", names)
	}
}

// The parameters of spec §10.1–10.4 with their names, types, defaults and
// ranges.
func TestParanoidParams(t *testing.T) {
	type p struct {
		name     string
		kind     game.Kind
		def      any
		min, max float64
		choices  string
	}
	want := []p{
		{"aspiration", game.Bool, true, 0, 0, ""},
		{"aspiration_width", game.Int, 25, 1, 1000, ""},
		{"aspiration_factor", game.Float, 1.0, 0.1, 10, ""},
		{"deepening_start", game.Float, 0.5, 0.05, 0.95, ""},
		{"deepening_jump", game.Int, 2, 1, 3, ""},
		{"player_distance", game.Int, 16, 8, 64, ""},
		{"bonus_bomb_weight", game.Float, 1.0, 0, 4, ""},
		{"bonus_overwrite_weight", game.Float, 1.0, 0, 4, ""},
		{"choice_weight", game.Float, 1.0, 0, 4, ""},
		{"position_weight", game.Float, 1.0, 0, 4, ""},
		{"stones_weight", game.Float, 1.0, 0, 4, ""},
		{"break_even", game.Float, 0.5, 0.05, 0.95, ""},
		{"strat_corner", game.Int, 50, 0, 500, ""},
		{"strat_one", game.Int, -5, -100, 50, ""},
		{"strat_two", game.Int, 3, -20, 50, ""},
		{"strat_three", game.Int, 2, -20, 50, ""},
		{"strat_four", game.Int, 1, -20, 50, ""},
		{"strat_mode", game.String, "table", 0, 0, "table, reach"},
		{"corner_reach_factor", game.Float, 4.0, 0, 10, ""},
		{"corner_neighbour_share", game.Float, 0.5, 0, 1, ""},
		{"edge_reach_share", game.Float, 0.333, 0, 1, ""},
		{"bomb_value_factor", game.Float, 2.0, 0, 10, ""},
		{"overwrite_value_factor", game.Float, 10.0, 0, 20, ""}, // configs/reversixt-defaults.toml
		{"search", game.String, "paranoid", 0, 0, "paranoid"},
		{"use_ordering", game.Bool, true, 0, 0, ""},
		{"use_deepening", game.Bool, true, 0, 0, ""},
		{"max_depth", game.Int, 42, 1, 64, ""},
		{"bomb_focus_ahead", game.Float, 1.0, 0.1, 10, ""},
		{"bomb_focus_weight", game.Float, 2.0, 0, 10, ""},
		{"bomb_own_weight", game.Float, 1.0, 0, 10, ""},
	}
	spec := botSpec(t, "paranoid")
	for _, w := range want {
		got, ok := spec.Param(w.name)
		if !ok {
			t.Errorf("no parameter %s", w.name)
			continue
		}
		if got.Kind != w.kind || got.Default != w.def || got.Min != w.min || got.Max != w.max || strings.Join(got.Choices, ", ") != w.choices {
			t.Errorf("%s: %v default %v (%T) range %v..%v choices %v; want %v %v %v..%v %q",
				w.name, got.Kind, got.Default, got.Default, got.Min, got.Max, got.Choices, w.kind, w.def, w.min, w.max, w.choices)
		}
	}
	// Every parameter reaches the configuration: a changed value changes it.
	def := ParanoidFrom(spec.Defaults())
	if def.Search.MaxDepth != 42 || def.Search.DeepeningJump != 2 || def.Search.DeepeningFirst != 1 ||
		def.Search.DeepeningStart != 0.5 || !def.Search.Aspiration || def.Search.AspirationMinWidth != 25 ||
		def.Search.AspirationWidening > 1 || !def.Search.Deepening || !def.UseOrdering || def.Eval != DefaultEvalConfig() ||
		def.Bomb != DefaultBombConfig() || def.AspirationFactor != 1 {
		t.Errorf("defaults: %+v", def)
	}
	for _, prm := range spec.Params {
		var v any
		switch prm.Kind {
		case game.Bool:
			v = !prm.Default.(bool)
		case game.Int:
			v = int(prm.Min)
			if v == prm.Default {
				v = int(prm.Max)
			}
		case game.Float:
			v = prm.Min
			if v == prm.Default {
				v = prm.Max
			}
		case game.String:
			if len(prm.Choices) < 2 {
				continue
			}
			v = prm.Choices[0]
			if v == prm.Default {
				v = prm.Choices[1]
			}
		}
		vals, err := spec.Resolve(map[string]any{prm.Name: v})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprintf("%+v", ParanoidFrom(vals)) == fmt.Sprintf("%+v", def) {
			t.Errorf("parameter %s = %v does not change the configuration", prm.Name, v)
		}
	}
}

func TestBadParamsRejected(t *testing.T) {
	spec := botSpec(t, "paranoid")
	for _, c := range []map[string]any{
		{"aspiration_width": 0}, {"aspiration_width": 1001}, {"aspiration_width": 2.5},
		{"aspiration_factor": 0.05}, {"deepening_jump": 4}, {"deepening_start": 0.99},
		{"player_distance": 7}, {"break_even": 1.0}, {"strat_corner": -1}, {"strat_one": -101},
		{"strat_mode": "corners"}, {"search": "negamax"}, {"max_depth": 0}, {"max_depth": 65},
		{"bomb_focus_ahead": 11.0}, {"edge_reach_share": 1.5}, {"use_ordering": "yes"},
		{"no_such_param": 1},
	} {
		if _, err := spec.Resolve(c); err == nil {
			t.Errorf("%v accepted", c)
		}
	}
	if _, err := botSpec(t, "trivial").Resolve(map[string]any{"random_ties": 1}); err == nil {
		t.Error("trivial: random_ties = 1 accepted")
	}
}

// blastMap has no phase-1 move, so the game starts with bombs.
const blastMap = "11000/11000/00000/00022/00022"

func TestBombTargeting(t *testing.T) {
	s := newTiny(t, mapText(2, 0, 1, 1, blastMap))
	if s.Phase() != Phase2 || s.CurrentPlayer() != 0 {
		t.Fatalf("want phase 2 with player 1 to move:\n%s", s)
	}
	// Player 2 is the focus; the 3×3 blast on (3,3) is the first to take
	// all four of its stones.
	if f := BombFocus(s, 0, 1); f != 1 {
		t.Errorf("focus %d", f)
	}
	for _, name := range []string{"paranoid", "trivial"} {
		b, err := botSpec(t, name).New(botSpec(t, name).Defaults())
		if err != nil {
			t.Fatal(err)
		}
		b.Reset(1)
		a, err := b.Step(t.Context(), s.Clone(), 0, game.Budget{})
		if err != nil || s.ActionString(0, a) != "3,3" {
			t.Errorf("%s bombs %s (%v), want 3,3", name, s.ActionString(0, a), err)
		}
	}
	// Own stones weigh: with own weight 10 a blast near the own stones
	// is avoided even if it hits more foreign ones.
	s = newTiny(t, mapText(2, 0, 1, 1, "10200/00200/20000/00000/00000"))
	if s.Phase() != Phase2 {
		t.Fatalf("not phase 2:\n%s", s)
	}
	if f := BombFocus(s, 0, 1); f != 1 {
		t.Errorf("focus %d", f)
	}
	var bl blaster
	// (1,1) hits all 3 foreign stones and the own one: 2·3 + 3 − 1 = 8.
	if a := bl.bombTarget(s, 0, 1, 2, 1); s.ActionString(0, a) != "1,1" {
		t.Errorf("own weight 1: %s, want 1,1 (3 foreign, 1 own)", s.ActionString(0, a))
	}
	// (2,0) is the first to hit 2 foreign stones and no own one.
	if a := bl.bombTarget(s, 0, 1, 2, 10); s.ActionString(0, a) != "2,0" {
		t.Errorf("own weight 10: %s, want 2,0 (2 foreign, no own)", s.ActionString(0, a))
	}
}

func TestBombFocus(t *testing.T) {
	// Stones: player 1: 5, player 2: 8, player 3: 4, player 4 none.
	s := newTiny(t, mapText(4, 0, 1, 0, "11111/22222/22233/33000"))
	cnt := func(p int) int { return s.Count(p) }
	if cnt(0) != 5 || cnt(1) != 8 || cnt(2) != 4 {
		t.Fatalf("counts %d %d %d", cnt(0), cnt(1), cnt(2))
	}
	// Player 1: A = player 2 (gap 3), B = player 3 (gap 1).
	if f := BombFocus(s, 0, 1); f != 2 {
		t.Errorf("ahead 1: focus %d, want 2 (seat of player 3)", f)
	}
	if f := BombFocus(s, 0, 3); f != 1 {
		t.Errorf("ahead 3: focus %d, want 1", f)
	}
	// The leader has no A: B (player 1) is the focus.
	if f := BombFocus(s, 1, 1); f != 0 {
		t.Errorf("leader: focus %d, want 0", f)
	}
	// Player 4 (no stones) is last: A only, player 3.
	if f := BombFocus(s, 3, 1); f != 2 {
		t.Errorf("last: focus %d, want 2", f)
	}
	s.Disqualify(2)
	if f := BombFocus(s, 0, 1); f != 1 {
		t.Errorf("after disqualifying player 3: focus %d, want 1 (gap 3 ≤ gap 5 to player 4)", f)
	}
}

// The blast simulation agrees with the rules' blast on random phase-2
// positions of the example map (transitions, old holes).
func TestBlastSimulationMatchesRules(t *testing.T) {
	m := mustLoad(t, "example15")
	var bl blaster
	var lost [16]int
	checked := 0
	for seed := uint64(0); seed < 6; seed++ {
		s := NewState(m)
		rng := game.NewRand(seed)
		for !s.IsTerminal() {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			if s.Phase() == Phase2 {
				for _, a := range acts[:min(len(acts), 60)] {
					t0, _ := SplitAction(a)
					bl.lost(s, t0, &lost)
					var before [16]int
					for _, v := range s.board {
						before[v]++
					}
					s.Apply(a)
					var after [16]int
					for _, v := range s.board {
						after[v]++
					}
					s.Undo(a)
					for v := 0; v < 13; v++ {
						if before[v]-after[v] != lost[v] {
							t.Fatalf("bomb %s: value %d lost %d, simulated %d", s.ActionString(0, a), v, before[v]-after[v], lost[v])
						}
					}
					checked++
				}
			}
			s.Apply(acts[rng.IntN(len(acts))])
		}
	}
	if checked == 0 {
		t.Fatal("no phase-2 position reached")
	}
}

// CountsAfter agrees with Apply (before special effects) on random
// positions of the example map.
func TestCountsAfter(t *testing.T) {
	m := mustLoad(t, "example15")
	s := NewState(m)
	rng := game.NewRand(7)
	for i := 0; i < 60 && s.Phase() == Phase1; i++ {
		p := s.CurrentPlayer()
		var cnt [9]int
		for q := 0; q < s.n; q++ {
			cnt[q+1] = s.Count(q)
		}
		acts := s.LegalActions(p, nil)
		for _, a := range acts {
			t0, code := SplitAction(a)
			if v := s.board[t0]; v == Choice || v == Inversion {
				continue
			}
			got := CountsAfter(s, t0, p, cnt)
			s.Apply(a)
			for q := 0; q < s.n; q++ {
				if got[q+1] != s.Count(q) {
					t.Fatalf("move %s: player %d has %d, predicted %d", s.ActionString(p, a), q+1, s.Count(q), got[q+1])
				}
			}
			s.Undo(a)
			_ = code
		}
		s.Apply(acts[rng.IntN(len(acts))])
	}
}

// exact returns the stone difference (seat p minus the best other) with
// perfect play to the end, maximised by p and minimised by the others.
func exact(s *State, p int) int {
	if s.IsTerminal() || s.Phase() != Phase1 {
		best := math.MinInt
		for q := 0; q < s.n; q++ {
			if q != p {
				best = max(best, s.Count(q))
			}
		}
		return s.Count(p) - best
	}
	mover := s.CurrentPlayer()
	acts := s.LegalActions(mover, nil)
	v := math.MaxInt
	if mover == p {
		v = math.MinInt
	}
	for _, a := range acts {
		s.Apply(a)
		x := exact(s, p)
		s.Undo(a)
		if mover == p {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
	}
	return v
}

// With a search to the end the bot always picks a move with the best
// result (win, draw, loss) on small boards, where the greedy bot
// sometimes does not.
func TestParanoidFindsWinningMoves(t *testing.T) {
	m := mustLoad(t, "standard8")
	games := 12
	if raceEnabled {
		games = 4
	}
	trivialWrong := 0
	for seed := uint64(0); seed < uint64(games); seed++ {
		s := NewState(m)
		rng := game.NewRand(seed + 100)
		for s.Phase() == Phase1 && s.MoveNumber() < 51 {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			s.Apply(acts[rng.IntN(len(acts))])
		}
		if s.Phase() != Phase1 {
			continue
		}
		p := s.CurrentPlayer()
		acts := s.LegalActions(p, nil)
		best := math.MinInt
		outcome := map[game.Action]int{}
		for _, a := range acts {
			s.Apply(a)
			outcome[a] = cmp.Compare(exact(s, p), 0)
			s.Undo(a)
			best = max(best, outcome[a])
		}
		b := NewParanoidBot(alphaBeta())
		a, err := b.Step(t.Context(), s.Clone(), p, game.Budget{Depth: 64 - s.MoveNumber()})
		if err != nil {
			t.Fatal(err)
		}
		if outcome[a] != best {
			t.Errorf("seed %d: paranoid plays %s with outcome %d, the best is %d\n%s", seed, s.ActionString(p, a), outcome[a], best, s)
		}
		tb := &TrivialBot{}
		if ta, _ := tb.Step(t.Context(), s, p, game.Budget{}); outcome[ta] != best {
			trivialWrong++
		}
	}
	t.Logf("the greedy bot missed the best outcome in %d of %d positions", trivialWrong, games)
}

// A hand-made 5×5 end game, player 1 to move: the greedy capture of
// three stones on (2,0) loses, (1,0) and (1,4) win.
func TestParanoidAvoidsGreedyLoss(t *testing.T) {
	s := newTiny(t, mapText(2, 0, 0, 0, "00021/02221/10211/11222/10112"))
	p := s.CurrentPlayer()
	if p != 0 {
		t.Fatalf("player %d to move", p+1)
	}
	outcome := map[string]int{}
	for _, a := range s.LegalActions(p, nil) {
		s.Apply(a)
		outcome[s.ActionString(p, a)] = cmp.Compare(exact(s, p), 0)
		s.Undo(a)
	}
	want := map[string]int{"1,0": 1, "2,0": -1, "0,1": -1, "1,2": -1, "1,4": 1}
	if fmt.Sprint(outcome) != fmt.Sprint(want) {
		t.Fatalf("outcomes %v, want %v", outcome, want)
	}
	ta, _ := (&TrivialBot{}).Step(t.Context(), s, p, game.Budget{})
	if got := s.ActionString(p, ta); got != "2,0" {
		t.Errorf("trivial plays %s, want the greedy 2,0", got)
	}
	for _, d := range []int{6, 9} { // 6 empty fields: both see the end
		a, err := NewParanoidBot(alphaBeta()).Step(t.Context(), s.Clone(), p, game.Budget{Depth: d})
		if err != nil {
			t.Fatal(err)
		}
		if outcome[s.ActionString(p, a)] != 1 {
			t.Errorf("depth %d: paranoid plays %s, outcome %d", d, s.ActionString(p, a), outcome[s.ActionString(p, a)])
		}
	}
}

func sharedOrBuiltin(t *testing.T) []string {
	maps := []string{"standard8", "example15"}
	if raceEnabled || testing.Short() {
		return maps
	}
	for _, p := range sharedMapsIfAny() {
		maps = append(maps, p)
	}
	return maps
}

// sharedMapsIfAny lists the shared map collection without failing when it
// is missing.
func sharedMapsIfAny() []string {
	return sharedMapFiles(func(name, _ string) bool {
		_, bad := invalidShared[name]
		return strings.HasSuffix(name, ".map") && !bad
	})
}

// sharedMapFiles lists the paths of the files in the shared ReversiXT
// maps directory that keep takes (given the file's name and path), in
// the directory's order; nil without ../shared or that directory.
func sharedMapFiles(keep func(name, path string) bool) []string {
	root := shared.Root()
	if root == "" {
		return nil
	}
	dir := filepath.Join(root, "maps", "reversixt")
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if p := filepath.Join(dir, e.Name()); keep(e.Name(), p) {
			out = append(out, p)
		}
	}
	return out
}

// validMapFile reports whether name is a shared map file (.map or .txt)
// that is not among the invalid ones.
func validMapFile(name string) bool {
	_, bad := invalidShared[name]
	return !bad && (strings.HasSuffix(name, ".map") || strings.HasSuffix(name, ".txt"))
}

// Under a 1-node budget and with a cancelled context the bots still
// answer at once with a legal move, on every map.
func TestLegalUnderTinyBudgets(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range sharedOrBuiltin(t) {
		m, err := LoadMap(name)
		if err != nil {
			t.Fatal(err)
		}
		s := NewState(m)
		rng := game.NewRand(5)
		for i := 0; i < 6 && !s.IsTerminal(); i++ {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			s.Apply(acts[rng.IntN(len(acts))])
		}
		if s.IsTerminal() {
			continue
		}
		p := s.CurrentPlayer()
		for _, c := range []struct {
			ctx context.Context
			b   game.Budget
		}{
			{t.Context(), game.Budget{Nodes: 1}},
			{cancelled, game.Budget{}},
			{cancelled, game.Budget{Depth: 30}},
			{t.Context(), game.Budget{Time: time.Nanosecond}},
		} {
			for _, bot := range []game.Bot{NewParanoidBot(alphaBeta()), &TrivialBot{}} {
				stepsAtOnce(t, fmt.Sprintf("%s: %T", name, bot), bot, c.ctx, s, p, c.b)
			}
		}
	}
}

// stepsAtOnce fails unless bot, on a copy of s for seat p under budget b
// and context ctx, answers a legal move within 2 s; what names the map
// and the bot in the messages.
func stepsAtOnce(t *testing.T, what string, bot game.Bot, ctx context.Context, s *State, p int, b game.Budget) {
	t.Helper()
	t0 := time.Now()
	a, err := bot.Step(ctx, s.Clone(), p, b)
	if err != nil || !s.IsLegal(p, a) {
		t.Errorf("%s budget %v: %v (%v)", what, b, a, err)
	}
	if d := time.Since(t0); d > 2*time.Second {
		t.Errorf("%s budget %v took %v", what, b, d)
	}
}

// playGame plays a game of the two bots from a random opening and returns
// the stone counts.
func playGame(t testing.TB, m *Map, bots []game.Bot, seed uint64, plies int, b game.Budget) ([]float64, []game.Action) {
	s := openingState(t, m, seed, plies)
	for i, bot := range bots {
		bot.Reset(game.Mix(seed, uint64(i)+1))
	}
	var moves []game.Action
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		a, err := bots[p].Step(context.Background(), s.Clone(), p, b)
		if err != nil || !s.IsLegal(p, a) {
			t.Fatalf("seat %d: %v %v", p, a, err)
		}
		s.Apply(a)
		moves = append(moves, a)
	}
	return s.Returns(nil), moves
}

// openingState plays plies random moves (from seed) that do not end the
// first phase.
func openingState(t testing.TB, m *Map, seed uint64, plies int) *State {
	for try := uint64(0); ; try++ {
		s := NewState(m)
		rng := game.NewRand(game.Mix(seed, 0x09e4, try))
		for i := 0; i < plies && s.Phase() == Phase1; i++ {
			acts := s.LegalActions(s.CurrentPlayer(), nil)
			s.Apply(acts[rng.IntN(len(acts))])
		}
		if s.Phase() == Phase1 || try > 50 {
			return s
		}
	}
}

func TestDeterminism(t *testing.T) {
	for _, name := range []string{"standard8", "example15"} {
		m := mustLoad(t, name)
		mk := func() []game.Bot {
			bots := make([]game.Bot, m.NPlayers)
			for i := range bots {
				if i == 0 {
					bots[i] = &TrivialBot{RandomTies: true}
				} else {
					bots[i] = NewParanoidBot(alphaBeta())
				}
			}
			return bots
		}
		b := game.Budget{Nodes: 400}
		r1, m1 := playGame(t, m, mk(), 9, 4, b)
		r2, m2 := playGame(t, m, mk(), 9, 4, b)
		if !slices.Equal(r1, r2) || !slices.Equal(m1, m2) {
			t.Errorf("%s: two games with the same seed differ", name)
		}
	}
	// The same position searched twice: the same move and node count.
	s := openingState(t, mustLoad(t, "standard8"), 3, 20)
	b1, b2 := NewParanoidBot(alphaBeta()), NewParanoidBot(alphaBeta())
	a1, _ := b1.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 4})
	a2, _ := b2.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 4})
	if a1 != a2 || b1.Last.Nodes != b2.Last.Nodes || b1.Last.Depth != 4 {
		t.Errorf("moves %v %v, nodes %d %d, depth %d", a1, a2, b1.Last.Nodes, b2.Last.Nodes, b1.Last.Depth)
	}
}

// The search deepens 1, 1+j, … and its last iteration is the depth
// budget; under a node budget the move is that of the deepest finished
// iteration.
func TestDeepeningSchedule(t *testing.T) {
	s := openingState(t, mustLoad(t, "standard8"), 4, 16)
	for _, c := range []struct{ jump, budget, iters int }{{2, 6, 4}, {3, 6, 3}, {1, 3, 3}, {2, 1, 1}} {
		p := alphaBeta()
		p.Search.DeepeningJump = c.jump
		b := NewParanoidBot(p)
		if _, err := b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: c.budget}); err != nil {
			t.Fatal(err)
		}
		if b.Last.Depth != c.budget || b.Last.Iterations != c.iters {
			t.Errorf("jump %d budget %d: depth %d after %d iterations, want %d", c.jump, c.budget, b.Last.Depth, b.Last.Iterations, c.iters)
		}
	}
	// max_depth caps a depth budget and the default depth.
	p := alphaBeta()
	p.Search.MaxDepth = 2
	b := NewParanoidBot(p)
	b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 5})
	if b.Last.Depth != 2 {
		t.Errorf("max_depth 2: depth %d", b.Last.Depth)
	}
	b = NewParanoidBot(alphaBeta())
	b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{})
	if b.Last.Depth != DefaultDepth {
		t.Errorf("no budget: depth %d", b.Last.Depth)
	}
}

// max_leaves drops the running iteration under a depth budget, at the
// same point every time.
func TestMaxLeavesCap(t *testing.T) {
	s := openingState(t, mustLoad(t, "standard8"), 4, 16)
	p := alphaBeta()
	p.MaxLeaves = 300
	var moves []game.Action
	var depths []int
	for i := 0; i < 2; i++ {
		b := NewParanoidBot(p)
		a, err := b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 7})
		if err != nil || !s.IsLegal(s.CurrentPlayer(), a) {
			t.Fatalf("%v %v", a, err)
		}
		moves, depths = append(moves, a), append(depths, b.Last.Depth)
		if !b.Last.Stopped || b.Last.Depth >= 7 || b.Last.Depth < 1 {
			t.Errorf("capped search: stopped %v depth %d", b.Last.Stopped, b.Last.Depth)
		}
	}
	if moves[0] != moves[1] || depths[0] != depths[1] {
		t.Errorf("capped searches differ: %v %v", moves, depths)
	}
	p.MaxLeaves = 0
	b := NewParanoidBot(p)
	b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 5})
	if b.Last.Stopped || b.Last.Depth != 5 {
		t.Errorf("uncapped: stopped %v depth %d", b.Last.Stopped, b.Last.Depth)
	}
}

// The search with the bot's hooks agrees with plain max/min search.
func TestSearchMatchesPlainParanoid(t *testing.T) {
	for _, name := range []string{"standard8", "example15"} {
		m := mustLoad(t, name)
		for seed := uint64(0); seed < 3; seed++ {
			s := openingState(t, m, seed, 10)
			p := alphaBeta()
			p.Search.Aspiration = true
			b := NewParanoidBot(p)
			b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 3})
			// Same root data, plain search over the same filtered moves.
			e := newEvaluator(p.Eval)
			e.setRoot(s, s.CurrentPlayer())
			h := search.Hooks{Evaluate: func(gs game.State, pl, ply int) float64 { return e.value(gs.(*searchState).State, pl) }}
			v, _ := search.ParanoidMinimax(&searchState{State: s.Clone().(*State), bonus: e.bonus}, 3, h)
			if !near(v, b.Last.Value) {
				t.Errorf("%s seed %d: search value %v, plain %v", name, seed, b.Last.Value, v)
			}
		}
	}
}

// Bots of different games run in parallel without sharing state.
func TestParallelBots(t *testing.T) {
	m := mustLoad(t, "standard8")
	want, _ := playGame(t, m, []game.Bot{NewParanoidBot(alphaBeta()), &TrivialBot{}}, 1, 4, game.Budget{Depth: 2})
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, _ := playGame(t, m, []game.Bot{NewParanoidBot(alphaBeta()), &TrivialBot{}}, 1, 4, game.Budget{Depth: 2})
			if !slices.Equal(got, want) {
				t.Errorf("parallel game differs: %v vs %v", got, want)
			}
		}()
	}
	wg.Wait()
}

// matchScore plays seat-rotated games of paranoid against trivial on a
// 2-player map and returns paranoid's wins, draws and losses.
func matchScore(t *testing.T, m *Map, pairs int, b game.Budget) (w, d, l int) {
	for g := 0; g < pairs; g++ {
		seed := game.Mix(2026, uint64(g))
		for seat := 0; seat < 2; seat++ {
			bots := []game.Bot{&TrivialBot{}, &TrivialBot{}}
			bots[seat] = NewParanoidBot(alphaBeta())
			r, _ := playGame(t, m, bots, seed, 4, b)
			switch {
			case r[seat] > r[1-seat]:
				w++
			case r[seat] == r[1-seat]:
				d++
			default:
				l++
			}
		}
	}
	return
}

// gameCount is the number of games (or rounds) of a test that counts
// wins: full, or short under -short. Under the race detector it skips t:
// a count of games, not of goroutines, which CI's second pass plays
// without the race detector.
func gameCount(t *testing.T, full, short int) int {
	t.Helper()
	if raceEnabled {
		t.Skip("a count of games, not of goroutines: CI's second pass plays it without the race detector")
	}
	if testing.Short() {
		return short
	}
	return full
}

// The acceptance figure: paranoid at depth 3 scores at least 80% against
// trivial on the built-in 2-player maps (40 seat-rotated games from random
// openings on each).
func TestParanoidBeatsTrivial(t *testing.T) {
	pairs := gameCount(t, 20, 5)
	for _, name := range []string{"standard8", "duel10"} {
		m := mustLoad(t, name)
		w, d, l := matchScore(t, m, pairs, game.Budget{Depth: 3})
		score := (float64(w) + 0.5*float64(d)) / float64(w+d+l)
		t.Logf("%s, depth 3: paranoid W %d D %d L %d = %.1f%%", name, w, d, l, 100*score)
		if score < 0.8 {
			t.Errorf("%s: paranoid scores %.1f%% against trivial, want ≥ 80%%", name, 100*score)
		}
	}
}

// TOURNEY_LONG=1: 100 seat-rotated games on every 2-player map of maps/;
// paranoid must score at least 80% on each.
func TestParanoidBeatsTrivialLong(t *testing.T) {
	if os.Getenv("TOURNEY_LONG") == "" {
		t.Skip("TOURNEY_LONG=1 runs it")
	}
	ents, err := builtinFS.ReadDir("maps")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, err := builtinFS.ReadFile("maps/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseMap(e.Name(), data)
		if err != nil {
			t.Fatal(err)
		}
		if m.NPlayers != 2 {
			continue
		}
		w, d, l := matchScore(t, m, 50, game.Budget{Depth: 3})
		score := (float64(w) + 0.5*float64(d)) / float64(w+d+l)
		t.Logf("%s, depth 3: paranoid W %d D %d L %d = %.1f%%", e.Name(), w, d, l, 100*score)
		want := 0.8
		if score < want {
			t.Errorf("%s: paranoid scores %.1f%%, want ≥ %.0f%%", e.Name(), 100*score, 100*want)
		}
	}
}
