package tuner

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/tuner/plan"
	"tourney/tuner/results"
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
