package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tourney/tuner/records"
	"tourney/tuner/results"
)

// table is a CSV file read by column name (results.Table).
type table = results.Table

func readTable(path string) (*table, error) { return results.ReadTable(path) }

func num(t *table, r []string, col string) (float64, bool) {
	v, err := strconv.ParseFloat(t.Get(r, col), 64)
	return v, err == nil && !math.IsNaN(v)
}

// numOr is column col of row r as a number, or def when it holds none.
func numOr(t *table, r []string, col string, def float64) float64 {
	if v, ok := num(t, r, col); ok {
		return v
	}
	return def
}

// Variant is one row of variants.csv.
type Variant struct {
	ID       int
	Params   []string // values in Data.Params order
	Games    int
	Points   float64
	Rating   float64 // NaN when variants.csv has no rating
	Lo, Hi   float64
	Out      string  // the round it went out in, "winner", or ""
	Score    float64 // points per game
	Forfeits int
	// Pred is the rating the parameter effects predict (NaN: none).
	Pred, PredLo, PredHi float64
}

// Data is what the report shows.
type Data struct {
	Dir       string
	Name      string
	Summary   map[string]any
	Params    []string
	Variants  []Variant
	HasRating bool
	Bracket   []BracketRow
	Games     *table // games.csv (nil when missing)
	Records   []*records.Game
	Places    *results.PlacementTable // games of more than two seats (nil: none)
	Notes     []string                // what was missing or skipped
	Effects   []EffectRow             // effects.csv (nil: none)
}

// BracketRow is one participant of one encounter.
type BracketRow struct {
	Round, Encounter int
	Who              string // variant number or role
	Advanced         bool
	Points           string
	Extra            string // blocks, decided (new format)
}

// Load reads a results directory. Only variants.csv is required; the
// other files are shown when they are there.
func Load(dir string) (*Data, error) {
	d := &Data{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	if err := checkDir(dir); err != nil {
		return nil, err
	}
	if b, err := os.ReadFile(filepath.Join(dir, "summary.json")); err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber() // seeds are 64-bit integers
		_ = dec.Decode(&d.Summary)
		if n, ok := d.Summary["name"].(string); ok {
			d.Name = n
		}
	}
	vt, err := readTable(filepath.Join(dir, "variants.csv"))
	if err != nil {
		return nil, fmt.Errorf("%s is not a results directory: %v", dir, err)
	}
	if !vt.Has("variant") {
		return nil, fmt.Errorf("%s: no column variant", vt.Path)
	}
	d.Params = paramColumns(dir, vt)
	d.HasRating = vt.Has("rating")
	for _, r := range vt.Rows {
		id, err := strconv.Atoi(vt.Get(r, "variant"))
		if err != nil {
			continue
		}
		v := Variant{ID: id, Rating: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Pred: math.NaN(), PredLo: math.NaN(), PredHi: math.NaN()}
		v.Pred = numOr(vt, r, "predicted", v.Pred)
		v.PredLo = numOr(vt, r, "predicted_lo", v.PredLo)
		v.PredHi = numOr(vt, r, "predicted_hi", v.PredHi)
		for _, p := range d.Params {
			v.Params = append(v.Params, vt.Get(r, p))
		}
		g, _ := num(vt, r, "games")
		v.Games = int(g)
		v.Points, _ = num(vt, r, "points")
		v.Rating = numOr(vt, r, "rating", v.Rating)
		v.Lo = numOr(vt, r, "rating_lo", v.Lo)
		v.Hi = numOr(vt, r, "rating_hi", v.Hi)
		v.Out = vt.Get(r, "out_round")
		if w := vt.Get(r, "winner"); w == "1" || w == "true" || v.Out == "winner" {
			v.Out = "winner"
		}
		if v.Games > 0 {
			v.Score = v.Points / float64(v.Games)
		}
		d.Variants = append(d.Variants, v)
	}
	d.Effects = loadEffects(dir)
	if bt, err := readTable(filepath.Join(dir, "bracket.csv")); err == nil {
		d.Bracket = readBracket(bt)
	} else {
		d.Notes = append(d.Notes, "no bracket.csv")
	}
	if gt, err := readTable(filepath.Join(dir, "games.csv")); err == nil {
		d.Games = gt
		if pt, err := results.PlacementsFromDir(dir, 0); err == nil && len(pt.Players()) > 0 {
			d.Places = pt
		}
	} else {
		d.Notes = append(d.Notes, "no games.csv")
	}
	rp := filepath.Join(dir, records.FileName)
	if recs, err := records.Read(rp); err == nil {
		d.Records = recs
	} else if errors.Is(err, os.ErrNotExist) {
		d.Notes = append(d.Notes, "no "+records.FileName+" (run the sweep with records on for telemetry and the game viewer)")
	} else {
		return nil, err
	}
	return d, nil
}

// checkDir refuses what is not a finished results directory, with what
// is missing: the top directory of an older version's staged sweep (a
// subdirectory per stage: report one), a
// directory without games.csv or with a games.csv that does not parse,
// and an unfinished sweep (no summary.json or variants.csv: resume it).
func checkDir(dir string) error {
	has := func(f string) bool {
		_, err := os.Stat(filepath.Join(dir, f))
		return err == nil
	}
	if has("stages.csv") && !has("games.csv") {
		return fmt.Errorf("%s is a staged sweep: report one of its stages (%s)", dir, filepath.Join(dir, "stage3"))
	}
	if !has("games.csv") {
		if has("space.toml") {
			return fmt.Errorf("%s: no games.csv: the results directory is broken (its games are lost); run the sweep again", dir)
		}
		return fmt.Errorf("%s is not a results directory (no space.toml, no games.csv)", dir)
	}
	if _, err := readTable(filepath.Join(dir, "games.csv")); err != nil {
		return fmt.Errorf("%s: games.csv is broken: %v", dir, err)
	}
	for _, f := range []string{"summary.json", "variants.csv"} {
		if !has(f) {
			return fmt.Errorf("%s: the sweep is unfinished (no %s); finish it with tourney sweep %s --resume %s, then report",
				dir, f, filepath.Join(dir, "space.toml"), dir)
		}
	}
	return nil
}

// statColumns are variants.csv's columns that are not parameters.
var statColumns = map[string]bool{"variant": true, "games": true, "points": true, "score": true, "mean_rank": true,
	"rating": true, "rating_lo": true, "rating_hi": true, "out_round": true, "winner": true, "trusted_value": true,
	"median_players": true, "trusted_score_enemies": true, "forfeits": true, "blocks": true, "verdict": true,
	"p_best": true, "predicted": true, "predicted_lo": true, "predicted_hi": true}

// paramColumns are the varied parameters: the space's (when space.toml
// loads) that are columns of variants.csv, else the columns between
// variant and games.
func paramColumns(dir string, vt *table) []string {
	if s, err := LoadSpace(filepath.Join(dir, "space.toml")); err == nil {
		var out []string
		for _, p := range s.ParamNames() {
			if vt.Has(p) {
				out = append(out, p)
			}
		}
		return out
	}
	var out []string
	for _, h := range vt.Head {
		if h == "games" {
			break
		}
		if !statColumns[h] && !strings.HasPrefix(h, "place_") {
			out = append(out, h)
		}
	}
	return out
}

// readBracket reads bracket.csv in the long format (round, encounter,
// variant, advanced, score, blocks, games, decided, p_value; an older
// draft had role and points) or the old one
// (round, encounter, variants, advanced, points with space-separated
// lists).
func readBracket(t *table) []BracketRow {
	var out []BracketRow
	for _, r := range t.Rows {
		round, _ := strconv.Atoi(t.Get(r, "round"))
		enc, _ := strconv.Atoi(t.Get(r, "encounter"))
		if t.Has("variants") {
			vs := strings.Fields(t.Get(r, "variants"))
			adv := strings.Fields(t.Get(r, "advanced"))
			pts := strings.Fields(t.Get(r, "points"))
			for i, v := range vs {
				row := BracketRow{Round: round, Encounter: enc, Who: v, Advanced: slices.Contains(adv, v)}
				if i < len(pts) {
					row.Points = pts[i]
				}
				out = append(out, row)
			}
			continue
		}
		who := t.Get(r, "variant")
		if role := t.Get(r, "role"); role != "" && role != "variant" {
			who = role
			if b := t.Get(r, "bot"); b != "" {
				who += ":" + b
			}
		}
		adv := t.Get(r, "advanced")
		pts := t.Get(r, "score") // score per game (the statistics rewrite)
		if !t.Has("score") {
			pts = t.Get(r, "points")
		}
		row := BracketRow{Round: round, Encounter: enc, Who: who, Advanced: adv == "1" || adv == "true",
			Points: pts}
		var extra []string
		for _, c := range []string{"games", "blocks", "decided", "p_value"} {
			if t.Has(c) {
				extra = append(extra, c+" "+t.Get(r, c))
			}
		}
		row.Extra = strings.Join(extra, ", ")
		out = append(out, row)
	}
	return out
}

// seatVariant returns the variant number of a games.csv row, or -1 (a
// field bot or the default filler), in both layouts.
func seatVariant(t *table, r []string) int {
	if t.Has("role") && t.Get(r, "role") != "variant" {
		return -1
	}
	v, err := strconv.Atoi(t.Get(r, "variant"))
	if err != nil {
		return -1
	}
	return v
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := slices.Sorted(maps.Keys(m))
	return keys
}
