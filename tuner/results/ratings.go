package results

import (
	"fmt"
	"math"
	"strconv"

	"tourney/tuner/plan"
	"tourney/tuner/space"
	"tourney/tuner/study"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"tourney/engines/game"
	"tourney/tuner/stats"
)

// entities are the players of the ratings (statistics.md §4): every
// variant, the default configuration (the anchor, 0 Elo), and every field
// bot (by name, one entity across scenarios).
type entities struct {
	names, roles, bots []string
	variants           int
	// def is the entity of the default configuration: variant 0 when it
	// is the defaults (include_defaults), else an entity of its own.
	def   int
	field map[string]int
}

func newEntities(s *study.Study, vs []space.Variant, params [][]game.Params, defaults []game.Params) entities {
	e := entities{variants: len(vs), field: map[string]int{}, def: -1}
	for i := range vs {
		e.names = append(e.names, strconv.Itoa(i))
		e.roles = append(e.roles, "variant")
		e.bots = append(e.bots, s.Scenarios[0].Bot.Name)
	}
	if len(vs) > 0 && vs[0].Default {
		same := true
		for sc := range s.Scenarios {
			if !paramsEqual(params[0][sc], defaults[sc]) {
				same = false
			}
		}
		if same {
			e.def = 0
		}
	}
	if e.def < 0 {
		e.def = len(e.names)
		e.names = append(e.names, "default")
		e.roles = append(e.roles, "default")
		e.bots = append(e.bots, s.Scenarios[0].Bot.Name)
	}
	for _, sc := range s.Scenarios {
		for _, f := range sc.Field {
			if _, ok := e.field[f.Name]; !ok {
				e.field[f.Name] = len(e.names)
				e.names = append(e.names, "field:"+f.Name)
				e.roles = append(e.roles, "field")
				e.bots = append(e.bots, f.Name)
			}
		}
	}
	return e
}

func paramsEqual(a, b game.Params) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !space.ValueEqual(v, b[k]) {
			return false
		}
	}
	return true
}

func (e *entities) variant(v int) int { return v }

// of is the entity sitting in a seat of scenario sc.
func (e *entities) of(s *study.Study, sc int, ref plan.SeatRef) int {
	switch ref.Kind {
	case plan.SeatVariant:
		return ref.Variant
	case plan.SeatFiller:
		return e.def
	}
	return e.field[s.Scenarios[sc].Field[ref.Field].Name]
}

// anchor is the entity fixed at 0 Elo: the defaults when they played, or
// −1 (the mean of everybody) when they did not.
func (r *Sweep) anchor() int {
	for _, g := range r.recs {
		for _, p := range g.Players {
			if p == r.ents.def {
				return r.ents.def
			}
		}
	}
	return -1
}

// compact renumbers the entities that played (an entity without games
// has no rating and must not weigh in the mean when there is no anchor):
// idx maps an entity to its compact number (−1: no games), back the
// other way.
func (r *Sweep) compact() (idx, back []int, recs []stats.Game) {
	idx = make([]int, len(r.ents.names))
	for i := range idx {
		idx[i] = -1
	}
	for _, g := range r.recs {
		if !r.counts(g.Block) {
			continue
		}
		for _, p := range g.Players {
			idx[p] = 0
		}
	}
	for i := range idx {
		if idx[i] == 0 {
			idx[i] = len(back)
			back = append(back, i)
		}
	}
	recs = make([]stats.Game, 0, len(r.recs))
	for _, g := range r.recs {
		if !r.counts(g.Block) {
			continue // a repeated block counts once (statistics.md §8); the hold-out rung apart
		}
		ps := make([]int, len(g.Players))
		for j, p := range g.Players {
			ps[j] = idx[p]
		}
		g.Players = ps
		recs = append(recs, g)
	}
	return idx, back, recs
}

// counts says whether the games of a block count in the tournament's
// ratings: not a repeated block, not the hold-out rung (rated apart), or,
// with r.rungOnly, only the rung's distinct blocks.
func (r *Sweep) counts(unit int) bool {
	if r.dup[unit] {
		return false
	}
	inRung := r.rungFrom >= 0 && unit >= r.rungFrom
	return inRung == r.rungOnly
}

// distinctBlocks counts, per entity, the distinct blocks it played in
// (repeated blocks left out).
func (r *Sweep) distinctBlocks() []int {
	seen := make([]map[int]bool, len(r.ents.names))
	for _, g := range r.recs {
		if !r.counts(g.Block) {
			continue
		}
		for _, p := range g.Players {
			if seen[p] == nil {
				seen[p] = map[int]bool{}
			}
			seen[p][g.Block] = true
		}
	}
	out := make([]int, len(seen))
	for i, m := range seen {
		out[i] = len(m)
	}
	return out
}

func (r *Sweep) fitOptions(idx []int) stats.FitOptions {
	a := r.anchor()
	if a >= 0 {
		a = idx[a]
	}
	return stats.FitOptions{Anchor: a}
}

// expand maps compact ratings back to every entity (NaN: no games).
func expand(x []float64, back []int, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.NaN()
	}
	for k, e := range back {
		out[e] = x[k]
	}
	return out
}

// fit rates every entity on all games so far (no intervals): what an
// encounter undecided at its cap is settled by.
func (r *Sweep) fit() ([]float64, error) {
	idx, back, recs := r.compact()
	x, err := stats.Fit(len(back), recs, r.fitOptions(idx))
	if err != nil {
		return nil, err
	}
	return expand(x, back, len(r.ents.names)), nil
}

// ratings fits every entity on all games with bootstrap intervals over
// blocks, seeded from the run seed (byte-identical CSV files). Entities
// without games get NaN.
func (r *Sweep) ratings() (stats.Ratings, error) {
	t := &r.s.Tournament
	n := len(r.ents.names)
	idx, back, recs := r.compact()
	contend := make([]bool, len(back))
	for k, e := range back {
		contend[k] = e < r.ents.variants
	}
	if len(back) == 0 {
		nan := expand(nil, nil, n)
		return stats.Ratings{Elo: nan, Lo: nan, Hi: nan, PBest: make([]float64, n)}, nil
	}
	// The tournament's intervals are taken at 1 − (1 − confidence)/2.5:
	// encounters that stopped because they looked decisive, and variants
	// dropped because they looked weak, make plain bootstrap intervals
	// too narrow (measured on the synthetic check space: 90–93 % of 95 %
	// intervals held the truth; with this level 94–96 %, statistics.md
	// §8). The hold-out rung played no part in any choice: plain level.
	level, reps := 1-(1-t.Confidence)/2.5, t.Bootstrap
	if r.rungOnly {
		// two entities: refits are cheap, and more of them steady the
		// percentile ends
		level, reps = t.Confidence, max(reps, 1000)
	}
	rt, err := stats.Bootstrap(len(back), recs, r.fitOptions(idx), reps, level, game.Mix(r.s.Seed, 0xb007), contend)
	if err != nil {
		return rt, err
	}
	if !r.rungOnly {
		stoppedBounds(rt, back, r.stopped, t.Confidence, level)
	}
	out := stats.Ratings{Elo: expand(rt.Elo, back, n), Lo: expand(rt.Lo, back, n), Hi: expand(rt.Hi, back, n),
		PBest: make([]float64, n), Reps: rt.Reps}
	// An interval the bootstrap could not give (every resampled block
	// the same) comes from the observed information (stats.Bootstrap):
	// never NaN, never an end equal to the estimate (statistics.md §3).
	for k, e := range back {
		out.PBest[e] = rt.PBest[k]
	}
	out.Samples = make([][]float64, len(rt.Samples))
	for i, smp := range rt.Samples {
		out.Samples[i] = expand(smp, back, n)
	}
	return out, nil
}

// stoppedBounds widens the upper bound of every variant whose last
// encounter stopped on evidence against it (stop: variant → how that
// encounter stopped; back maps compact entities to variants; level: the
// ratings' level).
//
// A knockout encounter looks at its blocks a few times (plan.Looks) and
// stops at the first look at which a variant is behind by a paired
// Student's t over its blocks at level (1 − confidence)/looks; a race
// drops a variant at the first look at which Conover's comparison with
// the best finds it worse at that level; successive halving cuts the
// variants rated worst of the Ranked its rung ranked. Such a variant is
// rated from the blocks that made it look worst, so it is rated too low
// (the synthetic check space: −15 to −43 Elo for the variants that went
// out of a knockout), and the bootstrap, which resamples those blocks
// without replaying the stop, does not see it (the truth above the
// interval in 4–14 of 100 seeds for each, against the 1 wanted). An
// upper bound that holds at whichever look the encounter stopped is a
// repeated confidence bound (Jennison and Turnbull), built as the
// encounter's own test is: Bonferroni over its looks (over the variants
// the rung ranked, for a cut), the one-sided tail
// (1 − confidence)/(2·looks), and Student's t at that tail on the test's
// degrees of freedom (plan.Stop.Blocks). That tail (1 in 440 at 11
// looks) lies beyond what the refits resolve (their largest of 200,
// discrete on few blocks: it put a variant that lost 111 of 150 games at
// +0.2 Elo), so the distance from the rating to the interval's upper
// end at the ratings' level is scaled by t at the tail over z at that
// level instead of read from the refits (2.5 × after 4 blocks and 11
// looks; 1.22 × for a race's drop). The rating itself is left as
// fitted: correcting its bias would need the stop replayed under the
// unknown truth. The stop selects blocks against the variant only, so
// only its upper end moves; a variant that advanced plays on, and its
// later blocks were not chosen by that stop.
func stoppedBounds(rt stats.Ratings, back []int, stop map[int]plan.Stop, conf, level float64) {
	base := (1 - level) / 2
	zb := distuv.UnitNormal.Quantile(1 - base)
	for k, e := range back {
		st, ok := stop[e]
		if !ok || math.IsInf(rt.Hi[k], 0) || math.IsNaN(rt.Hi[k]) {
			continue
		}
		n := float64(max(st.Looks, st.Ranked, 1))
		tail := min((1-conf)/(2*n), base)
		t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(max(st.Blocks, 1))}.Quantile(1 - tail)
		// never narrower than the interval it widens
		rt.Hi[k] = max(rt.Hi[k], rt.Elo[k]+(rt.Hi[k]-rt.Elo[k])*t/zb)
	}
}

// inseparable says whether variant x cannot be separated from w: x
// played, and P(x ≥ w) over the bootstrap refits is at least tail, or
// either has fewer than plan.MinDistinct distinct blocks. A refit in
// which the two are equal up to rounding counts as x ≥ w.
func (r *Sweep) inseparable(rt stats.Ratings, db []int, w, x int, tail float64) bool {
	if x == w || r.stats[x].games == 0 {
		return false
	}
	ge := 0
	for _, smp := range rt.Samples {
		if smp[x] >= smp[w]-stats.TieTolerance { // equal up to rounding: a tie
			ge++
		}
	}
	few := db[x] < plan.MinDistinct || db[w] < plan.MinDistinct
	return few || len(rt.Samples) > 0 && float64(ge)/float64(len(rt.Samples)) >= tail
}

// separationTail is the verdict's tail for "separated" among m variants
// that played: (1 − confidence)/2 for two, Bonferroni over the
// m(m − 1)/2 pairs for more. The winner is the best of m by the same
// games, so a per-pair tail would separate equal variants often (9 of
// 40 runs of four identical synthetic variants at (1 − confidence)/2);
// over every pair, any separation among equal variants happens in at
// most 1 − confidence of runs.
func separationTail(conf float64, m int) float64 {
	if m < 2 {
		m = 2
	}
	return (1 - conf) / float64(m*(m-1))
}

// Inseparable lists the variants of among that the ratings of every game
// so far cannot separate from v, as the verdict does (plan.Separator:
// the staged planner's finalists).
func (r *Sweep) Inseparable(v int, among []int) ([]int, error) {
	rt, err := r.ratings()
	if err != nil {
		return nil, err
	}
	db := r.distinctBlocks()
	var out []int
	for _, x := range among {
		if r.inseparable(rt, db, v, x, (1-r.s.Tournament.Confidence)/2) { // the staged planner's finalists: per pair
			out = append(out, x)
		}
	}
	return out, nil
}

// Verdict is what a run concludes (statistics.md §5).
type Verdict struct {
	Winner int
	// Elo is the winner's rating against the defaults with its interval
	// at the run's confidence (NaN when the defaults did not play).
	Elo, Lo, Hi float64
	// LoAdjusted is the lower end of the one-sided interval at level
	// 1 − (1 − confidence)/m, m the variants that could have won against
	// the defaults: the selection of the best of m is paid for
	// (Bonferroni), so that a space of equal variants claims an
	// improvement in at most 1 − confidence of runs.
	LoAdjusted float64
	PBest      float64
	// Inseparable lists the variants whose difference to the winner has a
	// bootstrap interval that includes 0.
	Inseparable []int
	Better      bool
	Text        string
	// Distinct is the number of distinct blocks the winner played
	// (identical blocks count once).
	Distinct int
	// Held is set when Elo, Lo, Hi and the decision come from the
	// hold-out rung (blocks that played no part in the choice);
	// HeldDistinct counts its distinct blocks.
	Held         bool
	HeldDistinct int
	// Flat is set when every bootstrap refit gave the winner the same
	// difference to the defaults (every block the same result): the
	// interval is the observed information's (stats.Bootstrap).
	Flat bool
	// Played counts the variants that played (P(best) is among them) of
	// Variants.
	Played, Variants int
	// M is the number of variants the adjusted bound pays for.
	M int
	// Confirmation, when the run played one.
	Confirm *Confirmation
	// Bounds are the winner's knobs that lie at an end of their range or
	// list (space.OnBounds): the best may lie beyond (issue 44).
	Bounds []space.BoundHit
	// Gate is the promotion gate's result (a space's [gate]) and
	// FieldGain the winner's gain against the sweep's field, shown beside
	// it (gate.go).
	Gate      *GateCheck
	FieldGain *FieldGain
	// SelfPlay is a gauntlet winner's self-play figure (gauntlet.go).
	SelfPlay *SelfPlay
}

const (
	verdictBetter = "better than the defaults"
	verdictKeep   = "no evidence of improvement: keep the defaults"
)

func (r *Sweep) verdict(winner int, rt stats.Ratings) Verdict {
	conf := r.s.Tournament.Confidence
	v := Verdict{Winner: winner, Elo: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), LoAdjusted: math.NaN()}
	if winner < len(r.params) {
		v.Bounds = r.s.OnBounds(r.params[winner][0])
	}
	if winner < len(rt.PBest) {
		v.PBest = rt.PBest[winner]
	}
	v.Variants = r.ents.variants
	for x := range r.ents.variants {
		if r.stats[x].games > 0 {
			v.Played++
		}
	}
	// Identical games count once: a variant (or the winner) with fewer
	// than plan.MinDistinct distinct blocks cannot be separated from
	// anything (statistics.md §8).
	db := r.distinctBlocks()
	v.Distinct = db[winner]
	// inseparable: P(v ≥ winner) over the refits at least the tail
	tail := separationTail(conf, v.Played)
	for x := range r.ents.variants {
		if r.inseparable(rt, db, winner, x, tail) {
			v.Inseparable = append(v.Inseparable, x)
		}
	}
	d := r.ents.def
	anchored := r.anchor() == d
	switch {
	case !anchored:
		v.Text = verdictKeep + " (the defaults played no games: confirm with tourney confirm)"
		return v
	case winner == d:
		v.Elo, v.Lo, v.Hi = 0, 0, 0
		v.Text = verdictKeep + " (the defaults won)"
		return v
	}
	v.Elo, v.Lo, v.Hi = rt.Elo[winner], rt.Lo[winner], rt.Hi[winner]
	diffs := refitDiffs(rt, winner, d)
	m := r.ents.variants
	if d < r.ents.variants {
		m--
	}
	v.M = m
	v.Flat = flatDiffs(diffs)
	sd := stat.StdDev(diffs, nil)
	z := distuv.UnitNormal.Quantile(1 - (1-conf)/float64(max(m, 1)))
	v.LoAdjusted = rt.Elo[winner] - z*sd
	switch {
	case min(db[winner], db[d]) < plan.MinDistinct:
		v.Text = verdictKeep + fmt.Sprintf(" (distinct blocks: %d, too few to separate anything: identical games count once; set opening_plies or add maps)", min(db[winner], db[d]))
		v.LoAdjusted = math.NaN()
	case v.Flat || !(sd > 0):
		v.Text = verdictKeep + " (no variation: every block gave the same result)"
		v.LoAdjusted = math.NaN()
	case v.LoAdjusted > 0:
		v.Better = true
		v.Text = verdictBetter
	case v.worse():
		v.Text = verdictKeep + " (the winner is worse than the defaults)"
	default:
		v.Text = verdictKeep
	}
	return v
}

// refitDiffs is a's rating less b's in every bootstrap refit of rt.
func refitDiffs(rt stats.Ratings, a, b int) []float64 {
	diffs := make([]float64, len(rt.Samples))
	for k, smp := range rt.Samples {
		diffs[k] = smp[a] - smp[b]
	}
	return diffs
}

func joinMax(ids []string, most int) string {
	if len(ids) <= most {
		return fmt.Sprint(joinSpace(ids))
	}
	return fmt.Sprintf("%s ... (%d variants)", joinSpace(ids[:most]), len(ids))
}

func joinSpace(ids []string) string {
	out := ""
	for i, x := range ids {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
