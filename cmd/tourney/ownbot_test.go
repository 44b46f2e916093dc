package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
	"tourney/internal/testspace"
	"tourney/tuner/space"
)

// fakeConfig is a bot config file of the fake external bot (the test
// binary in mode) with pick set to 2 (its declared default is 0).
func fakeConfig(t *testing.T, dir, mode string) string {
	t.Helper()
	return writeFile(t, dir, "mine.toml", `game = "connect4"
bot = "fake"

[params]
pick = 2

[budget]
depth = 1

`+testspace.FakeBot(t, "fake", mode, "", `"hello"`))
}

// botColumn is the bot column of every row of a games.csv.
func botColumn(t *testing.T, path string) map[string]int {
	t.Helper()
	rows := testspace.ReadCSV(t, path)
	col := -1
	for i, h := range rows[0] {
		if h == "bot" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s: no bot column in %v", path, rows[0])
	}
	n := map[string]int{}
	for _, r := range rows[1:] {
		n[r[col]]++
	}
	return n
}

// TestMatchDefaultIsOwnBot: beside a bot config of an external bot,
// "default" and the bot's own name are that bot at its declared
// defaults (main played the game's built-in default bot for "default"
// and refused "fake": "game connect4 has no bot fake"), and the match
// opens as a sweep of its bot does, saying so.
func TestMatchDefaultIsOwnBot(t *testing.T) {
	dir := t.TempDir()
	cfg := fakeConfig(t, dir, externaltest.ModeFirst)
	bc, err := space.LoadBotConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := bc.GameImpl
	for _, ref := range []string{"default", "fake"} {
		_, e, _, err := resolveEntrant(g, ref, bc)
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		if e.Spec.Name != "fake" || fmt.Sprint(e.Params["pick"]) != "0" {
			t.Errorf("%s resolves to bot %s %v, want fake at its declared default pick 0", ref, e.Spec.Name, e.Params)
		}
	}
	// without the file, "default" is still the game's default bot
	if _, e, _, _ := resolveEntrant(g, "default", nil); e.Spec.Name != g.Bots()[0].Name {
		t.Errorf("default without a file: bot %s, want %s", e.Spec.Name, g.Bots()[0].Name)
	}
	for i, args := range [][]string{{cfg, "default"}, {"fake", cfg}} {
		out := filepath.Join(dir, fmt.Sprint("m", i))
		code, stdout, stderr := tourney(t, append(append([]string{"match"}, args...), "--games", "2", "--out", out, "--quiet")...)
		if code != 0 {
			t.Fatalf("match %v: exit %d\n%s\n%s", args, code, stdout, stderr)
		}
		if n := botColumn(t, filepath.Join(out, "games.csv")); n["fake"] != 4 || len(n) != 1 {
			t.Errorf("match %v: bots of games.csv %v, want fake in every seat", args, n)
		}
		if !strings.Contains(stdout, "bot fake of "+cfg+" at its declared defaults") {
			t.Errorf("match %v: the output does not say what %q is:\n%s", args, "default", stdout)
		}
		if !strings.Contains(stdout, "opening: 0 random plies a deal, as a sweep of connect4 opens (none with an external bot") {
			t.Errorf("match %v: the output does not give the opening:\n%s", args, stdout)
		}
	}
	noChildren(t)
}

// TestMatchOpensAsTheSweep: a match of built-in bots opens with the
// game's default opening plies, as a sweep of a scenario without
// opening_plies does (main: 0, so that deterministic bots replayed one
// game pair after pair), and --opening-plies still sets it.
func TestMatchOpensAsTheSweep(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, "opening: 4 random plies a deal, as a sweep of connect4 opens (the game's default"},
		{[]string{"--opening-plies", "0"}, "opening: 0 random plies a deal (--opening-plies)"},
	} {
		out := filepath.Join(dir, fmt.Sprint("m", len(c.flags)))
		args := append([]string{"match", "default", "default", "--budget", "depth=1", "--games", "8", "--out", out, "--quiet"}, c.flags...)
		code, stdout, stderr := tourney(t, args...)
		if code != 0 || !strings.Contains(stdout, c.want) {
			t.Fatalf("%v: exit %d, want %q in\n%s\n%s", args, code, c.want, stdout, stderr)
		}
		distinct := strings.Contains(stdout, "distinct deals:")
		if (c.flags == nil) == distinct {
			t.Errorf("%v: repeated deals reported %v:\n%s", args, distinct, stdout)
		}
	}
}

// TestConfirmAgainstDefault: confirm --against default (or the space's
// bot's name) plays the space's own bot at its declared defaults, here
// an external one (main played the game's built-in default bot, and
// refused "fake").
func TestConfirmAgainstDefault(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "s.toml", fakeSpace(t, externaltest.ModeFirst, ""))
	res := filepath.Join(dir, "r")
	if code, out, stderr := tourney(t, "sweep", p, "--out", res, "--quiet"); code != 0 {
		t.Fatalf("sweep: %d %s %s", code, out, stderr)
	}
	for _, ref := range []string{"default", "fake"} {
		code, out, stderr := tourney(t, "confirm", res, "--against", ref, "--games", "2", "--quiet")
		if code != 0 {
			t.Fatalf("confirm --against %s: exit %d\n%s\n%s", ref, code, out, stderr)
		}
		n := botColumn(t, filepath.Join(res, "against-"+ref, "defaults", "games.csv"))
		if n["fake"] != 4 || len(n) != 1 {
			t.Errorf("--against %s: bots %v, want fake in every seat", ref, n)
		}
	}
	noChildren(t)
}
