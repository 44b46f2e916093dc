package speed

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
	"tourney/engines/internal/shared"
)

func TestConformance(t *testing.T) {
	returns := []conformance.Range{{Min: 0, Max: float64(MaxSide * MaxSide)}}
	maps := append(Game{}.Maps(), "speed-2p-8x8", "speed-6p-8x8", "speed-3p-12x9")
	conformance.Run(t, Game{}, conformance.Options{Playouts: 40, Maps: maps, Seed: 7, Returns: returns})
	// The largest board is costly to compare (String): a few playouts.
	conformance.Run(t, Game{}, conformance.Options{Playouts: 3, Maps: []string{"speed-6p-200x200"}, Seed: 8, Returns: returns})
}

func TestLoadMap(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n, w, h  int
		wantFail bool
	}{
		{name: "speed-2p", n: 2},
		{name: "speed-6p", n: 6},
		{name: "speed-4p-40x40", n: 4, w: 40, h: 40},
		{name: "speed-3p-8x200", n: 3, w: 8, h: 200},
		{name: "speed-1p", wantFail: true},
		{name: "speed-7p", wantFail: true},
		{name: "speed-2p-7x40", wantFail: true},
		{name: "speed-2p-40x201", wantFail: true},
		{name: "speed-2p-40x", wantFail: true},
		{name: "speed-02p", wantFail: true},
		{name: "speed-2p-0x0", wantFail: true},
		{name: "40x40", wantFail: true},
		{name: "speed", wantFail: true},
	} {
		m, err := Game{}.LoadMap(tc.name)
		if tc.wantFail {
			if err == nil {
				t.Errorf("LoadMap(%q) succeeded", tc.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("LoadMap(%q): %v", tc.name, err)
			continue
		}
		w, h := m.(*Map).Size()
		if m.Name() != tc.name || m.Players() != tc.n || w != tc.w || h != tc.h {
			t.Errorf("LoadMap(%q) = %q %d players %dx%d", tc.name, m.Name(), m.Players(), w, h)
		}
	}
}

func TestSetup(t *testing.T) {
	seenW := map[int]bool{}
	seenRot := map[int]bool{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		m, _ := NewMap(n, 0, 0)
		for seed := uint64(0); seed < 300; seed++ {
			s := NewState(m, seed)
			if s.w < MinRandom || s.w > MaxRandom || s.h < MinRandom || s.h > MaxRandom {
				t.Fatalf("seed %d: board %dx%d", seed, s.w, s.h)
			}
			seenW[s.w] = true
			qw, qh := s.w/4, s.h/2
			free := 0
			for _, c := range s.cells {
				if c == 0 {
					free++
				}
			}
			if free != s.w*s.h-n || s.alive != n || s.round != 0 {
				t.Fatalf("seed %d: %d free cells, %d alive", seed, free, s.alive)
			}
			for p := 0; p < n; p++ {
				q := s.Player(p)
				if !q.Active || q.Speed != 1 || s.Cell(q.X, q.Y) != int8(p+1) {
					t.Fatalf("seed %d player %d: %+v", seed, p+1, q)
				}
				if q.Direction != startDir(q.X, q.Y, s.w, s.h) {
					t.Fatalf("seed %d player %d: direction", seed, p+1)
				}
				// The region of a start cell.
				j := q.X / qw
				if q.Y >= qh {
					j = 4 + q.X/qw
				}
				if q.X >= 4*qw || q.Y >= 2*qh || j >= n || (q.Y >= qh && j > 5) {
					t.Fatalf("seed %d player %d at (%d,%d): outside the regions", seed, p+1, q.X, q.Y)
				}
				if p == 0 {
					seenRot[j] = true
				}
			}
			if s.String() != NewState(m, seed).String() {
				t.Fatalf("seed %d: setup not deterministic", seed)
			}
		}
	}
	if len(seenW) != MaxRandom-MinRandom+1 || len(seenRot) != MaxPlayers {
		t.Errorf("widths seen %d, regions of player 1 seen %d", len(seenW), len(seenRot))
	}
	// Fixed sizes skip the size draws.
	m, _ := NewMap(2, 40, 30)
	if s := NewState(m, 1); s.w != 40 || s.h != 30 {
		t.Errorf("fixed map: %dx%d", s.w, s.h)
	}
}

func TestStartDirection(t *testing.T) {
	// W = H = 41: halves 20.
	for _, tc := range []struct {
		x, y int
		want Direction
	}{
		{21, 21, Up}, {20, 21, Right}, {21, 20, Left}, {20, 20, Down}, {0, 0, Down}, {40, 40, Up},
	} {
		if got := startDir(tc.x, tc.y, 41, 41); got != tc.want {
			t.Errorf("(%d,%d): %s, want %s", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestReplayDetectsDifference changes one cell of a recorded state and
// expects Replay to name it.
func TestReplayDetectsDifference(t *testing.T) {
	f := filepath.Join(shared.Path(t, "oracles", "speed"), "spe_ed-1602529978403.json")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var states []JSONState
	if err := json.Unmarshal(data, &states); err != nil {
		t.Fatal(err)
	}
	// A free cell of state 5 becomes 2.
	st := &states[5]
	x, y := -1, -1
	for yy, row := range st.Cells {
		for xx, c := range row {
			if c == 0 && x < 0 {
				x, y = xx, yy
			}
		}
	}
	st.Cells[y][x] = 2
	buf, _ := json.Marshal(states)
	n, err := Replay(bytes.NewReader(buf))
	if err == nil || n != 4 || !strings.Contains(err.Error(), "state 5 (round 5") || !strings.Contains(err.Error(), "cell (x=0, y=0)") {
		t.Errorf("Replay = %d, %v", n, err)
	}
	// A player field.
	json.Unmarshal(data, &states)
	p := states[3].Players["2"]
	p.Speed += 3
	states[3].Players["2"] = p
	buf, _ = json.Marshal(states)
	if _, err := Replay(bytes.NewReader(buf)); err == nil || !strings.Contains(err.Error(), "player 2") {
		t.Errorf("Replay with a bad speed: %v", err)
	}
	if _, err := Replay(strings.NewReader("[]")); err == nil {
		t.Error("empty replay accepted")
	}
}

// playRandom plays one game with random bots and returns the final state.
func playRandom(tb testing.TB, m *Map, seed uint64, bots []game.Bot, joint []game.Action) *State {
	s := NewState(m, seed)
	for p, b := range bots {
		b.Reset(game.Mix(seed, uint64(p)+1))
	}
	ctx := context.Background()
	for !s.IsTerminal() {
		for p, b := range bots {
			joint[p] = game.NoAction
			if s.pl[p].active {
				a, err := b.Step(ctx, s, p, game.Budget{})
				if err != nil {
					tb.Fatal(err)
				}
				joint[p] = a
			}
		}
		s.ApplyJoint(joint)
	}
	return s
}

func newRandomBots(tb testing.TB, n int) []game.Bot {
	bots := make([]game.Bot, n)
	for i := range bots {
		b, _, err := game.RandomSpec().Build(nil)
		if err != nil {
			tb.Fatal(err)
		}
		bots[i] = b
	}
	return bots
}

// BenchmarkGame6p80x80 plays whole 6-player games on an 80×80 board with
// random bots.
func BenchmarkGame6p80x80(b *testing.B) {
	m, _ := NewMap(6, 80, 80)
	bots := newRandomBots(b, 6)
	joint := make([]game.Action, 6)
	rounds := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		rounds += playRandom(b, m, uint64(i), bots, joint).round
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkClone80x80 measures Copy on the largest random board.
func BenchmarkClone80x80(b *testing.B) {
	m, _ := NewMap(6, 80, 80)
	s := NewState(m, 1)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Copy()
	}
}

// BenchmarkRound6p80x80 measures one round of six live players after a
// copy of the state (the unit of a search).
func BenchmarkRound6p80x80(b *testing.B) {
	m, _ := NewMap(6, 80, 80)
	s := NewState(m, 1)
	joint := []game.Action{ChangeNothing, ChangeNothing, ChangeNothing, ChangeNothing, ChangeNothing, ChangeNothing}
	b.ReportAllocs()
	for b.Loop() {
		c := s.Copy()
		c.ApplyJoint(joint)
	}
}

func BenchmarkHash80x80(b *testing.B) {
	m, _ := NewMap(6, 80, 80)
	s := NewState(m, 1)
	for b.Loop() {
		_ = s.Hash()
	}
}
