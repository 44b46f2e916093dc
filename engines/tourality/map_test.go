package tourality_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"tourney/engines/internal/shared"
	"tourney/engines/tourality"
)

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1+\n2x\n", "f.trlt:2:2: character 'x'"},
		{"1+ \n2+\n", "f.trlt:2:3: line has 2 characters, the first line has 3"},
		{"1+\n2+\n1 \n", "f.trlt:3:1: second start 1"},
		{"1+\n  \n", "no start 2"},
		{"12\n  \n", "0 chips"},
		{"1#+\n##2\n", "f.trlt:1:3: chip at x=2 y=0 cannot be reached from start 1"},
		{"1+2\n", "map height 1"},
		{"", "empty map"},
	} {
		_, err := tourality.ParseMap("f.trlt", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMap(%q) = %v, want an error containing %q", c.text, err, c.want)
		}
	}
	if _, err := tourality.ParseMap("f.trlt", []byte("1+ \n2+\n")); err == nil || !strings.Contains(err.Error(), "trailing") {
		t.Errorf("short-line error does not mention trailing spaces: %v", err)
	}
}

func TestParseCRLFAndRoundTrip(t *testing.T) {
	lf := "1+ \n #2\n+  \n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	noFinal := strings.TrimSuffix(lf, "\n")
	for _, text := range []string{lf, crlf, noFinal} {
		m, err := tourality.ParseMap("x", []byte(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := string(m.Text()); got != lf {
			t.Errorf("%q written back as %q", text, got)
		}
		if m.Width() != 3 || m.Height() != 3 || m.NumChips() != 2 || m.ChipCell(0) != 1 || m.ChipCell(1) != 6 {
			t.Errorf("%q: geometry or chip numbering wrong", text)
		}
	}
}

func TestLoadMapErrorsNameTheFile(t *testing.T) {
	p := t.TempDir() + "/bad.trlt"
	if err := os.WriteFile(p, []byte("1+\n2?\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := tourality.Game{}.LoadMap(p)
	if err == nil || !strings.HasPrefix(err.Error(), p+":2:2:") {
		t.Errorf("LoadMap error %v, want prefix %s:2:2:", err, p)
	}
	for _, name := range []string{"gen:x", "gen:-1", "nosuchmap"} {
		if _, err := (tourality.Game{}).LoadMap(name); err == nil {
			t.Errorf("LoadMap(%q) succeeded", name)
		}
	}
}

func TestTournamentMaps(t *testing.T) {
	starts := [][4]int{{9, 9, 10, 10}, {0, 4, 13, 19}, {4, 19, 15, 19}}
	for i, want := range starts {
		p := shared.Path(t, "maps", "tourality", string(rune('1'+i))+".trlt")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := tourality.ParseMap(p, data)
		if err != nil {
			t.Fatal(err)
		}
		x1, y1 := m.XY(m.Start(0))
		x2, y2 := m.XY(m.Start(1))
		if [4]int{x1, y1, x2, y2} != want || m.NumChips() != 40 || m.Width() != 20 || m.Height() != 20 {
			t.Errorf("%s: starts %v, %d chips", p, [4]int{x1, y1, x2, y2}, m.NumChips())
		}
		// The file has no final LF; the writer adds one.
		if !bytes.Equal(m.Text(), append(data, '\n')) {
			t.Errorf("%s: written text differs from the file", p)
		}
	}
}

func TestGeneratorProperties(t *testing.T) {
	seeds := 1000
	if testing.Short() {
		seeds = 100
	}
	for seed := uint64(0); seed < uint64(seeds); seed++ {
		m, err := tourality.Generate(seed, tourality.DefaultGenOptions)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		n := m.Cells()
		if m.Start(1) != n-1-m.Start(0) {
			t.Fatalf("seed %d: starts not mirrored", seed)
		}
		walls := 0
		for k := 0; k < n; k++ {
			if m.Wall(k) != m.Wall(n-1-k) || (m.ChipAt(k) >= 0) != (m.ChipAt(n-1-k) >= 0) {
				t.Fatalf("seed %d: cell %d not symmetric", seed, k)
			}
			if m.Wall(k) {
				walls++
			}
		}
		if m.NumChips() != 40 || walls > 40 || walls%2 != 0 || walls < 30 {
			t.Errorf("seed %d: %d chips, %d obstacles", seed, m.NumChips(), walls)
		}
		for i := 0; i < m.NumChips(); i++ {
			if m.Dist(i, m.Start(0)) < 0 || m.Dist(i, m.Start(1)) < 0 {
				t.Fatalf("seed %d: chip %d unreachable", seed, i)
			}
		}
		// Deterministic per seed, and the text is a valid map again.
		if seed%10 == 0 {
			again, _ := tourality.Generate(seed, tourality.DefaultGenOptions)
			if !bytes.Equal(again.Text(), m.Text()) {
				t.Fatalf("seed %d: two runs differ", seed)
			}
			if _, err := tourality.ParseMap("gen", m.Text()); err != nil {
				t.Fatalf("seed %d: generated text does not parse: %v", seed, err)
			}
		}
	}
}

func TestGeneratorOptions(t *testing.T) {
	o := tourality.DefaultGenOptions
	o.Width = 21
	if _, err := tourality.Generate(1, o); err == nil {
		t.Errorf("odd width accepted")
	}
	o = tourality.GenOptions{Width: 4, Height: 4, Chips: 8, Obstacles: 2, MaxWall: 1}
	m, err := tourality.Generate(3, o)
	if err != nil || m.NumChips() != 8 {
		t.Fatalf("small generated map: %v", err)
	}
	o.Chips = 16
	if _, err := tourality.Generate(3, o); err == nil {
		t.Errorf("infeasible chip count accepted")
	}
}

func TestSeedMap(t *testing.T) {
	g := tourality.Game{}
	m, err := g.LoadMap(tourality.GenFromSeed)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.NewState(m, 17)
	b, _ := g.NewState(m, 17)
	c, _ := g.NewState(m, 18)
	ref, _ := g.LoadMap(tourality.GenName(17))
	want := tourality.NewState(ref.(*tourality.Map)).String()
	if a.String() != want || b.String() != want || c.String() == want {
		t.Errorf("map gen with seed 17 is not gen:17, or seed 18 gives the same board")
	}
	if names := g.Maps(); names[0] != "gen:1" {
		t.Errorf("default map %q", names[0])
	}
}
