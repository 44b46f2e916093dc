package tuner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/internal/testspace"
	"tourney/tuner/results"
	"tourney/tuner/study"
)

// Column kinds of the results files, as an analyst's loader sees them.
const (
	kInt    = "int"    // decimal integer, never empty
	kIntE   = "int?"   // decimal integer or empty
	kUint64 = "uint64" // decimal unsigned 64-bit (seeds)
	kFloat  = "float"  // a finite number ('.' decimal point), never empty
	kFloatE = "float?" // a finite number or empty
	kBool   = "0|1"
	kStr    = "str"       // non-empty text
	kFloatN = "float|NaN" // a number, or NaN (pandas and R read both as numbers)
)

// checkColumns reads a CSV with encoding/csv and checks its header and
// every cell against the column kinds (kinds starting with "enum:" list
// the allowed values, separated by |; "prefix:" allows values that start
// with one of the listed prefixes). Columns not in kinds must match
// other (nil: such columns are an error).
func checkColumns(t *testing.T, path string, want []string, kinds map[string]string, other func(col string) string) [][]string {
	t.Helper()
	rows := readCSV(t, path)
	if len(rows) < 2 {
		t.Fatalf("%s: %d rows", path, len(rows))
	}
	head := rows[0]
	if want != nil && strings.Join(head, ",") != strings.Join(want, ",") {
		t.Errorf("%s: header %v, want %v", path, head, want)
	}
	for i, r := range rows[1:] {
		for j, cell := range r {
			col := head[j]
			k, ok := kinds[col]
			if !ok && other != nil {
				k, ok = other(col), true
			}
			if !ok || k == "" {
				t.Errorf("%s: unexpected column %q", path, col)
				continue
			}
			if !cellOK(k, cell) {
				t.Errorf("%s line %d: %s = %q is not %s", filepath.Base(path), i+2, col, cell, k)
			}
		}
	}
	return rows
}

func cellOK(kind, s string) bool {
	if strings.HasSuffix(kind, "?") {
		if s == "" {
			return true
		}
		kind = strings.TrimSuffix(kind, "?")
	}
	switch {
	case kind == kInt:
		_, err := strconv.ParseInt(s, 10, 64)
		return err == nil
	case kind == kUint64:
		_, err := strconv.ParseUint(s, 10, 64)
		return err == nil
	case kind == kFloat:
		f, err := strconv.ParseFloat(s, 64)
		return err == nil && f-f == 0 && !strings.ContainsAny(s, ", ")
	case kind == kFloatN:
		return s == "NaN" || cellOK(kFloat, s)
	case kind == kBool:
		return s == "0" || s == "1"
	case kind == kStr:
		return s != ""
	case strings.HasPrefix(kind, "enum:"):
		for _, v := range strings.Split(kind[5:], "|") {
			if s == v {
				return true
			}
		}
	case strings.HasPrefix(kind, "prefix:"):
		for _, v := range strings.Split(kind[7:], "|") {
			if strings.HasPrefix(s, v) {
				return true
			}
		}
	}
	return false
}

// Every column of every results file has one type an analyst's loader
// infers without help: integers, floats, 0/1, enums; variant and
// out_round are integers or empty (never "winner", "default" or
// "field:x" mixed in), seeds are int64 (63-bit) integers, bracket.csv
// is long (one participant a row, no lists in cells). Checked on a
// knockout with more than two seats (placements, the default filler, a
// field bot) and on a race.
func TestResultsColumnTypes(t *testing.T) {
	knockout := testspace.Text("csv-types", 12, "synthetic", "fixed", `maps = ["3p"]
field = ["random"]
[params]
elo = { values = [0, 50, 100, 150] }
[generate]
method = "grid"
include_defaults = true
[tournament]
format = "knockout"
group = 3
advance = 1
min_blocks = 1
max_games = 12
points = "rank"
`)
	race := fixedSpace("csv-types-race", 13, `elo = { values = [0, 40, 80] }
[tournament]
format = "race"
max_games = 400
`)
	for _, text := range []string{knockout, race} {
		sp := parseSpace(t, "types.toml", text)
		_, out := sweepSpace(t, sp, 2, RunOptions{})
		checkResultFiles(t, sp, out)
	}
}

func checkResultFiles(t *testing.T, sp *study.Study, out string) {
	params := map[string]bool{}
	for _, p := range sp.ParamNames() {
		params[p] = true
	}
	games := checkColumns(t, filepath.Join(out, "games.csv"), results.GamesHeader, map[string]string{
		"game": kInt, "round": kInt, "encounter": kInt, "block": kInt, "scenario": kInt,
		"game_type": "enum:synthetic", "map": kStr, "seed": kInt, "seat": kInt,
		"variant": kIntE, "role": "enum:variant|default|field", "bot": kStr,
		"score": kFloat, "rank": kInt, "points": kFloat, "plies": kInt,
		"nodes": kIntE, "depth": kFloatE,
		"end": "prefix:normal|max-length|forfeit:", "game_hash": kInt,
	}, nil)
	// variant is empty exactly for the defaults and the field
	roles := map[string]int{}
	for _, r := range games[1:] {
		roles[r[10]]++
		if (r[9] == "") != (r[10] != "variant") {
			t.Errorf("games.csv: variant %q with role %q", r[9], r[10])
		}
	}
	multi := sp.Scenarios[0].Field != nil
	if multi && (roles["field"] == 0 || roles["variant"] == 0) {
		t.Errorf("games.csv roles %v: want variants and the field", roles)
	}
	vrows := checkColumns(t, filepath.Join(out, "variants.csv"), nil, map[string]string{
		"variant": kInt, "games": kInt, "points": kFloat, "score": kFloat, "mean_rank": kFloatE, // empty: no games
		"rating": kFloatE, "rating_lo": kFloatE, "rating_hi": kFloatE, "p_best": kFloat,
		"predicted": kFloatE, "predicted_lo": kFloatE, "predicted_hi": kFloatE, // empty: the defaults (0 by construction) or no effects
		"out_round": kIntE, "winner": kBool,
		"trusted_value": kFloatE, "median_players": kFloatE, "trusted_score_enemies": kFloatE, // empty: no game of more than two seats
	}, func(col string) string {
		if params[col] {
			return kFloat // the space's numbers (elo)
		}
		if strings.HasPrefix(col, "place_") {
			return kInt
		}
		return ""
	})
	winners := 0
	for _, r := range vrows[1:] {
		rec := map[string]string{}
		for j, h := range vrows[0] {
			rec[h] = r[j]
		}
		if rec["winner"] == "1" {
			winners++
			if rec["out_round"] != "" {
				t.Errorf("variants.csv: the winner went out in round %s", rec["out_round"])
			}
		}
	}
	if winners != 1 {
		t.Errorf("variants.csv: %d winners", winners)
	}
	if multi && !strings.Contains(strings.Join(vrows[0], ","), "place_3,trusted_value,median_players,trusted_score_enemies") {
		t.Errorf("variants.csv: no placement columns in %v", vrows[0])
	}
	brows := checkColumns(t, filepath.Join(out, "bracket.csv"),
		[]string{"round", "encounter", "variant", "advanced", "score", "blocks", "games", "decided", "p_value"},
		map[string]string{"round": kInt, "encounter": kInt, "variant": kInt, "advanced": kBool, "score": kFloatE,
			"blocks": kInt, "games": kInt, "decided": "enum:evidence|cap|bye|continue", "p_value": kFloatE}, nil)
	for _, r := range brows[1:] {
		if r[4] == "" && r[7] != "bye" { // a bye plays no block: no mean
			t.Errorf("bracket.csv: score NaN in %v", r)
		}
	}
	rrows := checkColumns(t, filepath.Join(out, "ratings.csv"),
		[]string{"entity", "role", "variant", "bot", "games", "rating", "rating_lo", "rating_hi"},
		map[string]string{"entity": kStr, "role": "enum:variant|default|field", "variant": kIntE, "bot": kStr,
			"games": kInt, "rating": kFloat, "rating_lo": kFloat, "rating_hi": kFloat}, nil)
	for _, r := range rrows[1:] {
		if (r[2] == "") != (r[1] != "variant") {
			t.Errorf("ratings.csv: variant %q with role %q", r[2], r[1])
		}
	}
	checkColumns(t, filepath.Join(out, "timing.csv"), []string{"game", "seat", "time_ms", "moves", "cpu_ms"},
		map[string]string{"game": kInt, "seat": kInt, "time_ms": kFloat, "moves": kInt, "cpu_ms": kFloatE}, nil)
}

// c4Pairs is the text of a space of two variants of Connect Four's
// alpha-beta bot (opponent_weight 0.5 and 2.0, no defaults) in a
// knockout of pairs: its name and seed, the bot's depth budget, the
// opening plies, and the encounters' min_blocks and max_games.
func c4Pairs(name string, seed, depth, opening, minBlocks, maxGames int) string {
	return spaceText(name, seed, "connect4", "alphabeta", fmt.Sprintf(`budget = { depth = %d }
opening_plies = %d
[params]
opponent_weight = { values = [0.5, 2.0] }
`+testspace.PairsKnockout+`min_blocks = %d
max_games = %d
`, depth, opening, minBlocks, maxGames))
}

// games.csv carries each seat's search telemetry when its bot reports it
// (game.Informer): nodes summed over the game and the mean completed
// depth. Under a depth budget a Connect Four alpha-beta bot completes
// every iteration up to the budget (fewer only near the end, where the
// game is solved sooner), and the telemetry is the same at any worker
// count. The synthetic game's bots report nothing: both cells are empty
// there (TestResultsColumnTypes).
func TestGamesSearchTelemetry(t *testing.T) {
	sp := parseSpace(t, "c4.toml", c4Pairs("c4-telemetry", 5, 4, 2, 2, 4))
	var files [2][]byte
	for i, w := range []int{1, 2} {
		_, out := sweepSpace(t, sp, w, RunOptions{})
		rows := checkColumns(t, filepath.Join(out, "games.csv"), results.GamesHeader, map[string]string{
			"nodes": kInt, "depth": kFloat,
		}, func(string) string { return kStr + "?" })
		for _, r := range rows[1:] {
			nodes, _ := strconv.ParseInt(r[results.ColNodes], 10, 64)
			depth, _ := strconv.ParseFloat(r[results.ColDepth], 64)
			plies, _ := strconv.Atoi(r[results.ColPlies])
			if nodes < int64(plies/2) || depth <= 1 || depth > 4 {
				t.Errorf("games.csv game %s seat %s: nodes %s, depth %s over %d plies", r[results.ColGame], r[results.ColSeat], r[results.ColNodes], r[results.ColDepth], plies)
			}
		}
		files[i] = mustRead(t, filepath.Join(out, "games.csv"))
	}
	if string(files[0]) != string(files[1]) {
		t.Error("games.csv differs between 1 and 2 workers")
	}
}

// timingRows checks that timing.csv of dir holds one row per game and
// seat of games.csv, exactly once and in order, and no torn row.
func timingRows(t *testing.T, dir string) {
	t.Helper()
	games, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
	timing, err := os.ReadFile(filepath.Join(dir, "timing.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for i, ln := range strings.Split(strings.TrimSuffix(string(games), "\n"), "\n") {
		if i > 0 {
			f := strings.Split(ln, ",")
			want = append(want, f[results.ColGame]+","+f[results.ColSeat])
		}
	}
	tl := strings.Split(string(timing), "\n")
	if tl[len(tl)-1] != "" {
		t.Fatalf("timing.csv ends in a torn row %q", tl[len(tl)-1])
	}
	for i, ln := range tl[:len(tl)-1] {
		f := strings.Split(ln, ",")
		if len(f) != 5 {
			t.Fatalf("timing.csv:%d: %q", i+1, ln)
		}
		if i > 0 {
			got = append(got, f[0]+","+f[1])
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("timing.csv has %d rows for the %d rows of games.csv", len(got), len(want))
	}
}

// timing.csv survives interruptions: rows reach it with games.csv's, and
// a resume repairs what a kill left (a torn row, rows of games that
// games.csv does not have).
func TestTimingSurvivesResume(t *testing.T) {
	text := testspace.Text("timing", 3, "synthetic", "fixed", `[params]
label = { values = [1, 2, 3, 4] }
[tournament]
format = "race"
max_games = 200
bootstrap = 100
`)
	sp, err := study.Parse("timing.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	stops := []int{7, 30, 31, 90}
	for i, stop := range stops {
		_, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: i > 0, Workers: 2, Quiet: true, StopAfter: stop})
		if !errors.Is(err, results.ErrStopped) {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		timingRows(t, dir)
		// what a kill between the two writes, or in the middle of one,
		// leaves: rows of a game games.csv does not have, half a row
		f, _ := os.OpenFile(filepath.Join(dir, "timing.csv"), os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(strconv.Itoa(stop) + ",0,1.000,4,\n" + strconv.Itoa(stop) + ",1,0.9")
		f.Close()
	}
	if _, err := RunSweep(context.Background(), sp, RunOptions{Out: dir, Resume: true, Workers: 2, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	timingRows(t, dir)
}
