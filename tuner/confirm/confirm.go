package confirm

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"tourney/tuner/costs"
	"tourney/tuner/match"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/stats"
)

// confirmLabels number the winner and the defaults in confirm/games.csv
// as the sweep does: the winner by its variant number, the defaults as
// variant 0 when variant 0 is the defaults, else as the sweep's
// "default" entity (no variant number).
func confirmLabels(s *study.Study, winner int) *[2][2]string {
	def := [2]string{"", "default"}
	if vs := s.Variants(); len(vs) > 0 && vs[0].Default {
		def = [2]string{"0", "variant"}
	}
	return &[2][2]string{{strconv.Itoa(winner), "variant"}, def}
}

// Winner plays the configuration params (of the space's first scenario's
// bot) against the defaults: the first scenario's maps, budget and
// opening, seeds that no sweep game uses, at most ConfirmGames games,
// stopping when the GSPRT of ConfirmElo decides (α = β = 1 − confidence).
// It writes games.csv and summary.json to dir.
func Winner(ctx context.Context, s *study.Study, winner int, params game.Params, dir string, opt Options) (*results.Confirmation, *match.Result, error) {
	t := &s.Tournament
	sc := &s.Scenarios[0]
	// 1 − 0.95 is 0.050000000000000044 in floating point: round it
	alpha := math.Round((1-t.Confidence)*1e9) / 1e9
	sprt := stats.SPRT{Elo0: t.ConfirmElo[0], Elo1: t.ConfirmElo[1], Alpha: alpha, Beta: alpha}
	budget, rates := sc.Budget, sc.NodeRates
	wall := opt.WallClock && sc.Clocked()
	if wall {
		budget, rates = budget.WallClock(), nil // the contest's clock itself
	}
	c := &match.Config{
		Game: sc.Game, NameA: "winner", NameB: "defaults",
		A:    arena.Entrant{Spec: sc.Bot, Params: params},
		B:    arena.Entrant{Spec: sc.Bot, Params: s.DefaultParams(0)},
		Maps: sc.Maps, MapNames: sc.MapNames, Games: t.ConfirmGames, Budget: budget, NodeRates: rates,
		Seed: game.Mix(s.Seed, 0xc0f1), SPRT: &sprt, OpeningPlies: sc.OpeningPlies, Confidence: t.Confidence,
		Label: confirmLabels(s, winner),
	}
	res, err := match.Run(ctx, c, opt.match(dir))
	if err != nil {
		return nil, res, err
	}
	est := res.PairStats
	if est.N == 0 { // maps of more than two seats only
		est = stats.BlockEstimate(blockScores(res.Blocks), t.Confidence)
	}
	cf := &results.Confirmation{Games: res.Played,
		EloInterval: results.EloInterval{Elo: results.OptFloat(est.Elo, 1), Lo: results.OptFloat(est.EloLo, 1), Hi: results.OptFloat(est.EloHi, 1)},
		GSPRTEnd: results.GSPRTEnd{SPRT: sprt.String(), LLR: math.Round(res.LLR*1000) / 1000, State: res.SPRTState,
			Bounds: [2]float64{math.Round(sprt.Lower()*1000) / 1000, math.Round(sprt.Upper()*1000) / 1000}},
		Dir: dir, Budget: c.BudgetString(), WallClock: wall}
	return cf, res, nil
}

// blockScores turns per-block points differences into scores in [0, 1].
func blockScores(d []float64) []float64 {
	x := make([]float64, len(d))
	for i, v := range d {
		x[i] = 0.5 + v/2
	}
	return x
}

// Dir confirms the winner of a finished sweep in dir (tourney
// confirm): it plays into dir/confirm and updates the verdict of
// dir/summary.json.
func Dir(ctx context.Context, s *study.Study, dir string, opt Options) (*results.Confirmation, *match.Result, error) {
	bc, err := space.LoadBotConfig(filepath.Join(dir, "winner.toml"))
	if err != nil {
		return nil, nil, err
	}
	sc := &s.Scenarios[0]
	if bc.Game != sc.Game.Info().Name || bc.Bot != sc.Bot.Name {
		return nil, nil, &space.InputError{File: filepath.Join(dir, "winner.toml"), Message: fmt.Sprintf("the winner is a %s %s, the space plays %s %s", bc.Game, bc.Bot, sc.Game.Info().Name, sc.Bot.Name)}
	}
	path := filepath.Join(dir, "summary.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, &space.InputError{File: dir, Message: "not a finished sweep (no summary.json)"}
	}
	var sum results.Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	// a clock's measured node rates are the sweep's (noderates.csv)
	if s, err = costs.ResolveNodeRates(ctx, s, dir, true, opt.Log); err != nil {
		return nil, nil, err
	}
	cdir := filepath.Join(dir, "confirm")
	if opt.WallClock {
		if !sc.Clocked() {
			return nil, nil, &space.InputError{File: dir, Message: fmt.Sprintf("--wall-clock: the sweep's budget %s is no clock in nodes (a time with node_rate)", sc.Budget)}
		}
		cdir = filepath.Join(dir, "confirm-wall")
	}
	cf, res, err := Winner(ctx, s, sum.Winner, bc.Resolved, cdir, opt)
	if err != nil {
		return cf, res, err
	}
	v := results.Verdict{Text: sum.Verdict.Text, Better: sum.Verdict.Better}
	for _, old := range []*results.Confirmation{sum.Verdict.Confirm, sum.Verdict.WallConfirm} {
		if old != nil && old.SweepText != "" {
			v.Text, v.Better = old.SweepText, old.SweepBetter // confirmed before: start from the sweep's verdict
			break
		}
	}
	cf.Apply(&v)
	if g := sum.Verdict.Gate; g != nil {
		// a winner that failed the promotion gate stays refused
		g.Apply(&v)
	}
	if cf.WallClock {
		v.Text = strings.Replace(v.Text, "on fresh seeds", "on fresh seeds under the wall clock", 1)
		sum.Verdict.WallConfirm = cf
	} else {
		sum.Verdict.Confirm = cf
	}
	sum.Verdict.Text, sum.Verdict.Better = v.Text, v.Better
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return cf, res, err
	}
	return cf, res, results.WriteFileAtomic(path, append(js, '\n'))
}
