package speed

import (
	"context"
	"math"
	"testing"

	"tourney/engines/game"
)

// buildBot is spec's bot with values, reset to seed 1, as a B.
func buildBot[B game.Bot](t *testing.T, spec game.BotSpec, values map[string]any) B {
	t.Helper()
	b, _, err := spec.Build(values)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset(1)
	return b.(B)
}

func newRisk(t *testing.T, values map[string]any) *riskBot {
	t.Helper()
	return buildBot[*riskBot](t, RiskSpec(), values)
}

// only enables the named module (and MoveCalculation) of the risk bot.
func only(module string, extra map[string]any) map[string]any {
	v := map[string]any{ParamUseOpponents: false, ParamUseArea: false, ParamUseDeadend1: false,
		ParamUseDeadend2: false, ParamUseEscape: false, ParamUsePath: false, ParamUseKill: false}
	if module != "" {
		v[module] = true
	}
	for k, x := range extra {
		v[k] = x
	}
	return v
}

func TestRiskParams(t *testing.T) {
	spec := RiskSpec()
	if _, _, err := spec.Build(nil); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for _, bad := range []map[string]any{
		{ParamMoveDepth: 0}, {ParamMoveDepth: 8}, {ParamOppRisk: 0.5}, {ParamOppDepth: 5},
		{ParamAreaSection: 1}, {ParamDeadend2Risk: 101.0}, {ParamEscapeIncent: 0.0},
		{ParamTieEpsilon: 0.2}, {ParamSpeedLow: 3, ParamSpeedHigh: 2}, {ParamDeadend1W: -1.0},
		{ParamPathCells: 41}, {ParamPathIncent: 0.05}, {ParamKillRange: 81}, {ParamKillLead: 0.4},
		{ParamKillRegionMax: 5}, {ParamKillIncent: 1.5}, {ParamAreaFloodW: -1.0}, {ParamAreaVoronoiW: 21.0},
		{ParamAreaSafety: 1.5}, {ParamAreaFillSpeed: -1.0}, {ParamAreaFillHug: 6.0}, {ParamAreaFillMap: 2.0},
		{"no_such_param": 1},
	} {
		if _, _, err := spec.Build(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestRiskOpponentFactors: the cells an opponent reaches at its first
// ply get opp_risk, at its second 1 + (opp_risk − 1)·decay.
func TestRiskOpponentFactors(t *testing.T) {
	s := mk(t, 12, 12, pl(1, 1, Down, 1), pl(8, 8, Up, 1))
	b := newRisk(t, only(ParamUseOpponents, nil))
	b.choose(context.Background(), s, 0, game.Budget{})
	at := func(x, y int) float64 { return math.Exp(b.logv[y*s.w+x]) }
	if got := at(8, 7); math.Abs(got-4) > 1e-9 {
		t.Errorf("first-ply cell factor %v, want 4", got)
	}
	if got := at(8, 5); math.Abs(got-2.5) > 1e-9 { // speed 2 at ply 2, or speed 1 twice
		t.Errorf("second-ply cell factor %v, want 2.5", got)
	}
	if got := at(2, 2); got != 1 {
		t.Errorf("unreachable cell factor %v, want 1", got)
	}
	// Switched off: no factors at all.
	b = newRisk(t, only("", nil))
	b.choose(context.Background(), s, 0, game.Budget{})
	for i, v := range b.logv {
		if v != 0 {
			t.Fatalf("all modules off: cell %d has ln factor %v", i, v)
		}
	}
}

// TestRiskAreaFactors: factors lie in 1..area_risk, the emptier part of
// the board cheaper.
func TestRiskAreaFactors(t *testing.T) {
	s := mk(t, 16, 16, pl(8, 8, Up, 1), pl(15, 15, Up, 1))
	wall(s, 0, 0, 5, 5, 2)
	b := newRisk(t, only(ParamUseArea, nil))
	b.choose(context.Background(), s, 0, game.Budget{})
	for i, v := range b.logv {
		if f := math.Exp(v); f < 1-1e-9 || f > 1.5+1e-9 {
			t.Fatalf("cell %d factor %v outside 1..1.5", i, f)
		}
	}
	if near, far := b.logv[6*16+6], b.logv[3*16+12]; near <= far {
		t.Errorf("cell beside the filled quarter (%v) not costlier than the open corner (%v)", near, far)
	}
}

// TestRiskAvoidsPocket: with the dead-end modules the risk bot leaves a
// pocket the survivor would also avoid; with all modules off only the
// depth decides (a 3-cell pocket is fatal within 4 plies anyway).
func TestRiskAvoidsPocket(t *testing.T) {
	s := mk(t, 30, 30, pl(5, 6, Up, 1), pl(29, 29, Up, 1))
	wall(s, 0, 5, 29, 5, 2) // wall ahead
	wall(s, 0, 7, 4, 7, 2)  // pocket floor on the left
	wall(s, 1, 6, 1, 6, 2)  // pocket of 3 cells
	for _, v := range []map[string]any{nil, only("", nil), only(ParamUseDeadend1, nil), only(ParamUseDeadend2, nil)} {
		b := newRisk(t, v)
		a, res := b.choose(context.Background(), s, 0, game.Budget{})
		if a != TurnRight {
			t.Errorf("%v: played %s, want turn_right; results %+v", v, s.ActionString(0, a), res)
		}
	}
	// Dead end 2 alone at depth 1: only its factors see the pocket.
	b := newRisk(t, only(ParamUseDeadend2, map[string]any{ParamMoveDepth: 1}))
	if a, res := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnRight {
		t.Errorf("deadend2 at depth 1: played %s; results %+v", s.ActionString(0, a), res)
	}
	// Without any module at depth 1 the pocket move ties and MoveOrder
	// prefers turn_left.
	b = newRisk(t, only("", map[string]any{ParamMoveDepth: 1}))
	if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnLeft {
		t.Errorf("no module at depth 1: played %s, want the MoveOrder choice turn_left", s.ActionString(0, a))
	}
}

// TestRiskEscape: inside a small region every outside cell becomes an
// incentive.
func TestRiskEscape(t *testing.T) {
	s := mk(t, 20, 9, pl(5, 4, Right, 3), pl(19, 8, Up, 1))
	s.round = 5
	wall(s, 7, 0, 7, 8, 2)
	wall(s, 0, 0, 6, 2, 2)
	wall(s, 0, 6, 6, 8, 2)
	b := newRisk(t, only(ParamUseEscape, nil))
	a, _ := b.choose(context.Background(), s, 0, game.Budget{})
	if got := math.Exp(b.logv[4*20+10]); math.Abs(got-0.02) > 1e-9 {
		t.Errorf("outside cell factor %v, want 0.02", got)
	}
	if got := b.logv[4*20+2]; got != 0 {
		t.Errorf("inside cell ln factor %v, want 0", got)
	}
	if a != ChangeNothing && a != SpeedUp {
		t.Errorf("escape: played %s, want the jump (change_nothing or speed_up)", s.ActionString(0, a))
	}
}

// TestRiskNeverFatal: on positions from mixed playouts the risk bot
// never plays a move that is fatal on its own when a safe one exists.
func TestRiskNeverFatal(t *testing.T) {
	g := Game{}
	b := newRisk(t, nil)
	rng := game.NewRand(5)
	for _, name := range []string{"speed-2p-10x10", "speed-4p-16x12"} {
		m, err := g.LoadMap(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 6; seed++ {
			s := NewState(m.(*Map), seed)
			b.Reset(seed)
			mixedPlayout(s, rng, func(p int) game.Action {
				anySafe := false
				for a := range numActions {
					anySafe = anySafe || !aloneFatal(s, p, a)
				}
				a, err := b.Step(context.Background(), s, p, game.Budget{})
				if err != nil {
					t.Fatal(err)
				}
				if anySafe && aloneFatal(s, p, a) {
					t.Fatalf("%s seed %d: risk played fatal %s with a safe move available\n%s", name, seed, s.ActionString(p, a), s)
				}
				return a
			})
		}
	}
}

func TestRiskBudgetAndContext(t *testing.T) {
	s := mk(t, 40, 40, pl(5, 5, Down, 1), pl(30, 30, Up, 1))
	b := newRisk(t, map[string]any{ParamMoveDepth: 7})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Step(ctx, s, 0, game.Budget{}); err == nil {
		t.Error("cancelled context: no error")
	}
	b.choose(context.Background(), s, 0, game.Budget{Nodes: 100})
	if b.nodes > 100+int64(numActions)+1 {
		t.Errorf("nodes=100: searched %d nodes", b.nodes)
	}
	_, res := b.choose(context.Background(), s, 0, game.Budget{Depth: 2})
	for a, r := range res {
		if r.plies > 2 {
			t.Errorf("depth=2: action %d searched %d plies", a, r.plies)
		}
	}
	_, res = b.choose(context.Background(), s, 0, game.Budget{})
	if res[ChangeNothing].plies != 7 {
		t.Errorf("move_depth 7: change_nothing searched %d plies", res[ChangeNothing].plies)
	}
	if !b.ReadOnly() {
		t.Error("risk is not read-only")
	}
}

// TestRiskMoveOrder: speed band first, then change_nothing, then turns
// (opposite to the previous turn with avoid_spirals).
func TestRiskMoveOrder(t *testing.T) {
	b := newRisk(t, map[string]any{ParamSpeedLow: 2, ParamSpeedHigh: 3})
	if r0, r1 := b.orderRank(1, SpeedUp), b.orderRank(1, ChangeNothing); r0 >= r1 {
		t.Errorf("speed 1 below the band: speed_up rank %d, change_nothing %d", r0, r1)
	}
	if r := b.orderRank(2, SpeedUp); r <= b.orderRank(2, TurnRight) {
		t.Errorf("speed_up inside the band ranks %d, before a turn", r)
	}
	b.lastTurn = TurnLeft
	if b.orderRank(2, TurnRight) >= b.orderRank(2, TurnLeft) {
		t.Error("avoid_spirals: the turn repeating the last one is not ranked after the opposite one")
	}
}
