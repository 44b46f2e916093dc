package study_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"tourney/internal/testspace"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// twoScenarios: paranoid on a 2- and a 3-player map, then on the default
// map, with a base and one knob.
var twoScenarios = testspace.Text("two", 7, "reversixt", "paranoid", "maps = [\"duel10\", \"tri13\"]\n"+
	"[[scenario]]\ngame = \"reversixt\"\nbot = \"paranoid\"\n[base]\nposition_weight = 0.5\n"+
	"[params]\nstones_weight = { values = [0.25, 2] }\n[generate]\nmethod = \"grid\"\ninclude_defaults = true\n")

func compileText(t *testing.T, text string) (*space.Space, *study.Study) {
	t.Helper()
	sp, err := space.Parse("two.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sp, study.Compile(sp)
}

// TestCompileCells: the study's cells are the scenarios' maps with the
// seats a game there has, and its tables have their shape.
func TestCompileCells(t *testing.T) {
	sp, st := compileText(t, twoScenarios)
	if len(st.Cells) != 2 || len(st.Cells[0]) != 2 || len(st.Cells[1]) != 1 {
		t.Fatalf("cells %v", st.Cells)
	}
	for si, row := range st.Cells {
		for mi, c := range row {
			if c.Scenario != si || c.Map != mi || c.Seats != sp.Scenarios[si].Maps[mi].Players() || c.Name != sp.Scenarios[si].MapNames[mi] {
				t.Errorf("cell %d/%d = %+v", si, mi, c)
			}
		}
	}
	per := st.PerMap()
	if len(per) != 2 || len(per[0]) != 2 || len(per[1]) != 1 || st.Maps() != 3 {
		t.Fatalf("PerMap %v, Maps %d", per, st.Maps())
	}
	per[0][0] = 5
	if st.PerMap()[0][0] != 0 {
		t.Fatal("PerMap shares its rows")
	}
}

// TestCompileDefaults: the defaults are compiled once, per scenario, as
// the space resolves them, and handed out as copies.
func TestCompileDefaults(t *testing.T) {
	sp, st := compileText(t, twoScenarios)
	for si := range sp.Scenarios {
		if !reflect.DeepEqual(st.DefaultParams(si), sp.DefaultParams(si)) {
			t.Errorf("scenario %d: defaults %v, the space's %v", si, st.DefaultParams(si), sp.DefaultParams(si))
		}
	}
	if st.Defaults[0].Float("position_weight") != 0.5 {
		t.Fatalf("base not in the defaults: %v", st.Defaults[0])
	}
	d := st.DefaultParams(0)
	d["position_weight"] = 9.0
	if st.Defaults[0].Float("position_weight") != 0.5 {
		t.Fatal("DefaultParams shares the compiled defaults")
	}
	if !reflect.DeepEqual(st.DefaultPoint(), sp.DefaultPoint()) || !reflect.DeepEqual(st.ParamNames(), []string{"stones_weight"}) {
		t.Fatalf("default point %v, names %v", st.DefaultPoint(), st.ParamNames())
	}
	if len(st.Variants()) != len(sp.Variants()) || st.Candidates() != sp.Candidates() {
		t.Fatalf("variants %d of %d", len(st.Variants()), len(sp.Variants()))
	}
}

// TestCopyForwards: a copy of a study whose scenarios or tournament a
// caller changed (a CPU budget's measured costs) hands the change to
// what it derives from the space: a sub-study carries it.
func TestCopyForwards(t *testing.T) {
	_, st := compileText(t, twoScenarios)
	c := *st
	c.Scenarios = append([]space.Scenario(nil), st.Scenarios...)
	c.Scenarios[1].Cost = 3 * time.Second
	c.Tournament.Confidence = 0.9
	sub := c.Sub("sub", 1, [][]any{st.DefaultPoint()}, true, "race")
	if sub.Scenarios[1].Cost != 3*time.Second || sub.Tournament.Confidence != 0.9 {
		t.Fatalf("sub-study: cost %v, confidence %v", sub.Scenarios[1].Cost, sub.Tournament.Confidence)
	}
	if st.Scenarios[1].Cost != 0 {
		t.Fatal("the copy's change reached the original")
	}
	if err := c.KeyError("tournament.format", "no"); err == nil || !strings.Contains(err.Error(), "two.toml") {
		t.Fatalf("KeyError: %v", err)
	}
	if len(sub.Variants()) != 1 || !sub.Variants()[0].Default {
		t.Fatalf("sub-study variants %v", sub.Variants())
	}
}
