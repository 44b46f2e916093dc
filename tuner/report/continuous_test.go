package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/tuner"
	"tourney/tuner/study"
)

// continuousDir runs a short sweep of configs/synthetic/<file> with
// another [generate] table and returns its results directory.
func continuousDir(t *testing.T, file, generate string) string {
	t.Helper()
	path := filepath.Join("..", "..", "configs", "synthetic", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	text = text[:strings.Index(text, "[generate]")] + "[generate]\n" + generate + "\n"
	sp, err := study.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, err := tuner.RunSweep(context.Background(), sp, tuner.RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: true}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestContinuousSections: the report of an spsa run has the SPSA section
// (θ of every knob within its range, the pairs' score, the verdict) and
// no CMA-ES section; a cmaes run's the CMA-ES section (the mean of every
// knob within its range and the final point, sigma, the generation's
// scores, the verdict) and no SPSA section. The ranges come from
// space.toml even though its maps (files next to the original) do not
// load from the results directory.
func TestContinuousSections(t *testing.T) {
	for _, c := range []struct {
		file, generate, id, other string
		want                      []string
	}{
		{"peak8-spsa.toml", "method = \"spsa\"\niterations = 100\nfinal_games = 100", "spsa", "cmaes",
			[]string{"θ over the iterations (range -1.000 … 1.000, final ", "θ+ against θ−: share of the points"}},
		{"peak8-cmaes.toml", "method = \"cmaes\"\ngenerations = 4\nblocks = 1\nfinal_games = 100", "cmaes", "spsa",
			[]string{"the mean over the generations (range -1.000 … 1.000, final ", "sigma: the spread of the candidates", "the generation&#39;s scores", ">best candidate<", ">defaults<", "<polygon "}},
	} {
		t.Run(c.id, func(t *testing.T) {
			page := loadPage(t, continuousDir(t, c.file, c.generate))
			i := strings.Index(page, `<section id="`+c.id+`">`)
			if i < 0 {
				t.Fatalf("no %s section", c.id)
			}
			if strings.Contains(page, `<section id="`+c.other+`">`) {
				t.Errorf("a %s section in a %s run", c.other, c.id)
			}
			sec := page[i:]
			sec = sec[:strings.Index(sec, "</section>")]
			for _, w := range append(c.want, "verdict on the final point: <b>", "<th>start</th><th>final point</th>", "<td>-1.000 … 1.000</td>") {
				if !strings.Contains(sec, w) {
					t.Errorf("the %s section has no %q", c.id, w)
				}
			}
			for _, k := range []string{"x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"} {
				if !strings.Contains(sec, "<figcaption>"+k+": ") {
					t.Errorf("the %s section has no chart of %s", c.id, k)
				}
			}
		})
	}
}
