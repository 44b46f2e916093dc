package reversixt

import (
	"math"
	"testing"

	"tourney/engines/game"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func at(m *Map, v []float64, x, y int) float64 { return v[m.Index(x, y)] }

func TestPassagesAndTableMap(t *testing.T) {
	m := mustLoad(t, "standard8")
	sm := StrategicMap(m, DefaultEvalConfig())
	for _, c := range []struct {
		x, y int
		want float64
	}{
		{0, 0, 50}, {7, 0, 50}, {0, 7, 50}, {7, 7, 50}, // corners: 0 passages
		{3, 0, -5}, {0, 4, -5}, {1, 0, -5}, // edges: 1 passage
		{1, 1, 1}, {3, 3, 1}, // inside: 4 passages
	} {
		if got := at(m, sm, c.x, c.y); got != c.want {
			t.Errorf("standard8 (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}

	// A hole in the middle of a 4×4 map and a transition joining the top
	// of column 0 to its bottom.
	s := newTiny(t, mapText(2, 0, 0, 0, "0000/0000/00-0/0000", "0 0 0 <-> 0 3 4"))
	m = s.m
	ec := DefaultEvalConfig()
	ec.StratCorner, ec.StratOne, ec.StratTwo, ec.StratThree, ec.StratFour = 100, 10, 20, 30, 40
	sm = StrategicMap(m, ec)
	pass := Passages(m)
	for _, c := range []struct {
		x, y, pass int
	}{
		{3, 0, 0},  // true corner
		{0, 0, 1},  // vertical through the transition
		{0, 3, 1},  // the other end
		{1, 0, 1},  // edge
		{1, 1, 3},  // diagonal to (2,2) is a hole
		{2, 1, 3},  // vertical ends at the hole
		{3, 2, 1},  // right of the hole, on the edge
		{2, 2, -1}, // hole
		{1, 2, 3},
	} {
		if got := pass[m.Index(c.x, c.y)]; got != c.pass {
			t.Errorf("passages (%d,%d) = %d, want %d", c.x, c.y, got, c.pass)
		}
		want := 0.0
		if c.pass >= 0 {
			want = [5]float64{100, 10, 20, 30, 40}[c.pass]
		}
		if got := at(m, sm, c.x, c.y); got != want {
			t.Errorf("table value (%d,%d) = %v, want %v", c.x, c.y, got, want)
		}
	}
	// 2 passages: (1,1) of a 3×3 map with holes at (0,0) and (1,0).
	s = newTiny(t, mapText(2, 0, 0, 0, "--0/000/000"))
	if got := Passages(s.m)[s.m.Index(1, 1)]; got != 2 {
		t.Errorf("(1,1) next to two holes: %d passages, want 2", got)
	}
}

func TestReachMap(t *testing.T) {
	m := mustLoad(t, "standard8")
	ec := DefaultEvalConfig()
	ec.StratMode = StratReach
	reach := Reach(m)
	// A corner: three lines of 7 fields, 6 capturable each.
	if got := reach[m.Index(0, 0)]; got != 18 {
		t.Errorf("reach of a corner = %d, want 18", got)
	}
	// (3,0): left 3 fields, right 4, down 7, down-left 3, down-right 4.
	if got := reach[m.Index(3, 0)]; got != 2+3+6+2+3 {
		t.Errorf("reach of (3,0) = %d, want 16", got)
	}
	sm := StrategicMap(m, ec)
	corner := 4.0 * 18
	for _, c := range []struct {
		x, y int
		want float64
	}{
		{0, 0, corner},
		{1, 0, -5 + 0.333*16 - 0.5*corner}, // edge next to a corner: reach 0+5+6+0+5
		{6, 7, -5 + 0.333*16 - 0.5*corner}, // the same next to (7,7)
		{1, 1, 1 - 0.5*corner},             // inside next to a corner
		{3, 0, -5 + 0.333*16},              // edge
		{3, 3, 1},                          // inside
	} {
		if got := at(m, sm, c.x, c.y); !near(got, c.want) {
			t.Errorf("reach value (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestBlend(t *testing.T) {
	for _, c := range []struct{ g, be, want float64 }{
		{0, 0.5, 0}, {0.5, 0.5, 0.5}, {1, 0.5, 1}, {0.25, 0.5, 0.25}, {0.75, 0.5, 0.75},
		{0.1, 0.2, 0.25}, {0.2, 0.2, 0.5}, {0.6, 0.2, 0.75}, {0.9, 0.8, 0.75},
		{-1, 0.5, 0}, {2, 0.5, 1},
	} {
		if got := Blend(c.g, c.be); !near(got, c.want) {
			t.Errorf("Blend(%v, %v) = %v, want %v", c.g, c.be, got, c.want)
		}
	}
}

func TestAspirationWindow(t *testing.T) {
	for _, c := range []struct {
		min, f, g float64
		h, w      int
		want      float64
	}{
		{25, 1, 0.5, 8, 8, 25},    // 0.2·64 = 12.8 < 25
		{25, 4, 0.5, 8, 8, 51.2},  // 4·12.8
		{25, 1, 0, 50, 50, 25},    // sin 0 = 0
		{25, 1, 0.5, 50, 50, 500}, // 0.2·2500
		{1, 1, 1.0 / 6, 10, 20, 20},
	} {
		if got := AspirationWindow(c.min, c.f, c.g, c.h, c.w); !near(got, c.want) {
			t.Errorf("AspirationWindow(%v, %v, %v, %d, %d) = %v, want %v", c.min, c.f, c.g, c.h, c.w, got, c.want)
		}
	}
}

// The bot sets the search's window per move from the root's progress.
func TestBotAspirationWidthPerMove(t *testing.T) {
	m := mustLoad(t, "standard8")
	s := NewState(m)
	rng := game.NewRand(3)
	for i := 0; i < 30; i++ { // 30 of 60 free fields: g = 0.5
		if s.IsTerminal() {
			t.Fatal("game over in the opening")
		}
		acts := s.LegalActions(s.CurrentPlayer(), nil)
		s.Apply(acts[rng.IntN(len(acts))])
	}
	g := float64(30) / 60
	p := alphaBeta()
	p.AspirationFactor = 5
	b := NewParanoidBot(p)
	if _, err := b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	// standard8 has 2 players: the evaluation's multiplier is 1, and the
	// widths (given for m = 16) are scaled by 1/16.
	cfg := b.sr.Config()
	want := 5 * 0.2 * math.Sin(math.Pi*g) * 64 / 16
	if !near(cfg.AspirationWidth, want) || !near(cfg.AspirationMinWidth, 25.0/16) || !near(max(cfg.AspirationWidth, cfg.AspirationMinWidth), AspirationWindow(25, 5, g, 8, 8)/16) {
		t.Errorf("window %v (min %v), want %v (min %v)", cfg.AspirationWidth, cfg.AspirationMinWidth, want, 25.0/16)
	}
	// The legacy scale keeps the widths as given.
	p.Eval.LegacyScale = true
	b = NewParanoidBot(p)
	if _, err := b.Step(t.Context(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	if cfg := b.sr.Config(); !near(cfg.AspirationWidth, want*16) || cfg.AspirationMinWidth != 25 {
		t.Errorf("legacy window %v (min %v), want %v (min 25)", cfg.AspirationWidth, cfg.AspirationMinWidth, want*16)
	}
}

func TestSpecialStoneValues(t *testing.T) {
	s := newTiny(t, mapText(3, 1, 1, 2, "0000/0120/0300/0000"))
	ec := DefaultEvalConfig()
	if got := BombValue(ec, s.m, 2); got != 2*25 {
		t.Errorf("Vb 2 players = %v", got)
	}
	if got := BombValue(ec, s.m, 3); got != 2*25*16 {
		t.Errorf("Vb 3 players = %v", got)
	}
	vo := ec.OverwriteValueFactor * 16.0 / 8 // H·W/(H+W) = 16/8 on 4×4
	if got := OverwriteValue(ec, s.m, 2); got != vo {
		t.Errorf("Vo 2 players = %v", got)
	}
	if got := OverwriteValue(ec, s.m, 3); got != vo*16 {
		t.Errorf("Vo 3 players = %v", got)
	}
	// Recomputed after a disqualification: 2 active players, no ×K.
	e := newEvaluator(ec)
	e.setRoot(s, 0)
	if e.vb != 800 || e.active != 3 {
		t.Errorf("root values %v, %d active", e.vb, e.active)
	}
	s.Disqualify(2)
	e.setRoot(s, 0)
	if e.vb != 50 || e.vo != vo || e.active != 2 {
		t.Errorf("after disqualification Vb %v Vo %v, %d active", e.vb, e.vo, e.active)
	}
}

func TestBonusRule(t *testing.T) {
	ec := DefaultEvalConfig()
	if BonusCode(ec, 50, 20, 2) != CodeBomb || BonusCode(ec, 10, 20, 2) != CodeOverwrite || BonusCode(ec, 20, 20, 2) != CodeBomb {
		t.Error("2 players: bomb iff Vb ≥ Vo")
	}
	ec.BonusBomb, ec.BonusOverwrite = 0.5, 2
	if BonusCode(ec, 50, 20, 3) != CodeOverwrite || BonusCode(ec, 90, 20, 3) != CodeBomb {
		t.Error("3 players: bomb iff wb·Vb ≥ wo·Vo")
	}
	if BonusCode(ec, 10, 20, 2) != CodeOverwrite || BonusCode(ec, 30, 20, 2) != CodeBomb {
		t.Error("2 players ignore the weights")
	}

	// In the bot: a bonus field is searched with the rule's variant only.
	// Strength 2 and a 4×4 map: Vb = 50 ≥ Vo = 10 → bomb.
	text := mapText(2, 0, 1, 2, "b210/0000/0000/0000")
	s := newTiny(t, text)
	if got := targets(s); len(got) != 1 || got[0] != "0,0" {
		t.Fatalf("targets %v", got)
	}
	b := NewParanoidBot(alphaBeta())
	a, err := b.Step(t.Context(), s.Clone(), 0, game.Budget{Depth: 3})
	if err != nil || a != MakeAction(0, CodeBomb) {
		t.Errorf("move %v (%v), want the bomb variant", s.ActionString(0, a), err)
	}
	ws := &searchState{State: s, bonus: CodeOverwrite}
	if acts := ws.LegalActions(0, nil); len(acts) != 1 || acts[0] != MakeAction(0, CodeOverwrite) {
		t.Errorf("filtered actions %v", acts)
	}
	// Strength 0: Vb = 2 < Vo = 10 → overwrite stone.
	s = newTiny(t, mapText(2, 0, 1, 0, "b210/0000/0000/0000"))
	a, err = NewParanoidBot(alphaBeta()).Step(t.Context(), s.Clone(), 0, game.Budget{Depth: 3})
	if err != nil || a != MakeAction(0, CodeOverwrite) {
		t.Errorf("move %v (%v), want the overwrite variant", s.ActionString(0, a), err)
	}
}

func TestMoveGain(t *testing.T) {
	// Player 1 on (0,0) side: a move on (3,0) flips (1,0) and (2,0).
	s := newTiny(t, mapText(2, 1, 0, 0, "1220/0000/0000/0000"))
	e := newEvaluator(DefaultEvalConfig())
	e.setRoot(s, 0)
	sm := e.strat
	// 2 active players: w = 1 for every field (spec §10.2 rule 3).
	want := sm[3] + sm[1] + sm[2]
	if got := e.cellGain(s, 3, 0); !near(got, want) {
		t.Errorf("gain %v, want %v", got, want)
	}
	// An overwrite move on (2,0) flips (1,0) and costs Vo.
	want = sm[1] + sm[2] - e.vo
	if got := e.cellGain(s, 2, 0); !near(got, want) {
		t.Errorf("overwrite gain %v, want %v", got, want)
	}
	// The first spec version's scale: empty ×K, taken ×(K − 1).
	ec := DefaultEvalConfig()
	ec.LegacyScale = true
	e = newEvaluator(ec)
	e.setRoot(s, 0)
	k := 16.0
	want = sm[3]*k + (sm[1]+sm[2])*(k-1)
	if got := e.cellGain(s, 3, 0); !near(got, want) {
		t.Errorf("legacy gain %v, want %v", got, want)
	}

	// 3 active players: w = K for a field nobody owned, K − rd for one
	// taken from seat q (ranked by Score).
	s = newTiny(t, mapText(3, 1, 0, 0, "1220/1300/1000/0000"))
	e = newEvaluator(DefaultEvalConfig())
	e.setRoot(s, 0)
	sm = e.strat
	rd := float64(e.rd[0][1])
	if rd < 1 {
		t.Fatalf("rank distance %v", rd)
	}
	want = sm[3]*k + (sm[1]+sm[2])*(k-rd)
	if got := e.cellGain(s, 3, 0); !near(got, want) {
		t.Errorf("3 players: gain %v, want %v", got, want)
	}
}

func TestLeafValue(t *testing.T) {
	// 2 players: V = Score(p) + Stock(p) − Score(q), m = 1.
	s := newTiny(t, mapText(2, 2, 1, 1, "1200/0120/0000/0000"))
	ec := DefaultEvalConfig()
	e := newEvaluator(ec)
	e.setRoot(s, 0)
	sm := e.strat
	bl := Blend(0, 0.5) // no stone added yet
	s1 := (1-bl)*(sm[m4(0, 0)]+sm[m4(1, 1)]) + bl*2
	s2 := (1-bl)*(sm[m4(0, 1)]+sm[m4(1, 2)]) + bl*2
	want := s1 + 2*OverwriteValue(ec, s.m, 2) + 1*BombValue(ec, s.m, 2) - s2
	if got := e.value(s, 0); !near(got, want) {
		t.Errorf("V = %v, want %v", got, want)
	}
	// Legacy: V = K·S1 + Stock(p) − (K − 1)/K · K·S2.
	ec.LegacyScale = true
	e = newEvaluator(ec)
	e.setRoot(s, 0)
	k := 16.0
	want = k*s1 + 2*OverwriteValue(ec, s.m, 2) + 1*BombValue(ec, s.m, 2) - (k-1)/k*k*s2
	if got := e.value(s, 0); !near(got, want) {
		t.Errorf("legacy V = %v, want %v", got, want)
	}
}

// One ratio in every game (spec §10.2 rule 5): the fields' values carry
// K exactly when the stock values do, so the worth of an overwrite stone
// or a bomb against a stone on the board, and against a field in the move
// gain, is the same with 2 active players as with 3. (The first spec
// version put K on Score in every game: with 2 players an overwrite
// stone was worth 1/16 of a stone's share of what it is with 3.)
func TestOneRatioAnyPlayers(t *testing.T) {
	s := newTiny(t, mapText(3, 1, 1, 1, "1220/1300/1000/0000"))
	ec := DefaultEvalConfig()
	// base is Score(0) without its multiplier, computed from the board.
	base := func(e *evaluator) float64 {
		_, _, stones := e.tally(s)
		bl := Blend(e.progress(stones), ec.BreakEven)
		sum, cnt := 0.0, 0
		for c, v := range s.board {
			if v == 1 {
				sum += e.strat[c]
				cnt++
			}
		}
		return (1-bl)*ec.PositionWeight*sum + bl*ec.StonesWeight*float64(cnt)
	}
	type ratios struct{ score, vo, vb, field float64 }
	measure := func() ratios {
		e := newEvaluator(ec)
		e.setRoot(s, 0)
		sc, _ := e.scores(s)
		m := sc[0] / base(e) // the multiplier Score carries
		return ratios{m, e.vo / m, e.vb / m, e.wt[0][Empty] / m}
	}
	three := measure()
	s.Disqualify(2)
	two := measure()
	if !near(three.score, 16) || !near(two.score, 1) {
		t.Errorf("Score's multiplier: %v with 3 active players, %v with 2; want 16 and 1", three.score, two.score)
	}
	if !near(three.vo, two.vo) || !near(three.vb, two.vb) || !near(three.field, two.field) {
		t.Errorf("stock and field per unit of Score: 3 players Vo %v Vb %v field %v, 2 players Vo %v Vb %v field %v",
			three.vo, three.vb, three.field, two.vo, two.vb, two.field)
	}
}

func m4(y, x int) int { return y*4 + x }

// With more than two active players the two scales are one evaluation
// (multiplier K, rank-distance weights and stock values ×K under both),
// so score_scale alone changes no move and no node there: the reason why
// the promoted defaults and configs/reversixt/legacy.toml play the same
// multi-player games wherever the overwrite stones' weight (10 against 5)
// changes no choice. With two players the same positions differ.
func TestScaleSameWithMorePlayers(t *testing.T) {
	ratio := pinBot(t, map[string]any{})
	legacy := pinBot(t, map[string]any{ParamScoreScale: ScaleLegacy})
	differ := map[string]int{}
	for _, name := range []string{"tri13", "cross14", "duel10"} {
		m := mustLoad(t, name)
		for _, mv := range pinPositions(t, m)[1:4] {
			s := pinState(t, m, mv)
			a1, a2 := pinMove(t, ratio, s, 3), pinMove(t, legacy, s, 3)
			if a1 != a2 || ratio.Last.Nodes != legacy.Last.Nodes {
				differ[name]++
			}
		}
	}
	if differ["tri13"]+differ["cross14"] != 0 {
		t.Errorf("with 3 and 4 players the scales played differently at %d positions", differ["tri13"]+differ["cross14"])
	}
	if differ["duel10"] == 0 {
		t.Errorf("with 2 players the scales played the same at every position: the test shows nothing")
	}
}
