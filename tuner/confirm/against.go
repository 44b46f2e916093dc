package confirm

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/costs"
	"tourney/tuner/results"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// Against plays the winner of the finished sweep in dir and the
// defaults against the field bot against, each on the same games
// (ConfirmGames of the first scenario, fresh seeds, the clock played on
// the wall clock when opt.WallClock), writes dir/against-NAME/{winner,
// defaults}/ and records the check in summary.json (field_checks).
func Against(ctx context.Context, s *study.Study, dir, name string, against arena.Entrant, opt Options) (*results.FieldCheck, error) {
	bc, err := space.LoadBotConfig(filepath.Join(dir, "winner.toml"))
	if err != nil {
		return nil, err
	}
	if s, err = costs.ResolveNodeRates(ctx, s, dir, true, opt.Log); err != nil {
		return nil, err
	}
	sc := &s.Scenarios[0]
	budget, rates := sc.Budget, sc.NodeRates
	if opt.WallClock && sc.Clocked() {
		budget, rates = budget.WallClock(), nil
	}
	if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
		return nil, &space.InputError{File: dir, Message: "not a finished sweep (no summary.json)"}
	}
	out := filepath.Join(dir, "against-"+unsafeName.ReplaceAllString(name, "_"))
	if err := os.RemoveAll(out); err != nil { // a check again replaces the last
		return nil, err
	}
	cond := Conditions{Game: sc.Game, Maps: sc.Maps, MapNames: sc.MapNames, Budget: budget, NodeRates: rates,
		OpeningPlies: sc.OpeningPlies, Seed: game.Mix(s.Seed, 0xf1e1d), Confidence: s.Tournament.Confidence}
	sides := [2]Side{{"winner", arena.Entrant{Spec: sc.Bot, Params: bc.Resolved}}, {"defaults", arena.Entrant{Spec: sc.Bot, Params: s.DefaultParams(0)}}}
	fc, _, err := Paired(ctx, cond, sides, name, against, s.Tournament.ConfirmGames, out, opt)
	if err != nil {
		return nil, err
	}
	fc.Budget = budget.String()
	return fc, recordFieldCheck(dir, fc)
}

func round3(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return math.Round(x*1000) / 1000
}

// recordFieldCheck adds (or replaces, for the same bot) the check in
// dir/summary.json.
func recordFieldCheck(dir string, fc *results.FieldCheck) error {
	path := filepath.Join(dir, "summary.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return &space.InputError{File: dir, Message: "not a finished sweep (no summary.json)"}
	}
	var sum results.Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	sum.FieldChecks = slices.DeleteFunc(sum.FieldChecks, func(c *results.FieldCheck) bool { return c.Against == fc.Against })
	sum.FieldChecks = append(sum.FieldChecks, fc)
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(path, append(js, '\n'))
}
