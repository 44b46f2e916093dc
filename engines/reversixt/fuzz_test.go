package reversixt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/game"
)

// FuzzParseMap: no input panics; an accepted map writes itself back as a
// map that parses to the same text, and its initial state lists moves.
func FuzzParseMap(f *testing.F) {
	for _, name := range BuiltinMaps {
		data, err := builtinFS.ReadFile("maps/" + name + ".map")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.map"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, c := range malformedMaps {
		f.Add([]byte(c.text))
	}
	f.Add([]byte(mapText(2, 1, 1, 2, "2102/c0i0/b00x", "3 0 2 <-> 0 0 6", "0 2 4 <-> 0 2 4")))
	f.Add([]byte("2\r\n0\r\n0 0\r\n1 1\r\n0\r\n"))
	f.Add([]byte("2\n0\n0 0\n2 2\n1 2\n2 1\n0 0 0<->1 1 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap("fuzz", data)
		if err != nil {
			me, ok := err.(*MapError)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			// the line exists (or is where the file ends), the message is
			// one line and starts with the file name
			if me.Line < 1 || me.Line > lineCount(data) || me.Col < 0 || me.Msg == "" ||
				!strings.HasPrefix(err.Error(), "fuzz:") || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("bad error position or text (%d lines): %+v %q", lineCount(data), me, err)
			}
			return
		}
		m2, err := ParseMap("again", []byte(m.String()))
		if err != nil || m2.String() != m.String() {
			t.Fatalf("round trip: %v\n%s", err, m)
		}
		s := NewState(m)
		if !s.IsTerminal() {
			s.LegalActions(s.CurrentPlayer(), nil)
		}
		// a short random game keeps the invariants
		if len(m.Cells) <= 256 {
			rng := game.NewRand(uint64(len(data)))
			var buf []game.Action
			for i := 0; i < 64 && !s.IsTerminal(); i++ {
				buf = s.LegalActions(s.CurrentPlayer(), buf[:0])
				if len(buf) == 0 {
					t.Fatalf("no legal action at a non-terminal state\n%s", s)
				}
				s.Apply(buf[rng.IntN(len(buf))])
				if err := checkInvariants(s); err != nil {
					t.Fatalf("%v\n%s", err, s)
				}
			}
		}
	})
}

// lineCount is the number of lines of data as the parser counts them (LF,
// CRLF or a lone CR end a line; the last line may be empty).
func lineCount(data []byte) int {
	n := 1
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			n++
		case '\r':
			n++
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
		}
	}
	return n
}
