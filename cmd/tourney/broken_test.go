package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
)

var tinySynth = testspace.Fixed("tiny", 9, `label = { values = [1, 2] }
[tournament]
format = "race"
max_games = 40
bootstrap = 100
`)

// report and replay refuse what they cannot check or draw, with a clear
// message and a non-zero exit status.
func TestReportReplayRefuseBrokenDirs(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "tiny.toml", tinySynth)
	res := filepath.Join(dir, "r")
	if code, _, e := tourney(t, "sweep", p, "--out", res, "--quiet", "--workers", "2"); code != 0 {
		t.Fatalf("sweep: %d %s", code, e)
	}
	if code, _, e := tourney(t, "report", res, "--out", filepath.Join(dir, "ok.html")); code != 0 {
		t.Fatalf("report: %d %s", code, e)
	}
	// an empty records file: nothing to compare the moves with
	rec := filepath.Join(res, "games.jsonl.gz")
	orig, _ := os.ReadFile(rec)
	_ = os.WriteFile(rec, nil, 0o644)
	if code, out, e := tourney(t, "replay", res, "--game", "1"); code != 1 || !strings.Contains(e, "nothing to compare") {
		t.Fatalf("replay with an empty records file: %d %q %q", code, out, e)
	}
	_ = os.WriteFile(rec, orig, 0o644)
	// unfinished: no summary.json
	sum := filepath.Join(res, "summary.json")
	sb, _ := os.ReadFile(sum)
	os.Remove(sum)
	if code, _, e := tourney(t, "report", res); code == 0 || !strings.Contains(e, "unfinished") {
		t.Fatalf("report of an unfinished directory: %d %q", code, e)
	}
	_ = os.WriteFile(sum, sb, 0o644)
	// broken: no games.csv
	os.Remove(filepath.Join(res, "games.csv"))
	if code, _, e := tourney(t, "report", res); code == 0 || !strings.Contains(e, "no games.csv") {
		t.Fatalf("report without games.csv: %d %q", code, e)
	}
	if _, err := os.Stat(filepath.Join(res, "report.html")); err == nil {
		t.Fatal("report.html written for a broken directory")
	}
}

// Flags that make no sense are refused as usage errors (exit 2).
func TestBadFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "tiny.toml", tinySynth)
	for _, args := range [][]string{
		{"sweep", p, "--grace", "-1s", "--out", filepath.Join(dir, "g")},
		{"sweep", p, "--hang-timeout", "0s", "--out", filepath.Join(dir, "h")},
		{"match", "default", "random", "--grace", "-1s"},
		{"play", "connect4", "--bots", "random,random,random"},
		{"play", "reversixt", "--map", "cross14", "--bots", "random,trivial"},
	} {
		if code, _, e := tourney(t, args...); code != 2 {
			t.Errorf("%v: exit %d, %s", args, code, e)
		}
	}
	if code, _, e := tourney(t, "play", "connect4", "--bots", "random", "--seed", "2"); code != 0 {
		t.Errorf("one bot for every seat: %d %s", code, e)
	}
}
