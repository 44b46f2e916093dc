package speed

import (
	"context"
	"math"
	"os"
	"testing"

	"tourney/engines/game"
)

// corridorBoard: the head at (24,7) heading up with a wall ahead. Turning
// left leads into a large region cluttered with posts; turning right
// leads through a corridor of row 7 into a smaller, empty region.
func corridorBoard(t *testing.T) *State {
	s := mk(t, 40, 14, pl(24, 7, Up, 1), pl(39, 13, Up, 1))
	s.pl[1].active = false
	s.alive = 1
	for y := 0; y < 14; y++ {
		for x := 0; x < 22; x++ {
			if x%2 == 0 && y%2 == 0 {
				s.cells[y*40+x] = 2
			}
		}
	}
	wall(s, 23, 6, 28, 6, 2)  // wall ahead and the corridor's top
	wall(s, 24, 8, 28, 8, 2)  // below the head and the corridor's bottom
	wall(s, 24, 0, 24, 5, 2)  // the corridor region is closed above
	wall(s, 24, 9, 24, 13, 2) // and below
	return s
}

// TestRiskPath: path highlighting alone steers through the corridor to
// the emptiest sections, away from the larger cluttered region that
// MoveOrder (and the survivor) would pick.
func TestRiskPath(t *testing.T) {
	s := corridorBoard(t)
	var fl flooder
	left := fl.area(s, 23, 7, nil, 0)
	right := fl.area(s, 25, 7, nil, 0)
	if left <= right {
		t.Fatalf("board: left region %d not larger than the corridor's %d", left, right)
	}
	b := newRisk(t, only(ParamUsePath, nil))
	a, res := b.choose(context.Background(), s, 0, game.Budget{})
	if a != TurnRight {
		t.Errorf("path: played %s, want turn_right into the corridor; results %+v", s.ActionString(0, a), res)
	}
	if f := math.Exp(b.logv[7*40+25]); f >= 1 {
		t.Errorf("corridor cell factor %v, want an incentive below 1", f)
	}
	if f := math.Exp(b.logv[7*40+25]); f < 0.8-1e-9 {
		t.Errorf("corridor cell factor %v below path_incentive 0.8", f)
	}
	// Weight 1 (no incentive) or the module off: MoveOrder's turn_left.
	for _, v := range []map[string]any{only(ParamUsePath, map[string]any{ParamPathIncent: 1.0}), only("", nil),
		only(ParamUsePath, map[string]any{ParamPathCells: 0})} {
		b := newRisk(t, v)
		if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnLeft {
			t.Errorf("%v: played %s, want turn_left", v, s.ActionString(0, a))
		}
	}
	if a := survivorStep(t, newSurvivor(t, nil), s, 0); a != TurnLeft {
		t.Errorf("survivor played %s, want the larger region (turn_left)", s.ActionString(0, a))
	}
}

// killBoard: the opponent (player 2) drives right along row 11 above a
// one-row strip (row 12, closed by a wall in row 13); the risk bot stands
// at (14,12) heading up and can close the strip in front of it.
func killBoard(t *testing.T) *State {
	s := mk(t, 30, 20, pl(14, 12, Up, 1), pl(10, 11, Right, 1))
	wall(s, 0, 11, 9, 11, 2)  // the opponent's trail
	wall(s, 0, 13, 29, 19, 3) // the floor
	return s
}

// TestRiskKill: the attack module sends the bot across the opponent's
// path where that leaves it only a small side region; without it (weight
// 1, off, or out of range) MoveOrder keeps going straight.
func TestRiskKill(t *testing.T) {
	s := killBoard(t)
	// One ply deep: only the attack cells decide (deeper, going straight
	// can still reach both of them).
	b := newRisk(t, only(ParamUseKill, map[string]any{ParamMoveDepth: 1}))
	a, res := b.choose(context.Background(), s, 0, game.Budget{})
	if a != TurnLeft {
		t.Errorf("kill: played %s, want turn_left towards the cut; results %+v", s.ActionString(0, a), res)
	}
	for _, c := range [][2]int{{13, 12}, {13, 11}} {
		if f := math.Exp(b.logv[c[1]*30+c[0]]); math.Abs(f-0.6) > 1e-9 {
			t.Errorf("attack cell %v factor %v, want kill_incentive 0.6", c, f)
		}
	}
	for _, v := range []map[string]any{
		only(ParamUseKill, map[string]any{ParamMoveDepth: 1, ParamKillIncent: 1.0}),
		only(ParamUseKill, map[string]any{ParamMoveDepth: 1, ParamKillRange: 2}),
		only(ParamUseKill, map[string]any{ParamMoveDepth: 1, ParamKillRegionMax: 10}), // the strip (13 cells) is no trap
		only("", map[string]any{ParamMoveDepth: 1}),
	} {
		b := newRisk(t, v)
		if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != ChangeNothing {
			t.Errorf("%v: played %s, want change_nothing", v, s.ActionString(0, a))
		}
	}
	// Unsafe: two cells further right, with a wall at (15,11), every free
	// cell ahead of the opponent is one it can write next round.
	s2 := killBoard(t)
	wall(s2, 10, 11, 12, 11, 2)
	s2.pl[1].x = 12
	wall(s2, 15, 11, 15, 11, 3)
	b = newRisk(t, only(ParamUseKill, map[string]any{ParamMoveDepth: 1}))
	b.choose(context.Background(), s2, 0, game.Budget{})
	for i, v := range b.logv {
		if v < 0 {
			t.Fatalf("unsafe attack: cell %d got an incentive", i)
		}
	}
}

// TestRiskDeadend1: dead end 1 alone sees the 3-cell pocket two plies
// deep; with its weight 0 the pocket ties and MoveOrder goes in.
func TestRiskDeadend1(t *testing.T) {
	s := mk(t, 30, 30, pl(5, 6, Up, 1), pl(29, 29, Up, 1))
	wall(s, 0, 5, 29, 5, 2)
	wall(s, 0, 7, 4, 7, 2)
	wall(s, 1, 6, 1, 6, 2)
	b := newRisk(t, only(ParamUseDeadend1, map[string]any{ParamMoveDepth: 2}))
	if a, res := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnRight {
		t.Errorf("deadend1: played %s, want turn_right; %+v", s.ActionString(0, a), res)
	}
	b = newRisk(t, only(ParamUseDeadend1, map[string]any{ParamMoveDepth: 2, ParamDeadend1W: 0.0}))
	if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnLeft {
		t.Errorf("deadend1 weight 0: played %s, want MoveOrder's turn_left", s.ActionString(0, a))
	}
	b = newRisk(t, only(ParamUseDeadend2, map[string]any{ParamMoveDepth: 1, ParamDeadend2Risk: 1.0, ParamDeadend2Entry: 0.0}))
	if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnLeft {
		t.Errorf("deadend2 weights off: played %s, want MoveOrder's turn_left", s.ActionString(0, a))
	}
}

// TestRiskVoronoi: with the Voronoi weight the bot moves towards the
// contested middle instead of going straight (MoveOrder).
func TestRiskVoronoi(t *testing.T) {
	s := mk(t, 30, 21, pl(6, 10, Up, 1), pl(23, 10, Up, 1))
	vals := func(w float64) map[string]any {
		return only(ParamUseArea, map[string]any{ParamAreaRisk: 1.0, ParamAreaFloodW: 0.0, ParamAreaSafety: 0.0, ParamAreaVoronoiW: w})
	}
	b := newRisk(t, vals(5))
	a, res := b.choose(context.Background(), s, 0, game.Budget{})
	if a != TurnRight {
		t.Errorf("voronoi: played %s, want turn_right; %+v", s.ActionString(0, a), res)
	}
	if res[TurnRight].voronoi <= res[TurnLeft].voronoi {
		t.Errorf("territory right %d not larger than left %d", res[TurnRight].voronoi, res[TurnLeft].voronoi)
	}
	b = newRisk(t, vals(0))
	if a, _ := b.choose(context.Background(), s, 0, game.Budget{}); a != ChangeNothing {
		t.Errorf("voronoi weight 0: played %s, want change_nothing", s.ActionString(0, a))
	}
}

// TestRiskFloodSafety: the flood-area term keeps the bot out of the
// smaller side even when the map modules are off.
func TestRiskFloodSafety(t *testing.T) {
	s := corridorBoard(t)
	b := newRisk(t, only(ParamUseArea, map[string]any{ParamAreaRisk: 1.0, ParamAreaVoronoiW: 0.0}))
	if a, res := b.choose(context.Background(), s, 0, game.Budget{}); a != TurnLeft || res[TurnRight].flood >= res[TurnLeft].flood {
		t.Errorf("flood: played %s, want turn_left into the larger region; %+v", s.ActionString(0, a), res)
	}
}

// TestRiskFill: alone in a region the bot fills it almost completely, far
// better than the survivor; with the fill weights off it does worse.
func TestRiskFill(t *testing.T) {
	mkS := func() *State {
		s := mk(t, 24, 20, pl(8, 10, Up, 1), pl(23, 19, Up, 1))
		s.pl[1].active = false
		s.alive = 1
		wall(s, 5, 5, 8, 6, 2)
		wall(s, 15, 12, 15, 17, 2)
		return s
	}
	free := 0
	for _, c := range mkS().cells {
		if c == Free {
			free++
		}
	}
	rb := newRisk(t, nil)
	r := soloFill(t, mkS(), rb)
	sv := soloFill(t, mkS(), newSurvivor(t, nil))
	off := soloFill(t, mkS(), newRisk(t, map[string]any{ParamAreaFillHug: 0.0, ParamAreaFillMap: 1.0}))
	t.Logf("free %d: risk %d, risk without fill terms %d, survivor %d", free, r, off, sv)
	if float64(r) < 0.9*float64(free) || r <= sv || r <= off {
		t.Errorf("fill: risk %d of %d free cells; survivor %d, without fill terms %d", r, free, sv, off)
	}
}

// acceptWin is the sole-win rate the acceptance test asks for.
const acceptWin = 0.60

// TestRiskAcceptance: risk with default weights against three survivors
// on 4-player maps, seats rotating, distinct seeds: at least 60% sole
// wins, and longer survival than the survivors. TOURNEY_LONG=1 plays 400
// games instead of 100. Under -race, which slows the bots about tenfold,
// it plays 12 games and asks only for more than the 25% an equal of the
// survivors would win (a collapse); CI checks the 60% without -race.
func TestRiskAcceptance(t *testing.T) {
	if raceEnabled {
		// whole 4-player games at the acceptance count; CI runs this
		// test without the detector (.ci/run), and TestRiskBeatsRandom
		// and TestRiskNeverFatal play the risk bot under it
		t.Skip("the acceptance figure: run without -race")
	}
	if os.Getenv("TOURNEY_FULL") == "" && os.Getenv("TOURNEY_LONG") == "" {
		t.Skip("the acceptance figure (100 whole 4-player games): TOURNEY_FULL=1, as CI's second pass")
	}
	games, want := 100, acceptWin
	if os.Getenv("TOURNEY_LONG") != "" {
		games = 400
	}
	st := playMatch(t, nil, SurvivorSpec(), nil, "speed-4p", games, 7000)
	t.Logf("risk vs 3 survivor: %s", st)
	if sole := float64(st.soleWins) / float64(st.games); sole < want {
		t.Errorf("sole win rate %.1f%% below %.0f%%", 100*sole, 100*want)
	}
	rm, om := st.riskRounds/float64(st.games), st.oppRounds/float64(st.oppSeats)
	if rm <= om {
		t.Errorf("risk survives %.1f rounds on average, survivor %.1f", rm, om)
	}
}

// BenchmarkRiskStep: one risk move (default weights) on a 6-player 80×80
// board after 120 rounds of survivor play.
func BenchmarkRiskStep(b *testing.B) {
	m, _ := NewMap(6, 80, 80)
	s := NewState(m, 3)
	sv, _, _ := SurvivorSpec().Build(nil)
	joint := make([]game.Action, 6)
	for s.round < 120 && s.pl[0].active && !s.IsTerminal() {
		for p := range joint {
			joint[p] = game.NoAction
			if s.pl[p].active {
				joint[p], _ = sv.Step(context.Background(), s, p, game.Budget{})
			}
		}
		s.ApplyJoint(joint)
	}
	if !s.pl[0].active {
		b.Fatal("player 1 out before the benchmark position")
	}
	rb, _, _ := RiskSpec().Build(nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rb.Step(context.Background(), s, 0, game.Budget{}); err != nil {
			b.Fatal(err)
		}
	}
}
