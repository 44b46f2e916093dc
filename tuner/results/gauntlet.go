package results

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"tourney/tuner/plan"
	"tourney/tuner/stats"
)

// gauntletVerdict is a gauntlet's verdict ([tournament] gauntlet = true,
// tuner/plan/gauntlet.go): its hold-out rung played the winner and the
// defaults against the field on the same fresh deals, and the verdict
// rests on the paired difference of their points a block, d_b (distinct
// blocks only, each block's points weighted by scenario as the rungs'):
// "better than the defaults" when the t interval of the mean of d_b at
// the run's confidence excludes 0 and so does its one-sided 99 % bound
// (an equal winner is called better in at most 1 % of runs, as the
// self-play hold-out). Elo, Lo and Hi are the Elo of the paired score
// ½ + d/2, as the promotion gate writes it; the self-play figure of the
// tournament's ratings stays beside it (Verdict.SelfPlay). FieldGain is
// set from the same blocks.
func (r *Sweep) gauntletVerdict(v *Verdict, main stats.Ratings) {
	w, d := v.Winner, r.ents.def
	if w < len(main.Elo) && d < len(main.Elo) && !math.IsNaN(main.Elo[w]) {
		v.SelfPlay = &SelfPlay{EloInterval{Elo: OptFloat(main.Elo[w]-main.Elo[d], 1), Lo: OptFloat(main.Lo[w], 1), Hi: OptFloat(main.Hi[w], 1)}}
	}
	diffs, fg := r.gauntletDiffs(w, d)
	v.FieldGain = fg
	v.Held = true
	v.HeldDistinct = len(diffs)
	v.Elo, v.Lo, v.Hi = math.NaN(), math.NaN(), math.NaN()
	if len(diffs) < plan.MinDistinct {
		v.Better = false
		v.Text = verdictKeep + fmt.Sprintf(" (distinct blocks of the hold-out against the field: %d, too few)", len(diffs))
		return
	}
	n := float64(len(diffs))
	mean, sd := meanSD(diffs)
	if sd == 0 {
		v.Flat = true
		v.Better = false
		v.Elo = pairedElo(mean)
		v.Text = verdictKeep + " (no variation on the hold-out against the field: every block gave the same difference)"
		return
	}
	se := sd / math.Sqrt(n)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}
	conf := r.s.Tournament.Confidence
	half := t.Quantile(0.5+conf/2) * se
	one := mean - t.Quantile(1-verdictFalseBetter)*se
	v.Elo, v.Lo, v.Hi = pairedElo(mean), pairedElo(mean-half), pairedElo(mean+half)
	gain := fmt.Sprintf("against the field: %+.3f points a game [%+.3f, %+.3f] on %d fresh deals, paired with the defaults", mean, mean-half, mean+half, len(diffs))
	switch {
	case mean-half > 0 && one > 0:
		v.Better = true
		v.Text = verdictBetter + " " + gain
	case mean-half > 0:
		v.Better = false
		v.Text = verdictKeep + fmt.Sprintf(" (%s; the interval excludes 0, but not the one-sided %s %% bound %+.3f)", gain, plan.FmtRound(100*(1-verdictFalseBetter), 1), one)
	case mean+half < 0:
		v.Better = false
		v.Text = verdictKeep + " (the winner is worse than the defaults " + gain + ")"
	default:
		v.Better = false
		v.Text = verdictKeep + " (" + gain + ")"
	}
}

// pairedElo is the Elo of the paired score ½ + d/2 (d the difference of
// points a game), within ±2000.
func pairedElo(d float64) float64 {
	p := min(max(0.5+d/2, 1e-6), 1-1e-6)
	return max(-2000, min(2000, stats.EloFromScore(p)))
}

// gauntletDiffs are the hold-out rung's paired differences (winner less
// defaults, points a game against the field, one per distinct block) and
// the field gain they make.
func (r *Sweep) gauntletDiffs(w, d int) ([]float64, *FieldGain) {
	type key struct{ block, scen, side int }
	pts, cnt := map[key]float64{}, map[key]float64{}
	var tot [2]float64
	var games [2]int
	blocks := map[int]bool{}
	names := r.fieldSeats(true, w, d, func(i, block, side int, x float64) {
		k := key{block, r.recScen[i], side}
		pts[k] += x
		cnt[k]++
		tot[side] += x
		games[side]++
		blocks[block] = true
	})
	var diffs []float64
	for _, b := range slices.Sorted(maps.Keys(blocks)) {
		var side [2]float64
		ok := true
		for s := range 2 {
			wsum := 0.0
			for si, sc := range r.s.Scenarios {
				k := key{b, si, s}
				if cnt[k] > 0 {
					side[s] += sc.Weight * pts[k] / cnt[k]
					wsum += sc.Weight
				}
			}
			if wsum == 0 {
				ok = false
				break
			}
			side[s] /= wsum
		}
		if ok {
			diffs = append(diffs, side[0]-side[1])
		}
	}
	if games[0] == 0 || games[1] == 0 {
		return diffs, nil
	}
	fg := &FieldGain{Field: names, WinnerGames: games[0], DefaultGames: games[1], Paired: true, Deals: len(diffs),
		Winner: math.Round(tot[0]/float64(games[0])*1000) / 1000, Defaults: math.Round(tot[1]/float64(games[1])*1000) / 1000}
	if len(diffs) >= 2 {
		m, sd := meanSD(diffs)
		fg.Diff = math.Round(m*1000) / 1000
		half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(diffs) - 1)}.Quantile(0.5+r.s.Tournament.Confidence/2) * sd / math.Sqrt(float64(len(diffs)))
		fg.Lo, fg.Hi = OptFloat(m-half, 3), OptFloat(m+half, 3)
	} else {
		fg.Diff = math.Round((tot[0]/float64(games[0])-tot[1]/float64(games[1]))*1000) / 1000
	}
	return diffs, fg
}
