package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// confirm --against BOT A B (issue 44): two bot configs each play BOT on
// the same deals; the output gives each one's points a game and the paired
// difference with its interval. A at 300 Elo and B at 0 against a 0 Elo
// bot: A scores more and the interval excludes 0; A against itself: the
// difference is 0 on every deal.
func TestConfirmPairAgainst(t *testing.T) {
	dir := t.TempDir()
	conf := func(name string, elo int) string {
		return writeFile(t, dir, name, "game = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = "+strconv.Itoa(elo)+".0\n")
	}
	a, b, bot := conf("a.toml", 300), conf("b.toml", 0), conf("bot.toml", 0)
	out := filepath.Join(dir, "pair")
	code, stdout, stderr := tourney(t, "confirm", "--against", bot, a, b, "--games", "200", "--workers", "2", "--quiet", "--grace", "1s", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	re := regexp.MustCompile(`against bot \(.*, 100 deals of two games\): A=\S+ ([\d.]+), B=\S+ ([\d.]+) points a game\nA − B: ([+-][\d.]+) points a game \[([+-][\d.]+), ([+-][\d.]+)\] \(paired on the deals`)
	m := re.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("output:\n%s", stdout)
	}
	f := func(i int) float64 { x, _ := strconv.ParseFloat(m[i], 64); return x }
	if !(f(1) > f(2)) || !(f(3) > 0) || !(f(4) > 0) {
		t.Errorf("300 Elo against 0 through a 0 Elo bot:\n%s", stdout)
	}
	for _, side := range []string{"A", "B"} {
		if !fileExists(filepath.Join(out, side, "games.csv")) {
			t.Errorf("no %s/games.csv", side)
		}
	}
	code, stdout, stderr = tourney(t, "confirm", "--against", bot, a, a, "--games", "40", "--workers", "2", "--quiet")
	if code != 0 || !strings.Contains(stdout, "A − B: +0.000 points a game no interval") {
		t.Errorf("A against itself: exit %d:\n%s%s", code, stdout, stderr)
	}
	// the conditions' flags go with the two configurations only; --grace is checked
	if code, _, stderr = tourney(t, "confirm", dir, "--map", "2p"); code != 2 || !strings.Contains(stderr, "--map goes with --against BOT A B") {
		t.Errorf("--map with a results directory: exit %d: %s", code, stderr)
	}
	if code, _, stderr = tourney(t, "confirm", "--against", bot, a, b, "--grace", "-1s"); code != 2 || !strings.Contains(stderr, "--grace") {
		t.Errorf("--grace -1s: exit %d: %s", code, stderr)
	}
}
