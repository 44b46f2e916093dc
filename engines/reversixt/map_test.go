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
	text := "2\n0\n0 0\n2 3\n1 0 2\n2 0 -\n0 0 0<->2 0 0\n 0 1 4 <-> 0 1 6 \n1 1 4 <-> 1 1 4\n"
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

// okMap is a valid 2×2 map; malformedMaps edits it.
const okMap = "2\n0\n0 0\n2 2\n1 2\n2 1\n"

// malformedMaps are maps the parser must reject (spec §1.4), each with the
// 1-based line and column of the error (col 0: no column) and a part of
// the message. FuzzParseMap starts from them too.
var malformedMaps = []struct {
	name, text string
	line, col  int
	msg        string
}{
	// header (§1.4 rule 1)
	{"empty", "", 1, 0, "missing header line 1"},
	{"only-blank-lines", "\n \n\t\n", 4, 0, "missing header line 1"},
	{"only-bom", "\ufeff", 1, 0, "missing header line 1"},
	{"only-crlf", "\r\n\r\n", 3, 0, "missing header line 1"},
	{"truncated-header", "2\n0\n", 3, 0, "missing header line 3"},
	{"truncated-no-eol", "2\n0\n0 0", 3, 0, "missing header line 4"},
	{"players-2vals", "2 3\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "has 2 values, want 1"},
	{"players-comment", "2 # players\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "has 3 values, want 1"},
	{"players-tab-2vals", "2\t3\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "has 2 values"},
	{"players-9", "9\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "9 players: want 2..8"},
	{"players-1", "1\n0\n0 0\n2 2\n1\n2\n", 1, 1, "1 players"},
	{"players-0", "0\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "0 players"},
	{"players-word", "two\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, `"two" is not an integer`},
	{"players-suffix", "2p\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, `"2p" is not an integer`},
	{"players-float", "2.0\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "not an integer"},
	{"players-huge", "99999999999999999999999\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 1, "too large"},
	{"players-indented", "  12\n0\n0 0\n2 2\n1 2\n2 1\n", 1, 3, "12 players"},
	{"ow-negative", "2\n-1\n0 0\n2 2\n1 2\n2 1\n", 2, 1, "-1 is negative (the overwrite stones per player)"},
	{"ow-2^32", "2\n4294967296\n0 0\n2 2\n1 2\n2 1\n", 2, 1, "too large"},
	{"ow-huge-negative", "2\n-99999999999999999999\n0 0\n2 2\n1 2\n2 1\n", 2, 1, "negative"},
	{"ow-sign-only", "2\n-\n0 0\n2 2\n1 2\n2 1\n", 2, 1, "not an integer"},
	{"bomb-one", "2\n0\n3\n2 2\n1 2\n2 1\n", 3, 1, "has 1 values, want 2"},
	{"bomb-three", "2\n0\n1 2 3\n2 2\n1 2\n2 1\n", 3, 1, "has 3 values, want 2"},
	{"bomb-big", "2\n0\n99999999999 1\n2 2\n1 2\n2 1\n", 3, 1, "too large"},
	{"strength-negative", "2\n0\n1 -2\n2 2\n1 2\n2 1\n", 3, 3, "-2 is negative (the bombs per player and the bomb strength)"},
	{"size-one", "2\n0\n0 0\n2\n1 2\n2 1\n", 4, 1, "has 1 values, want 2"},
	{"size-three", "2\n0\n0 0\n2 2 2\n1 2\n2 1\n", 4, 1, "has 3 values"},
	{"height-0", "2\n0\n0 0\n0 2\n", 4, 1, "height 0 outside 1..64"},
	{"width-0", "2\n0\n0 0\n2 0\n", 4, 3, "width 0 outside"},
	{"width-65", "2\n0\n0 0\n2 65\n", 4, 3, "width 65 outside 1..64"},
	{"height-huge", "2\n0\n0 0\n4294967295 2\n", 4, 1, "height 4294967295 outside"},
	{"size-negative", "2\n0\n0 0\n-8 8\n", 4, 1, "negative"},
	{"size-x", "2\n0\n0 0\n8x8\n", 4, 1, "has 1 values"},
	// board (§1.4 rule 2)
	{"rows-none", "2\n0\n0 0\n2 2\n", 5, 0, "the board has 0 rows, want 2"},
	{"rows-few", "2\n0\n0 0\n3 2\n1 2\n2 1\n", 7, 0, "the board has 2 rows, want 3"},
	{"rows-few-no-eol", "2\n0\n0 0\n3 2\n1 2\n2 1", 6, 0, "the board has 2 rows, want 3"},
	{"rows-few-transition", "2\n0\n0 0\n3 2\n1 2\n2 1\n0 0 0 <-> 1 1 4\n", 7, 1, "the board has 2 rows, want 3 (a transition follows)"},
	{"rows-few-transition-7", "2\n0\n0 0\n2 7\n1 2 0 0 0 0 0\n0 0 0 <-> 1 1 4\n", 6, 1, "a transition follows"},
	{"rows-many", okMap + "0 0\n", 7, 1, "extra board row: the header (line 4) gives 2 rows"},
	{"row-short", "2\n0\n0 0\n2 2\n1 2\n2\n", 6, 1, "board row 1 has 1 cells, want 2"},
	{"row-long", "2\n0\n0 0\n2 2\n1 2 0\n2 1\n", 5, 1, "board row 0 has 3 cells"},
	{"row-glued", "2\n0\n0 0\n2 2\n12\n2 1\n", 5, 1, "board row 0 has 1 cells"},
	{"cell-char", "2\n0\n0 0\n2 2\n1 2\n2 z\n", 6, 3, `unknown cell character "z" at (1,1)`},
	{"cell-9", "2\n0\n0 0\n2 2\n1 2\n2 9\n", 6, 3, `unknown cell character "9"`},
	{"cell-dot", "2\n0\n0 0\n2 2\n. 2\n2 1\n", 5, 1, `unknown cell character "."`},
	{"cell-nul", "2\n0\n0 0\n2 2\n1 2\n2 \x00\n", 6, 3, "unknown cell character"},
	{"cell-two", "2\n0\n0 0\n2 2\n1 2\n2 10\n", 6, 3, "not one character"},
	{"cell-utf8", "2\n0\n0 0\n2 2\n1 2\n2 é\n", 6, 3, "not one character"},
	{"cell-vtab", "2\n0\n0 0\n2 2\n1\v2\n2 1\n", 5, 1, "board row 0 has 1 cells"},
	{"cell-player", "2\n0\n0 0\n2 2\n1 3\n2 1\n", 5, 3, "stone of player 3 at (1,0) but the map has 2 players"},
	{"cell-player-8-of-7", "7\n0\n0 0\n1 2\n8 1\n", 5, 1, "stone of player 8"},
	{"bom-mid-file", "2\n0\n0 0\n2 2\n1 2\n\ufeff2 1\n", 6, 1, "not one character"},
	// after the board
	{"trailing-text", okMap + "hello\n", 7, 1, "unexpected text \"hello\" after the board"},
	{"trailing-garbage-no-eol", okMap + "  end", 7, 3, "unexpected text"},
	{"trailing-number", okMap + "42\n", 7, 1, "unexpected text"},
	{"tr-arrow-left", okMap + "0 0 0 <- 1 1 4\n", 7, 1, "unexpected text"},
	{"tr-arrow-fat", okMap + "0 0 0 <=> 1 1 4\n", 7, 1, "unexpected text"},
	// transitions (§1.4 rules 3 and 4)
	{"tr-short", okMap + "0 0 0 <-> 1 1\n", 7, 11, "2 numbers after `<->`, want 3"},
	{"tr-long", okMap + "0 0 0 <-> 1 1 4 4\n", 7, 11, "4 numbers after"},
	{"tr-long-before", okMap + "0 0 0 0 <-> 1 1 4\n", 7, 1, "4 numbers before"},
	{"tr-nothing", okMap + "<->\n", 7, 1, "0 numbers before"},
	{"tr-nothing-after", okMap + "0 0 0 <->\n", 7, 7, "0 numbers after"},
	{"tr-word", okMap + "0 0 a <-> 1 1 4\n", 7, 5, `"a" is not an integer`},
	{"tr-trailing-word", okMap + "0 0 0 <-> 1 1 4 # wrap\n", 7, 11, "5 numbers after"},
	{"tr-double", okMap + "0 0 0 <-> 1 1 4 <-> 1\n", 7, 17, "more than one"},
	{"tr-huge", okMap + "0 0 0 <-> 99999999999999999999 1 4\n", 7, 11, "out of range"},
	{"tr-big", okMap + "0 0 0 <-> 1 1 4294967296\n", 7, 15, "out of range"},
	{"tr-outside-x", okMap + "0 0 0 <-> 2 1 4\n", 7, 11, "transition end (2,1) is outside the 2×2 board: x must be 0..1"},
	{"tr-outside-y", okMap + "0 2 0 <-> 1 1 4\n", 7, 3, "y must be 0..1"},
	{"tr-negative", okMap + "0 -1 0 <-> 1 1 4\n", 7, 3, "outside"},
	{"tr-2^31", okMap + "2147483648 0 0 <-> 1 1 4\n", 7, 1, "outside"},
	{"tr-dir-8", okMap + "0 0 8 <-> 1 1 4\n", 7, 5, "direction 8 outside 0..7"},
	{"tr-dir-negative", okMap + "0 0 0 <-> 1 1 -1\n", 7, 15, "direction -1 outside 0..7"},
	{"tr-inner", okMap + "0 0 2 <-> 1 1 4\n", 7, 5, "leads to the field (1,0)"},
	{"tr-inner-diagonal", okMap + "0 0 0 <-> 1 1 7\n", 7, 15, "leads to the field (0,0)"},
	{"tr-hole", "2\n0\n0 0\n2 2\n1 2\n- 1\n0 1 4 <-> 1 1 4\n", 7, 1, "transition end (0,1) is a hole"},
	{"tr-hole-second", "2\n0\n0 0\n2 2\n1 2\n- 1\n1 1 4 <-> 0 1 4\n", 7, 11, "transition end (0,1) is a hole"},
	{"tr-reuse", okMap + "0 0 0 <-> 1 1 4\n0 0 0 <-> 1 0 0\n", 8, 1, "already used by 0 0 0 <-> 1 1 4 (line 7)"},
	{"tr-reuse-second", okMap + "0 0 0 <-> 1 1 4\n1 0 0 <-> 1 1 4\n", 8, 11, "(1,1) direction 4 is already used"},
	{"tr-reuse-self-loop", okMap + "1 1 4 <-> 1 1 4\n1 1 4 <-> 0 0 0\n", 8, 1, "already used"},
	{"tr-self-loop-reused", okMap + "0 0 0 <-> 1 1 4\n1 1 4 <-> 1 1 4\n", 8, 1, "already used"},
	// The official server and checker reject a transition listed twice.
	{"tr-same-twice", okMap + "0 0 0 <-> 1 1 4\n0 0 0 <-> 1 1 4\n", 8, 1, "listed twice (first on line 7)"},
	{"tr-same-reversed", okMap + "0 0 0 <-> 1 1 4\n1 1 4 <-> 0 0 0\n", 8, 1, "listed twice"},
	{"tr-self-loop-twice", okMap + "1 1 4 <-> 1 1 4\n1 1 4 <-> 1 1 4\n", 8, 1, "1 1 4 <-> 1 1 4 is listed twice"},
	{"tr-after-blank-lines", okMap + "\n\n0 0 0 <-> 1 1 9\n", 9, 15, "direction 9"},
	// line ends, BOM and tabs keep the numbering
	{"crlf-line", strings.ReplaceAll(okMap, "\n", "\r\n") + "0 0 9 <-> 1 1 4\r\n", 7, 5, "direction 9"},
	{"cr-line", strings.ReplaceAll(okMap, "\n", "\r") + "0 0 9 <-> 1 1 4\r", 7, 5, "direction 9"},
	{"cr-rows-few", "2\r0\r0 0\r3 2\r1 2\r2 1\r", 7, 0, "the board has 2 rows"},
	{"crlf-rows-few-no-eol", "2\r\n0\r\n0 0\r\n3 2\r\n1 2\r\n2 1", 6, 0, "the board has 2 rows"},
	{"mixed-eol", "2\r\n0\r0 0\n2 2\r\n1 2\r2 q\n", 6, 3, "unknown cell"},
	{"blank-lines", "\n\n2\n0\n0 0\n2 2\n1 2\n2 x 1\n", 8, 1, "board row 1 has 3"},
	{"bom-error", "\ufeff3\n0\n0 0\n2 2\n1 2\n2 4\n", 6, 3, "stone of player 4"},
	{"tabs", "2\n0\n0\t0\n2\t2\n1\t2\n2\t\tq\n", 6, 4, `unknown cell character "q"`},
}

func TestParseErrors(t *testing.T) {
	if len(malformedMaps) < 30 {
		t.Fatalf("only %d malformed maps", len(malformedMaps))
	}
	for _, c := range malformedMaps {
		_, err := ParseMap("bad.map", []byte(c.text))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		me, isME := err.(*MapError)
		want := "bad.map:" + strconv.Itoa(c.line) + ":"
		if c.col > 0 {
			want += strconv.Itoa(c.col) + ":"
		}
		want += " "
		if !isME || me.Line != c.line || me.Col != c.col || me.File != "bad.map" || !strings.Contains(me.Msg, c.msg) ||
			!strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %q, want %q…%q", c.name, err, want, c.msg)
		}
	}
}

// Variants of okMap that the parser accepts (spec §1.3).
func TestParseAccepts(t *testing.T) {
	cases := map[string]string{
		"no-final-newline":  strings.TrimSuffix(okMap, "\n"),
		"trailing-blanks":   "2 \n0\t\n0 0  \n2 2\n1 2 \n2 1\t\n\n\n",
		"max-stock":         "2\n4294967295\n4294967295 4294967295\n2 2\n1 2\n2 1\n",
		"plus-sign":         "+2\n+0\n0 0\n2 2\n1 2\n2 1\n",
		"self-loop":         okMap + "1 1 4 <-> 1 1 4\n",
		"arrow-touching":    okMap + "0 0 0<->1 1 4\n",
		"arrow-tabs":        okMap + "0\t0\t0\t<->\t1\t1\t4\n",
		"same-field":        okMap + "0 0 0 <-> 0 0 6\n",
		"into-hole":         "2\n0\n0 0\n2 2\n1 2\n- 1\n0 0 4 <-> 1 1 6\n",
		"max-side":          "2\n0\n0 0\n1 64\n1 2" + strings.Repeat(" 0", 62) + "\n",
		"player-without":    "8\n0\n0 0\n1 2\n1 2\n",
		"all-holes":         "2\n0\n0 0\n1 2\n- -\n",
		"bom-crlf-no-eol":   "\ufeff2\r\n0\r\n0 0\r\n2 2\r\n1 2\r\n2 1",
		"blank-lines-rows":  "2\n0\n0 0\n2 2\n\n1 2\n\n2 1\n",
		"upper-case-fields": "2\n0\n0 0\n2 2\nC I\nB X\n",
	}
	for name, text := range cases {
		if _, err := ParseMap(name, []byte(text)); err != nil {
			t.Errorf("%s: %v", name, err)
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
