package reversixt

import (
	"math"
	"testing"

	"tourney/engines/game"
)

// rank_value = "soft" (more than 2 active players): V is the soft count
// of the opponents beaten, Stock(p) + Σ T·tanh((Score(p) − Score(q))/T)
// / (n_act − 1),
// with T = rank_width × m × fields / n_act; with 2 active players V is
// rule 4's, the same under both values.
func TestRankSoftValue(t *testing.T) {
	s := newTiny(t, mapText(3, 1, 1, 1, "1220/1300/1000/0000"))
	ec := DefaultEvalConfig()
	ec.RankValue, ec.RankWidth = RankSoft, 0.5
	e := newEvaluator(ec)
	e.setRoot(s, 0)
	sc, _ := e.scores(s)
	own := sc[0]
	tw := 0.5 * 16 * 16 / 3.0 // 16 fields, no hole, 3 active
	want := float64(s.bombs[0])*e.vb + float64(s.ow[0])*e.vo +
		(tw*math.Tanh((own-sc[1])/tw)+tw*math.Tanh((own-sc[2])/tw))/2
	if got := e.value(s, 0); !near(got, want) {
		t.Errorf("soft V = %v, want %v", got, want)
	}
	// A field taken from an opponent level with p moves V more than one
	// taken from an opponent far behind (the soft count's point), where
	// the rank distance weighs the far one no less than the near one when
	// they are ranked alike.
	if d1, d2 := (own-sc[1])/tw, (own-sc[2])/tw; math.Abs(d1) != math.Abs(d2) {
		near, far := 1, 2
		if math.Abs(d1) > math.Abs(d2) {
			near, far = 2, 1
		}
		slope := func(q int) float64 { return 1 - math.Pow(math.Tanh((own-sc[q])/tw), 2) }
		if !(slope(near) > slope(far)) {
			t.Errorf("slopes near %v far %v", slope(near), slope(far))
		}
	}
	// Two active players: rule 4 under both values.
	s.Disqualify(2)
	e.setRoot(s, 0)
	d := newEvaluator(DefaultEvalConfig())
	d.setRoot(s, 0)
	if a, b := e.value(s, 0), d.value(s, 0); !near(a, b) {
		t.Errorf("2 active players: soft V %v, distance V %v", a, b)
	}
}

// The knob plays: with 3 and 4 players rank_value = "soft" chooses other
// moves than the rank distances at some of the pin positions; with 2
// players it changes no move and no node.
func TestRankSoftPlaysDifferently(t *testing.T) {
	soft := pinBot(t, map[string]any{ParamRankValue: RankSoft})
	dist := pinBot(t, map[string]any{ParamRankValue: RankDistance})
	differ := map[string]int{}
	for _, name := range []string{"tri13", "cross14", "duel10"} {
		m := mustLoad(t, name)
		for _, mv := range pinPositions(t, m) {
			s := pinState(t, m, mv)
			a1, a2 := pinMove(t, soft, s, 3), pinMove(t, dist, s, 3)
			if a1 != a2 {
				differ[name]++
			}
			if name == "duel10" && (a1 != a2 || soft.Last.Nodes != dist.Last.Nodes) {
				t.Errorf("duel10 %v: 2 players, soft plays %v in %d nodes, distance %v in %d", mv, a1, soft.Last.Nodes, a2, dist.Last.Nodes)
			}
		}
	}
	if differ["tri13"]+differ["cross14"] == 0 {
		t.Errorf("with 3 and 4 players rank_value = soft played the distance value's move at every position")
	}
	t.Logf("positions with another move: %v", differ)
}

// multi_search = "mcts" plays a move of a game with more than 2 active
// players as the mcts bot at its defaults would, on the paranoid bot's
// evaluation (here with a knob changed, which the mcts bot must see), and
// reports its nodes; with 2 players it is the paranoid search, move for
// move and node for node.
func TestMultiSearchMCTS(t *testing.T) {
	knobs := map[string]any{ParamPositionWeight: 0.0, ParamStratCorner: 0}
	multi := pinBot(t, map[string]any{ParamMultiSearch: SearchMCTS, ParamPositionWeight: 0.0, ParamStratCorner: 0})
	para := pinBot(t, knobs)
	mc := DefaultMCTS()
	mc.Eval = ParanoidFrom(mustResolve(t, knobs)).Eval
	differ := 0
	for _, name := range []string{"tri13", "cross14", "duel10"} {
		m := mustLoad(t, name)
		for i, mv := range pinPositions(t, m) {
			s := pinState(t, m, mv)
			bud := game.Budget{Nodes: 3000}
			multi.Reset(uint64(i))
			a1, err := multi.Step(t.Context(), s.Clone(), s.CurrentPlayer(), bud)
			if err != nil {
				t.Fatal(err)
			}
			if name == "duel10" {
				a2, _ := para.Step(t.Context(), s.Clone(), s.CurrentPlayer(), bud)
				if a1 != a2 || multi.Last.Nodes != para.Last.Nodes {
					t.Errorf("duel10 %v: 2 players, multi_search = mcts plays %v in %d nodes, paranoid %v in %d", mv, a1, multi.Last.Nodes, a2, para.Last.Nodes)
				}
				continue
			}
			ref := NewMCTSBot(mc)
			ref.Reset(uint64(i))
			a2, _ := ref.Step(t.Context(), s.Clone(), s.CurrentPlayer(), bud)
			if a1 != a2 || multi.LastMove().Nodes != ref.Last.Nodes || ref.Last.Nodes == 0 {
				t.Errorf("%s %v: multi_search = mcts plays %v in %d nodes, the mcts bot %v in %d", name, mv, a1, multi.LastMove().Nodes, a2, ref.Last.Nodes)
			}
			if a3, _ := para.Step(t.Context(), s.Clone(), s.CurrentPlayer(), bud); a3 != a1 {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("with 3 and 4 players multi_search = mcts played the paranoid search's move at every position")
	}
	t.Logf("positions where mcts and paranoid differ: %d", differ)
}

func mustResolve(t testing.TB, params map[string]any) game.Params {
	t.Helper()
	p, err := ParanoidSpec().Resolve(params)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
