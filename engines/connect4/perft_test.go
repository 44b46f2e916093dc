package connect4_test

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"tourney/engines/internal/shared"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// §7.1: move sequences of exactly n plies (finished positions have no moves).
var perftCounts = []uint64{1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572, 268031646, 1844590828, 12418296244}

// §7.2, OEIS A212693: distinct positions after n plies (won positions are
// counted where they arise and not extended).
var distinctCounts = []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623}

func TestPerftFast(t *testing.T) {
	maxD := 9
	if testing.Short() {
		maxD = 8
	}
	for d := 0; d <= maxD; d++ {
		s := connect4.NewState()
		if got := s.Perft(d); got != perftCounts[d] {
			t.Errorf("(*State).Perft(%d) = %d, want %d", d, got, perftCounts[d])
		}
		if s.Ply() != 0 || s.String() != connect4.NewState().String() {
			t.Fatalf("Perft(%d) did not restore the empty board:\n%s", d, s)
		}
	}
}

func TestPerftGeneric(t *testing.T) {
	g := connect4.Game{}
	m, err := g.LoadMap(g.Maps()[0])
	if err != nil {
		t.Fatal(err)
	}
	for d := 0; d <= 6; d++ {
		s, err := g.NewState(m, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.Perft(s, d); got != perftCounts[d] {
			t.Errorf("game.Perft(%d) = %d, want %d", d, got, perftCounts[d])
		}
		// Through Clone instead of Undo (a state hiding its Undoer).
		if d <= 5 {
			if got := game.Perft(cloneOnly{s}, d); got != perftCounts[d] {
				t.Errorf("game.Perft(%d) through Clone = %d, want %d", d, got, perftCounts[d])
			}
		}
	}
}

// cloneOnly hides the Undoer of a state, so that game.Perft clones.
type cloneOnly struct{ game.State }

func (c cloneOnly) Clone() game.State { return cloneOnly{c.State.Clone()} }

// Perft in the middle of a game agrees between the fast and the generic
// counters (positions with wins near the horizon).
func TestPerftMidgame(t *testing.T) {
	for _, moves := range []string{"3344", "33442", "0123456", "334455", "0000011111"} {
		s, err := connect4.FromMoves(moves)
		if err != nil {
			t.Fatal(err)
		}
		for d := 0; d <= 5; d++ {
			fast := s.Clone().(*connect4.State).Perft(d)
			gen := game.Perft(s.Clone(), d)
			if fast != gen {
				t.Errorf("after %s depth %d: fast %d, generic %d", moves, d, fast, gen)
			}
		}
	}
}

func TestDistinctPositions(t *testing.T) {
	maxN := 9
	if testing.Short() {
		maxN = 8
	}
	got := distinctPositions(maxN)
	for n := 0; n <= maxN; n++ {
		if got[n] != distinctCounts[n] {
			t.Errorf("distinct positions after %d plies: %d, want %d", n, got[n], distinctCounts[n])
		}
	}
}

// distinctPositions counts the distinct positions (by the two players'
// stones) after 0..maxN plies; won positions are not extended.
func distinctPositions(maxN int) []int {
	type pos = [2]uint64
	counts := []int{1}
	frontier := []pos{{0, 0}}
	for n := 1; n <= maxN; n++ {
		p := (n - 1) & 1 // the player who drops the n-th stone
		next := make(map[pos]bool, len(frontier)*4)
		for _, st := range frontier {
			mask := st[0] | st[1]
			for c := 0; c < connect4.Width; c++ {
				h := bits.OnesCount64(mask >> (c * connect4.Stride) & (1<<connect4.Height - 1))
				if h == connect4.Height {
					continue
				}
				ns := st
				ns[p] |= connect4.Bit(c, h)
				next[ns] = connect4.HasFour(ns[p])
			}
		}
		counts = append(counts, len(next))
		frontier = frontier[:0]
		for st, won := range next {
			if !won {
				frontier = append(frontier, st)
			}
		}
	}
	return counts
}

func oracleDir(t testing.TB) string {
	t.Helper()
	return shared.Path(t, "oracles", "connect4")
}

// ponsLine is one line of a Pons benchmark file.
type ponsLine struct {
	moves string // digits 1..7
	score int
}

func parsePonsLine(line string) (ponsLine, error) {
	f := strings.Split(line, " ")
	if len(f) != 2 || f[0] == "" {
		return ponsLine{}, fmt.Errorf("want \"<moves> <score>\" separated by one space, got %q", line)
	}
	s, err := strconv.Atoi(f[1])
	if err != nil {
		return ponsLine{}, fmt.Errorf("score %q: %v", f[1], err)
	}
	return ponsLine{moves: f[0], score: s}, nil
}

// ponsDistance is §7.3.3: the number of plies to the end under perfect play
// after p plies with score s (false for a draw).
func ponsDistance(p, s int) (int, bool) {
	switch {
	case s > 0:
		return 2*(22-s-p/2) - 1, true
	case s < 0:
		return 2 * (22 + s - (p+1)/2), true
	}
	return 0, false
}

// §7.3 check 1 on every file present.
func TestPonsReplay(t *testing.T) {
	dir := oracleDir(t)
	files := []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"}
	checked := 0
	for _, name := range files {
		f, err := os.Open(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			t.Logf("%s absent, skipped", name)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		lines := 0
		for sc.Scan() {
			lines++
			where := fmt.Sprintf("%s:%d", name, lines)
			pl, err := parsePonsLine(sc.Text())
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			if msg := replayPons(pl.moves); msg != "" {
				t.Errorf("%s: %s", where, msg)
				continue
			}
			p := len(pl.moves)
			if L, ok := ponsDistance(p, pl.score); ok && (L < 1 || p+L > connect4.Cells) {
				t.Errorf("%s: score %d after %d plies gives an end %d plies away", where, pl.score, p, L)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if lines != 1000 {
			t.Errorf("%s: %d lines, want 1000", name, lines)
		}
		checked++
	}
	if checked == 0 {
		t.Skip("no Pons file present")
	}
}

// The replay check itself rejects what it must.
func TestReplayPonsRejects(t *testing.T) {
	for moves, want := range map[string]string{
		"4444444":  "move 7: column 4 is full",
		"1212121":  "the final position is finished",
		"12121212": "move 8: the game ended before it",
		"1280":     "move 3: '8' is not a column 1..7",
		"4455":     "",
	} {
		if got := replayPons(moves); got != want {
			t.Errorf("replayPons(%q) = %q, want %q", moves, got, want)
		}
	}
	if _, err := parsePonsLine("4455  18"); err == nil {
		t.Errorf("two spaces accepted")
	}
}

// replayPons plays a Pons move string and returns what is wrong with it.
func replayPons(moves string) string {
	s := connect4.NewState()
	for i, ch := range moves {
		c := int(ch - '1')
		switch {
		case ch < '1' || ch > '7':
			return fmt.Sprintf("move %d: %q is not a column 1..7", i+1, ch)
		case s.Over():
			return fmt.Sprintf("move %d: the game ended before it", i+1)
		case !s.CanPlay(c):
			return fmt.Sprintf("move %d: column %c is full", i+1, ch)
		}
		s.Play(c)
	}
	if s.Over() {
		return "the final position is finished"
	}
	if t, err := connect4.FromPons(moves); err != nil || t.String() != s.String() {
		return fmt.Sprintf("FromPons disagrees with the replay (%v)", err)
	}
	return ""
}

// The worked example of §7.3: "4455 18" is a win three plies later.
func TestPonsScoreExample(t *testing.T) {
	pl, err := parsePonsLine("4455 18")
	if err != nil {
		t.Fatal(err)
	}
	L, ok := ponsDistance(len(pl.moves), pl.score)
	if !ok || L != 3 {
		t.Fatalf("L = %d, %v; want 3", L, ok)
	}
	s, err := connect4.FromPons(pl.moves)
	if err != nil {
		t.Fatal(err)
	}
	// The side to move (Player 1, 2 stones) wins with its 4th stone,
	// 22 - 4 = 18: a forced win within 3 plies but not within 1.
	if !winsWithin(s, 3) || winsWithin(s, 1) {
		t.Errorf("after 4455: win within 3 plies %v, within 1 %v; want true, false", winsWithin(s, 3), winsWithin(s, 1))
	}
	// Loss side of the formula: after 4 plies, score -5 means the opponent
	// wins with its 17th stone: 2*(22-5-2) = 30 plies away.
	if L, _ := ponsDistance(4, -5); L != 30 {
		t.Errorf("ponsDistance(4, -5) = %d, want 30", L)
	}
	if L, _ := ponsDistance(41, 1); L != 1 {
		t.Errorf("ponsDistance(41, 1) = %d, want 1 (a win with the 21st stone)", L)
	}
}

// The L formula against a small search on Test_L3_R1 positions that are won
// within 5 plies: the win is found within L plies and not within L-2.
func TestPonsDistanceAgainstSearch(t *testing.T) {
	path := filepath.Join(oracleDir(t), "Test_L3_R1")
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skip("Test_L3_R1 absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		pl, err := parsePonsLine(line)
		if err != nil {
			t.Fatalf("Test_L3_R1:%d: %v", i+1, err)
		}
		L, ok := ponsDistance(len(pl.moves), pl.score)
		if !ok || pl.score < 0 || L > 5 {
			continue
		}
		s, err := connect4.FromPons(pl.moves)
		if err != nil {
			t.Fatalf("Test_L3_R1:%d: %v", i+1, err)
		}
		if !winsWithin(s, L) || winsWithin(s, L-2) {
			t.Errorf("Test_L3_R1:%d %s: score %d, L %d: win within L %v, within L-2 %v", i+1, pl.moves, pl.score, L, winsWithin(s, L), winsWithin(s, L-2))
		}
		if checked++; checked == 100 {
			break
		}
	}
	if checked == 0 {
		t.Error("no position with a win within 5 plies found")
	}
	t.Logf("%d positions checked", checked)
}

// winsWithin reports whether the side to move can force four with a stone
// dropped within k plies (k odd).
func winsWithin(s *connect4.State, k int) bool {
	if k < 1 || s.Over() {
		return false
	}
	for c := 0; c < connect4.Width; c++ {
		if !s.CanPlay(c) {
			continue
		}
		s.Play(c)
		win := s.Winner() >= 0 || (k >= 3 && !s.Over() && everyReplyLoses(s, k-1))
		s.Unplay(c)
		if win {
			return true
		}
	}
	return false
}

// everyReplyLoses: whatever the side to move plays, the opponent then wins
// within k-1 plies.
func everyReplyLoses(s *connect4.State, k int) bool {
	for c := 0; c < connect4.Width; c++ {
		if !s.CanPlay(c) {
			continue
		}
		s.Play(c)
		lose := s.Winner() < 0 && winsWithin(s, k-1)
		s.Unplay(c)
		if !lose {
			return false
		}
	}
	return true
}

func BenchmarkPerft(b *testing.B) {
	for _, d := range []int{9, 10} {
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			s := connect4.NewState()
			var nodes uint64
			for b.Loop() {
				nodes += s.Perft(d)
			}
			if nodes != perftCounts[d]*uint64(b.N) {
				b.Fatalf("perft(%d) = %d per run, want %d", d, nodes/uint64(b.N), perftCounts[d])
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkPerftGeneric(b *testing.B) {
	const d = 8
	s := connect4.NewState()
	var nodes uint64
	for b.Loop() {
		nodes += game.Perft(s, d)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
