package reversixt

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/engines/internal/shared"
)

func TestParseReadingRules(t *testing.T) {
	base := "2\n1\n2 1\n2 3\n0 1 2\nc i b\n"
	cases := map[string]string{
		"lf":      base,
		"crlf":    strings.ReplaceAll(base, "\n", "\r\n"),
		"cr":      strings.ReplaceAll(base, "\n", "\r"),
		"bom":     "\ufeff" + base,
		"blanks":  "\n  2 \t\n\n1\t\n 2   1\n2 3\n\n0\t1 2  \nc i b\n\n\n",
		"upper":   "2\n1\n2 1\n2 3\n0 1 2\nC I B\n",
		"no-eol":  strings.TrimSuffix(base, "\n"),
		"crlf-mx": "2\r\n1\n2 1\r\n2 3\r0 1 2\nc i b",
	}
	for name, text := range cases {
		m, err := ParseMap(name, []byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if m.NPlayers != 2 || m.Overwrites != 1 || m.Bombs != 2 || m.Strength != 1 || m.Height != 2 || m.Width != 3 {
			t.Errorf("%s: header %+v", name, m)
		}
		want := []uint8{Empty, 1, 2, Choice, Inversion, Bonus}
		for i, v := range want {
			if m.Cells[i] != v {
				t.Errorf("%s: cell %d = %d, want %d", name, i, m.Cells[i], v)
			}
		}
	}
}

func TestParseTransitions(t *testing.T) {
	text := "2\n0\n0 0\n2 3\n1 0 2\n2 0 -\n0 0 0<->2 0 0\n 0 1 4 <-> 0 1 6 \n1 1 4 <-> 1 1 4\n1 1 4 <-> 1 1 4\n2 0 0 <-> 0 0 0\n"
	m, err := ParseMap("tr", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Transitions) != 3 {
		t.Fatalf("transitions %v", m.Transitions)
	}
	// leave (0,0) upwards, arrive at (2,0) from above, travel down.
	if c, d, ok := m.Next(m.Index(0, 0), 0); !ok || c != m.Index(2, 0) || d != 4 {
		t.Errorf("next((0,0),up) = %d %d %v", c, d, ok)
	}
	if c, d, ok := m.Next(m.Index(2, 0), 0); !ok || c != m.Index(0, 0) || d != 4 {
		t.Errorf("next((2,0),up) = %d %d %v", c, d, ok)
	}
	if c, d, ok := m.Next(m.Index(0, 1), 4); !ok || c != m.Index(0, 1) || d != 2 {
		t.Errorf("next((0,1),down) = %d %d %v", c, d, ok)
	}
	// self-loop: leave (1,1) downwards, come back travelling up.
	if c, d, ok := m.Next(m.Index(1, 1), 4); !ok || c != m.Index(1, 1) || d != 0 {
		t.Errorf("self-loop next = %d %d %v", c, d, ok)
	}
	// (2,1) is a hole: no step into it.
	if _, _, ok := m.Next(m.Index(1, 1), 2); ok {
		t.Error("step into a hole")
	}
}

func TestParseErrors(t *testing.T) {
	const ok = "2\n0\n0 0\n2 2\n1 2\n2 1\n"
	cases := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 1, "missing header line 1"},
		{"players-2vals", "2 3\n0\n0 0\n2 2\n1 2\n2 1\n", 1, "has 2 values, want 1"},
		{"players-9", "9\n0\n0 0\n2 2\n1 2\n2 1\n", 1, "9 players"},
		{"players-1", "1\n0\n0 0\n2 2\n1 2\n2 1\n", 1, "1 players"},
		{"players-word", "two\n0\n0 0\n2 2\n1 2\n2 1\n", 1, "not an integer"},
		{"ow-negative", "2\n-1\n0 0\n2 2\n1 2\n2 1\n", 2, "negative"},
		{"bomb-one", "2\n0\n3\n2 2\n1 2\n2 1\n", 3, "has 1 values, want 2"},
		{"bomb-big", "2\n0\n99999999999 1\n2 2\n1 2\n2 1\n", 3, "too large"},
		{"size-0", "2\n0\n0 0\n0 2\n", 4, "height 0"},
		{"size-65", "2\n0\n0 0\n2 65\n", 4, "width 65"},
		{"size-3", "2\n0\n0 0\n2 2 2\n1 2\n2 1\n", 4, "has 3 values"},
		{"rows-few", "2\n0\n0 0\n3 2\n1 2\n2 1\n", 7, "the board has 2 rows, want 3"},
		{"row-short", "2\n0\n0 0\n2 2\n1 2\n2\n", 6, "board row 1 has 1 cells, want 2"},
		{"row-long", "2\n0\n0 0\n2 2\n1 2 0\n2 1\n", 5, "board row 0 has 3 cells"},
		{"cell-char", "2\n0\n0 0\n2 2\n1 2\n2 z\n", 6, `unknown cell character "z"`},
		{"cell-two", "2\n0\n0 0\n2 2\n1 2\n2 10\n", 6, "not one character"},
		{"cell-player", "2\n0\n0 0\n2 2\n1 3\n2 1\n", 5, "stone of player 3"},
		{"rows-many", ok + "0 0\n", 7, "unexpected text"},
		{"trailing-text", ok + "hello\n", 7, "unexpected text"},
		{"tr-short", ok + "0 0 0 <-> 1 1\n", 7, "2 numbers after"},
		{"tr-word", ok + "0 0 a <-> 1 1 4\n", 7, `"a" is not an integer`},
		{"tr-double", ok + "0 0 0 <-> 1 1 4 <-> 1\n", 7, "more than one"},
		{"tr-outside", ok + "0 0 0 <-> 2 1 4\n", 7, "outside the 2×2 board"},
		{"tr-negative", ok + "0 -1 0 <-> 1 1 4\n", 7, "outside"},
		{"tr-dir", ok + "0 0 8 <-> 1 1 4\n", 7, "direction 8 outside 0..7"},
		{"tr-inner", ok + "0 0 2 <-> 1 1 4\n", 7, "leads to the field (1,0)"},
		{"tr-hole", "2\n0\n0 0\n2 2\n1 2\n- 1\n0 1 4 <-> 1 1 4\n", 7, "is a hole"},
		{"tr-reuse", ok + "0 0 0 <-> 1 1 4\n0 0 0 <-> 1 0 0\n", 8, "already used"},
		{"crlf-line", strings.ReplaceAll(ok, "\n", "\r\n") + "0 0 9 <-> 1 1 4\r\n", 7, "direction 9"},
		{"blank-lines", "\n\n2\n0\n0 0\n2 2\n1 2\n2 x 1\n", 8, "board row 1 has 3"},
	}
	for _, c := range cases {
		_, err := ParseMap("bad.map", []byte(c.text))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		me, isME := err.(*MapError)
		if !isME || me.Line != c.line || me.File != "bad.map" || !strings.Contains(err.Error(), c.msg) ||
			!strings.HasPrefix(err.Error(), "bad.map:"+strconv.Itoa(c.line)+":") {
			t.Errorf("%s: got %q, want line %d and %q", c.name, err, c.line, c.msg)
		}
	}
}

func TestLoadMapFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.map")
	if err := os.WriteFile(p, []byte("2\n0\n0 0\n1 1\nq\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadMap(p); err == nil || !strings.HasPrefix(err.Error(), p+":5:1: ") {
		t.Errorf("LoadMap: %v", err)
	}
	if _, err := LoadMap(filepath.Join(dir, "none.map")); err == nil {
		t.Error("missing file loaded")
	}
	m, err := LoadMap("")
	if err != nil || m.Name() != "standard8" {
		t.Errorf("default map: %v %v", m, err)
	}
	// String writes a map that parses back to the same map.
	for _, name := range BuiltinMaps {
		m := mustLoad(t, name)
		m2, err := ParseMap(name, []byte(m.String()))
		if err != nil || m2.String() != m.String() {
			t.Errorf("%s: round trip: %v", name, err)
		}
	}
}

// The maps the official mapinfo tool refuses (shared INDEX.md).
var invalidShared = map[string]string{
	"burhankoeseler_map2.map": "transition end",
	"evilMap01.map":           "transition end",
	"scope.map":               "transition end",
}

func sharedMaps(t *testing.T) []string {
	dir := shared.Path(t, "maps", "reversixt")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".map") || strings.HasSuffix(e.Name(), ".txt") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

func TestSharedMapsParse(t *testing.T) {
	n := 0
	for _, p := range sharedMaps(t) {
		_, err := LoadMap(p)
		if want, bad := invalidShared[filepath.Base(p)]; bad {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: want an error %q, got %v", p, want, err)
			} else {
				t.Logf("rejected as expected: %v", err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v", err)
		}
		n++
	}
	t.Logf("%d maps parsed", n)
}
