package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The effects' table writes a missing number (a default's row, a knob
// whose default is not identified) as "–", never NaN, and the page names
// the knobs whose defaults the games do not identify.
func TestEffectsTableNoNaN(t *testing.T) {
	dir := predictedDir(t)
	effects := `scenario,parameter,value,effect,effect_lo,effect_hi,games,averaged_over,compared_pairs,changed_pairs
all,x,0,0,,,10,,,
all,x,1,12.5,-3.0,28.0,10,other knobs,,
all,y,5,,,,4,"not identified: only the defaults' variant played it, with the other such knobs' defaults",,
all,y,2,0,,,8,the reference of this knob's rows (its default is not identified),,
all,y,8,-7.5,-20.0,5.0,8,"other knobs; against 2, not the default (not identified)",,
`
	if err := os.WriteFile(filepath.Join(dir, "effects.csv"), []byte(effects), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), []byte(`{"name":"factorial","winner":1,"effects_unidentified":["y","z"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	page := loadPage(t, dir)
	if strings.Contains(page, "NaN") {
		i := strings.Index(page, "NaN")
		t.Errorf("the page writes NaN: …%s…", page[max(0, i-200):i+10])
	}
	if !strings.Contains(page, "effects against the default: not identified for y, z") {
		t.Error("the page does not name the knobs whose defaults are not identified")
	}
	if !strings.Contains(page, `<td class="l">y</td><td class="l">8</td><td>-7.5</td><td>-20.0</td><td>5.0</td>`) {
		t.Error("y = 8's row is not in the table")
	}
}
