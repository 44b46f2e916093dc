package speed

import (
	"context"
	"math/rand/v2"
	"testing"

	"tourney/engines/game"
)

func newSurvivor(t *testing.T, values map[string]any) *survivorBot {
	t.Helper()
	return buildBot[*survivorBot](t, SurvivorSpec(), values)
}

func survivorStep(t *testing.T, b *survivorBot, s *State, p int) game.Action {
	t.Helper()
	a, err := b.Step(context.Background(), s, p, game.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// wall fills the cells of a rectangle with trail id.
func wall(s *State, x0, y0, x1, y1 int, id int8) {
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			s.cells[y*s.w+x] = id
		}
	}
}

// aloneFatal plays action a for player p with every other player removed
// before moving, and reports whether p is eliminated.
func aloneFatal(s *State, p int, a game.Action) bool {
	c := s.Copy()
	acts := make([]game.Action, c.n)
	for i := range acts {
		acts[i] = game.NoAction
	}
	acts[p] = a
	c.ApplyJoint(acts)
	return !c.pl[p].active
}

// mixedPlayout plays s to its end: each active player's move is move(p),
// played one time in three as a random action of rng instead.
func mixedPlayout(s *State, rng *rand.Rand, move func(p int) game.Action) {
	for !s.IsTerminal() {
		acts := make([]game.Action, s.n)
		for p := 0; p < s.n; p++ {
			acts[p] = game.NoAction
			if !s.pl[p].active {
				continue
			}
			a := move(p)
			if rng.IntN(3) == 0 {
				a = game.Action(rng.IntN(int(numActions)))
			}
			acts[p] = a
		}
		s.ApplyJoint(acts)
	}
}

func TestSurvivorHandBoards(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func() *State
		want  []game.Action // any of these
	}{
		{
			// Heading left into the board edge: only turns survive; right
			// (up) and left (down) are symmetric, so the tie-break order
			// picks turn_left.
			name: "edge ahead",
			setup: func() *State {
				return mk(t, 7, 7, pl(0, 3, Left, 1), pl(6, 6, Up, 1))
			},
			want: []game.Action{TurnLeft},
		},
		{
			// A trail right ahead and below: only turn_left (up) is safe.
			name: "trail ahead and left",
			setup: func() *State {
				s := mk(t, 7, 7, pl(3, 3, Right, 1), pl(6, 6, Up, 1))
				wall(s, 4, 0, 4, 6, 2)
				wall(s, 0, 4, 3, 4, 2)
				return s
			},
			want: []game.Action{TurnLeft},
		},
		{
			// Speed 1: slow_down is fatal, and straight ahead is a wall.
			name: "slow down at speed 1",
			setup: func() *State {
				s := mk(t, 9, 9, pl(4, 4, Up, 1), pl(8, 8, Up, 1))
				wall(s, 0, 3, 8, 3, 2)
				wall(s, 0, 5, 8, 5, 2)
				wall(s, 3, 4, 3, 4, 2)
				return s
			},
			want: []game.Action{TurnRight},
		},
		{
			// Left leads into a 1-wide pocket of 3 cells, right into the
			// open board: take the larger area.
			name: "pocket versus open",
			setup: func() *State {
				s := mk(t, 12, 12, pl(5, 6, Up, 1), pl(11, 11, Up, 1))
				wall(s, 0, 5, 11, 5, 2) // wall ahead
				wall(s, 0, 7, 4, 7, 2)  // pocket floor on the left
				wall(s, 1, 6, 1, 6, 2)  // pocket end: cells (2..4, 6)
				return s
			},
			want: []game.Action{TurnRight},
		},
		{
			// Speed 3 towards a trail two cells ahead: change_nothing,
			// speed_up and slow_down (speed 2) all write the trail cell;
			// only the turns are safe.
			name: "fast into trail",
			setup: func() *State {
				s := mk(t, 15, 15, pl(7, 7, Right, 3), pl(0, 14, Up, 1))
				wall(s, 9, 0, 9, 14, 2)
				return s
			},
			want: []game.Action{TurnLeft, TurnRight},
		},
		{
			// Round 6 is a jump round: at speed 3 the player jumps over a
			// one-cell trail two cells ahead, into the open right half.
			name: "jump over trail",
			setup: func() *State {
				s := mk(t, 20, 9, pl(5, 4, Right, 3), pl(0, 8, Up, 1))
				s.round = 5
				wall(s, 7, 0, 7, 8, 2)
				wall(s, 0, 0, 6, 2, 2) // little room above
				wall(s, 0, 6, 6, 8, 2) // and below
				return s
			},
			want: []game.Action{ChangeNothing},
		},
	} {
		s := tc.setup()
		b := newSurvivor(t, nil)
		a := survivorStep(t, b, s, 0)
		ok := false
		for _, w := range tc.want {
			ok = ok || a == w
		}
		if !ok {
			_, sc := b.choose(context.Background(), s, 0, game.Budget{})
			t.Errorf("%s: survivor played %s, want one of %v; scores %+v\n%s", tc.name, s.ActionString(0, a), tc.want, sc, s)
		}
		if aloneFatal(s, 0, a) {
			t.Errorf("%s: survivor's %s is fatal\n%s", tc.name, s.ActionString(0, a), s)
		}
	}
}

// TestSurvivorAvoidsHeadOn: the cell ahead can be entered by the
// opponent this round; with avoid_heads the survivor turns away.
func TestSurvivorAvoidsHeadOn(t *testing.T) {
	s := mk(t, 9, 9, pl(2, 4, Right, 1), pl(4, 4, Left, 1))
	a := survivorStep(t, newSurvivor(t, nil), s, 0)
	if a == ChangeNothing || a == SpeedUp {
		t.Errorf("avoid_heads: played %s into a cell the opponent can reach", s.ActionString(0, a))
	}
	// Without it the area decides: going straight is as good as any.
	b := newSurvivor(t, map[string]any{ParamAvoidHeads: false})
	if _, sc := b.choose(context.Background(), s, 0, game.Budget{}); sc[ChangeNothing].tier != 0 {
		t.Errorf("avoid_heads off: change_nothing tier %d", sc[ChangeNothing].tier)
	}
}

// TestSimulateMatchesEngine checks simulate's fatal flag against the
// engine on positions from random playouts, and that the survivor never
// picks a move that is fatal on its own when a safe one exists.
func TestSimulateMatchesEngine(t *testing.T) {
	g := Game{}
	b := newSurvivor(t, nil)
	rng := game.NewRand(11)
	checked := 0
	for _, name := range []string{"speed-2p-10x10", "speed-4p-16x12", "speed-6p-20x20"} {
		m, err := g.LoadMap(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 12; seed++ {
			s := NewState(m.(*Map), seed)
			// survivor and random moves mixed so positions vary
			mixedPlayout(s, rng, func(p int) game.Action {
				q := s.pl[p]
				anySafe := false
				for a := range numActions {
					mv := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
					if got := aloneFatal(s, p, a); got != mv.fatal {
						t.Fatalf("%s seed %d round %d player %d %s: simulate fatal %v, engine %v\n%s",
							name, seed, s.round+1, p+1, s.ActionString(p, a), mv.fatal, got, s)
					}
					anySafe = anySafe || !mv.fatal
					checked++
				}
				a := survivorStep(t, b, s, p)
				if anySafe && aloneFatal(s, p, a) {
					t.Fatalf("%s seed %d: survivor played fatal %s with a safe move available\n%s", name, seed, s.ActionString(p, a), s)
				}
				return a
			})
		}
	}
	if checked < 1000 {
		t.Errorf("only %d moves checked", checked)
	}
}

func TestSurvivorContextAndBudget(t *testing.T) {
	s := mk(t, 12, 12, pl(2, 2, Down, 1), pl(9, 9, Up, 1))
	b := newSurvivor(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Step(ctx, s, 0, game.Budget{}); err == nil {
		t.Error("cancelled context: no error")
	}
	// A tiny node budget still gives a safe move.
	a, err := b.Step(context.Background(), s, 0, game.Budget{Nodes: 5})
	if err != nil || aloneFatal(s, 0, a) {
		t.Errorf("nodes=5: %v, %v", a, err)
	}
	if _, sc := b.choose(context.Background(), s, 0, game.Budget{Nodes: 5}); sc[ChangeNothing].area > 1 {
		t.Errorf("nodes=5: area %d counted beyond the budget of 1 per move", sc[ChangeNothing].area)
	}
	if !b.ReadOnly() {
		t.Error("survivor is not read-only")
	}
	if _, _, err := SurvivorSpec().Build(map[string]any{ParamFloodLimit: 0}); err == nil {
		t.Error("flood_limit 0 accepted")
	}
}
