package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/reversixt"
)

// Every command's -h example names files that exist and runs: in a
// scratch directory that sees the repository's configs/, the examples run
// in order (sweep writes results/check, which confirm, promote and report
// read) and exit 0; promote may instead refuse as documented, with exit 1
// and "nothing to promote", when the verdict is "keep the defaults".
func TestHelpExamplesRun(t *testing.T) {
	heavyUnderRace(t)
	configs, err := filepath.Abs("../../configs")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	dir := t.TempDir()
	if err := os.Symlink(configs, filepath.Join(dir, "configs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(configs, "..", "scripts"), filepath.Join(dir, "scripts")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	order := []string{"sweep", "cleanup", "confirm", "promote", "report", "validate", "match", "play", "perft", "list", "replay", "version", "check-bot", "client", "worker", "mapgen", "serve"}
	for _, c := range commands() {
		found := false
		for _, o := range order {
			found = found || o == c.name
		}
		if !found {
			t.Errorf("command %s: its example is not run by this test", c.name)
		}
	}
	for _, name := range order {
		code, _, stderr := tourney(t, name, "-h")
		if code != 0 {
			t.Fatalf("%s -h: exit %d", name, code)
		}
		_, ex, ok := strings.Cut(stderr, "Example:\n")
		if !ok {
			t.Fatalf("%s -h has no example:\n%s", name, stderr)
		}
		ex, _, _ = strings.Cut(strings.TrimSpace(ex), "\n")
		ex, _, _ = strings.Cut(ex, " > ") // a redirection is the shell's
		args := strings.Fields(ex)
		if len(args) < 2 || args[0] != "tourney" || args[1] != name {
			t.Fatalf("%s -h: example %q", name, ex)
		}
		for _, a := range args[2:] {
			if strings.HasPrefix(a, "configs/") || strings.HasPrefix(a, "scripts/") {
				if _, err := os.Stat(a); err != nil {
					t.Errorf("%s -h: example names %s, which does not exist", name, a)
				}
			}
		}
		switch {
		case name == "client":
			continue // it needs a live competition server (the client tests host one)
		case name == "worker":
			continue // it needs a coordinator (cluster_test.go runs workers)
		case name == "serve":
			continue // it serves until stopped (serve_test.go runs it)
		case name == "check-bot":
			if _, err := exec.LookPath("python3"); err != nil {
				continue // the example bot is a Python program
			}
		}
		code, _, stderr = tourney(t, args[1:]...)
		if name == "promote" && code == 1 && strings.Contains(stderr, "keep the defaults") && strings.Contains(stderr, "nothing to promote (--force") {
			continue
		}
		if code != 0 {
			t.Errorf("example %q: exit %d\n%s", ex, code, stderr)
		}
	}
}

// list says "unbounded" rather than the largest integer and keeps its
// lines within 100 columns; list reversixt names the generated maps.
func TestListUnboundedAndWrapped(t *testing.T) {
	for _, g := range []string{"", "connect4", "groker", "tourality", "speed", "reversixt"} {
		args := []string{"list"}
		if g != "" {
			args = append(args, g)
		}
		code, out, _ := tourney(t, args...)
		if code != 0 {
			t.Fatalf("list %s: exit %d", g, code)
		}
		if strings.Contains(out, "2147483647") || strings.Contains(out, "9223372036854775807") {
			t.Errorf("list %s prints the largest integer", g)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := len([]rune(l)); n > 100 {
				t.Errorf("list %s: line of %d columns: %q", g, n, l)
			}
		}
	}
	_, out, _ := tourney(t, "list", "reversixt")
	if !strings.Contains(out, "maximum length unbounded") {
		t.Error("list reversixt: no unbounded maximum length")
	}
	// the generated maps are named (they were not), and the example
	// name it gives is a map
	flat := strings.Join(strings.Fields(out), " ")
	if !strings.Contains(flat, "generated maps: gen:SEED or gen-TOKENS:SEED") {
		t.Errorf("list reversixt does not name the generated maps:\n%s", out)
	}
	if _, ex, ok := strings.Cut(flat, "e.g. "); !ok {
		t.Error("list reversixt: no example of a generated map's name")
	} else if _, err := reversixt.LoadMap(strings.Fields(ex)[0]); err != nil {
		t.Errorf("list reversixt's example: %v", err)
	}
}
