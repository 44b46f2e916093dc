package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tourney/internal/testspace"
)

// `tourney help` lists every command and topic; `tourney help TOPIC`
// prints each (also by alias), `tourney help COMMAND` a command's -h, and
// an unknown word is a usage error.
func TestHelpTopics(t *testing.T) {
	code, out, _ := tourney(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "\n  "+c.name+" ") {
			t.Errorf("help does not list command %s", c.name)
		}
	}
	names := map[string]bool{}
	for _, tp := range topics() {
		names[tp.name] = true
		if tp.summary == "" {
			t.Errorf("topic %s: its first line is not '# NAME: summary'", tp.name)
		}
		if !strings.HasPrefix(tp.body, "# "+tp.name+": ") {
			t.Errorf("topic %s: first line %q", tp.name, strings.SplitN(tp.body, "\n", 2)[0])
		}
		if !strings.Contains(out, "\n  "+tp.name+" ") {
			t.Errorf("help does not list topic %s", tp.name)
		}
		code, text, _ := tourney(t, "help", tp.name)
		if code != 0 || !strings.Contains(text, tp.summary) {
			t.Errorf("help %s: exit %d", tp.name, code)
		}
		if strings.Contains(text, "```") {
			t.Errorf("help %s: code fences reach the terminal", tp.name)
		}
		for i, l := range strings.Split(text, "\n") {
			if n := len([]rune(l)); n > 110 && !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "    ") {
				t.Errorf("help %s: line %d has %d columns", tp.name, i+1, n)
			}
		}
	}
	// the topics the issue asks for, each game among them
	for _, want := range append([]string{"space", "formats", "clock", "verdict", "bots", "files", "report", "cluster", "maps"},
		"connect4", "groker", "tourality", "reversixt", "speed", "synthetic") {
		if !names[want] {
			t.Errorf("no help topic %s", want)
		}
	}
	for alias, to := range topicAliases {
		if !names[to] {
			t.Errorf("alias %s names no topic (%s)", alias, to)
		}
		_, a, _ := tourney(t, "help", alias)
		_, b, _ := tourney(t, "help", to)
		if a != b {
			t.Errorf("help %s is not help %s", alias, to)
		}
	}
	if code, out, _ := tourney(t, "help", "promote"); code != 0 || !strings.Contains(out, "Usage: tourney promote") {
		t.Errorf("help promote: exit %d\n%s", code, out)
	}
	if code, _, _ := tourney(t, "help", "nosuchtopic"); code != 2 {
		t.Errorf("help nosuchtopic: exit %d, want 2", code)
	}
}

// The front door stands alone and holds only what is true on any
// machine: no date, machine load or issue number, no file outside the
// repository, in README, the topics or any command's -h; README is at
// most 300 lines and its walk-through of an own bot begins in the
// first 100.
func TestFrontDoorStandsAlone(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"README.md": string(readme)}
	for _, tp := range topics() {
		texts["help "+tp.name] = tp.body
	}
	for _, c := range commands() {
		_, _, usage := tourney(t, c.name, "-h")
		texts[c.name+" -h"] = usage
	}
	bad := regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b|\bload (of )?(about )?\d|\bissue \d|\b[a-z]+\.md\b|\bseed 00\d|\.\./shared|\bshared/`)
	for where, text := range texts {
		for i, l := range strings.Split(text, "\n") {
			for _, m := range bad.FindAllString(l, -1) {
				if m == "measurements.md" || m == "README.md" {
					continue // files of the repository
				}
				t.Errorf("%s:%d: %q: %s", where, i+1, m, l)
			}
		}
	}
	lines := strings.Split(strings.TrimRight(string(readme), "\n"), "\n")
	if len(lines) > 300 {
		t.Errorf("README has %d lines, more than 300", len(lines))
	}
	at := -1
	for i, l := range lines {
		if l == "## Tune your own bot" {
			at = i + 1
		}
	}
	if at < 0 || at > 100 {
		t.Errorf("README's 'Tune your own bot' begins at line %d, want within the first 100", at)
	}
	// every file README names in the repository exists
	for _, m := range regexp.MustCompile("`((?:configs|scripts|results|cmd|tuner|engines|arena)/[^` ]+)`|\\]\\(((?:results|configs|scripts)/[^) ]+)\\)").FindAllStringSubmatch(string(readme), -1) {
		p := m[1] + m[2]
		if strings.ContainsAny(p, "<*") || strings.HasPrefix(p, "results/py") || strings.HasPrefix(p, "results/connect4-default") {
			continue
		}
		if _, err := os.Stat(filepath.Join("../..", p)); err != nil {
			t.Errorf("README names %s, which is not in the repository", p)
		}
	}
}

// sweep -h names every method and format the space accepts (the lists
// of space's own errors) and every file of a results directory that
// package tuner writes (the file names in its source); validate -h
// names every method and format.
func TestSweepHelpNamesEverything(t *testing.T) {
	_, _, sweepHelp := tourney(t, "sweep", "-h")
	_, _, validateHelp := tourney(t, "validate", "-h")
	dir := t.TempDir()
	lists := map[string]string{
		"[generate]\nmethod = \"bogus\"\n":   "is not a method (",
		"[tournament]\nformat = \"bogus\"\n": "is not a tournament format (",
	}
	for tail, marker := range lists {
		p := writeFile(t, dir, "bogus.toml", "name = \"x\"\n[[scenario]]\ngame = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = { values = [0, 10] }\n"+tail)
		code, _, stderr := tourney(t, "validate", p, "--no-estimate")
		_, list, ok := strings.Cut(stderr, marker)
		if code != 2 || !ok {
			t.Fatalf("validate %s: exit %d, %q", tail, code, stderr)
		}
		list, _, _ = strings.Cut(list, ")")
		names := strings.FieldsFunc(strings.ReplaceAll(strings.ReplaceAll(list, " or ", ","), " ", ""), func(r rune) bool { return r == ',' })
		if len(names) < 3 {
			t.Fatalf("no list in %q", stderr)
		}
		for _, n := range names {
			for which, h := range map[string]string{"sweep": sweepHelp, "validate": validateHelp} {
				if !regexp.MustCompile(`\b` + n + `\b`).MatchString(h) {
					t.Errorf("%s -h does not name %s", which, n)
				}
			}
		}
	}
	files := map[string]bool{}
	re := regexp.MustCompile(`"([a-z0-9_.-]+\.(?:csv|json|jsonl\.gz|toml|lock))"`)
	for _, pat := range []string{"../../tuner/*.go", "../../tuner/*/*.go"} {
		srcs, _ := filepath.Glob(pat)
		for _, src := range srcs {
			if strings.HasSuffix(src, "_test.go") {
				continue
			}
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range re.FindAllStringSubmatch(string(b), -1) {
				files[m[1]] = true
			}
		}
	}
	if len(files) < 10 {
		t.Fatalf("found only %d file names in tuner's source", len(files))
	}
	for f := range files {
		if !strings.Contains(sweepHelp, f) {
			t.Errorf("sweep -h does not name %s, a file package tuner writes", f)
		}
	}
}

// validate --variants numbers the variants as the sweep does: each
// line's values are variants.csv's row of that number; and it shows the
// study's variant 72.
func TestValidateVariants(t *testing.T) {
	dir := t.TempDir()
	sp := writeFile(t, dir, "s.toml", testspace.Text("v", 3, "synthetic", "landscape", `maps = ["twelve.toml"]
[params]
x1 = { values = [0, 1] }
x2 = { values = [1, 0] }
[generate]
method = "random"
samples = 4
include_defaults = true
[tournament]
format = "race"
max_games = 60
bootstrap = 100
holdout = false
`))
	twelve, _ := os.ReadFile("../../configs/synthetic/twelve.toml")
	writeFile(t, dir, "twelve.toml", string(twelve))
	code, out, stderr := tourney(t, "validate", sp, "--variants")
	if code != 0 {
		t.Fatalf("validate --variants: exit %d %s", code, stderr)
	}
	res := filepath.Join(dir, "res")
	if code, _, stderr := tourney(t, "sweep", sp, "--out", res, "--quiet", "--workers", "1"); code != 0 {
		t.Fatalf("sweep: exit %d %s", code, stderr)
	}
	f, err := os.Open(filepath.Join(res, "variants.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(rows) {
		t.Fatalf("validate --variants: %d lines, variants.csv %d rows\n%s", len(lines), len(rows), out)
	}
	for i, row := range rows[1:] {
		f := strings.Fields(lines[i+1])
		if len(f) != 4 || f[0] != row[0] || f[2] != row[1] || f[3] != row[2] {
			t.Errorf("variant line %q, variants.csv %v", lines[i+1], row[:3])
		}
	}
	code, out, _ = tourney(t, "validate", "../../configs/reversixt-study.toml", "--variants")
	if code != 0 {
		t.Fatalf("study --variants: exit %d", code)
	}
	var head, v72 []string
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == "variant" {
			head = f
		}
		if len(f) > 0 && f[0] == "72" {
			v72 = f
		}
	}
	if len(head) != 14 || len(v72) != 14 {
		t.Fatalf("study: header %v, variant 72 %v", head, v72)
	}
	want := map[string]string{"aspiration_width": "10", "aspiration_factor": "0.5", "deepening_jump": "1", "deepening_start": "0.3",
		"player_distance": "8", "position_weight": "0.5", "stones_weight": "0.5", "break_even": "0.3", "choice_weight": "2.0",
		"bonus_bomb_weight": "2.0", "bonus_overwrite_weight": "0.5", "aspiration": "true"}
	for i, k := range head[2:] {
		if w, ok := want[k]; ok && v72[i+2] != w {
			t.Errorf("study variant 72: %s = %s, want %s", k, v72[i+2], w)
		}
	}
}
