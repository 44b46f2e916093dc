package reversixt

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestPerftDump writes perft counts of every built-in map and every map of
// ../../../shared/maps/reversixt to the file named by PERFT_DUMP, one line
// per map (depth by depth until a count passes 200 000 or a map takes a
// second). It compares the move generator before and after a change:
// PERFT_DUMP=/tmp/before.txt go test -run PerftDump ./engines/reversixt/
func TestPerftDump(t *testing.T) {
	out := os.Getenv("PERFT_DUMP")
	if out == "" {
		t.Skip("PERFT_DUMP not set")
	}
	names := append([]string(nil), BuiltinMaps...)
	files, _ := filepath.Glob("../../../shared/maps/reversixt/*.map")
	sort.Strings(files)
	names = append(names, files...)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, name := range names {
		m, err := LoadMap(name)
		if err != nil {
			fmt.Fprintf(f, "%s: error: %v\n", filepath.Base(name), err)
			continue
		}
		fmt.Fprintf(f, "%s:", filepath.Base(name))
		start := time.Now()
		for d := 1; d <= 9; d++ {
			n := NewState(m).Perft(d)
			fmt.Fprintf(f, " %d", n)
			if n > 200000 || time.Since(start) > time.Second {
				break
			}
		}
		fmt.Fprintln(f)
	}
}
