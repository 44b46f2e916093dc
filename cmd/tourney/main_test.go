package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func tourney(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// resultCSVs is games.csv, variants.csv and bracket.csv of the results
// directory res, one after the other.
func resultCSVs(t *testing.T, res string) []byte {
	t.Helper()
	var all []byte
	for _, f := range []string{"games.csv", "variants.csv", "bracket.csv"} {
		b, err := os.ReadFile(filepath.Join(res, f))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

const goodSpace = `name = "t"
seed = 3

[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 2 }

[params]
opponent_weight = { values = [0.5, 1.0] }
max_reach = { min = 5, max = 6 }

[tournament]
max_games = 40
`

func TestInputErrorsExit2AndWriteNothing(t *testing.T) {
	cases := []struct {
		name, edit, want string
	}{
		{"unknown key", strings.Replace(goodSpace, "seed = 3", "seed = 3\nseeed = 4", 1), `t.toml:3:1: seeed`},
		{"unknown parameter", strings.Replace(goodSpace, "max_reach", "max_rech", 1), `t.toml:11:1: params.max_rech`},
		{"min above max", strings.Replace(goodSpace, "min = 5, max = 6", "min = 6, max = 5", 1), `t.toml:11:1: params.max_reach: min 6 is greater than max 5`},
		{"out of range", strings.Replace(goodSpace, "max = 6", "max = 9", 1), `t.toml:11:24: params.max_reach.max`},
		{"unknown game", strings.Replace(goodSpace, `"connect4"`, `"chess"`, 1), `t.toml:5:`},
		{"unknown bot", strings.Replace(goodSpace, `"alphabeta"`, `"minimax"`, 1), `t.toml:6:`},
		{"unknown map", strings.Replace(goodSpace, `budget`, "maps = [\"moon\"]\nbudget", 1), `t.toml:7:`},
		{"syntax", strings.Replace(goodSpace, `[0.5, 1.0]`, `[0.5, 1.0`, 1), `t.toml:10:`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeFile(t, dir, "t.toml", c.edit)
			for _, cmd := range []string{"validate", "sweep"} {
				out := filepath.Join(dir, "out-"+cmd)
				code, stdout, stderr := tourney(t, cmd, p, "--no-estimate")
				if cmd == "sweep" {
					code, stdout, stderr = tourney(t, cmd, p, "--out", out, "--quiet")
				}
				if code != 2 {
					t.Errorf("%s: exit %d, stderr %q", cmd, code, stderr)
				}
				if !strings.Contains(stderr, c.want) {
					t.Errorf("%s: stderr %q does not contain %q", cmd, stderr, c.want)
				}
				if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
					t.Errorf("%s: error is not one line: %q", cmd, stderr)
				}
				if stdout != "" {
					t.Errorf("%s: stdout %q", cmd, stdout)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%s wrote %s on bad input", cmd, out)
				}
			}
		})
	}
	// the unknown parameter's message lists the bot's parameters
	dir := t.TempDir()
	p := writeFile(t, dir, "t.toml", strings.Replace(goodSpace, "max_reach", "max_rech", 1))
	_, _, stderr := tourney(t, "validate", p)
	if !strings.Contains(stderr, "threat_exponent") {
		t.Errorf("no parameter list in %q", stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{}, {"frobnicate"}, {"sweep", "a.toml", "b.toml"}, {"match", "default"}, {"perft", "chess"},
		{"play", "connect4", "--budget", "depth=x"}, {"sweep", "--workers", "x"}, {"match", "default", "default", "--sprt", "5,1"},
	} {
		if code, _, _ := tourney(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	code, _, stderr := tourney(t, "sweep", "-h")
	if code != 0 || !strings.Contains(stderr, "Example:") {
		t.Errorf("sweep -h: exit %d, %q", code, stderr)
	}
}

func TestSweepPromoteMatch(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "t.toml", goodSpace)
	code, out, stderr := tourney(t, "validate", p, "--no-estimate")
	if code != 0 || !strings.Contains(out, "variants: 4") || !strings.Contains(out, "total games: 40 to 136") || !strings.Contains(out, "hold-out rung: at most 16 games") {
		t.Fatalf("validate: %d %q %q", code, out, stderr)
	}
	var csvs [][]byte
	for _, w := range []string{"1", "2"} {
		res := filepath.Join(dir, "r"+w)
		code, out, stderr = tourney(t, "sweep", p, "--workers", w, "--out", res, "--quiet")
		if code != 0 || !regexp.MustCompile(`winner: variant \d`).MatchString(out) {
			t.Fatalf("sweep: %d %q %q", code, out, stderr)
		}
		all := resultCSVs(t, res)
		csvs = append(csvs, all)
	}
	if !bytes.Equal(csvs[0], csvs[1]) {
		t.Fatal("CSV files differ between --workers 1 and 2")
	}
	// any game of the run plays again exactly; a tampered games.csv is caught
	r1 := filepath.Join(dir, "r1")
	if code, out, stderr = tourney(t, "replay", r1, "--game", "5"); code != 0 || !strings.Contains(out, "game 5 reproduced") {
		t.Fatalf("replay: %d %q %q", code, out, stderr)
	}
	if code, out, _ = tourney(t, "play", "--from", r1, "--game", "5"); code != 0 || !strings.Contains(out, "move ") || !strings.Contains(out, "rank 1") {
		t.Fatalf("play --from: %d %q", code, out)
	}
	gpath := filepath.Join(r1, "games.csv")
	orig, _ := os.ReadFile(gpath)
	lines := strings.Split(string(orig), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "5,") { // game 5's first seat: another rank
			f := strings.Split(l, ",")
			f[13] = map[string]string{"1": "2", "2": "1"}[f[13]]
			lines[i] = strings.Join(f, ",")
			break
		}
	}
	_ = os.WriteFile(gpath, []byte(strings.Join(lines, "\n")), 0o644)
	if code, _, stderr = tourney(t, "replay", r1, "--game", "5"); code != 1 || !strings.Contains(stderr, "game 5") {
		t.Fatalf("replay of a tampered game: %d %q", code, stderr)
	}
	_ = os.WriteFile(gpath, orig, 0o644)
	// the same directory again is refused, not overwritten
	if code, _, _ = tourney(t, "sweep", p, "--out", filepath.Join(dir, "r1"), "--quiet"); code != 1 {
		t.Fatalf("sweep into a full directory: exit %d", code)
	}
	tuned := filepath.Join(dir, "tuned.toml")
	// promote refuses a winner without evidence, unless forced
	var sw map[string]any
	b0, _ := os.ReadFile(filepath.Join(dir, "r1", "summary.json"))
	if err := json.Unmarshal(b0, &sw); err != nil {
		t.Fatal(err)
	}
	better := sw["verdict"].(map[string]any)["better_than_defaults"].(bool)
	code, _, stderr = tourney(t, "promote", filepath.Join(dir, "r1"), "--to", tuned)
	if better && code != 0 || !better && (code != 1 || !strings.Contains(stderr, "keep the defaults")) {
		t.Fatalf("promote (better %v): %d %s", better, code, stderr)
	}
	if code, _, stderr = tourney(t, "promote", filepath.Join(dir, "r1"), "--to", tuned, "--force"); code != 0 {
		t.Fatalf("promote --force: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(tuned); !strings.Contains(string(b), "[budget]\ndepth = 2\n") {
		t.Fatalf("the promoted config does not carry the budget it was tested under:\n%s", b)
	}
	code, out, stderr = tourney(t, "match", tuned, "random", "--games", "4", "--budget", "depth=2", "--out", filepath.Join(dir, "m"), "--quiet")
	if code != 0 || !strings.Contains(out, "W 4  D 0  L 0") {
		t.Fatalf("match: %d %q %q", code, out, stderr)
	}
	var sum map[string]any
	b, err := os.ReadFile(filepath.Join(dir, "m", "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil || sum["wins"].(float64) != 4 {
		t.Fatalf("summary %s %v", b, err)
	}
	g, _ := os.ReadFile(filepath.Join(dir, "m", "games.csv"))
	if n := strings.Count(string(g), "\n"); n != 1+4*2 {
		t.Fatalf("match games.csv has %d lines", n)
	}
}

func TestPerftAndList(t *testing.T) {
	code, out, _ := tourney(t, "perft", "connect4", "--depth", "4")
	if code != 0 || out != "depth 1 nodes 7\ndepth 2 nodes 49\ndepth 3 nodes 343\ndepth 4 nodes 2401\n" {
		t.Fatalf("perft: %d %q", code, out)
	}
	code, out2, _ := tourney(t, "perft", "connect4", "--depth", "4", "--generic")
	if code != 0 || out2 != out {
		t.Fatalf("generic perft: %q", out2)
	}
	code, out, _ = tourney(t, "list", "connect4")
	for _, want := range []string{"alphabeta", "threat_exponent", "1..42", "column, next", "random"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("list connect4 lacks %q", want)
		}
	}
}

func TestPlayWatch(t *testing.T) {
	code, out, stderr := tourney(t, "play", "connect4", "--bots", "alphabeta,random", "--budget", "depth=3", "--seed", "5")
	if code != 0 || !strings.Contains(out, "seat 0 alphabeta") || !strings.Contains(out, "rank 1") {
		t.Fatalf("play: %d %q %q", code, out, stderr)
	}
}

// The embedded default sweep writes every file of the contract, and its
// CSV files are byte-identical at --workers 1 and 2.
func TestDefaultSweep(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays the whole default sweep twice (CI's smoke test does it, at 1 and 2 workers, without the race detector)")
	}
	dir := t.TempDir()
	var first map[string][]byte
	for _, w := range []string{"1", "2"} {
		res := filepath.Join(dir, "w"+w)
		code, out, stderr := tourney(t, "sweep", "--workers", w, "--out", res, "--quiet")
		if code != 0 || !strings.Contains(out, "winner: variant") {
			t.Fatalf("default sweep: %d %q %q", code, out, stderr)
		}
		files := map[string][]byte{}
		for _, f := range []string{"space.toml", "variants.csv", "games.csv", "bracket.csv", "summary.json", "winner.toml"} {
			b, err := os.ReadFile(filepath.Join(res, f))
			if err != nil || len(b) == 0 {
				t.Fatalf("%s: %v (%d bytes)", f, err, len(b))
			}
			files[f] = b
		}
		if first == nil {
			first = files
			continue
		}
		for _, f := range []string{"variants.csv", "games.csv", "bracket.csv", "winner.toml"} {
			if !bytes.Equal(first[f], files[f]) {
				t.Errorf("%s differs between --workers 1 and 2", f)
			}
		}
	}
}

// Every example space in configs/ validates.
func TestConfigsValidate(t *testing.T) {
	files, _ := filepath.Glob("../../configs/*.toml")
	if len(files) < 3 {
		t.Fatalf("only %d example spaces", len(files))
	}
	for _, f := range files {
		code, out, stderr := tourney(t, "validate", f, "--no-estimate")
		if code != 0 || !strings.Contains(out, "total games:") {
			t.Errorf("%s: exit %d %s", f, code, stderr)
		}
	}
}

// replay reproduces a recorded Spe_ed game (exit 0) and reports the first
// difference of a tampered copy (exit 1).
func TestReplaySpeed(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "oracles", "speed", "spe_ed-1602529978403.json")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("recorded games absent: %v", err)
	}
	code, out, stderr := tourney(t, "replay", "speed", src)
	if code != 0 || !strings.Contains(out, "11 states reproduced") {
		t.Fatalf("replay: %d %q %q", code, out, stderr)
	}
	// Move a player one cell in the last state: the engine disagrees.
	i := bytes.LastIndex(data, []byte(`"x":`))
	if i < 0 {
		t.Fatal("no player position in the file")
	}
	j := i + 4
	for data[j] == ' ' {
		j++
	}
	bad := append([]byte{}, data...)
	if bad[j] == '1' {
		bad[j] = '2'
	} else {
		bad[j] = '1'
	}
	p := writeFile(t, t.TempDir(), "bad.json", string(bad))
	code, _, stderr = tourney(t, "replay", "speed", p)
	if code != 1 || !strings.Contains(stderr, "bad.json") {
		t.Fatalf("tampered replay: exit %d, %q", code, stderr)
	}
	if code, _, _ = tourney(t, "replay", "connect4", p); code != 2 {
		t.Fatalf("replay of a game without recordings: exit %d", code)
	}
}

// validate bounds a race's games by its first look and its budget.
func TestValidateRace(t *testing.T) {
	code, out, stderr := tourney(t, "validate", "../../configs/default.toml", "--no-estimate")
	// 4 variants: a block is a round robin of 6 pairs (12 games), the
	// first test after 5 blocks, the budget 1200 games; then the hold-out
	// rung, a tenth of that in blocks of 2 games (16 to 120)
	if code != 0 || !strings.Contains(out, "format: race (first test after 5 blocks, budget 1200 games") ||
		!strings.Contains(out, "hold-out rung: at most 120 games") || !strings.Contains(out, "total games: 76 to 1320") {
		t.Fatalf("validate: %d %q %q", code, out, stderr)
	}
}
