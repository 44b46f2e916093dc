package results

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRepairTimingOldFormat: the timing.csv of a run started before
// cpu_ms existed resumes with the new header, its rows given an empty
// cpu_ms; a row past the games kept and a torn row are dropped.
func TestRepairTimingOldFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "timing.csv")
	old := "game,seat,time_ms,moves\n0,0,1.500,3\n0,1,1.250,3\n1,0,2.000,4\n1,1,0.9"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := repairTiming(path, 1); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := "game,seat,time_ms,moves,cpu_ms\n0,0,1.500,3,\n0,1,1.250,3,\n"; string(got) != want {
		t.Errorf("repaired:\n%s\nwant:\n%s", got, want)
	}
}
