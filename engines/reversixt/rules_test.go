package reversixt

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tourney/engines/game"
)

// compact draws the board as rows of cell characters joined by "/".
func compact(s *State) string {
	var rows []string
	w := s.m.Width
	for y := 0; y < s.m.Height; y++ {
		var sb strings.Builder
		for x := 0; x < w; x++ {
			sb.WriteByte(cellChars[s.board[y*w+x]])
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/")
}

// mapText builds a map file: header values and rows given compactly
// ("0 2 1" style rows are written from "021").
func mapText(players, ow, bombs, strength int, rows string, transitions ...string) string {
	rs := strings.Split(rows, "/")
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n%d\n%d %d\n%d %d\n", players, ow, bombs, strength, len(rs), len(rs[0]))
	for _, r := range rs {
		sb.WriteString(strings.Join(strings.Split(r, ""), " ") + "\n")
	}
	for _, tr := range transitions {
		sb.WriteString(tr + "\n")
	}
	return sb.String()
}

func action(t testing.TB, s *State, mv string) game.Action {
	t.Helper()
	a, err := s.ParseAction(mv)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func newTiny(t testing.TB, text string) *State {
	t.Helper()
	m, err := ParseMap("tiny", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return NewState(m)
}

func playAll(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		a := action(t, s, mv)
		if !s.IsLegal(s.CurrentPlayer(), a) {
			t.Fatalf("move %s is not legal for seat %d in\n%s", mv, s.CurrentPlayer(), s)
		}
		h := s.Hash()
		c := s.Clone().(*State)
		s.Apply(a)
		c.Apply(a)
		c.Undo(a)
		if c.Hash() != h {
			t.Fatalf("undo of %s does not restore the hash", mv)
		}
	}
}

func targets(s *State) []string {
	var out []string
	for _, c := range s.Targets() {
		x, y := s.m.XY(c)
		out = append(out, fmt.Sprintf("%d,%d", x, y))
	}
	return out
}

type ruleCase struct {
	name    string
	text    string
	moves   []string
	board   string // after the moves
	illegal []string
	check   func(t *testing.T, s *State)
}

func runRules(t *testing.T, cases []ruleCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTiny(t, c.text)
			playAll(t, s, c.moves...)
			if c.board != "" && compact(s) != c.board {
				t.Errorf("board %s, want %s", compact(s), c.board)
			}
			for _, mv := range c.illegal {
				if a := action(t, s, mv); s.IsLegal(s.CurrentPlayer(), a) {
					t.Errorf("%s is legal", mv)
				}
			}
			if c.check != nil {
				c.check(t, s)
			}
		})
	}
}

func TestAllDirections(t *testing.T) {
	// 1 at distance 2 in every direction, 2 between: the centre flips all.
	rows := "10101/02220/12021/02220/10101"
	s := newTiny(t, mapText(2, 0, 0, 0, rows))
	playAll(t, s, "2,2")
	if got, want := compact(s), "10101/01110/11111/01110/10101"; got != want {
		t.Errorf("board %s, want %s", got, want)
	}
	// Each direction on its own.
	for d := 0; d < 8; d++ {
		b := [5][5]byte{}
		for y := range b {
			for x := range b[y] {
				b[y][x] = '0'
			}
		}
		b[2+dirY[d]][2+dirX[d]] = '2'
		b[2+2*dirY[d]][2+2*dirX[d]] = '1'
		var rs []string
		for y := range b {
			rs = append(rs, string(b[y][:]))
		}
		s := newTiny(t, mapText(2, 0, 0, 0, strings.Join(rs, "/")))
		if got := targets(s); !reflect.DeepEqual(got, []string{"2,2"}) {
			t.Errorf("direction %d: targets %v", d, got)
		}
	}
}

// edgeCell is a 5×5 border cell from which direction r leaves the board.
var edgeCell = [8][2]int{{2, 0}, {4, 0}, {4, 2}, {4, 4}, {2, 4}, {0, 4}, {0, 2}, {0, 0}}

func TestTransitionsAllDirections(t *testing.T) {
	for r := 0; r < 8; r++ {
		for _, r2 := range []int{(r + 3) % 8, (r + 5) % 8} {
			tx, ty := edgeCell[r][0], edgeCell[r][1]
			ex, ey := edgeCell[r2][0], edgeCell[r2][1]
			in := (r2 + 4) % 8
			b := [5][]byte{}
			for y := range b {
				b[y] = []byte("00000")
			}
			b[ey][ex] = '2'
			b[ey+dirY[in]][ex+dirX[in]] = '1'
			var rs []string
			for y := range b {
				rs = append(rs, string(b[y]))
			}
			rows := strings.Join(rs, "/")
			tr := fmt.Sprintf("%d %d %d <-> %d %d %d", tx, ty, r, ex, ey, r2)
			s := newTiny(t, mapText(2, 0, 0, 0, rows, tr))
			mv := fmt.Sprintf("%d,%d", tx, ty)
			if got := targets(s); !reflect.DeepEqual(got, []string{mv}) {
				t.Errorf("%s: targets %v, want [%s]", tr, got, mv)
				continue
			}
			playAll(t, s, mv)
			if s.Count(0) != 3 || s.Count(1) != 0 {
				t.Errorf("%s: after %s: %s", tr, mv, compact(s))
			}
			// The other way round: from E's side the transition leads back.
			b2 := newTiny(t, mapText(2, 0, 0, 0, "00000/00000/00000/00000/00000", tr))
			c, d, ok := b2.m.Next(b2.m.Index(ex, ey), r2)
			if !ok || c != b2.m.Index(tx, ty) || d != (r+4)%8 {
				t.Errorf("%s: reverse step %d %d %v", tr, c, d, ok)
			}
			// Without the transition nothing is capturable.
			if s := newTiny(t, mapText(2, 0, 0, 0, rows)); s.CurrentPlayer() == 0 {
				t.Errorf("%s: without the transition player 1 has targets %v", tr, targets(s))
			}
		}
	}
}

func TestRules(t *testing.T) {
	wrap := "3 0 2 <-> 0 0 6"
	runRules(t, []ruleCase{
		{name: "wrap-capture", text: mapText(2, 0, 0, 0, "2102", wrap), moves: []string{"2,0"}, board: "1111"},
		// Overwriting (0,0): the line 2 2 leads back to (0,0) and stops.
		// (1,0) captures through the wrap: 2, then own stone (0,0).
		{name: "loop-returns-to-target", text: mapText(2, 1, 0, 0, "122", "2 0 2 <-> 0 0 6"),
			illegal: []string{"0,0"}, moves: []string{"1,0"}, board: "111"},
		{name: "loop-self-transition", text: mapText(2, 0, 0, 0, "021", "2 0 2 <-> 2 0 2"), moves: []string{"0,0"}, board: "111"},
		{name: "self-loop-bounce", text: mapText(2, 0, 0, 0, "0221/0000", "2 1 4 <-> 2 1 4"), illegal: []string{"2,1"}},
		{name: "hole-stops-line", text: mapText(2, 0, 0, 0, "02-21/00000/0-000/00010"), illegal: []string{"0,0"},
			check: func(t *testing.T, s *State) {
				if got := targets(s); len(got) != 0 {
					t.Errorf("targets %v", got)
				}
			}},
		{name: "diagonal-hole", text: mapText(2, 0, 0, 0, "0000/0200/00-0/0001/0021"), check: seat0Illegal(0, 0)},
		{name: "empty-stops-line", text: mapText(2, 0, 0, 0, "02021"), check: seat0Illegal(0, 0)},
		{name: "empty-stops-line-then-move", text: mapText(2, 0, 0, 0, "02021"), moves: []string{"2,0"}, board: "02111"},
		{name: "own-stone-ends-line", text: mapText(2, 0, 0, 0, "02121"), moves: []string{"0,0"}, board: "11121"},
		{name: "expansion-captured", text: mapText(2, 0, 0, 0, "0x21"), moves: []string{"0,0"}, board: "1111"},
		{name: "overwrite-foreign", text: mapText(2, 1, 0, 0, "1221"), moves: []string{"1,0"}, board: "1111",
			check: func(t *testing.T, s *State) {
				if s.Overwrites(0) != 0 || s.Overwrites(1) != 1 {
					t.Errorf("stocks %d %d", s.Overwrites(0), s.Overwrites(1))
				}
			}},
		{name: "overwrite-own", text: mapText(2, 1, 0, 0, "2121"), moves: []string{"1,0"}, board: "2111"},
		{name: "overwrite-needs-capture", text: mapText(2, 1, 0, 0, "1202"), illegal: []string{"1,0", "0,0"}},
		{name: "overwrite-needs-stock", text: mapText(2, 0, 0, 0, "1221/0000"), illegal: []string{"1,0", "0,0"}},
		{name: "expansion-rule", text: mapText(2, 1, 0, 0, "x01"), moves: []string{"0,0"}, board: "101"},
		{name: "expansion-rule-no-stock", text: mapText(2, 0, 0, 0, "x01/120"), illegal: []string{"0,0"}},
		{name: "expansion-overwrite-captures", text: mapText(2, 1, 0, 0, "x21/200"), moves: []string{"0,0"}, board: "111/200"},
		{name: "choice-other", text: mapText(3, 0, 0, 0, "c2133"), moves: []string{"0,0,3"}, board: "33311"},
		{name: "choice-self", text: mapText(3, 0, 0, 0, "c2133"), moves: []string{"0,0,1"}, board: "11133"},
		{name: "choice-empty-player", text: mapText(3, 0, 0, 0, "c2133"), moves: []string{"0,0,2"}, board: "22233"},
		{name: "choice-byte-required", text: mapText(3, 0, 0, 0, "c2133"), illegal: []string{"0,0", "0,0,4", "0,0,20"}},
		{name: "choice-variants", text: mapText(4, 0, 0, 0, "c21"), check: func(t *testing.T, s *State) {
			if acts := s.LegalActions(0, nil); len(acts) != 4 || s.Perft(1) != 4 {
				t.Errorf("choice variants %v", acts)
			}
		}},
		{name: "inversion", text: mapText(3, 0, 0, 0, "i213x"), moves: []string{"0,0"}, board: "2221x"},
		{name: "inversion-2p", text: mapText(2, 0, 0, 0, "i2110"), moves: []string{"0,0"}, board: "22220"},
		{name: "bonus-bomb", text: mapText(2, 0, 0, 0, "b21"), moves: []string{"0,0,20"}, board: "111",
			check: func(t *testing.T, s *State) {
				if s.BombsLeft(0) != 1 || s.Overwrites(0) != 0 {
					t.Errorf("stocks %d %d", s.BombsLeft(0), s.Overwrites(0))
				}
			}},
		{name: "bonus-overwrite", text: mapText(2, 0, 0, 0, "b21"), moves: []string{"0,0,21"}, board: "111",
			check: func(t *testing.T, s *State) {
				if s.BombsLeft(0) != 0 || s.Overwrites(0) != 1 {
					t.Errorf("stocks %d %d", s.BombsLeft(0), s.Overwrites(0))
				}
			}},
		{name: "bonus-byte-required", text: mapText(2, 0, 0, 0, "b21"), illegal: []string{"0,0", "0,0,1", "0,0,8"}},
		{name: "special-acts-once", text: mapText(3, 5, 0, 0, "c2133"), moves: []string{"0,0,1", "0,0"}, board: "33333"}, // player 3 overwrites the old c
		{name: "skip-player-without-move", text: mapText(3, 0, 0, 0, "02130"), moves: []string{"4,0"}, board: "02111",
			check: func(t *testing.T, s *State) {
				if s.CurrentPlayer() != 0 || s.Phase() != Phase1 {
					t.Errorf("to move %d phase %d", s.CurrentPlayer(), s.Phase())
				}
			}},
	})
}

func TestPhase2Start(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		moves []string
		want  int // seat to move in phase 2, or TerminalPlayer
	}{
		{"after-last-mover", mapText(3, 0, 1, 0, "0213"), []string{"0,0"}, 1},
		{"after-last-mover-3", mapText(3, 0, 1, 0, "0213/3000"), []string{"0,0"}, 1},
		{"only-bonus-bomb", mapText(3, 0, 0, 0, "b213"), []string{"0,0,20"}, 0},
		{"nobody-moved", mapText(3, 0, 1, 0, "1-23"), nil, 0},
		{"no-bombs", mapText(2, 0, 0, 0, "021"), []string{"0,0"}, game.TerminalPlayer},
		{"no-field-left", mapText(2, 0, 1, 1, "12"), []string{"0,0"}, game.TerminalPlayer},
		{"field-left", mapText(2, 0, 1, 0, "12"), []string{"0,0"}, 1},
	}
	for _, c := range cases {
		s := newTiny(t, c.text)
		playAll(t, s, c.moves...)
		if got := s.CurrentPlayer(); got != c.want || (got >= 0 && s.Phase() != Phase2) {
			t.Errorf("%s: to move %d phase %d, want %d\n%s", c.name, got, s.Phase(), c.want, s)
		}
	}
	// The second player is skipped in phase 2 when disqualified.
	s := newTiny(t, mapText(3, 0, 1, 0, "0213"))
	s.Disqualify(1)
	playAll(t, s, "0,0")
	if s.CurrentPlayer() != 2 {
		t.Errorf("after a disqualification: to move %d", s.CurrentPlayer())
	}
	playAll(t, s, "3,0", "0,0")
	if !s.IsTerminal() || compact(s) != "-11-" {
		t.Errorf("bomb phase: %s terminal %v", compact(s), s.IsTerminal())
	}
	if r := s.Ranks(nil); !reflect.DeepEqual(r, []int{1, 3, 2}) {
		t.Errorf("ranks %v", r)
	}
}

func TestBlasts(t *testing.T) {
	cases := []struct {
		name     string
		strength int
		rows     string
		tr       []string
		bomb     string
		want     string
	}{
		// Spec §9.3.
		{"spec", 3, "1-012/--222/01022/00022/00022", []string{"4 4 4 <-> 4 0 0"}, "2,0", "1----/-----/-----/-----/0002-"},
		{"strength0", 0, "000/010/000", nil, "1,1", "000/0-0/000"},
		{"strength1", 1, "0000/0100/0000/0000", nil, "1,1", "---0/---0/---0/0000"},
		{"strength1-transition", 1, "00000", []string{"4 0 2 <-> 0 0 6"}, "4,0", "-00--"},
		{"strength2-transition", 2, "0000000", []string{"6 0 2 <-> 0 0 6"}, "6,0", "--00---"},
		{"strength1-diagonal-transition", 1, "000/000/000", []string{"2 2 3 <-> 0 0 7"}, "2,2", "-00/0--/0--"},
		{"strength2-diagonal-transition", 2, "0000/0000/0000/0000", []string{"3 3 3 <-> 0 0 7"}, "3,3", "--00/----/0---/0---"},
		{"old-hole-blocks", 2, "00-00", nil, "1,0", "---00"},
		{"hole-end-not-followed", 3, "00-00", []string{"0 0 6 <-> 4 0 2"}, "4,0", "-0---"},
	}
	for _, c := range cases {
		s := newTiny(t, mapText(2, 0, 1, c.strength, c.rows, c.tr...))
		if s.Phase() != Phase2 {
			// make room: blast directly on phase-1 boards
			s.phase, s.cur = Phase2, 0
		}
		if c.name == "hole-end-not-followed" {
			s.put(0, Hole) // (0,0) destroyed by an earlier bomb
		}
		a := action(t, s, c.bomb)
		s.Apply(a)
		if got := compact(s); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestExample15Targets(t *testing.T) {
	s := NewState(mustLoad(t, "example15"))
	want := "7,5 8,5 9,5 8,6 9,6 5,7 9,7 5,8 6,8 5,9 6,9 7,9 7,10 6,11 7,11 8,11 7,12"
	got := targets(s)
	sortByXY(got)
	w := strings.Fields(want)
	sortByXY(w)
	if !reflect.DeepEqual(got, w) {
		t.Errorf("player 1 targets %v, want %v", got, w)
	}
	playAll(t, s, "8,5")
	if n := len(s.Targets()); s.CurrentPlayer() != 1 || n != 17 {
		t.Errorf("player 2: seat %d, %d targets, want 17", s.CurrentPlayer(), n)
	}
	playAll(t, s, "9,8")
	if n := len(s.Targets()); s.CurrentPlayer() != 2 || n != 12 {
		t.Errorf("player 3: seat %d, %d targets, want 12", s.CurrentPlayer(), n)
	}
}

func sortByXY(v []string) {
	key := func(s string) int {
		var x, y int
		fmt.Sscanf(s, "%d,%d", &x, &y)
		return y*100 + x
	}
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if key(v[j]) < key(v[i]) {
				v[i], v[j] = v[j], v[i]
			}
		}
	}
}

func TestRanksAndReturns(t *testing.T) {
	s := newTiny(t, mapText(4, 0, 0, 0, "1122/3300"))
	if r := s.Ranks(nil); !reflect.DeepEqual(r, []int{1, 1, 1, 4}) {
		t.Errorf("ranks %v", r)
	}
	s.Disqualify(0)
	if r, ret := s.Ranks(nil), s.Returns(nil); !reflect.DeepEqual(r, []int{4, 1, 1, 3}) || !reflect.DeepEqual(ret, []float64{0, 2, 2, 0}) {
		t.Errorf("after disqualifying player 1: ranks %v returns %v", r, ret)
	}
}

func TestActionEncoding(t *testing.T) {
	s := NewState(mustLoad(t, "example15"))
	for _, c := range []struct {
		x, y, special int
		str           string
	}{{3, 8, 20, "3,8,20"}, {3, 8, 21, "3,8,21"}, {1, 6, 3, "1,6,3"}, {7, 5, 0, "7,5"}} {
		a := MakeAction(s.m.Index(c.x, c.y), CodeOf(c.special))
		if got := s.ActionString(0, a); got != c.str {
			t.Errorf("ActionString = %q, want %q", got, c.str)
		}
		cell, code := SplitAction(a)
		if cell != s.m.Index(c.x, c.y) || SpecialByte(code) != c.special {
			t.Errorf("SplitAction(%d) = %d %d", a, cell, code)
		}
	}
}

func seat0Illegal(x, y int) func(t *testing.T, s *State) {
	return func(t *testing.T, s *State) {
		if s.targetOK(s.m.Index(x, y), 0) {
			t.Errorf("(%d,%d) is a target of player 1", x, y)
		}
	}
}

func TestParseAction(t *testing.T) {
	s := NewState(mustLoad(t, "example15"))
	for _, bad := range []string{"", "1", "1,2,3,4", "a,1", "15,0", "0,15", "1,1,9", "1,1,22", "-1,0"} {
		if _, err := s.ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) succeeded", bad)
		}
	}
	for _, a := range s.LegalActions(0, nil) {
		b, err := s.ParseAction(s.ActionString(0, a))
		if err != nil || a != b {
			t.Errorf("%s: %v %v", s.ActionString(0, a), b, err)
		}
	}
}

func TestDisqualify(t *testing.T) {
	s := newTiny(t, mapText(3, 0, 0, 0, "0213/0000"))
	if s.CurrentPlayer() != 0 {
		t.Fatalf("to move %d", s.CurrentPlayer())
	}
	s.Disqualify(0) // the player to move: the turn passes on; 2 has no move
	if s.CurrentPlayer() != 2 || !s.Disqualified(0) {
		t.Errorf("to move %d", s.CurrentPlayer())
	}
	// The disqualified player's stones stay, are foreign and flip.
	playAll(t, s, "0,0")
	if compact(s) != "3333/0000" {
		t.Errorf("board %s", compact(s))
	}
	if !s.IsTerminal() {
		t.Errorf("not over:\n%s", s)
	}
	if r := s.Ranks(nil); !reflect.DeepEqual(r, []int{3, 2, 1}) {
		t.Errorf("ranks %v", r)
	}
}
