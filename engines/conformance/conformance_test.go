package conformance_test

import (
	"slices"
	"strings"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/connect4"
	"tourney/engines/game"
)

var unit = []conformance.Range{{Min: 0, Max: 1}}

func mustPass(t *testing.T, g game.Game, opt conformance.Options) conformance.Summary {
	t.Helper()
	rec := &recorder{}
	sum := conformance.Run(rec, g, opt)
	for _, f := range rec.failures() {
		t.Errorf("unexpected failure: %s", f)
	}
	if sum.Failures != 0 {
		t.Errorf("Summary.Failures = %d, want 0", sum.Failures)
	}
	return sum
}

func TestConnect4Passes(t *testing.T) {
	sum := mustPass(t, connect4.Game{}, conformance.Options{Playouts: 50, Returns: unit})
	if sum.Playouts != 50 || sum.Finished != 50 || sum.UndoChecks != sum.Steps || sum.SimultaneousNodes != 0 {
		t.Errorf("summary %+v: want 50 finished playouts, an undo check per move, no simultaneous node", sum)
	}
	if sum.LongestGame > connect4.Cells || sum.LongestGame < 7 {
		t.Errorf("longest game %d moves", sum.LongestGame)
	}
}

func TestTicPasses(t *testing.T) {
	sum := mustPass(t, ticGame{}, conformance.Options{Playouts: 200, Returns: unit})
	if sum.Finished != 200 || sum.UndoChecks == 0 {
		t.Errorf("summary %+v", sum)
	}
}

func TestSimultaneousToyPasses(t *testing.T) {
	sum := mustPass(t, pickGame{}, conformance.Options{Playouts: 200, Returns: []conformance.Range{{Min: 0, Max: 15}}})
	if sum.Playouts != 400 || sum.Finished != 400 {
		t.Errorf("summary %+v: want 200 finished playouts on each of 2 maps", sum)
	}
	if sum.SimultaneousNodes == 0 || sum.SequentialNodes != 400 || sum.NoActions == 0 || sum.UndoChecks != 0 {
		t.Errorf("summary %+v: want simultaneous nodes, one sequential node per playout, some NoAction, no undo", sum)
	}
}

func TestRunIsDeterministic(t *testing.T) {
	opt := conformance.Options{Playouts: 30, Seed: 42}
	a := conformance.Run(&recorder{}, pickGame{}, opt)
	b := conformance.Run(&recorder{}, pickGame{}, opt)
	if a != b {
		t.Errorf("two runs with the same options: %+v and %+v", a, b)
	}
	opt.Seed = 43
	if c := conformance.Run(&recorder{}, pickGame{}, opt); c == a {
		t.Logf("another seed gave the same summary %+v (possible, but unlikely)", c)
	}
}

// Each deliberately broken game must be caught, with a message that names
// the problem.
func TestBrokenGamesAreCaught(t *testing.T) {
	cases := []struct {
		name string
		g    game.Game
		opt  conformance.Options
		want string
	}{
		{"clone shares board", ticGame{ticCloneSharesBoard}, conformance.Options{}, "to a clone changed the original"},
		{"clone shares history", ticGame{ticCloneSharesHistory}, conformance.Options{}, "changed a clone that had played"},
		{"undo keeps winner", ticGame{ticUndoKeepsWinner}, conformance.Options{}, "then Undo"},
		{"moves at terminal", ticGame{ticMovesAtTerminal}, conformance.Options{}, "terminal state, but player"},
		{"clone hash", ticGame{ticCloneHash}, conformance.Options{}, "a fresh clone differs from the original: Hash"},
		{"returns too high", ticGame{ticReturnsTooHigh}, conformance.Options{Returns: unit}, "outside [0, 1]"},
		{"returns for", ticGame{}, conformance.Options{ReturnsFor: func(game.Map, int) conformance.Range { return conformance.Range{Min: 0, Max: 0.75} }}, "outside [0, 0.75]"},
		{"new state counter", ticGame{ticNewStateCounter}, conformance.Options{}, "NewState twice"},
		{"move number", ticGame{ticMoveNumber}, conformance.Options{}, "MoveNumber"},
		{"short max length", ticGame{ticShortMaxLength}, conformance.Options{}, "not over after Info().MaxLength = 5"},
		{"other player moves", ticGame{ticOtherPlayerMoves}, conformance.Options{}, "but player 1 has legal actions"},
		{"terminal player", ticGame{ticTerminalPlayer}, conformance.Options{}, "IsTerminal() is true but CurrentPlayer()"},
		{"ranks zero-based", ticGame{ticRanksZeroBased}, conformance.Options{}, "rank of player"},
		{"ignores buf", ticGame{ticIgnoresBuf}, conformance.Options{}, "does not append to buf"},
		{"salted order", ticGame{ticSaltedOrder}, conformance.Options{}, "not deterministic"},
		{"apply panics", ticGame{ticApplyPanics}, conformance.Options{}, "panic: tic: deliberate panic"},
		{"no random bot", ticGame{ticNoRandomBot}, conformance.Options{}, `no bot named "random"`},
		{"bad param default", ticGame{ticBadParamDefault}, conformance.Options{}, `default of parameter "skip" fails its own check`},
		{"accepts illegal", ticGame{ticAcceptsIllegal}, conformance.Options{}, "Apply(NoAction) at a sequential node did not panic"},
		{"sim info", pickGame{pickInfoNotSimultaneous}, conformance.Options{}, "Info().Simultaneous is false"},
		{"sim clone shares scores", pickGame{pickCloneSharesScores}, conformance.Options{}, "changed the original: Returns"},
		{"lax action checker", checkerGame{lax: true}, conformance.Options{}, "ActionChecker: IsLegal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{}
			c.opt.Playouts = 50
			sum := conformance.Run(rec, c.g, c.opt)
			fails := rec.failures()
			if len(fails) == 0 {
				t.Fatalf("no failure reported; logs: %v", rec.logs)
			}
			if sum.Failures != len(fails) {
				t.Errorf("Summary.Failures = %d, %d failures recorded", sum.Failures, len(fails))
			}
			found := false
			for _, f := range fails {
				if strings.Contains(f, c.want) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("no failure mentions %q; first failure:\n%s", c.want, fails[0])
			}
			// Every playout failure says where it happened.
			for _, f := range rec.errors {
				if strings.Contains(f, "playout") && !strings.Contains(f, "moves [") {
					t.Errorf("failure without the moves that led to it: %s", f)
				}
			}
		})
	}
}

func TestMaxErrorsStopsTheRun(t *testing.T) {
	rec := &recorder{}
	sum := conformance.Run(rec, ticGame{ticCloneSharesBoard}, conformance.Options{Playouts: 100, MaxErrors: 3})
	if len(rec.errors) != 3 || sum.Failures != 3 {
		t.Errorf("%d errors recorded, Summary.Failures %d: want 3", len(rec.errors), sum.Failures)
	}
	if sum.Playouts > 4 {
		t.Errorf("the run went on for %d playouts after the third failure", sum.Playouts)
	}
}

func TestUnknownMapIsFatal(t *testing.T) {
	rec := &recorder{}
	sum := conformance.Run(rec, ticGame{}, conformance.Options{Maps: []string{"4x4"}})
	if len(rec.fatals) != 1 || !strings.Contains(rec.fatals[0], `LoadMap("4x4")`) || sum.Playouts != 0 {
		t.Errorf("fatals %q, %d playouts: want one fatal naming the map and no playout", rec.fatals, sum.Playouts)
	}
}

func TestAllowUnfinished(t *testing.T) {
	sum := mustPass(t, ticGame{ticShortMaxLength}, conformance.Options{Playouts: 50, AllowUnfinished: true})
	if sum.Finished == sum.Playouts || sum.LongestGame != 5 {
		t.Errorf("summary %+v: want games cut at 5 moves", sum)
	}
}

func TestMaxSteps(t *testing.T) {
	sum := mustPass(t, connect4.Game{}, conformance.Options{Playouts: 10, MaxSteps: 3})
	if sum.Finished != 0 || sum.Steps != 30 {
		t.Errorf("summary %+v: want 10 playouts of 3 moves", sum)
	}
}

// The suite accepts *testing.T itself.
func TestWithTestingT(t *testing.T) {
	conformance.Run(t, ticGame{}, conformance.Options{Playouts: 10})
}

// checkerGame is tic-tac-toe whose states implement game.ActionChecker;
// the lax one accepts any cell, occupied or not.
type checkerGame struct {
	ticGame
	lax bool
}

func (g checkerGame) NewState(m game.Map, seed uint64) (game.State, error) {
	s, err := g.ticGame.NewState(m, seed)
	if err != nil {
		return nil, err
	}
	return &checkerState{ticState: s.(*ticState), lax: g.lax}, nil
}

type checkerState struct {
	*ticState
	lax bool
}

func (c *checkerState) Clone() game.State {
	return &checkerState{ticState: c.ticState.Clone().(*ticState), lax: c.lax}
}

func (c *checkerState) IsLegal(p int, a game.Action) bool {
	if c.lax {
		return a >= 0 && a < 9
	}
	return slices.Contains(c.LegalActions(p, nil), a)
}

func (c *checkerState) HasLegal(p int) bool { return len(c.LegalActions(p, nil)) > 0 }

func TestActionCheckerAgrees(t *testing.T) {
	rec := &recorder{}
	conformance.Run(rec, checkerGame{}, conformance.Options{Playouts: 50})
	if f := rec.failures(); len(f) > 0 {
		t.Fatalf("a correct ActionChecker failed: %s", f[0])
	}
}
