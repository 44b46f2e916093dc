package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"
	"tourney/tuner/plan"
	"tourney/tuner/runner"
	"tourney/tuner/space"

	"tourney/engines/game"
	"tourney/tuner/stats"
)

// Summary is summary.json of a sweep.
type Summary struct {
	Name     string `json:"name"`
	Seed     uint64 `json:"seed"`
	Format   string `json:"format"`
	Variants int    `json:"variants"`
	Games    int    `json:"games"`
	Blocks   int    `json:"blocks"`
	// Distinct is the blocks that did not repeat an earlier block of
	// their encounter game for game (statistics.md §8).
	Distinct int `json:"distinct_blocks"`
	// HoldOutBlocks and HoldOutGames are the winner's hold-out rung
	// (included in Blocks and Games).
	HoldOutBlocks int            `json:"holdout_blocks,omitempty"`
	HoldOutGames  int            `json:"holdout_games,omitempty"`
	Rounds        int            `json:"rounds"`
	Decisions     map[string]int `json:"decisions"`
	Winner        int            `json:"winner"`
	WinnerParams  map[string]any `json:"winner_params"`
	Budget        string         `json:"budget"`
	Verdict       VerdictJSON    `json:"verdict"`
	// Effects says what effects.csv's effects are (EffectsNote; empty
	// without effects.csv).
	Effects string `json:"effects,omitempty"`
	// EffectsUnidentified: the knobs whose effects against the default
	// the games do not identify (unidentified.go).
	EffectsUnidentified []string       `json:"effects_unidentified,omitempty"`
	Forfeits            int            `json:"forfeits"`
	ForfeitsBy          map[string]int `json:"forfeits_by_variant,omitempty"`
	Resumed             int            `json:"resumed_games,omitempty"`
	Elapsed             float64        `json:"elapsed_seconds"`
	GamesPerSec         float64        `json:"games_per_second"`
	Workers             int            `json:"workers"`
	Version             string         `json:"version"`
	// Players: who played each block (block key → worker name) when a
	// cluster played the sweep; the blocks of an interrupted run are
	// not in it.
	Players map[string]string `json:"players,omitempty"`
	// Knobs: did changing each varied knob change any game (inert.go)?
	Knobs []KnobChange `json:"knobs,omitempty"`
	// FieldChecks: the winner and the defaults against field bots
	// (tourney confirm --against; confirm.Against).
	FieldChecks []*FieldCheck `json:"field_checks,omitempty"`

	// ForfeitsByBot: every seat's forfeits, by bot and reason;
	// Warnings: variants that forfeited most of their games (forfeits.go).
	ForfeitsByBot map[string]map[string]int `json:"forfeits_by_bot,omitempty"`
	Warnings      []string                  `json:"warnings,omitempty"`
}

// VerdictJSON is the verdict in summary.json.
type VerdictJSON struct {
	Text        string        `json:"text"`
	Better      bool          `json:"better_than_defaults"`
	Elo         *float64      `json:"elo_vs_defaults,omitempty"`
	Lo          *float64      `json:"elo_lo,omitempty"`
	Hi          *float64      `json:"elo_hi,omitempty"`
	LoAdjusted  *float64      `json:"elo_lo_adjusted,omitempty"`
	Confidence  float64       `json:"confidence"`
	PBest       float64       `json:"p_best"`
	Inseparable []int         `json:"inseparable"`
	Confirm     *Confirmation `json:"confirmation,omitempty"`
	// WallConfirm is a confirmation of a clock budget's winner played on
	// the wall clock (tourney confirm --wall-clock): the transfer check,
	// beside the figure tuned in nodes.
	WallConfirm *Confirmation `json:"wall_clock_confirmation,omitempty"`
	// HoldOut: elo_vs_defaults, elo_lo and elo_hi come from the hold-out
	// rung (blocks that played no part in the choice), on HoldOutBlocks
	// distinct blocks; elo_lo_adjusted is the tournament's bound.
	HoldOut       bool `json:"holdout,omitempty"`
	HoldOutBlocks int  `json:"holdout_distinct_blocks,omitempty"`
	// Bounds: the winner's knobs at an end of their range or list (the
	// best may lie beyond; issue 44).
	Bounds []space.BoundHit `json:"winner_on_bounds,omitempty"`
	// Gate is the promotion gate ([gate]) and FieldGain the winner's gain
	// against the sweep's field beside it (only with a gate).
	Gate      *GateCheck `json:"gate,omitempty"`
	FieldGain *FieldGain `json:"field_gain,omitempty"`
	// SelfPlay: a gauntlet's self-play figure beside its field verdict.
	SelfPlay *SelfPlay `json:"self_play,omitempty"`
}

func OptFloat(f float64, d int) *float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	p := math.Pow(10, float64(d))
	x := math.Round(f*p) / p
	return &x
}

func (v Verdict) json(conf float64) VerdictJSON {
	ins := v.Inseparable
	if ins == nil {
		ins = []int{}
	}
	return VerdictJSON{Text: v.Text, Better: v.Better, Elo: OptFloat(v.Elo, 1), Lo: OptFloat(v.Lo, 1), Hi: OptFloat(v.Hi, 1),
		LoAdjusted: OptFloat(v.LoAdjusted, 1), Confidence: conf, PBest: math.Round(v.PBest*1000) / 1000, Inseparable: ins, Confirm: v.Confirm,
		HoldOut: v.Held, HoldOutBlocks: v.HeldDistinct, Bounds: v.Bounds, Gate: v.Gate, FieldGain: v.FieldGain, SelfPlay: v.SelfPlay}
}

func (r *Sweep) summary(winner, rounds int, elapsed time.Duration, v Verdict) Summary {
	sum := Summary{
		Name: r.s.Name, Seed: r.s.Seed, Format: r.s.Tournament.Format, Variants: len(r.variants), Games: r.gameNo,
		Blocks: r.units, Distinct: r.units - len(r.dup), Rounds: rounds,
		HoldOutBlocks: r.rungBlocks, Decisions: r.decisions,
		Winner: winner, WinnerParams: map[string]any{}, Budget: r.s.Scenarios[0].Budget.String(),
		Verdict: v.json(r.s.Tournament.Confidence), Forfeits: r.forfeits.total, Resumed: r.replayed,
		Elapsed: math.Round(elapsed.Seconds()*1000) / 1000, Workers: r.opt.Workers, Version: r.opt.Version,
	}
	sum.ForfeitsByBot, sum.Warnings = r.forfeits.byBot, r.forfeitWarnings()
	if m := r.s.Generate.Method; space.IsContinuous(m) || m == "staged" { // spsa, cmaes, staged: no single tournament format
		sum.Format = m
	}
	if r.rungFrom >= 0 {
		sum.HoldOutGames = r.gameNo - r.rungGame
	}
	if r.eff != nil {
		sum.Effects = EffectsNote
		sum.EffectsUnidentified = r.eff.unid
	}
	if elapsed > 0 {
		sum.GamesPerSec = math.Round(float64(r.gameNo-r.replayed)/elapsed.Seconds()*100) / 100
	}
	for k, v := range r.variants[winner].Values {
		sum.WinnerParams[k] = v
	}
	if o, ok := r.opt.Runner.(runner.Observed); ok {
		for k, w := range o.TakePlayers() {
			if sum.Players == nil {
				sum.Players = map[string]string{}
			}
			sum.Players[strconv.Itoa(k)] = w
		}
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

// WriteFileAtomic writes data to a temporary file and renames it, so that
// a results file is either complete or absent.
func WriteFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// CSVBytes writes rows as CSV. A number that is not defined (a variant
// without games has no mean rank, a bye no score) is an empty cell, never
// "NaN": one rule for every results file (pandas and R read an empty
// numeric cell as missing).
func CSVBytes(rows [][]string) ([]byte, error) {
	for _, row := range rows {
		for j, c := range row {
			if c == "NaN" {
				row[j] = ""
			}
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteResults writes variants.csv, ratings.csv, bracket.csv,
// effects.csv, winner.toml and summary.json (sum, with the knobs that
// changed no game added).
func (r *Sweep) WriteResults(winner int, v Verdict, sum *Summary, rt stats.Ratings) error {
	names := r.s.ParamNames()
	header := append([]string{"variant"}, names...)
	header = append(header, "games", "points", "score", "mean_rank", "rating", "rating_lo", "rating_hi", "p_best", "out_round", "winner",
		"predicted", "predicted_lo", "predicted_hi")
	pe, plo, phi := r.predicted(r.eff)
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
		outRound, win := strconv.Itoa(st.outRound), "0"
		if st.outRound == 0 {
			outRound = ""
		}
		if i == winner {
			win = "1"
		}
		row = append(row, strconv.Itoa(st.games), fmtSum(st.points), fmtSum(st.raw), plan.FmtRound(meanRank, 4),
			plan.FmtRound(rt.Elo[i], 1), plan.FmtRound(rt.Lo[i], 1), plan.FmtRound(rt.Hi[i], 1), plan.FmtRound(rt.PBest[i], 3), outRound, win,
			fmtPred(pe[i]), fmtPred(plo[i]), fmtPred(phi[i]))
		if k > 0 {
			row = append(row, placementRow(&st.places, k, r.table.TrustedScoreEnemies(strconv.Itoa(i)))...)
		}
		rows = append(rows, row)
	}
	played := make([]int, len(r.ents.names))
	for _, g := range r.recs {
		for _, p := range g.Players {
			played[p]++
		}
	}
	ratings := [][]string{{"entity", "role", "variant", "bot", "games", "rating", "rating_lo", "rating_hi"}}
	for e, name := range r.ents.names {
		v := ""
		if r.ents.roles[e] == "variant" {
			v = name
		}
		row := []string{name, r.ents.roles[e], v, r.ents.bots[e], strconv.Itoa(played[e]), "", "", ""}
		if played[e] > 0 { // no games, no rating (only the prior's)
			row[5], row[6], row[7] = plan.FmtRound(rt.Elo[e], 1), plan.FmtRound(rt.Lo[e], 1), plan.FmtRound(rt.Hi[e], 1)
		}
		ratings = append(ratings, row)
	}
	files := map[string][][]string{
		"variants.csv": rows,
		"ratings.csv":  ratings,
		"bracket.csv":  append([][]string{plan.BracketHeader}, r.bracket...),
	}
	for _, name := range []string{"variants.csv", "ratings.csv", "bracket.csv"} {
		data, err := CSVBytes(files[name])
		if err != nil {
			return err
		}
		if err := WriteFileAtomic(filepath.Join(r.opt.Out, name), data); err != nil {
			return err
		}
	}
	kp, err := r.knobPairs()
	if err != nil {
		fmt.Fprintf(r.opt.Log, "warning: which knobs changed a game: %v\n", err)
	} else if kp != nil {
		sum.Knobs = kp.knobs
	}
	if err := r.writeEffects(r.eff, kp); err != nil {
		return err
	}
	var wt bytes.Buffer
	sc := r.s.Scenarios[0]
	fmt.Fprintf(&wt, "# winner of %s (variant %d): %s\n", r.s.Name, winner, v.Text)
	if err := space.WriteTestedConfig(&wt, sc.Game.Info().Name, sc.Bot.Name, sc.Bot, r.params[winner][0], false, sc.PromotedOpening()); err != nil {
		return err
	}
	space.WriteBudget(&wt, sc.Budget, sc.MapNames, sc.NodeRates)
	if err := WriteFileAtomic(filepath.Join(r.opt.Out, "winner.toml"), wt.Bytes()); err != nil {
		return err
	}
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(r.opt.Out, "summary.json"), append(js, '\n'))
}

// fmtSum writes a sum of per-game points for people: rounded to 9
// decimals, so that the float noise of adding thirds and halves
// (140.00000000000003) does not reach the file.
func fmtSum(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return FmtFloat(f)
	}
	r := math.Round(f*1e9) / 1e9
	if r == 0 {
		r = 0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func nan() float64 { return math.NaN() }

// fmtPred writes a predicted rating (empty without effects).
func fmtPred(f float64) string {
	if math.IsNaN(f) {
		return ""
	}
	return plan.FmtRound(f, 1)
}
