package tuner

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"tourney/internal/testspace"
)

// A knockout group of 8 variants on the 8-player ReversiXT map octo20:
// one encounter of 8 games in which every variant sits in every seat
// once, points (seats − rank)/(seats − 1) with ties sharing, places 1..8
// in variants.csv, and the same bytes at 1 and 2 workers.
var eightSpace = testspace.Text("eight", 8, "reversixt", "paranoid", `maps = ["octo20"]
budget = { nodes = 40 }
opening_plies = 2
[params]
player_distance = { values = [8, 16, 24, 32, 40, 48, 56, 64] }
[generate]
include_defaults = false
[tournament]
group = 8
advance = 1
games = 8
max_games = 8
`)

func TestKnockoutGroupOfEight(t *testing.T) {
	heavyUnderRace(t)
	if testing.Short() {
		t.Skip("plays 8 eight-player games twice")
	}
	path := writeSpace(t, eightSpace)
	res, out1 := runSpace(t, path, 2, RunOptions{})
	if !raceEnabled && os.Getenv("TOURNEY_FULL") != "" {
		// the same bytes at 1 worker (a second run of 72 eight-player
		// games: CI's pass without the detector checks it, with the
		// golden sweeps)
		_, out2 := runSpace(t, path, 1, RunOptions{})
		for _, f := range []string{"games.csv", "variants.csv", "bracket.csv", "winner.toml"} {
			a, _ := os.ReadFile(filepath.Join(out1, f))
			b, _ := os.ReadFile(filepath.Join(out2, f))
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("%s differs between 1 and 2 workers (or is empty)", f)
			}
		}
	}
	rows := readCSV(t, filepath.Join(out1, "games.csv"))
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	var enc [][]string // the encounter's rows (the hold-out rung follows, encounter 0)
	for _, r := range rows[1:] {
		if r[col["encounter"]] == "1" {
			enc = append(enc, r)
		}
	}
	rows = enc
	if len(rows) != 64 {
		t.Fatalf("%d rows, want 8 games × 8 seats", len(rows))
	}
	seatOf := map[[2]string]bool{} // (variant, seat) pairs seen
	sums := map[string]float64{}
	ranks := map[string][]int{}
	for _, r := range rows {
		g, v, seat := r[col["game"]], r[col["variant"]], r[col["seat"]]
		if seatOf[[2]string{v, seat}] {
			t.Errorf("variant %s sits in seat %s twice", v, seat)
		}
		seatOf[[2]string{v, seat}] = true
		p, _ := strconv.ParseFloat(r[col["points"]], 64)
		rk, _ := strconv.Atoi(r[col["rank"]])
		sums[g] += p
		ranks[g] = append(ranks[g], rk)
		if r[col["map"]] != "octo20" {
			t.Errorf("map %s", r[col["map"]])
		}
	}
	if len(seatOf) != 64 {
		t.Errorf("%d (variant, seat) pairs, want 64: every variant in every seat once", len(seatOf))
	}
	for g, s := range sums {
		if math.Abs(s-4) > 1e-6 {
			t.Errorf("game %s: points add up to %v, want 4 (= Σ (8 − r)/7 over ranks 1..8)", g, s)
		}
		// A rank held by one seat alone earns (8 − r)/7.
		count := map[int]int{}
		for _, r := range ranks[g] {
			count[r]++
		}
		for _, r := range rows {
			if r[col["game"]] != g {
				continue
			}
			rk, _ := strconv.Atoi(r[col["rank"]])
			p, _ := strconv.ParseFloat(r[col["points"]], 64)
			if count[rk] == 1 && math.Abs(p-float64(8-rk)/7) > 1e-3 {
				t.Errorf("game %s: sole rank %d earns %v, want %.4f", g, rk, p, float64(8-rk)/7)
			}
		}
	}
	vrows := readCSV(t, filepath.Join(out1, "variants.csv"))
	places := 0
	for _, h := range vrows[0] {
		if len(h) > 6 && h[:6] == "place_" {
			places++
		}
	}
	if places != 8 || len(vrows) != 9 {
		t.Errorf("variants.csv: %d place columns and %d variants, want 8 and 8", places, len(vrows)-1)
	}
	if res.Winner < 0 || res.Winner > 7 {
		t.Errorf("winner %d", res.Winner)
	}
}
