package confirm

import (
	"context"
	"path/filepath"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/match"
	"tourney/tuner/results"
	"tourney/tuner/stats"
)

// Side is one configuration of a paired comparison: a label (the
// directory its games go to) and the entrant.
type Side struct {
	Label   string
	Entrant arena.Entrant
}

// Conditions are where a paired comparison plays: the game, its maps,
// the budget (a clock's node rates by map), the opening and the deals'
// seed.
type Conditions struct {
	Game         game.Game
	Maps         []game.Map
	MapNames     []string
	Budget       game.Budget
	NodeRates    []int64
	OpeningPlies int
	Seed         uint64
	Confidence   float64
}

// Paired plays the two sides each against opp (named oppName) on the
// same deals, games games each, into out/LABEL/ ("" out: no files), and
// returns the paired difference of their points per deal (sides[0] −
// sides[1], so that the deals' own luck cancels) with the two matches.
// The check's Winner and Defaults are sides[0]'s and sides[1]'s points
// a game.
func Paired(ctx context.Context, cond Conditions, sides [2]Side, oppName string, opp arena.Entrant, games int, out string, opt Options) (*results.FieldCheck, [2]*match.Result, error) {
	var res [2]*match.Result
	budget := ""
	for i, who := range sides {
		c := &match.Config{Game: cond.Game, NameA: who.Label, NameB: oppName,
			A: who.Entrant, B: opp,
			Maps: cond.Maps, MapNames: cond.MapNames, Games: games, Budget: cond.Budget, NodeRates: cond.NodeRates,
			Seed: cond.Seed, OpeningPlies: cond.OpeningPlies, Confidence: cond.Confidence}
		mo := opt.match("")
		if out != "" {
			mo = opt.match(filepath.Join(out, who.Label))
		}
		r, err := match.Run(ctx, c, mo)
		if err != nil {
			return nil, res, err
		}
		res[i] = r
		if i == 0 {
			budget = c.BudgetString()
		}
	}
	d := DealDiffs(res)
	n := len(d)
	fc := &results.FieldCheck{Against: oppName, Deals: n, Budget: budget, Dir: out,
		Forfeits: [2]int{res[0].Forfeits[1], res[1].Forfeits[1]}}
	for k := range n {
		fc.Winner += res[0].DealPoints[k] / float64(n)
		fc.Defaults += res[1].DealPoints[k] / float64(n)
	}
	pd := stats.PairedDiff(d, cond.Confidence)
	fc.Diff, fc.P = pd.Mean, pd.P
	fc.Lo, fc.Hi = results.OptFloat(pd.Lo, 3), results.OptFloat(pd.Hi, 3)
	fc.Winner, fc.Defaults, fc.Diff = round3(fc.Winner), round3(fc.Defaults), round3(fc.Diff)
	return fc, res, nil
}

// DealDiffs is the first match's points less the second's on each deal
// both completed.
func DealDiffs(res [2]*match.Result) []float64 {
	n := min(len(res[0].DealPoints), len(res[1].DealPoints))
	d := make([]float64, n)
	for k := range n {
		d[k] = res[0].DealPoints[k] - res[1].DealPoints[k]
	}
	return d
}
