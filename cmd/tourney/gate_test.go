package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/internal/testspace"
)

// gateFiles writes a tuning landscape where x1 = 1 gains 300 Elo, a
// held-out one where it loses 300, a field bot, and a space whose
// [gate] plays the held-out map; it returns the space's path.
func gateFiles(t *testing.T, dir string) string {
	writeFile(t, dir, "tune.toml", "players = 2\n[main]\nx1 = { \"0\" = 0, \"1\" = 300 }\n")
	writeFile(t, dir, "heldout.toml", "players = 2\n[main]\nx1 = { \"0\" = 0, \"1\" = -300 }\n")
	writeFile(t, dir, "opp.toml", "game = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = 50.0\n")
	return writeFile(t, dir, "gate.toml", testspace.Gate(`[gate]
maps = ["heldout.toml"]
against = ["fixed"]
max_games = 1000
`))
}

// A winner that failed the promotion gate (issue 44): the sweep prints
// the three gains beside the verdict, promote refuses it unless --force,
// and confirming it again on fresh seeds (H1 in self-play) does not undo
// the gate's refusal.
func TestPromoteRefusesFailedGate(t *testing.T) {
	heavyUnderRace(t) // three runs of the gate: CI's second pass
	dir := t.TempDir()
	p := gateFiles(t, dir)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := tourney(t, "sweep", p, "--out", out, "--workers", "2", "--quiet")
	if code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"verdict: no evidence of improvement: keep the defaults (the promotion gate rejected the winner: against fixed, on heldout.toml",
		"gains over the defaults, side by side:\n  self-play: +", "\n  field:     +", "\n  held-out:  -"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("sweep output lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, stderr = tourney(t, "promote", out); code != 1 || !strings.Contains(stderr, "the winner did not pass: the promotion gate rejected the winner") {
		t.Errorf("promote: exit %d: %s", code, stderr)
	}
	if code, _, stderr = tourney(t, "promote", out, "--force", "--to", filepath.Join(dir, "w.toml")); code != 0 {
		t.Errorf("promote --force: exit %d: %s", code, stderr)
	}
	if err := os.RemoveAll(filepath.Join(out, "confirm")); err != nil { // confirm again, into a new confirm/
		t.Fatal(err)
	}
	code, stdout, stderr = tourney(t, "confirm", out, "--space", p, "--workers", "2", "--quiet")
	if code != 0 {
		t.Fatalf("confirm: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "→ H1\nverdict: no evidence of improvement: keep the defaults (the promotion gate rejected the winner") || strings.Contains(stdout, "promote:") {
		t.Errorf("confirm:\n%s", stdout)
	}
	if code, _, stderr = tourney(t, "promote", out); code != 1 || !strings.Contains(stderr, "promotion gate") {
		t.Errorf("promote after confirm: exit %d: %s\n%s", code, stderr, stdout)
	}
}

// validate names the gate and its cap.
func TestValidateGate(t *testing.T) {
	p := gateFiles(t, t.TempDir())
	code, out, stderr := tourney(t, "validate", p, "--no-estimate")
	want := "promotion gate: at most 1000 games after the verdict (the winner and the defaults each against fixed on 1 map(s), budget the bots' own, GSPRT [0, 10]): \"better\" only when it passes; played only when the winner is not the defaults, not counted in the estimate\n"
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("validate: exit %d, want %q:\n%s%s", code, want, out, stderr)
	}
}
