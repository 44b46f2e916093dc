package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/engines/reversixt"
)

// Every command's -h example names files that exist and runs: in a
// scratch directory that sees the repository's configs/, the examples run
// in order (sweep writes results/check, which confirm, promote and report
// read) and exit 0; promote may instead refuse as documented, with exit 1
// and "nothing to promote", when the verdict is "keep the defaults".
func TestHelpExamplesRun(t *testing.T) {
	heavyUnderRace(t)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	root := filepath.Join(wd, "..", "..")
	scratch(t, root)
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
	// every help topic's examples, in order, each topic in a directory
	// of its own (a topic's examples stand alone)
	for _, tp := range topics() {
		scratch(t, root)
		exs := topicExamples(tp.body)
		if len(exs) == 0 {
			t.Errorf("help %s: no example", tp.name)
		}
		for _, ex := range exs {
			runExample(t, "help "+tp.name, ex)
		}
	}
	// README's commands, as written, in order
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	_, py := exec.LookPath("python3")
	scratch(t, root)
	for _, ex := range topicExamples(string(readme)) {
		switch {
		case strings.HasPrefix(ex, "go test"):
			// CI runs README's test command as written
			if !strings.Contains(string(ci), "\n"+ex+"\n") {
				t.Errorf("README's %q is not a line of .ci/run", ex)
			}
		case strings.HasPrefix(ex, "go install "):
			cmd := exec.Command("go", strings.Fields(ex)[1:]...)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOBIN="+t.TempDir())
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("README's %q: %v\n%s", ex, err, out)
			}
		case ex == "go run ./cmd/tourney sweep":
			// the whole embedded default sweep: TestDefaultSweep plays
			// it twice (CI's second pass), and CI's smoke test too
		case strings.HasPrefix(ex, "go run ./cmd/tourney"):
			runExample(t, "README", "tourney"+strings.TrimPrefix(ex, "go run ./cmd/tourney"))
		case strings.HasPrefix(ex, "tourney "):
			if py != nil && (strings.Contains(ex, "pybot") || strings.Contains(ex, "results/py") || strings.Contains(ex, "my-bot.toml")) {
				continue // the example bot is a Python program
			}
			runExample(t, "README", ex)
		default:
			t.Errorf("README's command %q is neither go test, go install, go run ./cmd/tourney nor tourney: this test cannot check it", ex)
		}
	}
}

// scratch makes a new directory that sees the repository's configs/ and
// scripts/ (as a clone's root does) and makes it the current directory.
func scratch(t *testing.T, root string) {
	t.Helper()
	configs := filepath.Join(root, "configs")
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
}

// sweptBefore maps a sweep's command line to the results directory it
// wrote.
var sweptBefore = map[string]string{}

// runExample runs one example command line of a help topic or README:
// `tourney ARGS [> FILE]`, in the current directory, and wants exit 0.
// A command that needs a live server or serves until stopped (client,
// worker, serve, sweep with --nats, --nats-serve or --serve) is checked
// for its usage only: every flag it names is one of its -h (the tests
// that host those servers run them: client_test.go, cluster_test.go,
// serve_test.go).
func runExample(t *testing.T, where, ex string) {
	t.Helper()
	line, redirect, _ := strings.Cut(ex, " > ")
	args := strings.Fields(line)
	if len(args) < 2 || args[0] != "tourney" {
		t.Errorf("%s: example %q does not start with tourney COMMAND", where, ex)
		return
	}
	args = args[1:]
	needsServer := args[0] == "client" || args[0] == "worker" || args[0] == "serve"
	for _, a := range args {
		needsServer = needsServer || a == "--nats" || a == "--nats-serve" || a == "--serve"
	}
	if needsServer {
		helpArgs := []string{args[0]}
		if args[0] == "client" && len(args) > 1 {
			helpArgs = append(helpArgs, args[1])
		}
		code, _, usage := tourney(t, append(helpArgs, "-h")...)
		if code != 0 {
			t.Errorf("%s: %q: %s -h exits %d", where, ex, args[0], code)
		}
		for _, a := range args {
			if name, ok := strings.CutPrefix(a, "--"); ok {
				name, _, _ = strings.Cut(name, "=")
				if !strings.Contains(usage, "\n  -"+name+" ") && !strings.Contains(usage, "\n  -"+name+"\n") {
					t.Errorf("%s: %q: %s has no flag --%s", where, ex, args[0], name)
				}
			}
		}
		return
	}
	out := ""
	for i, a := range args {
		if a == "--out" && i+1 < len(args) && args[0] == "sweep" {
			out = args[i+1]
		}
	}
	if prev, ok := sweptBefore[line]; ok && out != "" {
		// the same sweep, as written, ran for an earlier topic: its files
		// are the same bytes (deterministic), so they are copied, not
		// played again (CI time)
		if err := os.CopyFS(out, os.DirFS(prev)); err != nil {
			t.Errorf("%s: %q: copying the earlier run's %s: %v", where, ex, prev, err)
		}
		return
	}
	start := time.Now()
	code, stdout, stderr := tourney(t, args...)
	t.Logf("%s: %s: %.1fs", where, ex, time.Since(start).Seconds())
	if code != 0 {
		t.Errorf("%s: example %q: exit %d\n%s", where, ex, code, stderr)
		return
	}
	if out != "" {
		abs, _ := filepath.Abs(out)
		sweptBefore[line] = abs
	}
	if redirect != "" {
		if err := os.WriteFile(strings.TrimSpace(redirect), []byte(stdout), 0o644); err != nil {
			t.Error(err)
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
