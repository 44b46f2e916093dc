package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// gamesCSV reads games.csv of the results directory res.
func gamesCSV(t *testing.T, res string) []byte {
	t.Helper()
	g, err := os.ReadFile(filepath.Join(res, "games.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// sweepAtOneAndTwo sweeps the space file p with --workers 1 into dir/r1
// and with --workers 2 into dir/r2, and returns read's files of the
// first run (gamesCSV or resultCSVs). It fails on a sweep that does not
// exit 0, on a forfeit in those files, and when the two runs' files
// differ.
func sweepAtOneAndTwo(t *testing.T, dir, p string, read func(*testing.T, string) []byte) []byte {
	t.Helper()
	var files [][]byte
	for _, w := range []string{"1", "2"} {
		res := filepath.Join(dir, "r"+w)
		code, out, stderr := tourney(t, "sweep", p, "--workers", w, "--out", res, "--quiet")
		if code != 0 {
			t.Fatalf("sweep --workers %s: exit %d\n%s\n%s", w, code, out, stderr)
		}
		b := read(t, res)
		if bytes.Contains(b, []byte("forfeit")) {
			t.Fatalf("--workers %s: forfeits:\n%s", w, b)
		}
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatalf("files differ between --workers 1 and 2:\n%s\n----\n%s", files[0], files[1])
	}
	return files[0]
}
