package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
)

// Malformed ReversiXT maps (spec §1.4): every command that loads one exits
// with status 2 and one line naming the map file and the line at fault.
var badReversiXTMaps = []struct {
	name, text string
	where      string // ":line:" or ":line:col:" after the path
}{
	{"cell.map", "2\n0\n0 0\n2 2\n1 2\n2 z\n", ":6:3: "},
	{"players.map", "9\n0\n0 0\n2 2\n1 2\n2 1\n", ":1:1: "},
	{"truncated.map", "2\n0\n0 0\n3 2\n1 2\n2 1\n", ":7: "},
	{"transition.map", "2\n0\n0 0\n2 2\n1 2\n2 1\n0 0 0 <-> 1 1 4\n0 0 2 <-> 1 1 4\n", ":8:5: "},
	{"reused.map", "2\n0\n0 0\n2 2\n1 2\n2 1\n0 0 0 <-> 1 1 4\n1 0 0 <-> 0 0 0\n", ":8:11: "},
	{"crlf.map", "2\r\n0\r\n0 0\r\n2 2\r\n1 2 0\r\n2 1\r\n", ":5:1: "},
	{"empty.map", "", ":1: "},
}

func checkMapError(t *testing.T, what string, code int, stdout, stderr, path, where string) {
	t.Helper()
	if code != 2 {
		t.Errorf("%s: exit %d, want 2 (stderr %q)", what, code, stderr)
	}
	if !strings.Contains(stderr, path+where) {
		t.Errorf("%s: stderr %q does not name %s%s", what, stderr, path, where)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("%s: error is not one line: %q", what, stderr)
	}
	if stdout != "" {
		t.Errorf("%s: stdout %q", what, stdout)
	}
}

func TestReversiXTMalformedMapsPerftMatch(t *testing.T) {
	dir := t.TempDir()
	for _, c := range badReversiXTMaps {
		p := writeFile(t, dir, c.name, c.text)
		code, out, errs := tourney(t, "perft", "reversixt", "--map", p, "--depth", "1")
		checkMapError(t, "perft "+c.name, code, out, errs, p, c.where)

		res := filepath.Join(dir, "match-"+c.name)
		code, out, errs = tourney(t, "match", "random", "random", "--game", "reversixt", "--map", p, "--games", "2", "--out", res, "--quiet")
		checkMapError(t, "match "+c.name, code, out, errs, p, c.where)
		if _, err := os.Stat(res); err == nil {
			t.Errorf("match %s wrote %s", c.name, res)
		}
		// a bad map after a good one in the list
		code, out, errs = tourney(t, "match", "random", "random", "--game", "reversixt", "--map", "standard8,"+p, "--games", "2", "--quiet")
		checkMapError(t, "match standard8,"+c.name, code, out, errs, p, c.where)
	}
	// the good maps still work
	for _, m := range []string{"duel10", "tri13", "cross14", "octo20"} {
		if code, out, errs := tourney(t, "perft", "reversixt", "--map", m, "--depth", "2"); code != 0 || !strings.HasPrefix(out, "depth 1 nodes ") {
			t.Errorf("perft %s: exit %d %q %q", m, code, out, errs)
		}
	}
}

var reversixtSpace = testspace.Text("rx", 5, "reversixt", "paranoid", `maps = ["standard8", "MAP"]
budget = { depth = 1 }

[params]
player_distance = { values = [8, 16] }
`)

func TestReversiXTMalformedMapInSpace(t *testing.T) {
	dir := t.TempDir()
	// the same space with a good map file is valid
	good := writeFile(t, dir, "good.map", "2\n0\n0 0\n2 2\n1 2\n2 1\n")
	sp := writeFile(t, dir, "good.toml", strings.Replace(reversixtSpace, "MAP", "good.map", 1))
	if code, out, errs := tourney(t, "validate", sp, "--no-estimate"); code != 0 {
		t.Fatalf("validate good space (map %s): exit %d %q %q", good, code, out, errs)
	}
	for _, c := range badReversiXTMaps {
		sub := filepath.Join(dir, strings.TrimSuffix(c.name, ".map"))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		p := writeFile(t, sub, c.name, c.text)
		// the map is named relative to the space file
		sp := writeFile(t, sub, "s.toml", strings.Replace(reversixtSpace, "MAP", c.name, 1))
		for _, cmd := range []string{"validate", "sweep"} {
			out := filepath.Join(sub, "out-"+cmd)
			args := []string{cmd, sp, "--no-estimate"}
			if cmd == "sweep" {
				args = []string{cmd, sp, "--out", out, "--quiet"}
			}
			code, stdout, stderr := tourney(t, args...)
			checkMapError(t, cmd+" "+c.name, code, stdout, stderr, p, c.where)
			if !strings.Contains(stderr, sp+":7:") {
				t.Errorf("%s %s: stderr %q does not name the space's maps line", cmd, c.name, stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s %s wrote %s", cmd, c.name, out)
			}
		}
		ents, err := os.ReadDir(sub)
		if err != nil || len(ents) != 2 {
			t.Errorf("%s: the directory holds %d entries after the failed runs, want the map and the space", c.name, len(ents))
		}
	}
}
