package plan

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/synthetic"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// Issue 41's defects, each a test that failed on the code before it.

// convRows is the planner's convergence.csv (nil when it has none).
func convRows(pl Planner) [][]string {
	tb, ok := pl.(Tabler)
	if !ok {
		return nil
	}
	for _, t := range tb.Tables() {
		if t.Name == ConvergenceFile {
			return t.Rows
		}
	}
	return nil
}

// convStatus is knob's status in convergence.csv.
func convStatus(rows [][]string, knob string) string {
	for _, r := range rows {
		if r[0] == knob {
			return r[len(r)-1]
		}
	}
	return ""
}

// finalGap is how far the run's final point is below the landscape's peak.
func finalGap(t *testing.T, s *study.Study, h *simHost) float64 {
	t.Helper()
	land := s.Scenarios[0].Maps[0].(*synthetic.Landscape)
	p, err := s.BotParams(0, space.Variant{Values: h.values[len(h.values)-1]})
	if err != nil {
		t.Fatal(err)
	}
	_, best := land.Best()
	return best - land.Value(p)
}

// pinnedLandscape: x1's default on its lower bound and a narrow best 5 %
// of the range inside it (10 Elo lost 3 % of the range from it: 28 Elo
// at the bound), x2 an ordinary knob.
const pinnedLandscape = `players = 2
[peak]
x1 = { best = 0.05, k = 11111 }
x2 = { best = 0.3, k = 200 }
`

const pinnedParams = "[params]\nx1 = { min = 0.0, max = 1.0 }\nx2 = { min = -1.0, max = 1.0 }\n"

// TestSPSANotPinned: SPSA at its defaults reaches a narrow best 5 % of
// the range inside the bound where the default sits (issue 41: 5 of 34
// such landscapes reached it with the clipped perturbation), and a knob
// that sat on a bound with its perturbation clipped is never "settled".
func TestSPSANotPinned(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := familySpaceText(t, pinnedLandscape, pinnedParams, seed, `method = "spsa"`, "")
		h, pl := simPlanner(t, s)
		if gap := finalGap(t, s, h); gap > 10 {
			t.Errorf("seed %d: the final point %.1f Elo below the peak (%s), want within 10", seed, gap, fmtValues(s, h.values[len(h.values)-1]))
		}
		if st := convStatus(convRows(pl), "x1"); st == "pinned" {
			t.Errorf("seed %d: x1 pinned", seed)
		}
	}
	// the clipped perturbation of before: pinned, and said so
	spsaClipped = true
	defer func() { spsaClipped = false }()
	s := familySpaceText(t, pinnedLandscape, pinnedParams, 1, `method = "spsa"`, "")
	h, pl := simPlanner(t, s)
	gap := finalGap(t, s, h)
	st := convStatus(convRows(pl), "x1")
	t.Logf("clipped: %.1f Elo below the peak, x1 %s", gap, st)
	if gap > 10 && st == "settled" {
		t.Errorf("clipped perturbation: x1 %.1f Elo from its peak on its bound and \"settled\"", gap)
	}
}

// TestCMAESOneGenerationNotSettled: a budget that holds one generation
// is "too short", never "settled", and validate's warning says so.
func TestCMAESOneGenerationNotSettled(t *testing.T) {
	for _, budget := range []string{"budget = 1000", "budget = 2000"} {
		s := familySpaceText(t, pinnedLandscape, pinnedParams, 1, `method = "cmaes"`, budget)
		if cfg := ContinuousConfig(s); cfg.Generations >= cmaesMinGenerations {
			t.Fatalf("%s: %d generations", budget, cfg.Generations)
		}
		h, pl := simPlanner(t, s)
		_ = h
		for _, k := range []string{"x1", "x2"} {
			if st := convStatus(convRows(pl), k); st == "settled" {
				t.Errorf("%s: %s settled after %d generations", budget, k, ContinuousConfig(s).Generations)
			}
		}
		if w := RoundsWarning(s); !strings.Contains(w, "too few") {
			t.Errorf("%s: validate's warning %q", budget, w)
		}
	}
	s := familySpaceText(t, pinnedLandscape, pinnedParams, 1, `method = "cmaes"`, "")
	if w := RoundsWarning(s); w != "" {
		t.Errorf("shipped defaults: %q", w)
	}
	s = familySpaceText(t, pinnedLandscape, pinnedParams, 1, `method = "spsa"`, "budget = 60")
	if w := RoundsWarning(s); !strings.Contains(w, "too few") {
		t.Errorf("spsa, 30 iterations: validate's warning %q", w)
	}
}

// integerLandscape: n1 an integer knob in -5 .. 20 with its best at 7.
const integerLandscape = `players = 2
[peak]
n1 = { best = 7, k = 3 }
x1 = { best = 0.3, k = 200 }
`

// TestIntegerKnobMoves: an integer knob whose c_end rounds θ ± c_end to
// one value is refused with file:line:key (issue 41: c_end = 0.2 was
// accepted and the knob never moved); at the defaults it reaches its
// best; a positive integer on a log scale (m1, 1 .. 10^6) with a small
// c_end moves too (its perturbation is repaired to one integer apart).
func TestIntegerKnobMoves(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "l.toml"), []byte(integerLandscape), 0o644); err != nil {
		t.Fatal(err)
	}
	text := "name = \"int\"\n\n[[scenario]]\ngame = \"synthetic\"\nbot = \"landscape-mixed\"\nmaps = [\"l.toml\"]\n\n[params]\nx1 = { min = -1.0, max = 1.0 }\nn1 = { min = -5, max = 20, c_end = 0.2 }\n\n[generate]\nmethod = \"spsa\"\n"
	path := filepath.Join(dir, "space.toml")
	_, err := study.Parse(path, []byte(text))
	var ie *space.InputError
	if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), "space.toml:10") || !strings.Contains(err.Error(), "c_end") {
		t.Errorf("c_end = 0.2 on an integer knob: %v, want an error at space.toml:10 naming c_end", err)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		s := familySpaceBot(t, "landscape-mixed", integerLandscape, "[params]\nx1 = { min = -1.0, max = 1.0 }\nn1 = { min = -5, max = 20 }\n", seed, `method = "spsa"`, "")
		h := simRun(t, s)
		if v := h.values[len(h.values)-1]["n1"]; v != 7 {
			t.Errorf("seed %d: n1 ended at %v, want 7", seed, v)
		}
	}
	// the default 1 on the lower bound: θ ± c_k near it round to 1
	const logInt = "players = 2\n[peak]\nm1 = { best = 3000, k = 20, scale = \"log\" }\n"
	for _, method := range []string{"spsa", "cmaes"} {
		gen := "method = \"" + method + "\""
		params := "[params]\nm1 = { min = 1, max = 1000000, scale = \"log\" }\n"
		s := familySpaceBot(t, "landscape-mixed", logInt, params, 1, gen, "")
		h := simRun(t, s)
		if gap := finalGap(t, s, h); gap > 10 {
			t.Errorf("%s: m1 (1 .. 10^6, best 3000) ended %.1f Elo below the peak (%s)", method, gap, fmtValues(s, h.values[len(h.values)-1]))
		}
	}
}

// TestLogKnob: spsa and cmaes take scale = "log" (issue 41: refused) and
// search in decades: a knob of 10^-3 .. 10^3 with its best at 40 (and its
// default, 1, in the middle of the decades), beside a linear knob.
func TestLogKnob(t *testing.T) {
	const land = "players = 2\n[peak]\ng1 = { best = 40, k = 30, scale = \"log\" }\nx1 = { best = -0.4, k = 100 }\n"
	const params = "[params]\ng1 = { min = 0.001, max = 1000.0, scale = \"log\" }\nx1 = { min = -1.0, max = 1.0 }\n"
	for _, method := range []string{"spsa", "cmaes"} {
		for seed := uint64(1); seed <= 2; seed++ {
			s := familySpaceBot(t, "landscape-mixed", land, params, seed, "method = \""+method+"\"", "")
			if !s.Params[0].Log {
				t.Fatalf("g1 not on a log scale")
			}
			h := simRun(t, s)
			gap := finalGap(t, s, h)
			g := h.values[len(h.values)-1]["g1"].(float64)
			if gap > 10 || math.Abs(math.Log10(g/40)) > 0.3 {
				t.Errorf("%s seed %d: g1 %.3g (best 40), %.1f Elo below the peak", method, seed, g, gap)
			}
		}
	}
}
