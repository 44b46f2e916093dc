package tuner

import (
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
	"tourney/tuner/runner"
	"tourney/tuner/space"
)

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
