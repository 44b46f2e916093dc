package connect4

import (
	"bufio"
	"cmp"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"tourney/engines/internal/shared"

	"tourney/engines/game"
	"tourney/engines/search"
)

// longTests reports whether TOURNEY_LONG=1 asks for the full test sets.
func longTests() bool { return os.Getenv("TOURNEY_LONG") == "1" }

type ponsCase struct {
	line  int
	moves string // Pons' digits 1..7
	score int
	s     *State
}

// plies is p, the number of stones on the board.
func (c ponsCase) plies() int { return len(c.moves) }

// distance is L of connect4.md §7.3: the plies to the end under perfect
// play (for a draw, the plies until the board is full).
func (c ponsCase) distance() int {
	p := c.plies()
	switch {
	case c.score > 0:
		return 2*(22-c.score-p/2) - 1
	case c.score < 0:
		return 2 * (22 + c.score - (p+1)/2)
	}
	return Cells - p
}

func loadPons(t *testing.T, name string) []ponsCase {
	t.Helper()
	path := filepath.Join(shared.Root(), "oracles", "connect4", name)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("oracle set not available: %v", err)
	}
	defer f.Close()
	var cs []ponsCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 {
			t.Fatalf("%s:%d: want `<moves> <score>`", path, n)
		}
		score, err := strconv.Atoi(fs[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		s, err := FromPons(fs[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		cs = append(cs, ponsCase{line: n, moves: fs[0], score: score, s: s})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// sample keeps every k-th case so that about n remain (all with
// TOURNEY_LONG=1).
func sample(cs []ponsCase, n int) []ponsCase {
	if longTests() || len(cs) <= n {
		return cs
	}
	k := (len(cs) + n - 1) / n
	var out []ponsCase
	for i := 0; i < len(cs); i += k {
		out = append(out, cs[i])
	}
	return out
}

// fullSolver searches to the end of the game (every leaf terminal, so the
// evaluation plays no part) with a bot configuration; the transposition
// table only saves time, it does not change the value.
type fullSolver struct {
	ev *Evaluator
	sr *search.Searcher
}

func newFullSolver(a AlphaBeta) *fullSolver {
	a.Search.TTLog2 = 18
	return &fullSolver{ev: NewEvaluator(a.Weights), sr: a.Searcher()}
}

func (f *fullSolver) value(t testing.TB, s *State) float64 {
	t.Helper()
	if s.Over() {
		return f.ev.Evaluate(s, s.ToMove(), 0)
	}
	r := f.sr.Negamax(context.Background(), s, game.Budget{Depth: Cells - s.Ply()})
	if r.Stopped || r.Depth != Cells-s.Ply() {
		t.Fatalf("full search did not complete: %+v", r)
	}
	return r.Value
}

// sign is the game-theoretic sign of a value: +1 won, -1 lost, 0 else.
func sign(v float64) int {
	switch {
	case math.IsInf(v, 1) || (IsWinScore(v) && v > 0):
		return 1
	case math.IsInf(v, -1) || (IsWinScore(v) && v < 0):
		return -1
	}
	return 0
}

// Check 2 of §7.3: a full-depth search has the solver's sign on the end
// games; with prefer_quick_wins it reproduces the exact score (check 4).
func TestOracleSign(t *testing.T) {
	cases := loadPons(t, "Test_L3_R1")
	if testing.Short() {
		cases = sample(cases, 200)
	}
	plain := newFullSolver(DefaultAlphaBeta())
	noTT := DefaultAlphaBeta().Searcher()
	q := DefaultAlphaBeta()
	q.Weights.QuickWins = true
	quick := newFullSolver(q)
	for i, c := range cases {
		v := plain.value(t, c.s)
		want := cmp.Compare(c.score, 0)
		if sign(v) != want || (want != 0 && !math.IsInf(v, 0)) || (want == 0 && v != 0) {
			t.Errorf("Test_L3_R1:%d %s (score %d): full-depth value %v", c.line, c.moves, c.score, v)
		}
		if i%4 == 0 || longTests() { // the table changes the work, not the value
			r := noTT.Negamax(context.Background(), c.s, game.Budget{Depth: Cells - c.plies()})
			if !sameFloat(r.Value, v) {
				t.Errorf("Test_L3_R1:%d: full depth without table %v, with %v", c.line, r.Value, v)
			}
		}
		if i%3 != 0 && !longTests() {
			continue
		}
		// exact score: a win k plies from the root scores 1e9-k; the
		// winner (the side to move when the score is positive) then has
		// its p/2 stones plus (k+1)/2 more.
		qv := quick.value(t, c.s)
		got := 0
		if sign(qv) != 0 {
			k := int(WinScore - math.Abs(qv))
			got = 22 - (c.plies()/2 + (k+1)/2)
			if k%2 == 0 { // the opponent wins with its k/2-th further stone
				got = -(22 - ((c.plies()+1)/2 + k/2))
			}
		}
		if got != c.score {
			t.Errorf("Test_L3_R1:%d %s: quick-win search %v gives score %d, want %d", c.line, c.moves, qv, got, c.score)
		}
	}
	t.Logf("%d positions", len(cases))
}

// Check 3 of §7.3 at the default horizon 11 with the default bot on all
// of Test_L3_R1, with the full-depth checks, and the share of positions
// beyond the horizon in which the bot keeps the solver's value.
func TestOracleHorizon(t *testing.T) {
	cases := loadPons(t, "Test_L3_R1")
	if testing.Short() {
		cases = sample(cases, 200)
	}
	horizonCheck(t, "Test_L3_R1", cases, DefaultDepth, true)
}

// Check 3 on the middle-game and opening sets (sampled unless
// TOURNEY_LONG=1).
func TestOracleHorizonOtherSets(t *testing.T) {
	for _, name := range []string{"Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"} {
		path := filepath.Join(shared.Root(), "oracles", "connect4", name)
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: not available", name)
			continue
		}
		n := 40
		if testing.Short() {
			n = 10
		}
		horizonCheck(t, name, sample(loadPons(t, name), n), DefaultDepth, false)
	}
}

func horizonCheck(t *testing.T, name string, cases []ponsCase, d int, withFull bool) {
	bot := DefaultAlphaBeta().Searcher()
	full := newFullSolver(DefaultAlphaBeta())
	within, lost, beyond, kept := 0, 0, 0, 0
	for _, c := range cases {
		s := c.s
		r := bot.Negamax(context.Background(), s, game.Budget{Depth: d})
		v, m := r.Value, r.Move
		where := func() string {
			return name + ":" + strconv.Itoa(c.line) + " " + c.moves + " score " + strconv.Itoa(c.score)
		}
		if math.IsInf(v, 1) && c.score <= 0 || math.IsInf(v, -1) && c.score >= 0 {
			t.Errorf("%s: depth-%d value %v contradicts the solver", where(), d, v)
		}
		L := c.distance()
		after := s.Clone().(*State)
		after.Play(int(m))
		switch {
		case c.score > 0 && L <= d:
			within++
			if !math.IsInf(v, 1) {
				t.Errorf("%s: win in %d plies, depth-%d value %v", where(), L, d, v)
				continue
			}
			cv := full.ev.Evaluate(after, after.ToMove(), 0)
			if !after.Over() {
				cv = bot.Negamax(context.Background(), after, game.Budget{Depth: d - 1}).Value
			}
			if !math.IsInf(cv, -1) {
				t.Errorf("%s: move %d: depth-%d value after it %v, want -Inf", where(), m, d-1, cv)
			}
			if withFull {
				if fv := full.value(t, after); !math.IsInf(fv, -1) {
					t.Errorf("%s: move %d loses the win (full-depth value after it %v)", where(), m, fv)
				}
			}
		case c.score < 0 && L <= d:
			lost++
			if !math.IsInf(v, -1) {
				t.Errorf("%s: loss in %d plies, depth-%d value %v", where(), L, d, v)
			}
		case c.score >= 0 && L > d && withFull:
			beyond++
			if fv := full.value(t, after); sign(fv) == -cmp.Compare(c.score, 0) {
				kept++
			} else {
				t.Logf("%s: beyond the horizon (L=%d), move %d gives the opponent %v", where(), L, m, fv)
			}
		}
	}
	t.Logf("%s, depth %d, %d positions: %d wins and %d losses within the horizon", name, d, len(cases), within, lost)
	if withFull {
		t.Logf("%s: %d positions with s >= 0 beyond the horizon; the move kept the solver's value in %d (%.0f%%)",
			name, beyond, kept, 100*float64(kept)/math.Max(1, float64(beyond)))
	}
}

func sameFloat(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
