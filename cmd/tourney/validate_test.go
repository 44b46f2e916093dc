package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/internal/testspace"
)

// The estimate of a long study: 82 h for 81 920 games does not overflow
// (the product of the two is beyond int64 nanoseconds).
func TestScaleDuration(t *testing.T) {
	est := 82*time.Hour + 32*time.Minute
	if got := scaleDuration(est, 81920, 81920); got != est {
		t.Errorf("scaleDuration(%v, 81920, 81920) = %v", est, got)
	}
	if got, want := scaleDuration(est, 40960, 81920), est/2; got != want {
		t.Errorf("scaleDuration(%v, 1/2) = %v, want %v", est, got, want)
	}
	if got, want := scaleDuration(10*time.Second, 2, 4), 5*time.Second; got != want {
		t.Errorf("scaleDuration(10s, 2, 4) = %v, want %v", got, want)
	}
}

// validate on a factorial halving space of twelve two-value knobs: the
// design rung, the local rung, the flip rounds, the pair round and the
// hold-out, as the sweep plays them.
func TestValidateRefiningHalving(t *testing.T) {
	land, _ := filepath.Abs("../../configs/synthetic/twelve.toml")
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"twelve\"\nseed = 1\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape\"\nmaps = [%q]\n[params]\n", land)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "x%d = { values = [0, 1] }\n", i)
	}
	b.WriteString("[generate]\nmethod = \"factorial\"\n[tournament]\nformat = \"halving\"\n")
	p := writeFile(t, t.TempDir(), "twelve.toml", b.String())
	code, out, stderr := tourney(t, "validate", p, "--no-estimate")
	for _, want := range []string{"halving with local refinement", "design rung: 2304 games", "local rung: 3456 games", "flip round 1 (every knob flipped alone around the leader, each against it): 2880 games\n",
		"flip round 2 (every knob flipped alone around the leader, each against it): 2880 games, when the one before took a flip\n",
		"pair round (the two-knob flips of at most 3 interacting pairs and the 2 best single flips again, each against the leader): 1440 games, when a flip round took no flip\n",
		"hold-out rung: at most 1296 games", "total games: 9504 to 14256"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("validate: exit %d, no %q:\n%s%s", code, want, out, stderr)
		}
	}
}

// validate bounds every stage of a staged space (the planner's own
// bounds, plan.StagedBounds) and the sweep's one hold-out rung: the
// total is their sum.
func TestValidateStaged(t *testing.T) {
	p := writeFile(t, t.TempDir(), "staged.toml", testspace.Fixed("staged", 4, `elo = { values = [-100, -50, 50, 100] }
label = { values = [1, 2, 3] }
[generate]
method = "staged"
[tournament]
format = "race"
`))
	code, out, stderr := tourney(t, "validate", p, "--no-estimate")
	// race budgets: 100·variants games (stage 3: 5 variants, the defaults
	// and the most finalists stage 2's 5 allow), first look 5 blocks
	for _, want := range []string{"method: staged", "stage1-elo: 5 variants, 100 to 2000 games", "stage1-label: 4 variants, 60 to 1600 games",
		"stage2: 5 variants, 100 to 2000 games", "stage3: 5 variants, 100 to 2000 games", "hold-out rung: at most 760 games",
		"total games: 396 to 8360"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("validate: no %q: %d %q %q", want, code, out, stderr)
		}
	}
}

// validate warns of a varied knob that the bot declares as acting only
// under other budgets: deepening_start at depth 3 (and under no budget),
// not under a node budget; opponent_weight never.
func TestValidateIdleKnobs(t *testing.T) {
	for _, c := range []struct {
		budget, warn string
	}{
		{"budget = { depth = 3 }\n", "warning: params.deepening_start acts only under a nodes or clock budget; scenario 1 uses depth=3: it will change no game\n"},
		{"", "warning: params.deepening_start acts only under a nodes or clock budget; scenario 1 uses no budget: it will change no game\n"},
		{"budget = { nodes = 3000 }\n", ""},
		{"budget = { time = \"50ms\" }\n", ""},
	} {
		p := writeFile(t, t.TempDir(), "idle.toml", `name = "idle"
seed = 4
[[scenario]]
game = "connect4"
bot = "alphabeta"
`+c.budget+`[params]
deepening_start = { values = [1.0, 0.3] }
opponent_weight = { values = [1.0, 0.5] }
`)
		code, _, stderr := tourney(t, "validate", p, "--no-estimate")
		if code != 0 || (c.warn != "" && !strings.Contains(stderr, c.warn)) || (c.warn == "" && strings.Contains(stderr, "change no game")) || strings.Contains(stderr, "opponent_weight") {
			t.Errorf("%q: exit %d, stderr %q; want the warning %q", c.budget, code, stderr, c.warn)
		}
	}
}

// Declared costs plan a run (the same games on any machine), but they
// were measured on some machine: validate also says what the games cost
// on this one, from calibration games (the study's costs, declared on a
// slower machine, gave 99 min of CPU where the run took 41).
func TestValidateDeclaredCostsHere(t *testing.T) {
	p := writeFile(t, t.TempDir(), "declared.toml", testspace.Text("declared", 4, "synthetic", "fixed", `cost = "5s"
[params]
elo = { values = [-100, 0, 100] }
[tournament]
format = "race"
max_games = 60
`))
	code, out, stderr := tourney(t, "validate", p)
	if code != 0 || !strings.Contains(out, "from the scenarios' declared costs") || !strings.Contains(out, "this machine: ") ||
		!strings.Contains(out, "where the declared costs say 5s") {
		t.Fatalf("validate: exit %d, want the declared estimate and this machine's:\n%s%s", code, out, stderr)
	}
}

// validate --results DIR advises on the knobs whose winner lies on an end
// of the space's lists or ranges (issue 44), and no longer once the range
// is widened past it.
func TestValidateBoundAdvice(t *testing.T) {
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	if err := os.Mkdir(runDir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, runDir, "summary.json", `{"name": "b", "winner": 2, "winner_params": {"elo": 100.0, "label": 3}, "verdict": {"text": "better than the defaults"}}`)
	head := "name = \"b\"\n[[scenario]]\ngame = \"synthetic\"\nbot = \"fixed\"\n[params]\nlabel = { min = 1, max = 5 }\n"
	p := writeFile(t, dir, "b.toml", head+"elo = { values = [-100.0, 0.0, 100.0] }\n")
	code, out, stderr := tourney(t, "validate", p, "--no-estimate", "--results", runDir)
	want := "advice: elo ended on the largest value of its list, 100.0: the peak may lie beyond; add values above it\n"
	if code != 0 || !strings.Contains(out, want) || strings.Contains(out, "label ended") {
		t.Fatalf("validate: exit %d, want %q alone:\n%s%s", code, want, out, stderr)
	}
	p = writeFile(t, dir, "b.toml", head+"elo = { values = [-100.0, 0.0, 100.0, 200.0] }\n")
	code, out, stderr = tourney(t, "validate", p, "--no-estimate", "--results", runDir)
	if code != 0 || !strings.Contains(out, "advice: no knob of the winner of "+runDir+" (variant 2) lies on an end") {
		t.Fatalf("validate after widening: exit %d:\n%s%s", code, out, stderr)
	}
	if code, _, stderr = tourney(t, "validate", p, "--no-estimate", "--results", dir); code != 2 || !strings.Contains(stderr, "not a finished sweep") {
		t.Errorf("validate --results of no sweep: exit %d: %s", code, stderr)
	}
}
