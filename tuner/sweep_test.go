package tuner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/engines/all"
	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/internal/testspace"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// koGame is Connect Four with a test bot, "flaky": it prefers column
// `bias` and misbehaves on its third move as `mode` says.
type koGame struct{ connect4.Game }

func (koGame) Info() game.Info {
	i := connect4.Game{}.Info()
	i.Name = "c4test"
	return i
}

func (koGame) Bots() []game.BotSpec {
	return []game.BotSpec{{
		Name: "flaky",
		Params: []game.Param{
			{Name: "bias", Kind: game.Int, Default: 3, Min: 0, Max: 6},
			{Name: "mode", Kind: game.String, Default: "ok", Choices: []string{"ok", "panic", "illegal", "error", "hang"}},
		},
		New: func(p game.Params) (game.Bot, error) {
			return &flakyBot{bias: game.Action(p.Int("bias")), mode: p.Str("mode")}, nil
		},
	}, game.RandomSpec()}
}

type flakyBot struct {
	bias  game.Action
	mode  string
	moves int
	rnd   game.Bot
}

func (b *flakyBot) Reset(seed uint64) {
	b.moves = 0
	b.rnd, _ = game.RandomSpec().New(nil)
	b.rnd.Reset(seed)
}

func (b *flakyBot) Step(ctx context.Context, s game.State, p int, bud game.Budget) (game.Action, error) {
	b.moves++
	if b.moves == 3 {
		switch b.mode {
		case "panic":
			panic("flaky")
		case "illegal":
			return 42, nil
		case "error":
			return 0, errors.New("flaky")
		case "hang":
			<-make(chan int)
		}
	}
	a, err := b.rnd.Step(ctx, s, p, bud)
	if b.moves%2 == 0 && s.(*connect4.State).CanPlay(int(b.bias)) {
		a = b.bias
	}
	return a, err
}

var registerOnce sync.Once

func registerKo() { registerOnce.Do(func() { all.Register(koGame{}) }) }

func writeSpace(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "space.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

var koSpace = testspace.Text("ko", 99, "c4test", "flaky", `field = ["random"]
[params]
bias = { min = 0, max = 6 }
[tournament]
group = 3
advance = 1
games = 4
max_games = 60
`)

func runSpace(t *testing.T, path string, workers int, opt RunOptions) (*Outcome, string) {
	t.Helper()
	sp, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return sweepSpace(t, sp, workers, opt)
}

// The spaces of the tests from text (tuner/internal/testspace).
var (
	spaceText  = testspace.Text
	fixedSpace = testspace.Fixed
	parseSpace = testspace.Parse
	readCSV    = testspace.ReadCSV
)

// sweepSpace runs sp quietly on workers into a new directory, with opt's
// other options, and returns the outcome and the directory.
func sweepSpace(t *testing.T, sp *study.Study, workers int, opt RunOptions) (*Outcome, string) {
	t.Helper()
	opt.Out = filepath.Join(t.TempDir(), "out")
	opt.Workers = workers
	opt.Quiet = true
	res, err := RunSweep(context.Background(), sp, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res, opt.Out
}

func TestSweepByteIdentical(t *testing.T) {
	registerKo()
	path := writeSpace(t, koSpace)
	_, d1 := runSpace(t, path, 1, RunOptions{})
	_, d2 := runSpace(t, path, 2, RunOptions{})
	_, d3 := runSpace(t, path, 3, RunOptions{})
	for _, f := range []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml"} {
		a, _ := os.ReadFile(filepath.Join(d1, f))
		b, _ := os.ReadFile(filepath.Join(d2, f))
		c, _ := os.ReadFile(filepath.Join(d3, f))
		if len(a) == 0 || !bytes.Equal(a, b) || !bytes.Equal(a, c) {
			t.Errorf("%s differs between worker counts (or is empty)", f)
		}
	}
	for _, f := range []string{"space.toml", "summary.json"} {
		if _, err := os.Stat(filepath.Join(d1, f)); err != nil {
			t.Error(err)
		}
	}
	// 7 variants (bias 0..6; the default bias 3 is one of them) in groups
	// of 3: rounds of 7 → 3 → 1.
	v := readCSV(t, filepath.Join(d1, "variants.csv"))
	if len(v) != 8 {
		t.Fatalf("variants.csv has %d rows", len(v))
	}
	wantHeader := "variant,bias,games,points,score,mean_rank,rating,rating_lo,rating_hi,p_best,out_round,winner,predicted,predicted_lo,predicted_hi"
	if got := strings.Join(v[0], ","); got != wantHeader {
		t.Fatalf("header %s", got)
	}
	winners := 0
	for _, row := range v[1:] {
		if row[len(row)-4] == "1" {
			winners++
			if row[len(row)-5] != "" {
				t.Errorf("the winner has out_round %q", row[len(row)-5])
			}
		} else if row[len(row)-5] == "" {
			t.Errorf("variant %s: no out_round and not the winner", row[0])
		}
	}
	if winners != 1 {
		t.Fatalf("%d winners", winners)
	}
	// long format: one row per encounter and participant: 3 groups of 3
	// (one of them a bye of 1), then a group of 3
	b := readCSV(t, filepath.Join(d1, "bracket.csv"))
	if len(b) != 1+3+3+1+3 {
		t.Fatalf("bracket.csv: %d rows, want 10", len(b))
	}
	if got := strings.Join(b[0], ","); got != "round,encounter,variant,advanced,score,blocks,games,decided,p_value" {
		t.Fatalf("bracket header %s", got)
	}
	for _, row := range b[1:] {
		switch row[7] {
		case "evidence", "cap", "bye":
		default:
			t.Errorf("bracket row %v: decided %q", row, row[7])
		}
	}
	// every variant and the field bot have a rating; the defaults (bias
	// 3, variant 0) are the anchor
	rt := readCSV(t, filepath.Join(d1, "ratings.csv"))
	if len(rt) != 1+7+1 || rt[1][5] != "0.0" || rt[8][0] != "field:random" {
		t.Fatalf("ratings.csv %v", rt)
	}
}

func TestSweepSurvivesBrokenBots(t *testing.T) {
	registerKo()
	path := writeSpace(t, testspace.Text("broken", 5, "c4test", "flaky", `budget = { nodes = 1000 }
[params]
mode = { values = ["ok", "panic", "illegal", "error", "hang"] }
[generate]
include_defaults = false
[tournament]
group = 5
games = 2
max_games = 20
`))
	res, dir := runSpace(t, path, 2, RunOptions{HangTimeout: 200 * time.Millisecond})
	if res.Variants[res.Winner].Values["mode"] != "ok" {
		t.Fatalf("winner is %v", res.Variants[res.Winner].Values)
	}
	ends := map[string]map[string]int{}
	for _, row := range readCSV(t, filepath.Join(dir, "games.csv"))[1:] {
		v, end := row[results.ColVariant], row[results.ColEnd]
		if ends[v] == nil {
			ends[v] = map[string]int{}
		}
		ends[v][end]++
	}
	// Variants are numbered in file order: ok, panic, illegal, error, hang.
	for v, want := range map[string]string{"1": "forfeit:panic", "2": "forfeit:illegal", "3": "forfeit:error", "4": "forfeit:timeout"} {
		if ends[v][want] == 0 {
			t.Errorf("variant %s: ends %v, want %s", v, ends[v], want)
		}
		for end := range ends[v] {
			if strings.HasPrefix(end, "forfeit:") && end != want {
				t.Errorf("variant %s: ends %v, want no forfeit but %s", v, ends[v], want)
			}
		}
	}
	if len(ends["0"]) != 1 || ends["0"]["normal"] == 0 {
		t.Errorf("the good variant: ends %v", ends["0"])
	}
	if res.Summary.Forfeits == 0 {
		t.Error("summary counts no forfeits")
	}
}

// A race whose budget does not reach its first look plays what the budget
// allows (at least one block) and decides on the ratings.
func TestRaceTinyBudget(t *testing.T) {
	res := runText(t, strings.Replace(bestSpace("race", 3), "bootstrap = 200", "bootstrap = 200\nmax_games = 100", 1))
	if res.Summary.Games-res.Summary.HoldOutGames != 240 || res.Summary.Blocks-res.Summary.HoldOutBlocks != 1 {
		t.Fatalf("%d games in %d blocks, want one block of 240", res.Summary.Games, res.Summary.Blocks)
	}
	if res.Summary.Decisions["budget"] != 1 || res.Verdict.Text == "" {
		t.Fatalf("decisions %v verdict %q", res.Summary.Decisions, res.Verdict.Text)
	}
}

// A sweep's Placements agree with the table built from its games.csv.
func TestPlacementsFromDir(t *testing.T) {
	_, dir := runSpace(t, writeSpace(t, rxSpace), 2, RunOptions{})
	tab, err := results.PlacementsFromDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, dir+"/variants.csv")
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, r := range rows[1:] {
		got := plan.FmtRound(tab.Placements(r[col["variant"]]).TrustedValue(), 4)
		if want := r[col["trusted_value"]]; got != want {
			t.Errorf("variant %s: trusted_value %s in variants.csv, %s from games.csv", r[0], want, got)
		}
		if mp := tab.Placements(r[col["variant"]]).MedianPlayers(); mp != 3 {
			t.Errorf("variant %s: MedianPlayers %v on a 3-seat map", r[0], mp)
		}
	}
}

// cutRun copies a finished run's space.toml and the first lines of its
// games.csv (plus extra, e.g. half a line) into a new directory, as an
// interrupted run would have left them.
func cutRun(t *testing.T, full string, lines int, extra string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cut")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	space, _ := os.ReadFile(filepath.Join(full, "space.toml"))
	games, _ := os.ReadFile(filepath.Join(full, "games.csv"))
	ls := strings.SplitAfter(string(games), "\n")
	_ = os.WriteFile(filepath.Join(dir, "space.toml"), space, 0o644)
	_ = os.WriteFile(filepath.Join(dir, "games.csv"), []byte(strings.Join(ls[:lines], "")+extra), 0o644)
	return dir
}

func TestResumeGivesTheSameResults(t *testing.T) {
	registerKo()
	for _, text := range []string{koSpace, strings.Replace(strings.Replace(koSpace, "group = 3\nadvance = 1\n", "format = \"race\"\n", 1), "games = 4\nmax_games = 60", "min_blocks = 2\nmax_games = 300", 1)} {
		resumeSame(t, text)
	}
}

func resumeSame(t *testing.T, text string) {
	path := writeSpace(t, text)
	_, full := runSpace(t, path, 2, RunOptions{})
	sp, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	games, _ := os.ReadFile(filepath.Join(full, "games.csv"))
	total := strings.Count(string(games), "\n")
	for _, c := range []struct {
		lines int
		extra string
	}{
		{1, ""},                    // header only
		{2, ""},                    // half a game (one of its two rows)
		{41, "5,1,2,0,c4test,sta"}, // a cut line
		{total, ""},                // every game, but no results files
		{total / 2, ""},
	} {
		dir := cutRun(t, full, c.lines, c.extra)
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Workers: 2, Quiet: true})
		if err != nil {
			t.Fatalf("resume after %d lines: %v", c.lines, err)
		}
		for _, f := range []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml"} {
			a, _ := os.ReadFile(filepath.Join(full, f))
			b, _ := os.ReadFile(filepath.Join(dir, f))
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("resume after %d lines: %s differs", c.lines, f)
			}
		}
	}
}

func TestResumeRefusesAnotherRun(t *testing.T) {
	registerKo()
	path := writeSpace(t, koSpace)
	_, full := runSpace(t, path, 2, RunOptions{})
	sp, _ := study.Load(path)
	// finished runs are not resumed
	_, err := RunSweep(context.Background(), sp, RunOptions{Out: full, Resume: true, Quiet: true})
	var ie *space.InputError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "finished") {
		t.Fatalf("resume of a finished run: %v", err)
	}
	// another seed gives other games: the rows do not match
	dir := cutRun(t, full, 30, "")
	sp.Seed++
	_, err = RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Quiet: true})
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "another space or seed") {
		t.Fatalf("resume with another seed: %v", err)
	}
}
