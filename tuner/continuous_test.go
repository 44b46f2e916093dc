package tuner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourney/arena"
	"tourney/engines/synthetic"
	"tourney/tuner/plan"
	"tourney/tuner/results"
	"tourney/tuner/runner"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// continuousSpace is configs/synthetic/peak8-spsa.toml (or -cmaes) with
// another landscape, seed and [generate] table.
func continuousSpace(t testing.TB, file, landscape string, seed int, generate string) *study.Study {
	t.Helper()
	path := filepath.Join("..", "configs", "synthetic", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	text = strings.Replace(text, `maps = ["peak8.toml"]`, `maps = ["`+landscape+`"]`, 1)
	text = strings.Replace(text, "seed = 1\n", "seed = "+strconv.Itoa(seed)+"\n", 1)
	if generate != "" {
		text = text[:strings.Index(text, "[generate]")] + "[generate]\n" + generate + "\n"
	}
	sp, err := study.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// flatRuns runs a continuous method on flat8.toml (the defaults are the
// peak; the knobs barely matter) at seeds 1 .. runs and counts the runs
// whose verdict is "better than the defaults", and the games per run.
func flatRuns(t *testing.T, file string, runs int, generate string) (better, games int) {
	t.Helper()
	for seed := 1; seed <= runs; seed++ {
		sp := continuousSpace(t, file, "flat8.toml", seed, generate)
		res, _ := sweepSpace(t, sp, 2, RunOptions{NoRecords: true})
		if res.Verdict.Better {
			better++
			t.Logf("%s, seed %d: %q", file, seed, res.Verdict.Text)
		}
		games += res.Summary.Games
	}
	return better, games / runs
}

// flatFails is the flat null's criterion: "better than the defaults" in
// more than 2 % of the runs (issue 23).
func flatFails(runs, better int) bool { return 50*better > runs }

// flatCase is a continuous method's flat null: short runs in CI, the
// shipped defaults with TOURNEY_SPSA_FLAT=n (n runs).
func flatCase(method string) (file string, runs int, generate string) {
	file, runs = "peak8-"+method+".toml", 3
	switch method {
	case "spsa":
		generate = "method = \"spsa\"\niterations = 200\nfinal_games = 400"
	case "cmaes":
		generate = "method = \"cmaes\"\ngenerations = 4\nblocks = 1\nfinal_games = 200"
	}
	if n, err := strconv.Atoi(os.Getenv("TOURNEY_SPSA_FLAT")); err == nil && n > 0 {
		runs, generate = n, ""
	}
	return file, runs, generate
}

// TestSPSAFlat and TestCMAESFlat: on a landscape whose peak is the
// defaults (flat8.toml), the final point is "better than the defaults"
// in at most 2 % of runs (the verdict is at confidence 0.99 for the
// continuous methods). CI plays 3 short runs of each; the figure is
// TOURNEY_SPSA_FLAT=100 (100 runs at the shipped defaults of
// peak8-spsa.toml and peak8-cmaes.toml).
func TestSPSAFlat(t *testing.T)  { testFlat(t, "spsa") }
func TestCMAESFlat(t *testing.T) { testFlat(t, "cmaes") }

func testFlat(t *testing.T, method string) {
	file, runs, gen := flatCase(method)
	better, games := flatRuns(t, file, runs, gen)
	t.Logf("%s on flat8: %d runs, %d games each, \"better than the defaults\" in %d (%.1f %%)", method, runs, games, better, 100*float64(better)/float64(runs))
	if flatFails(runs, better) {
		t.Errorf("%s on a flat landscape: \"better than the defaults\" in %d of %d runs", method, better, runs)
	}
}

// TestContinuousFlatCanFail: the flat null can fail. With the verdict
// broken on purpose (eagerVerdict: no hold-out, "better" whenever the
// final point's rating from its games against the defaults is above 0)
// the same flat runs claim improvements and flatFails says so.
// TOURNEY_SPSA_FLAT=n plays n runs at the shipped defaults.
func TestContinuousFlatCanFail(t *testing.T) {
	eagerVerdict = true
	defer func() { eagerVerdict = false }()
	for _, method := range []string{"spsa", "cmaes"} {
		file, runs, gen := flatCase(method)
		if gen != "" { // CI: shorter still
			runs, gen = 6, map[string]string{"spsa": "method = \"spsa\"\niterations = 50\nfinal_games = 100",
				"cmaes": "method = \"cmaes\"\ngenerations = 2\nblocks = 1\nfinal_games = 100"}[method]
		}
		better, games := flatRuns(t, file, runs, gen)
		t.Logf("%s on flat8, broken verdict: %d runs, %d games each, \"better than the defaults\" in %d (%.1f %%)", method, runs, games, better, 100*float64(better)/float64(runs))
		if !flatFails(runs, better) {
			t.Errorf("%s: the broken verdict claimed an improvement in %d of %d flat runs: the flat test cannot tell", method, better, runs)
		}
	}
}

// readFiles is the files names of the directory dir.
func readFiles(t *testing.T, dir string, names ...string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, f := range names {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		files[f] = b
	}
	return files
}

// sameFiles reports each of files (of a run at w workers) that differs
// from *first's (the run at 1 worker); the first run's files become
// *first.
func sameFiles(t *testing.T, first *map[string][]byte, files map[string][]byte, w int) {
	t.Helper()
	if *first == nil {
		*first = files
		return
	}
	for f, b := range files {
		if !bytes.Equal(b, (*first)[f]) {
			t.Errorf("%s differs between 1 and %d workers", f, w)
		}
	}
}

// TestSPSASweep runs spsa on peak8 through the arena: the final point is
// promoted, spsa.csv has a row per iteration, and the files are the same
// at any worker count.
func TestSPSASweep(t *testing.T) {
	gen := "method = \"spsa\"\niterations = 300\nfinal_games = 300"
	var first map[string][]byte
	for _, w := range []int{1, 3} {
		sp := continuousSpace(t, "peak8-spsa.toml", "peak8.toml", 7, gen)
		res, out := sweepSpace(t, sp, w, RunOptions{NoRecords: true})
		if !res.Verdict.Better || res.Winner != 1 || len(res.Variants) != 2 {
			t.Fatalf("workers %d: winner %d of %d variants, verdict %q; want variant 1, better", w, res.Winner, len(res.Variants), res.Verdict.Text)
		}
		files := readFiles(t, out, "games.csv", "spsa.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml")
		if n := bytes.Count(files["spsa.csv"], []byte("\n")); n != 302 {
			t.Errorf("spsa.csv: %d lines, want 302 (header, start, 300 iterations)", n)
		}
		sameFiles(t, &first, files, w)
	}
}

// TestCMAESSweep: cmaes through the arena: cmaes.csv has the start, a
// row per generation and the final point (variant 1's values),
// cmaes-candidates.csv every candidate and the defaults of every
// generation, and the files are the same at any worker count.
func TestCMAESSweep(t *testing.T) {
	gen := "method = \"cmaes\"\ngenerations = 6\nblocks = 1\nfinal_games = 200"
	var first map[string][]byte
	for _, w := range []int{1, 3} {
		sp := continuousSpace(t, "peak8-cmaes.toml", "peak8.toml", 3, gen)
		res, out := sweepSpace(t, sp, w, RunOptions{NoRecords: true})
		files := readFiles(t, out, "games.csv", "cmaes.csv", "cmaes-candidates.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml")
		rows, err := results.ReadTable(filepath.Join(out, "cmaes.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if len(rows.Rows) != 8 || rows.Get(rows.Rows[0], "generation") != "0" || rows.Get(rows.Rows[7], "generation") != "final" {
			t.Fatalf("cmaes.csv: %d rows, want 8 (the start, 6 generations, final)", len(rows.Rows))
		}
		for _, col := range []string{"theta_x1", "sd_x8", "sigma", "games", "best", "candidates", "defaults"} {
			if !rows.Has(col) || rows.Get(rows.Rows[6], col) == "" {
				t.Errorf("cmaes.csv: no %s in generation 6", col)
			}
		}
		final := rows.Rows[7]
		for _, p := range sp.Params {
			got, _ := strconv.ParseFloat(rows.Get(final, "theta_"+p.Name), 64)
			if want := res.Variants[1].Values[p.Name].(float64); math.Abs(got-want) > 1e-6 {
				t.Errorf("cmaes.csv: the final %s is %v, variant 1's %v", p.Name, got, want)
			}
		}
		pop := plan.CMAESPopulation(sp)
		if n := bytes.Count(files["cmaes-candidates.csv"], []byte("\n")); n != 1+6*(pop+1) {
			t.Errorf("cmaes-candidates.csv: %d lines, want %d (header, 6 generations of %d candidates and the defaults)", n, 1+6*(pop+1), pop)
		}
		sameFiles(t, &first, files, w)
	}
}

// TestSPSAResume: a run stopped in the search (and one in the final
// phase) and resumed writes the files of an uninterrupted run.
func TestSPSAResume(t *testing.T) {
	gen := "method = \"spsa\"\niterations = 60\nfinal_games = 40"
	sp := continuousSpace(t, "peak8-spsa.toml", "peak8.toml", 11, gen)
	full := filepath.Join(t.TempDir(), "full")
	if _, err := RunSweep(context.Background(), sp, RunOptions{Out: full, Workers: 2, Quiet: true, NoRecords: true}); err != nil {
		t.Fatal(err)
	}
	for _, stop := range []int{51, 130} {
		out := filepath.Join(t.TempDir(), "r")
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true, StopAfter: stop})
		if err != results.ErrStopped {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		if _, err := RunSweep(context.Background(), sp, RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true, Resume: true}); err != nil {
			t.Fatalf("resume after %d: %v", stop, err)
		}
		for _, f := range []string{"games.csv", "spsa.csv", "variants.csv", "winner.toml"} {
			a, _ := os.ReadFile(filepath.Join(full, f))
			b, _ := os.ReadFile(filepath.Join(out, f))
			if !bytes.Equal(a, b) || len(a) == 0 {
				t.Errorf("stop after %d: %s differs from the uninterrupted run", stop, f)
			}
		}
	}
}

// sweepSeeds is the number of seeds of an end-to-end figure (an
// environment variable), or def.
func sweepSeeds(name string, def int) (int, bool) {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n, true
	}
	return def, false
}

// peakFigure is what sweeps of a method on peak8 gave: how many final
// points were within tol Elo of the peak's strength (the truth, from the
// landscape), the worst shortfall, and the games.
type peakFigure struct {
	runs, hits, better int
	worst              float64 // the final point's Elo minus the peak's (≤ 0)
	search, total      int     // games per run: the search's (planned), all (played)
}

// peakSweeps runs full sweeps (the arena, the results files, the hold-out
// and the verdict) of a shipped peak8 config at seeds 1 .. n, with
// generate replacing its [generate] table when not empty, and measures
// each final point (variant 1) on the landscape.
func peakSweeps(t *testing.T, file string, n int, generate string, tol float64) peakFigure {
	t.Helper()
	f := peakFigure{worst: math.Inf(1)}
	for seed := 1; seed <= n; seed++ {
		sp := continuousSpace(t, file, "peak8.toml", seed, generate)
		land, ok := sp.Scenarios[0].Maps[0].(*synthetic.Landscape)
		if !ok {
			t.Fatalf("%s: the first map is not a landscape", file)
		}
		_, peak := land.Best()
		res, err := RunSweep(context.Background(), sp, RunOptions{Out: filepath.Join(t.TempDir(), "r"), Workers: 2, Quiet: true, NoRecords: true})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Winner != 1 || len(res.Variants) != 2 {
			t.Fatalf("seed %d: winner %d of %d variants, want the final point, variant 1", seed, res.Winner, len(res.Variants))
		}
		p, err := sp.BotParams(0, space.Variant{Values: res.Variants[1].Values})
		if err != nil {
			t.Fatal(err)
		}
		got := land.Value(p) // exact (the game plays it rounded to a whole Elo)
		f.runs++
		if got >= peak-tol {
			f.hits++
		}
		if res.Verdict.Better {
			f.better++
		}
		f.worst = min(f.worst, got-peak)
		f.search = plan.PlanTournament(sp, 1).GamesPerSearch
		f.total += res.Summary.Games
		if testing.Verbose() && n <= 10 {
			t.Logf("seed %d: final point %.1f Elo (peak %.1f), verdict %q", seed, got, peak, res.Verdict.Text)
		}
	}
	f.total /= max(1, f.runs)
	return f
}

func (f peakFigure) String() string {
	return fmt.Sprintf("%d runs: within 10 Elo of the peak in %d (%.0f %%), worst %.1f Elo, \"better than the defaults\" in %d; %d games of the search, %d in all per run (the final point and the hold-out included)",
		f.runs, f.hits, 100*float64(f.hits)/float64(f.runs), f.worst, f.better, f.search, f.total)
}

// TestPeak8Sweeps: SPSA and CMA-ES at the shipped defaults of
// configs/synthetic/peak8-spsa.toml and peak8-cmaes.toml, end to end
// (RunSweep: the arena plays every game), on peak8 (the peak 119.2 Elo
// above the defaults). TOURNEY_SPSA_SWEEPS=50 gives issue 23's figure:
// the final point within 10 Elo of the peak's strength in at least 90 %
// of 50 seeds for each method. The normal run plays one seed of spsa at
// its defaults and one of cmaes at a tenth of its games (12 generations
// of 1 block), with margin (within 15 and 40 Elo; over seeds 1-4 the
// worst was 6 and 25 Elo below the peak); under the race detector spsa
// plays a fifth of its iterations (within 40 Elo).
func TestPeak8Sweeps(t *testing.T) {
	n, full := sweepSeeds("TOURNEY_SPSA_SWEEPS", 1)
	for _, c := range []struct {
		method, file, short string
		tol                 float64 // the normal run's margin
	}{
		{"spsa", "peak8-spsa.toml", "", 15},
		{"cmaes", "peak8-cmaes.toml", "method = \"cmaes\"\ngenerations = 12\nblocks = 1\nfinal_games = 200", 40},
	} {
		t.Run(c.method, func(t *testing.T) {
			gen, tol := c.short, c.tol
			if raceEnabled && c.method == "spsa" { // a fifth of the games (seeds 1-4: 15 to 28 Elo below the peak)
				gen, tol = "method = \"spsa\"\niterations = 400\nfinal_games = 200", 40
			}
			if full {
				gen = ""
			}
			f := peakSweeps(t, c.file, n, gen, 10)
			t.Logf("%s on peak8 (%s): %v", c.method, c.file, f)
			switch {
			case full && n >= 20 && 10*f.hits < 9*f.runs:
				t.Errorf("%s: within 10 Elo of the peak in %d of %d seeds, want at least 90 %%", c.method, f.hits, f.runs)
			case !full && f.worst < -tol:
				t.Errorf("%s: a final point %.1f Elo below the peak, want within %g", c.method, -f.worst, tol)
			}
		})
	}
}

// failingRunner plays on the local arena and fails its call number fail
// (1-based) after cancelling the sweep's context: a failure in the
// middle of a search.
type failingRunner struct {
	runner.Local
	fail, calls int
	cancel      context.CancelFunc
}

func (f *failingRunner) Play(ctx context.Context, blocks []runner.Block, emit func(*arena.Result) error) error {
	f.calls++
	if f.calls == f.fail {
		f.cancel()
		return errors.New("the runner broke")
	}
	return f.Local.Play(ctx, blocks, emit)
}

// planGoroutines lists the goroutines whose stacks run the planners or
// gonum's optimizers, after waiting (at most about two seconds) for them
// to end.
func planGoroutines() []string {
	var left []string
	for range 200 {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		left = left[:0]
		for _, g := range strings.Split(string(buf), "\n\n") {
			if strings.Contains(g, "gonum.org/v1/gonum/optimize") || strings.Contains(g, "tourney/tuner/plan.") {
				left = append(left, g)
			}
		}
		if len(left) == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return left
}

// TestCMAESFailedSweepLeavesNothing: a cmaes sweep that fails in its
// search (stopped after some games, a runner's error with its context
// cancelled, a context cancelled from the start) returns its error and
// leaves no goroutine of the planner or of gonum's optimizer running.
func TestCMAESFailedSweepLeavesNothing(t *testing.T) {
	gen := "method = \"cmaes\"\ngenerations = 6\nblocks = 1\nfinal_games = 100"
	if left := planGoroutines(); len(left) > 0 {
		t.Fatalf("before the sweeps: %d planner goroutines already running", len(left))
	}
	before := runtime.NumGoroutine()
	for _, c := range []string{"stop", "runner", "cancelled"} {
		sp := continuousSpace(t, "peak8-cmaes.toml", "peak8.toml", 3, gen)
		ctx, cancel := context.WithCancel(context.Background())
		opt := RunOptions{Out: filepath.Join(t.TempDir(), "r"), Workers: 2, Quiet: true, NoRecords: true}
		switch c {
		case "stop":
			opt.StopAfter = 500 // in generation 3 (210 games each)
		case "runner":
			opt.Runner = &failingRunner{Local: runner.Local{Workers: 2}, fail: 3, cancel: cancel}
		case "cancelled":
			cancel()
		}
		_, err := RunSweep(ctx, sp, opt)
		cancel()
		if err == nil {
			t.Fatalf("%s: the sweep did not fail", c)
		}
		t.Logf("%s: %v", c, err)
		if left := planGoroutines(); len(left) > 0 {
			t.Errorf("%s (%v): %d goroutines of the planner left running, the first:\n%s", c, err, len(left), left[0])
		}
	}
	t.Logf("goroutines: %d before the sweeps, %d after", before, runtime.NumGoroutine())
}
