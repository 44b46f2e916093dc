package tuner

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"tourney/engines/game"
)

// Summary is summary.json of a sweep.
type Summary struct {
	Name         string         `json:"name"`
	Seed         uint64         `json:"seed"`
	Variants     int            `json:"variants"`
	Games        int            `json:"games"`
	Rounds       int            `json:"rounds"`
	Winner       int            `json:"winner"`
	WinnerParams map[string]any `json:"winner_params"`
	Forfeits     int            `json:"forfeits"`
	ForfeitsBy   map[string]int `json:"forfeits_by_variant,omitempty"`
	Resumed      int            `json:"resumed_games,omitempty"`
	Elapsed      float64        `json:"elapsed_seconds"`
	GamesPerSec  float64        `json:"games_per_second"`
	Workers      int            `json:"workers"`
	Version      string         `json:"version"`
}

func (r *sweepRun) summary(winner, rounds int, elapsed time.Duration) Summary {
	sum := Summary{
		Name: r.s.Name, Seed: r.s.Seed, Variants: len(r.variants), Games: r.gameNo, Rounds: rounds,
		Winner: winner, WinnerParams: map[string]any{}, Forfeits: r.forfeits, Resumed: r.replayed,
		Elapsed: math.Round(elapsed.Seconds()*1000) / 1000, Workers: r.opt.Workers, Version: r.opt.Version,
	}
	if elapsed > 0 {
		sum.GamesPerSec = math.Round(float64(r.gameNo-r.replayed)/elapsed.Seconds()*100) / 100
	}
	for k, v := range r.variants[winner].Values {
		sum.WinnerParams[k] = v
	}
	for i, st := range r.stats {
		if st.forfeits > 0 {
			if sum.ForfeitsBy == nil {
				sum.ForfeitsBy = map[string]int{}
			}
			sum.ForfeitsBy[strconv.Itoa(i)] = st.forfeits
		}
	}
	return sum
}

// writeFileAtomic writes data to a temporary file and renames it, so that
// a results file is either complete or absent.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func csvBytes(rows [][]string) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (r *sweepRun) writeResults(out *Outcome) error {
	names := r.s.ParamNames()
	header := append([]string{"variant"}, names...)
	header = append(header, "games", "points", "score", "mean_rank", "rating", "rating_lo", "rating_hi", "out_round")
	k := multiSeats(r.s)
	if k > 0 {
		header = append(header, placementHeader(k)...)
	}
	rows := [][]string{header}
	for i := range r.variants {
		st := &r.stats[i]
		row := []string{strconv.Itoa(i)}
		for _, n := range names {
			row = append(row, game.FormatValue(r.params[i][0][n]))
		}
		meanRank := math.NaN()
		if st.games > 0 {
			meanRank = st.rankSum / float64(st.games)
		}
		elo, lo, hi := Rating(st.perGame)
		outRound := strconv.Itoa(st.outRound)
		if i == out.Winner {
			outRound = "winner"
		}
		row = append(row, strconv.Itoa(st.games), fmtFloat(st.points), fmtFloat(st.raw),
			fmtRound(meanRank, 4), fmtRound(elo, 1), fmtRound(lo, 1), fmtRound(hi, 1), outRound)
		if k > 0 {
			row = append(row, placementRow(&st.places, k)...)
		}
		rows = append(rows, row)
	}
	files := map[string][][]string{
		"variants.csv": rows,
		"bracket.csv":  append([][]string{{"round", "encounter", "variants", "advanced", "points"}}, r.bracket...),
	}
	for _, name := range []string{"variants.csv", "bracket.csv"} {
		data, err := csvBytes(files[name])
		if err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(r.opt.Out, name), data); err != nil {
			return err
		}
	}
	var wt bytes.Buffer
	sc := r.s.Scenarios[0]
	if err := WriteBotConfig(&wt, sc.Game.Info().Name, sc.Bot.Name, sc.Bot, r.params[out.Winner][0], false); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(r.opt.Out, "winner.toml"), wt.Bytes()); err != nil {
		return err
	}
	js, err := json.MarshalIndent(out.Summary, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(r.opt.Out, "summary.json"), append(js, '\n'))
}

// fmtRound rounds to d decimals (NaN and ±Inf as written by strconv).
func fmtRound(f float64, d int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	p := math.Pow(10, float64(d))
	r := math.Round(f*p) / p
	if r == 0 {
		r = 0 // no "-0.0"
	}
	return strconv.FormatFloat(r, 'f', d, 64)
}

func nan() float64 { return math.NaN() }
