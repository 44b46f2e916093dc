package report

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/tuner/replay"
	"tourney/tuner/study"

	"tourney/arena"
	"tourney/engines/all"
	"tourney/engines/game"
	"tourney/internal/testspace"
	"tourney/tuner"
	"tourney/tuner/records"
)

var c4Space = testspace.Text("c4-report", 14, "connect4", "alphabeta", `budget = { depth = 3 }
opening_plies = 2
field = ["random"]
[params]
order_moves = { values = [true, false] }
opponent_weight = { values = [0.5, 2.0] }
[tournament]
group = 2
advance = 1
games = 2
max_games = 40
`)

// sweepDir runs a small sweep with records and returns its directory.
func sweepDir(t *testing.T, text string) string {
	t.Helper()
	sp := filepath.Join(t.TempDir(), "space.toml")
	if err := os.WriteFile(sp, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := study.Load(sp)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, err := tuner.RunSweep(context.Background(), s, tuner.RunOptions{Out: out, Workers: 2, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	if _, mm, err := replay.Record(context.Background(), out, 2, nil); err != nil || len(mm) > 0 {
		t.Fatalf("records: %v %v", mm, err)
	}
	return out
}

// loadPage is the report page of the results directory dir (Load, then
// Write with no options).
func loadPage(t *testing.T, dir string) string {
	t.Helper()
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// structure checks that the page is one well-nested document with the
// report's sections, nothing loaded from the network, and the viewer's
// data parseable; it returns the viewer data.
func structure(t *testing.T, page []byte) []*Viewer {
	t.Helper()
	s := string(page)
	for _, bad := range []string{"http://", "https://", " src=", "@import", "<link"} {
		if strings.Contains(s, bad) {
			t.Errorf("the page refers outside itself: %q", bad)
		}
	}
	for _, id := range []string{"summary", "ratings", "effects", "bracket", "maps", "forfeits", "telemetry", "viewer", "board", "games-data"} {
		if !strings.Contains(s, `id="`+id+`"`) {
			t.Errorf("no element with id %q", id)
		}
	}
	// Tags nest: check with the XML tokenizer in HTML mode, scripts and
	// styles taken out.
	body := regexp.MustCompile(`(?s)<(script|style)[^>]*>.*?</(script|style)>`).ReplaceAllString(s, "")
	body = strings.Replace(body, "<!DOCTYPE html>", "", 1)
	dec := xml.NewDecoder(strings.NewReader(body))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	var stack []string
	void := map[string]bool{"meta": true, "input": true, "br": true, "hr": true, "img": true}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the page does not nest: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if !void[x.Name.Local] {
				stack = append(stack, x.Name.Local)
			}
		case xml.EndElement:
			if !void[x.Name.Local] {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) != 0 {
		t.Errorf("unclosed elements %v", stack)
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="games-data">(.*?)</script>`).FindStringSubmatch(s)
	if m == nil {
		t.Fatal("no viewer data")
	}
	var views []*Viewer
	if err := json.Unmarshal([]byte(m[1]), &views); err != nil {
		t.Fatalf("viewer data: %v", err)
	}
	return views
}

// The report of a Connect Four sweep with records: sections, rating
// rows for every variant, both parameters' effects, the on/off telemetry
// of order_moves (ordering searches fewer nodes at the same depth), and
// every recorded game in the viewer with one frame per state.
func TestReportConnect4(t *testing.T) {
	dir := sweepDir(t, c4Space)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Variants) != 5 || len(d.Params) != 2 || len(d.Records) == 0 {
		t.Fatalf("%d variants, params %v, %d records", len(d.Variants), d.Params, len(d.Records))
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{MaxGames: 1000}); err != nil {
		t.Fatal(err)
	}
	views := structure(t, buf.Bytes())
	if len(views) != len(d.Records) {
		t.Errorf("viewer holds %d games, %d recorded", len(views), len(d.Records))
	}
	for i, v := range views {
		r := d.Records[i]
		if v.Error != "" || len(v.Frames) != r.Plies-r.OpeningPlies+1 || v.W != 7 || v.H != 6 {
			t.Fatalf("game %d: %d frames for %d plies, %dx%d, error %q", v.Index, len(v.Frames), r.Plies, v.W, v.H, v.Error)
		}
	}
	page := buf.String()
	if strings.Count(page, `class="effects"`) != 2 {
		t.Errorf("want 2 effect charts")
	}
	// the summary's lines on the knobs that changed no game (or that the
	// design could not tell)
	lines := knobLines(d.Summary)
	t.Logf("knobs: %q", lines)
	if len(lines) == 0 {
		t.Error("no line on the knobs")
	}
	for _, l := range lines {
		if !strings.Contains(page, `<p class="knob">`+template.HTMLEscapeString(l)+"</p>") {
			t.Errorf("the report lacks %q", l)
		}
	}
	var order *TeleTable
	for _, tt := range d.telemetry() {
		if tt.Title == "by order_moves and map" {
			order = &tt
		}
	}
	if order == nil || len(order.Rows) != 2 || len(order.Charts) == 0 {
		t.Fatalf("no on/off telemetry for order_moves: %+v", order)
	}
	// Rows: false, then true; nodes per move is column 5: move ordering
	// cuts the tree at the same depth.
	off, _ := strconv.ParseFloat(order.Rows[0][5], 64)
	on, _ := strconv.ParseFloat(order.Rows[1][5], 64)
	if order.Rows[0][0] != "false" || order.Rows[1][0] != "true" || !(on < off) || order.Rows[0][3] != "3.00" {
		t.Errorf("order_moves rows %v: want fewer nodes with ordering, depth 3", order.Rows)
	}
	// Bracket and variants tables name every variant.
	for _, v := range d.Variants {
		if !strings.Contains(page, "variant "+itoa(v.ID)) {
			t.Errorf("variant %d missing from the ratings chart", v.ID)
		}
	}
	if len(d.Bracket) == 0 || !strings.Contains(page, "encounter 1") {
		t.Error("no bracket")
	}
	newFormat(t, dir, d, page)
}

// newFormat checks the report of a directory in today's layout (the
// statistics rewrite): long bracket.csv with score, blocks, games,
// decided and p_value per participant; variants.csv with rating,
// rating_lo, rating_hi, an integer out_round and a winner column.
func newFormat(t *testing.T, dir string, d *Data, page string) {
	t.Helper()
	head, err := os.ReadFile(filepath.Join(dir, "bracket.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(head), "round,encounter,variant,advanced,score,blocks,games,decided,p_value\n") {
		t.Fatalf("bracket.csv is not in the long format: %.80q", head)
	}
	for _, b := range d.Bracket {
		// a bye has no score: an empty cell (never NaN)
		if _, err := strconv.ParseFloat(b.Points, 64); err != nil && !(b.Points == "" && strings.Contains(b.Extra, "decided bye")) {
			t.Errorf("bracket row %+v: score %q", b, b.Points)
		}
		for _, c := range []string{"games ", "blocks ", "decided ", "p_value "} {
			if !strings.Contains(b.Extra, c) {
				t.Errorf("bracket row %+v lacks %q", b, c)
			}
		}
	}
	if !d.HasRating {
		t.Error("variants.csv without rating")
	}
	winners := 0
	for _, v := range d.Variants {
		if v.Out == "winner" {
			winners++
		} else if v.Out != "" {
			if _, err := strconv.Atoi(v.Out); err != nil {
				t.Errorf("variant %d: out_round %q", v.ID, v.Out)
			}
		}
		if v.Rating != v.Rating || v.Lo > v.Rating || v.Hi < v.Rating {
			t.Errorf("variant %d: rating %v in [%v, %v]", v.ID, v.Rating, v.Lo, v.Hi)
		}
	}
	if winners != 1 {
		t.Errorf("%d winners in variants.csv", winners)
	}
	// one row per variant in the ratings table, and the rows of the
	// bracket tables with their decision
	// the page leads with the answer, in words: the verdict before the
	// ratings, no raw summary.json keys
	vd, _ := d.Summary["verdict"].(map[string]any)
	text, _ := vd["text"].(string)
	ans := strings.Index(page, `<section id="answer"`)
	if ans < 0 || ans > strings.Index(page, `<section id="ratings"`) || !strings.Contains(page, "The sweep&#39;s verdict: "+text) {
		t.Errorf("the page does not lead with the verdict %q", text)
	}
	for _, k := range []string{"elo_lo_adjusted", "elo_vs_defaults", "verdict: text", "winner_params", "games_per_second"} {
		if strings.Contains(page, ">"+k) {
			t.Errorf("the page shows the raw key %s", k)
		}
	}
	if n := strings.Count(page, "<td>winner</td>"); n != 1 {
		t.Errorf("the ratings table names %d winners", n)
	}
	if n := strings.Count(page, "decided "); n != len(d.Bracket) {
		t.Errorf("%d bracket rows with a decision, %d in bracket.csv", n, len(d.Bracket))
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// The viewer replays games of all five games: boards for the four board
// games (rebuilt from the diffs, the last frame is the final board),
// chips for Groker, player heads for Spe_ed, transitions for ReversiXT.
func TestViewerAllGames(t *testing.T) {
	cases := []struct{ game, m string }{
		{"connect4", "standard"}, {"reversixt", "cross14"}, {"speed", "speed-6p-30x30"},
		{"tourality", "gen:2"}, {"groker", "standard"},
	}
	for _, c := range cases {
		g, err := all.Find(c.game)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.LoadMap(c.m)
		if err != nil {
			t.Fatal(err)
		}
		seats := make([]arena.Entrant, m.Players())
		for i := range seats {
			seats[i] = arena.Entrant{ID: "field:random", Spec: game.RandomSpec()}
		}
		job := &arena.Job{Game: g, Map: m, Seed: 77, Seats: seats, Record: true}
		res, err := arena.Play(context.Background(), job, arena.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rec := records.FromResult(0, res)
		v := NewViewer("", rec)
		if v.Error != "" || len(v.Frames) < 2 {
			t.Fatalf("%s: %d frames, error %q", c.game, len(v.Frames), v.Error)
		}
		last := v.Frames[len(v.Frames)-1]
		if c.game == "groker" {
			if v.W != 0 || len(last.Bars) != 2 || !strings.Contains(last.Moves, "seat 2") {
				t.Errorf("groker: board %d, bars %v, moves %q", v.W, last.Bars, last.Moves)
			}
			continue
		}
		grid := []byte(v.Frames[0].Grid)
		if len(grid) != v.W*v.H || v.W == 0 {
			t.Fatalf("%s: first frame %d cells for %dx%d", c.game, len(grid), v.W, v.H)
		}
		for _, f := range v.Frames[1:] {
			for i, cell := range f.Diff {
				grid[cell] = f.Chars[i]
			}
		}
		s, err := rec.Replay("", nil)
		if err != nil {
			t.Fatal(err)
		}
		_, rows := board(c.game, s)
		if got, want := string(grid), strings.Join(rows, ""); got != want {
			t.Errorf("%s: the frames do not rebuild the final board", c.game)
		}
		switch c.game {
		case "speed":
			if len(v.Frames[0].Marks) != 6 {
				t.Errorf("speed: %d heads at the start", len(v.Frames[0].Marks))
			}
		case "reversixt":
			if len(v.Links) == 0 {
				t.Error("reversixt cross14: no transitions")
			}
		}
	}
}

var rxSpace = testspace.Text("rx-report", 5, "reversixt", "paranoid", `maps = ["tri13"]
budget = { depth = 1 }
field = ["trivial"]
[params]
use_ordering = { values = [true, false] }
[tournament]
group = 2
advance = 1
games = 3
max_games = 27
`)

// A 3-player ReversiXT sweep: the placement table (every variant, the
// default filler and the field bot), transitions-free boards in the
// viewer, and a page that still nests.
func TestReportReversiXT3(t *testing.T) {
	testspace.HeavyUnderRace(t) // a ReversiXT sweep: 35 s under the detector
	dir := sweepDir(t, rxSpace)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d.Places == nil || len(d.Places.Players()) < 3 {
		t.Fatalf("placements: %v", d.Places)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	views := structure(t, buf.Bytes())
	if len(views) == 0 || views[0].W != 13 || len(views[0].Seats) != 3 {
		t.Fatalf("viewer: %d games", len(views))
	}
	page := buf.String()
	for _, s := range []string{`id="placements"`, "TrustedScoreEnemies", "MedianPlayers", "field:trivial"} {
		if !strings.Contains(page, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	newFormat(t, dir, d, page)
}
