package confirm

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/costs"
	"tourney/tuner/results"
	"tourney/tuner/stats"
	"tourney/tuner/study"
)

// gateChunk is the deals each side plays against each opponent between
// two looks of the gate's GSPRT (rounded up to whole rounds of the maps).
const gateChunk = 10

// Gate plays the promotion gate of space s ([gate], issue 44) for the
// winner (variant winner, params its configuration): on the gate's maps,
// budget and opening (s.GateSpace, seeds of its own), under a GSPRT of
// the gate's elo at the run's confidence, at most max_games games.
//
// Without opponents the winner plays the defaults head to head (Winner,
// into dir). With opponents the winner and the defaults each play every
// opponent on the same deals (Paired, each side's match into
// dir/K-OPPONENT-LOOK/winner/ and .../defaults/, K the opponent's number
// in the gate's list), gateChunk deals a look: a deal's
// outcome is ½ + (winner's points − defaults' points)/2, a deal that
// repeats an earlier one game for game counts once (statistics.md §8),
// and the GSPRT runs over those outcomes (as a match on maps of more than
// two seats does over its blocks).
func Gate(ctx context.Context, s *study.Study, winner int, params game.Params, dir string, opt Options) (*results.GateCheck, error) {
	gs := s.Conditions()
	if gs == nil {
		return nil, nil
	}
	if dir != "" {
		// a gate played again (a resumed sweep) replaces the last one's
		// games: its matches write only into empty directories
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
	}
	var err error
	if gs, err = costs.ResolveNodeRates(ctx, gs, "", false, opt.Log); err != nil {
		return nil, err
	}
	sc := &gs.Scenarios[0]
	t := &gs.Tournament
	alpha := math.Round((1-t.Confidence)*1e9) / 1e9
	sprt := stats.SPRT{Elo0: t.ConfirmElo[0], Elo1: t.ConfirmElo[1], Alpha: alpha, Beta: alpha}
	gc := &results.GateCheck{Maps: sc.MapNames, GSPRTEnd: results.GSPRTEnd{SPRT: sprt.String(),
		Bounds: [2]float64{math.Round(sprt.Lower()*1000) / 1000, math.Round(sprt.Upper()*1000) / 1000}}}
	if len(sc.Field) == 0 {
		cf, _, err := Winner(ctx, gs, winner, params, dir, opt)
		if err != nil {
			return nil, err
		}
		gc.Games, gc.Elo, gc.Lo, gc.Hi, gc.LLR, gc.State, gc.Budget, gc.Dir = cf.Games, cf.Elo, cf.Lo, cf.Hi, cf.LLR, cf.State, cf.Budget, dir
		gc.Passed = gc.State == "H1"
		return gc, nil
	}
	budget, rates := sc.Budget, sc.NodeRates
	if opt.WallClock && sc.Clocked() {
		budget, rates = budget.WallClock(), nil
	}
	cond := Conditions{Game: sc.Game, Maps: sc.Maps, MapNames: sc.MapNames, Budget: budget, NodeRates: rates,
		OpeningPlies: sc.OpeningPlies, Confidence: t.Confidence}
	sides := [2]Side{{"winner", arena.Entrant{Spec: sc.Bot, Params: params}}, {"defaults", arena.Entrant{Spec: sc.Bot, Params: gs.DefaultParams(0)}}}
	nm := len(sc.Maps)
	deals := nm * ((gateChunk + nm - 1) / nm)
	// a look costs 2 sides × the opponents × 2 games a deal
	deals = max(1, min(deals, t.ConfirmGames/(4*len(sc.Field))))
	seen := map[string]bool{}
	var diffs []float64
	var wpts, dpts float64
	gc.State = "continue"
	for look := 0; gc.Games == 0 || gc.Games+4*deals*len(sc.Field) <= t.ConfirmGames; look++ {
		for k, fb := range sc.Field {
			if look == 0 {
				gc.Against = append(gc.Against, fb.Name)
			}
			cond.Seed = game.Mix(gs.Seed, uint64(k), uint64(look))
			out := "" // dir/K-OPPONENT-LOOK/{winner,defaults}/: each side's match
			if dir != "" {
				out = filepath.Join(dir, fmt.Sprintf("%d-%s-%d", k+1, unsafeName.ReplaceAllString(fb.Name, "_"), look+1))
			}
			fc, res, err := Paired(ctx, cond, sides, fb.Name, arena.Entrant{Spec: fb.Spec, Params: fb.Params}, 2*deals, out, opt)
			if err != nil {
				return nil, err
			}
			gc.Budget = fc.Budget
			gc.Games += res[0].Played + res[1].Played
			for i := range min(len(res[0].DealPoints), len(res[1].DealPoints)) {
				key := fb.Name + "|" + res[0].DealKeys[i] + "|" + res[1].DealKeys[i]
				if seen[key] {
					continue // the same games again: one observation
				}
				seen[key] = true
				diffs = append(diffs, res[0].DealPoints[i]-res[1].DealPoints[i])
				wpts += res[0].DealPoints[i]
				dpts += res[1].DealPoints[i]
			}
		}
		gc.LLR = sprt.LLRUnits(dealOutcomes(diffs))
		if st := sprt.State(gc.LLR); st != "continue" {
			gc.State = st
			break
		}
	}
	n := float64(len(diffs))
	gc.Deals = len(diffs)
	gc.LLR = math.Round(max(min(gc.LLR, 1e6), -1e6)*1000) / 1000 // finite in summary.json
	est := stats.BlockEstimate(blockScores(diffs), t.Confidence)
	gc.Elo, gc.Lo, gc.Hi = results.OptFloat(est.Elo, 1), results.OptFloat(est.EloLo, 1), results.OptFloat(est.EloHi, 1)
	pd := stats.PairedDiff(diffs, t.Confidence)
	w, d, df := round3(wpts/n), round3(dpts/n), round3(pd.Mean)
	gc.Winner, gc.Defaults, gc.Diff = &w, &d, &df
	gc.DiffLo, gc.DiffHi = results.OptFloat(pd.Lo, 3), results.OptFloat(pd.Hi, 3)
	gc.Passed = gc.State == "H1"
	gc.Dir = dir
	return gc, nil
}

// dealOutcomes are the GSPRT's outcomes of paired deals with points
// differences d: the values ½ + d/2 and their counts, in units of two
// games (a deal is two games of each side).
func dealOutcomes(d []float64) (values, counts []float64, g float64) {
	// the ends of the scale are on the support (a zero count is
	// regularized, as the pentanomial's empty cells are), so that either
	// hypothesis's mean can be reached whatever the deals gave so far
	c := map[float64]float64{0: 0, 1: 0}
	for _, x := range d {
		c[0.5+x/2]++
	}
	for v := range c {
		values = append(values, v)
	}
	slices.Sort(values)
	for _, v := range values {
		counts = append(counts, c[v])
	}
	return values, counts, 2
}
