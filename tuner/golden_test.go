package tuner

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tourney/tuner/results"
	"tourney/tuner/study"

	"tourney/configs"
)

// The golden test pins the bytes every shipped space writes at its own
// seed: testdata/golden.txt holds, per space and game count, the SHA-256
// of each result file. It was written by the commit before the tuner's
// restructure (planners, runners, the space package) and guards every
// later change that should change no output. A change that changes
// outputs on purpose rewrites it:
//
//	TOURNEY_GOLDEN_UPDATE=1 go test -run TestGolden ./tuner
//
// Each shipped space is cut after a few games (RunOptions.StopAfter: what
// a kill would leave), so that even the long studies are checked; the
// small synthetic spaces run to the end, so that every file (variants,
// ratings, bracket, winner) and every later round or look is checked.
// They run with TOURNEY_FULL=1 (CI's second pass sets it; a plain
// go test ./... skips them); TOURNEY_GOLDEN_FULL=1 adds longer cuts (a
// few minutes). The longer cuts' hashes were first written on
// 2026-11-25, after the restructure: they guard later changes only.

type goldenCase struct {
	name string // key in golden.txt
	text func() ([]byte, string, error)
	stop int // 0: to the end
	long bool
}

func shippedCase(file string, stop int, long bool) goldenCase {
	return goldenCase{name: fmt.Sprintf("%s@%d", file, stop), stop: stop, long: long,
		text: func() ([]byte, string, error) {
			path := filepath.Join("..", "configs", file)
			data, err := os.ReadFile(path)
			return data, path, err
		}}
}

func inlineCase(name, text string) goldenCase {
	return goldenCase{name: name, text: func() ([]byte, string, error) { return []byte(text), name + ".toml", nil }}
}

func goldenCases() []goldenCase {
	cs := []goldenCase{{name: "default.toml@60", stop: 60,
		text: func() ([]byte, string, error) { return configs.Default, "default.toml", nil }}}
	shipped := []string{"connect4-depth.toml", "connect4-search.toml", "connect4-threats.toml",
		"groker-thresholds.toml", "reversixt-octo.toml", "reversixt-study.toml", "reversixt-twelve.toml",
		"speed-risk.toml", "synthetic-check.toml", "tourality-minimax.toml"}
	for _, f := range shipped {
		// the ReversiXT and Spe_ed studies cost seconds a game: only in
		// the long run
		slow := strings.HasPrefix(f, "reversixt") || strings.HasPrefix(f, "speed")
		long := 400
		if slow {
			long = 100
		}
		cs = append(cs, shippedCase(f, 24, slow), shippedCase(f, long, true))
	}
	cs = append(cs, shippedCase("synthetic-check.toml", 0, false),
		goldenCase{name: "default.toml@0", stop: 0, long: true,
			text: func() ([]byte, string, error) { return configs.Default, "default.toml", nil }},
		inlineCase("synthetic-knockout", `
name = "synthetic-knockout"
seed = 5
[[scenario]]
game = "synthetic"
bot = "fixed"
maps = ["2p", "3p"]
field = ["random"]
[params]
elo = { values = [-60, -30, 20, 40, 50] }
label = { values = [0, 1] }
[tournament]
format = "knockout"
group = 3
advance = 1
bootstrap = 100
`),
		inlineCase("synthetic-race4", `
name = "synthetic-race4"
seed = 9
[[scenario]]
game = "synthetic"
bot = "fixed"
maps = ["4p"]
[params]
elo = { values = [-80, -40, 30, 60] }
[tournament]
format = "race"
bootstrap = 100
max_games = 800
`),
		inlineCase("synthetic-halving", `
name = "synthetic-halving"
seed = 11
[[scenario]]
game = "synthetic"
bot = "landscape"
maps = ["../configs/synthetic/twelve.toml"]
[params]
x1 = { values = [0, 1] }
x2 = { values = [0, 1] }
x3 = { values = [0, 1] }
x5 = { values = [0, 1] }
x9 = { values = [0, 1] }
x12 = { values = [0, 1] }
[effects]
interactions = [["x2", "x12"]]
[generate]
method = "factorial"
[tournament]
format = "halving"
budget = 800
bootstrap = 100
`),
		inlineCase("synthetic-staged", `
name = "synthetic-staged"
seed = 3
[[scenario]]
game = "synthetic"
bot = "fixed"
[params]
elo = { values = [-40, 10, 30] }
label = { values = [0, 1, 2] }
[generate]
method = "staged"
[tournament]
bootstrap = 100
`))
	return cs
}

// goldenFiles are the files whose bytes must not change (timing.csv and
// summary.json hold wall-clock values; records are pinned elsewhere).
func goldenFiles(dir string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		base := filepath.Base(p)
		if base == "timing.csv" || base == "summary.json" || strings.HasSuffix(base, ".gz") || strings.HasPrefix(base, ".") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = fmt.Sprintf("%x", sha256.Sum256(data))
		return nil
	})
	return out, err
}

func readGolden(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 3 && !strings.HasPrefix(fs[0], "#") {
			m[fs[0]+" "+fs[1]] = fs[2]
		}
	}
	return m, sc.Err()
}

func TestGolden(t *testing.T) {
	if raceEnabled {
		t.Skip("the golden sweeps run without the race detector (CI's second pass)")
	}
	full := os.Getenv("TOURNEY_GOLDEN_FULL") != ""
	update := os.Getenv("TOURNEY_GOLDEN_UPDATE") != ""
	if !full && !update && os.Getenv("TOURNEY_FULL") == "" {
		t.Skip("TOURNEY_FULL=1 runs the golden sweeps (CI's second pass does; about 20 s of CPU)")
	}
	goldenPath := filepath.Join("testdata", "golden.txt")
	want, err := readGolden(goldenPath)
	if err != nil && !update {
		t.Fatal(err)
	}
	got := map[string]string{}
	ran := map[string]bool{}
	for _, c := range goldenCases() {
		if c.long && !full {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			ran[c.name] = true
			data, path, err := c.text()
			if err != nil {
				t.Fatal(err)
			}
			sp, err := study.Parse(path, data)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "out")
			_, err = RunSweep(context.Background(), sp, RunOptions{Out: dir, Workers: 2, Quiet: true, NoRecords: true, StopAfter: c.stop})
			if err != nil && !(c.stop > 0 && errors.Is(err, results.ErrStopped)) {
				t.Fatal(err)
			}
			files, err := goldenFiles(dir)
			if err != nil {
				t.Fatal(err)
			}
			for f, h := range files {
				key := c.name + " " + f
				got[key] = h
				if update {
					continue
				}
				if w, ok := want[key]; !ok {
					t.Errorf("%s: no golden hash (TOURNEY_GOLDEN_UPDATE=1 writes them)", key)
				} else if w != h {
					t.Errorf("%s: bytes differ from the golden run", key)
				}
			}
			if !update {
				for k := range want {
					if strings.HasPrefix(k, c.name+" ") {
						if _, ok := got[k]; !ok {
							t.Errorf("%s: not written", k)
						}
					}
				}
			}
		})
	}
	if update {
		for k, h := range want { // cases not run this time keep their hashes
			if _, ok := got[k]; !ok && !ran[strings.Fields(k)[0]] {
				got[k] = h
			}
		}
		keys := slices.Sorted(maps.Keys(got))
		var b strings.Builder
		b.WriteString("# SHA-256 of the files each space writes (golden_test.go); case file hash\n")
		for _, k := range keys {
			b.WriteString(k + " " + got[k] + "\n")
		}
		if err := os.WriteFile(goldenPath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d hashes to %s", len(keys), goldenPath)
	}
}
