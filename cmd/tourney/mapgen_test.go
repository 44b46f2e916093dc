package main

import (
	"strings"
	"testing"

	"tourney/engines/reversixt"
)

// tourney mapgen writes a map the engine parses, the same bytes as the
// full generator name it prints on standard error, and the same bytes
// again for the same flags; bad flags exit 2 and write no map.
func TestMapgen(t *testing.T) {
	args := []string{"mapgen", "reversixt", "--players", "4", "--size", "24x20", "--seed", "7", "--transitions", "12", "--bombs", "2", "--strength", "1"}
	code, out, errOut := tourney(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m, err := reversixt.ParseMap("out", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if m.NPlayers != 4 || m.Width != 24 || m.Height != 20 || m.Bombs != 2 || m.Strength != 1 || len(m.Transitions) < 12 {
		t.Errorf("map %d players %dx%d bombs %d/%d, %d transitions", m.NPlayers, m.Width, m.Height, m.Bombs, m.Strength, len(m.Transitions))
	}
	name := strings.TrimSpace(errOut)
	full, err := reversixt.LoadMap(name)
	if err != nil || full.String() != out {
		t.Errorf("the printed name %q does not give the printed map (%v)", name, err)
	}
	if _, again, _ := tourney(t, args...); again != out {
		t.Error("the same flags gave other bytes")
	}
	for _, bad := range [][]string{
		{"mapgen", "reversixt", "--players", "9"},
		{"mapgen", "reversixt", "--size", "60x60"},
		{"mapgen", "reversixt", "--bombs", "2"},
		{"mapgen", "reversixt", "--holes", "-3"},
		{"mapgen", "connect4"},
	} {
		code, out, errOut := tourney(t, bad...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", bad, code, out, errOut)
		}
	}
}
