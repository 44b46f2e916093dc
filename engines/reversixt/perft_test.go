package reversixt

import (
	"fmt"
	"path/filepath"
	"testing"
)

// Spec §9.1, mode 2.
var perftStandard8 = []uint64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320, 24571420, 212260880}

func mustLoad(tb testing.TB, name string) *Map {
	tb.Helper()
	m, err := LoadMap(name)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestPerftStandard8(t *testing.T) {
	maxD := 8
	if testing.Short() {
		maxD = 6
	}
	s := NewState(mustLoad(t, "standard8"))
	h := s.Hash()
	for d := 0; d <= maxD; d++ {
		if got := s.Perft(d); got != perftStandard8[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, perftStandard8[d])
		}
	}
	if s.Hash() != h || s.MoveNumber() != 0 {
		t.Error("perft did not restore the state")
	}
}

// Spec §9.2: 17, 306, 4710; targets 17 → 17 → 12.
func TestPerftExample15(t *testing.T) {
	s := NewState(mustLoad(t, "example15"))
	for d, want := range []uint64{1, 17, 306, 4710} {
		if got := s.Perft(d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, d := range []int{6, 8, 9, 10, 11} {
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			s := NewState(mustLoad(b, "standard8"))
			var nodes uint64
			cpu0 := cpuTime()
			for b.Loop() {
				nodes += s.Perft(d)
			}
			if nodes != perftStandard8[d]*uint64(b.N) {
				b.Fatalf("perft(%d) = %d per run, want %d", d, nodes/uint64(b.N), perftStandard8[d])
			}
			reportRate(b, float64(nodes), "leaves", cpuTime()-cpu0)
		})
	}
}

// The generic generator (transitions, specials, overwrite stones).
func BenchmarkPerftExample15(b *testing.B) {
	s := NewState(mustLoad(b, "example15"))
	var nodes uint64
	for b.Loop() {
		nodes += s.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// Perft on big maps: a 20×20 8-player map (octo20), the 50×50 8-player
// test map, and the course's 51×51 8-player map when ../shared is there.
// CPU per leaf here against standard8's is the measure of the generic
// generator.
func BenchmarkPerftBig(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth int
	}{
		{"octo20", 4},
		{"testdata/big50-8p.map", 3},
		{"../../../shared/maps/reversixt/comp2020_02_8p.map", 5},
	} {
		b.Run(filepath.Base(c.name), func(b *testing.B) {
			m, err := LoadMap(c.name)
			if err != nil {
				b.Skip(err)
			}
			s := NewState(m)
			var nodes uint64
			cpu0 := cpuTime()
			for b.Loop() {
				nodes += s.Perft(c.depth)
			}
			reportRate(b, float64(nodes), "leaves", cpuTime()-cpu0)
		})
	}
}

// Every 8-player course map (../shared), each at the first depth with at
// least 20 000 leaves (up to 7).
func BenchmarkPerftCourse8p(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/maps/reversixt/*.map")
	if len(files) == 0 {
		b.Skip("no course maps")
	}
	for _, f := range files {
		m, err := LoadMap(f)
		if err != nil || m.NPlayers != 8 {
			continue
		}
		d := 1
		for ; d < 7 && NewState(m).Perft(d) < 20000; d++ {
		}
		b.Run(fmt.Sprintf("%s/depth=%d", filepath.Base(f), d), func(b *testing.B) {
			s := NewState(m)
			var nodes uint64
			cpu0 := cpuTime()
			for b.Loop() {
				nodes += s.Perft(d)
			}
			reportRate(b, float64(nodes), "leaves", cpuTime()-cpu0)
		})
	}
}
