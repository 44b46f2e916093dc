package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A factorial run's results: variants 0 and 1 played, 2 and 3 are grid
// points that only the effects predict (variants.csv gives them the
// prior's rating 0.0, which no game measured).
const predictedVariants = `variant,x,games,points,score,mean_rank,rating,rating_lo,rating_hi,p_best,out_round,winner,predicted,predicted_lo,predicted_hi
0,0,10,3,3,1.7,-40.0,-90.0,10.0,0.1,1,0,-38.0,-80.0,4.0
1,1,10,7,7,1.3,40.0,-10.0,90.0,0.9,,1,38.0,-4.0,80.0
2,0,0,0,0,NaN,0.0,-400.0,400.0,0.5,,0,-20.0,-70.0,30.0
3,1,0,0,0,NaN,0.0,-400.0,400.0,0.5,,0,55.0,5.0,105.0
`

func predictedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"variants.csv": predictedVariants,
		"games.csv":    "game,round,encounter,scenario,game_type,map,seed,seat,variant,score,rank,points,plies,end\n",
		"summary.json": `{"name":"factorial","winner":1}`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Variants without games are never drawn or tabled as rated (0 Elo),
// never count in the per-value means, and are shown marked as predicted.
func TestPredictedNotPlayed(t *testing.T) {
	d, err := Load(predictedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	// the per-value means are the played variants' ratings alone
	effs := d.effects()
	if len(effs) != 1 || effs[0].Param != "x" {
		t.Fatalf("effects %+v", effs)
	}
	e := effs[0]
	want := map[string]float64{"0": -40, "1": 40}
	for i, l := range e.Levels {
		if math.Abs(e.Means[i]-want[l]) > 1e-9 || e.Counts[i] != 1 {
			t.Errorf("x = %s: mean %v over %d variants, want %v over 1 (the played one)", l, e.Means[i], e.Counts[i], want[l])
		}
	}
	if r := d.ranked(); len(r) != 2 || r[0].ID != 1 || r[1].ID != 0 {
		t.Errorf("ranked %v, want the played variants 1, 0", r)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	svg := d.ratingSVG()
	// a measured point for variant 2 or 3 would say "rating 0.000"
	for _, id := range []string{"2", "3"} {
		if strings.Contains(svg, "variant "+id+": rating") {
			t.Errorf("variant %s (no games) drawn as rated", id)
		}
		if !regexp.MustCompile(`variant ` + id + `: not played; predicted rating`).MatchString(svg) {
			t.Errorf("variant %s not drawn as predicted", id)
		}
	}
	if n := strings.Count(svg, `class="pt pred"`); n != 2 {
		t.Errorf("%d predicted points, want 2", n)
	}
	// the table: rows 3 (predicted 55) then 2, marked, after the played
	rows := regexp.MustCompile(`<tr( class="pred")?><td>(\d+)</td><td>[01]</td><td>\d+</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>`).FindAllStringSubmatch(page, -1)
	var got []string
	for _, r := range rows {
		got = append(got, r[2]+r[1]+"="+r[3])
	}
	wantRows := []string{"1=40.0", "0=-40.0", `3 class="pred"=predicted 55.0`, `2 class="pred"=predicted -20.0`}
	if strings.Join(got, "|") != strings.Join(wantRows, "|") {
		t.Errorf("table rows %q, want %q", got, wantRows)
	}
}
