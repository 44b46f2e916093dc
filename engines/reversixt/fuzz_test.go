package reversixt

import (
	"os"
	"path/filepath"
	"testing"
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
	f.Add([]byte(mapText(2, 1, 1, 2, "2102/c0i0/b00x", "3 0 2 <-> 0 0 6", "0 2 4 <-> 0 2 4")))
	f.Add([]byte("2\r\n0\r\n0 0\r\n1 1\r\n0\r\n"))
	f.Add([]byte("2\n0\n0 0\n2 2\n1 2\n2 1\n0 0 0<->1 1 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap("fuzz", data)
		if err != nil {
			if _, ok := err.(*MapError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
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
	})
}
