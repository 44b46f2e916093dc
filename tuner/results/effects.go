package results

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	"tourney/engines/game"
	"tourney/tuner/plan"
	"tourney/tuner/space"
	"tourney/tuner/stats"
)

// Parameter effects (statistics.md §7): a variant's strength is the sum
// of one effect per knob value (the defaults' value of each knob is 0),
// plus the two-way interactions the space names ([effects]
// interactions), fitted by maximum likelihood on every game
// (stats.FitEffects), with block-bootstrap intervals: the refits'
// standard error with the small-sample correction of a cluster-robust
// interval, t(G − 1)·√(G/(G − 1)) for G blocks (stats.Effects; the plain
// percentiles held the truth 93 % of the time on the 36 blocks of a
// halving design rung). Knobs with a list
// of values get one effect per value; a continuous knob a linear and a
// quadratic term in (x − default)/(max − min). Field bots and the
// defaults' own entity (when the defaults are not a variant) are rated
// on their own.

// effectsPriorDraws is the ridge of an effect (virtual draws against
// 0): weak, so that a value that never played stays finite.
//
// Every knob value has the ridge, the default's too, and every value
// pair of a named interaction, and the scale is shifted afterwards so
// that the defaults are 0 (effectsDesign.def): what the ratings fit does
// with its prior (stats.buildModel). Held at 0 without a prior, the
// default value would absorb the reaction of the others' ridge alone: a
// field bot that lost every game is held up by its prior, the values
// that beat it are pushed up by as much, and the default's identical
// twin would be predicted +0.7 Elo above the defaults (issue 31). With
// the ridge on every value the fit is symmetric in a knob's values, and
// twins are predicted exactly alike.
const effectsPriorDraws = 1

// residualPriorDraws shrinks a variant's own deviation from its
// effects (the effects-informed rating of successive halving) towards 0.
const residualPriorDraws = 4

// feature is one column of the effects design.
type feature struct {
	param, value string // "x1", "1"; interactions "a*b", "1*0"
	kind         int    // 0 value indicator, 1 linear, 2 quadratic, 3 interaction, 4 entity, 5 residual
	a, b         int    // params (indices) of an interaction
	va, vb       any
	// base marks the defaults' own features (a knob's default value, an
	// interaction pair with a default): fitted, never reported (their
	// effect is 0 by the shift).
	base bool
}

// effectsDesign builds the features of the run's entities.
type effectsDesign struct {
	feats []feature
	rows  [][]stats.Feature // per entity
	prior []float64
	nRes  int // residual features (at the end)
	// def is the defaults' row, the 0 of the scale: a rating is the
	// contrast of a row with it (contrast).
	def []stats.Feature
	// con is, per reported feature (kinds 0–3, not base), the contrast
	// effects.csv reports: a value's effect is the defaults with that
	// value against the defaults, an interaction the pair's extra beyond
	// its two main effects (treatment contrasts).
	con [][]stats.Feature
}

// contrast is a row against the defaults' (the scale's 0).
func (d *effectsDesign) contrast(row []stats.Feature) []stats.Feature {
	return combine(row, 1, d.def, -1)
}

// combine is the row x·a + y·b with equal features summed, zeros left
// out, by feature.
func combine(a []stats.Feature, x float64, b []stats.Feature, y float64) []stats.Feature {
	sum := map[int]float64{}
	for _, f := range a {
		sum[f.K] += x * f.V
	}
	for _, f := range b {
		sum[f.K] += y * f.V
	}
	out := make([]stats.Feature, 0, len(sum))
	for k, v := range sum {
		if v != 0 {
			out = append(out, stats.Feature{K: k, V: v})
		}
	}
	slices.SortFunc(out, func(p, q stats.Feature) int { return p.K - q.K })
	return out
}

func (r *Sweep) effectsDesign(residuals bool) *effectsDesign {
	s := r.s
	def := s.DefaultPoint()
	d := &effectsDesign{}
	add := func(f feature, prior float64) int {
		d.feats = append(d.feats, f)
		d.prior = append(d.prior, prior)
		return len(d.feats) - 1
	}
	type valKey struct {
		p int
		v string
	}
	// levels are a knob's values, the default's included
	levels := func(i int) []any {
		vs := s.Params[i].Values
		for _, v := range vs {
			if space.ValueEqual(v, def[i]) {
				return vs
			}
		}
		return append(slices.Clone(vs), def[i])
	}
	ind := map[valKey]int{}
	lin := map[int][2]int{}
	for i, p := range s.Params {
		if p.Continuous || len(p.Values) == 0 {
			lin[i] = [2]int{add(feature{param: p.Name, value: "linear", kind: 1}, effectsPriorDraws),
				add(feature{param: p.Name, value: "quadratic", kind: 2}, effectsPriorDraws)}
			continue
		}
		for _, v := range levels(i) {
			ind[valKey{i, game.FormatValue(v)}] = add(feature{param: p.Name, value: game.FormatValue(v), kind: 0,
				base: space.ValueEqual(v, def[i])}, effectsPriorDraws)
		}
	}
	pidx := map[string]int{}
	for i, p := range s.Params {
		pidx[p.Name] = i
	}
	type ixKey struct {
		a, b   int
		va, vb string
	}
	ix := map[ixKey]int{}
	for _, pair := range s.Interactions {
		a, b := pidx[pair[0]], pidx[pair[1]]
		pa, pb := s.Params[a], s.Params[b]
		for _, va := range levels(a) {
			for _, vb := range levels(b) {
				ix[ixKey{a, b, game.FormatValue(va), game.FormatValue(vb)}] = add(feature{param: pa.Name + "*" + pb.Name,
					value: game.FormatValue(va) + "*" + game.FormatValue(vb), kind: 3, a: a, b: b, va: va, vb: vb,
					base: space.ValueEqual(va, def[a]) || space.ValueEqual(vb, def[b])}, effectsPriorDraws)
			}
		}
	}
	row := func(val func(i int) any) []stats.Feature {
		return r.pointRow(val, def, func(i int, val any) int {
			k, ok := ind[valKey{i, game.FormatValue(val)}]
			if !ok {
				return -1
			}
			return k
		}, lin, func(a, b int, va, vb any) int {
			k, ok := ix[ixKey{a, b, game.FormatValue(va), game.FormatValue(vb)}]
			if !ok {
				return -1
			}
			return k
		})
	}
	// at is the defaults' row with the params of set at its values
	at := func(set map[int]any) []stats.Feature {
		return row(func(i int) any {
			if v, ok := set[i]; ok {
				return v
			}
			return def[i]
		})
	}
	d.def = at(nil)
	d.con = make([][]stats.Feature, len(d.feats))
	for k, f := range d.feats {
		switch {
		case f.base || f.kind > 3:
		case f.kind == 1 || f.kind == 2:
			d.con[k] = []stats.Feature{{K: k, V: 1}}
		case f.kind == 0:
			i := pidx[f.param]
			for _, v := range levels(i) {
				if game.FormatValue(v) == f.value {
					d.con[k] = d.contrast(at(map[int]any{i: v}))
				}
			}
		case f.kind == 3:
			both := at(map[int]any{f.a: f.va, f.b: f.vb})
			onlyA, onlyB := at(map[int]any{f.a: f.va}), at(map[int]any{f.b: f.vb})
			d.con[k] = combine(combine(both, 1, onlyA, -1), 1, combine(onlyB, -1, d.def, 1), 1)
		}
	}
	nEnt := len(r.ents.names)
	d.rows = make([][]stats.Feature, nEnt)
	for v := range r.variants {
		if r.variants[v].Default {
			d.rows[v] = d.def
			continue
		}
		vals := r.variants[v].Values
		d.rows[v] = row(func(i int) any { return vals[s.Params[i].Name] })
	}
	for e := len(r.variants); e < nEnt; e++ {
		if e == r.ents.def {
			d.rows[e] = d.def
			continue
		}
		k := add(feature{param: r.ents.names[e], kind: 4}, 0.5)
		d.rows[e] = []stats.Feature{{K: k, V: 1}}
	}
	if residuals {
		played := make([]bool, nEnt)
		for _, g := range r.recs {
			for _, p := range g.Players {
				played[p] = true
			}
		}
		for e := range nEnt {
			if played[e] && (e < len(r.variants) || e == r.ents.def) {
				// every played variant's, the defaults' too (the same
				// symmetry as the effects' ridge)
				k := add(feature{param: r.ents.names[e], kind: 5}, residualPriorDraws)
				d.rows[e] = append(slices.Clone(d.rows[e]), stats.Feature{K: k, V: 1})
				d.nRes++
			}
		}
	}
	return d
}

// pointRow is the features of the point whose param i has value val(i).
func (r *Sweep) pointRow(val func(i int) any, def []any, ind func(int, any) int, lin map[int][2]int, ix func(a, b int, va, vb any) int) []stats.Feature {
	s := r.s
	var row []stats.Feature
	for i, p := range s.Params {
		v := val(i)
		if l, ok := lin[i]; ok {
			span := space.ToFloat(p.Max) - space.ToFloat(p.Min)
			if span == 0 {
				span = 1
			}
			x := (space.ToFloat(v) - space.ToFloat(def[i])) / span
			if x != 0 {
				row = append(row, stats.Feature{K: l[0], V: x}, stats.Feature{K: l[1], V: x * x})
			}
			continue
		}
		if k := ind(i, v); k >= 0 {
			row = append(row, stats.Feature{K: k, V: 1})
		}
	}
	for _, pair := range s.Interactions {
		a, b := -1, -1
		for i, p := range s.Params {
			switch p.Name {
			case pair[0]:
				a = i
			case pair[1]:
				b = i
			}
		}
		if k := ix(a, b, val(a), val(b)); k >= 0 {
			row = append(row, stats.Feature{K: k, V: 1})
		}
	}
	return row
}

// Rate is plan.Host's effects-informed rating of every variant.
func (r *Sweep) Rate() ([]float64, error) {
	d := r.effectsDesign(true)
	if len(d.prior) == 0 {
		return r.fitVariants()
	}
	e, err := stats.FitEffects(r.recs, stats.Design{Rows: d.rows, Prior: d.prior}, 0, 0.95, 0)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(r.variants))
	for v := range out {
		out[v], _, _ = e.Predict(combine(d.rows[v], 1, d.rows[r.ents.def], -1), 0.95)
	}
	return out, nil
}

// fitVariants is Fit restricted to the variants (a space without knobs
// to model).
func (r *Sweep) fitVariants() ([]float64, error) {
	fit, err := r.fit()
	if err != nil {
		return nil, err
	}
	return fit[:len(r.variants)], nil
}

// effectsResult is a finished fit of the effects (pooled, and per
// scenario when there are several).
type effectsResult struct {
	design *effectsDesign
	pooled stats.Effects
	per    []stats.Effects // per scenario (nil with one scenario)
	// unid: the knobs whose effects against the default the games do
	// not identify (unidentified.go)
	unid []string
}

// designGames are the games the reported effects rest on: every game,
// except after a factorial design's first rung of successive halving,
// whose later rungs play the survivors chosen by the effects themselves
// (an orthogonal design is what keeps two-way interactions out of the
// main effects).
func (r *Sweep) designGames() ([]stats.Game, []int) {
	if r.s.Factorial() == nil || r.s.Tournament.Format != "halving" {
		return r.recs, r.recScen
	}
	var recs []stats.Game
	var scen []int
	for i, g := range r.recs {
		if r.recRound[i] == 1 {
			recs = append(recs, g)
			scen = append(scen, r.recScen[i])
		}
	}
	return recs, scen
}

// effects fits the effects on every game (and per scenario), with the
// run's bootstrap; nil when the space varies nothing the model can use.
func (r *Sweep) effects() (*effectsResult, error) {
	if len(r.recs) == 0 || len(r.s.Params) == 0 {
		return nil, nil
	}
	t := &r.s.Tournament
	d := r.effectsDesign(false)
	if len(d.prior) == 0 {
		return nil, nil
	}
	design := stats.Design{Rows: d.rows, Prior: d.prior}
	seed := game.Mix(r.s.Seed, 0xeffec7)
	recs, scen := r.designGames()
	pooled, err := stats.FitEffects(recs, design, t.Bootstrap, t.Confidence, seed)
	if err != nil {
		return nil, err
	}
	res := &effectsResult{design: d, pooled: pooled, unid: r.unidentifiedKnobs()}
	if len(r.s.Scenarios) > 1 {
		for sc := range r.s.Scenarios {
			var games []stats.Game
			for i, g := range recs {
				if scen[i] == sc {
					games = append(games, g)
				}
			}
			var e stats.Effects
			if len(games) > 0 {
				if e, err = stats.FitEffects(games, design, t.Bootstrap, t.Confidence, game.Mix(seed, uint64(sc)+1)); err != nil {
					return nil, fmt.Errorf("scenario %d: %w", sc+1, err)
				}
			}
			res.per = append(res.per, e)
		}
	}
	return res, nil
}

// effectsHeader: "averaged_over" says what an effect is (issue 31: read
// as the effect at the defaults, the factorial's intervals held the
// truth 85 % of the time, not 95 %): a main effect is the knob value
// against the knob's default averaged over the other knobs' values in
// the games it rests on, an interaction the pair's extra beyond its two
// main effects; the default's own row (0 by construction) has none.
var effectsHeader = []string{"scenario", "parameter", "value", "effect", "effect_lo", "effect_hi", "games", "averaged_over"}

// EffectsNote is what effects.csv's effects are, in summary.json.
const EffectsNote = "each effect is a knob value against the knob's default, averaged over the other knobs' values in the games it rests on (not the effect with every other knob at its default); an interaction is the pair's extra beyond its two main effects"

const (
	avgOthers = "other knobs"
	avgPairs  = "other knobs (beyond the pair's main effects)"
)

// effectsRows writes effects.csv: per knob its default value (effect 0,
// no interval) and every other value, then the interactions; pooled
// ("all") first, then per scenario (numbered from 1).
func (r *Sweep) effectsRows(er *effectsResult) [][]string {
	rows := [][]string{effectsHeader}
	def := r.s.DefaultPoint()
	unid := map[string]bool{}
	for _, name := range er.unid {
		unid[name] = true
	}
	scopes := []string{"all"}
	fits := []stats.Effects{er.pooled}
	for i, e := range er.per {
		scopes = append(scopes, strconv.Itoa(i+1))
		fits = append(fits, e)
	}
	for si, scope := range scopes {
		e := fits[si]
		if e.Theta == nil {
			continue
		}
		games := r.featureGames(er.design, si-1)
		for i, p := range r.s.Params {
			// ref: the feature a knob's rows are against (−1: the
			// default; a knob whose default is not identified: its
			// first value, unidentified.go)
			ref := -1
			if unid[p.Name] {
				for k, f := range er.design.feats {
					if f.kind == 0 && !f.base && f.param == p.Name {
						ref = k
						break
					}
				}
			}
			if len(p.Values) > 0 && !p.Continuous {
				dg := strconv.Itoa(r.valueGames(i, def[i], si-1))
				if ref >= 0 {
					rows = append(rows, []string{scope, p.Name, game.FormatValue(def[i]), "", "", "", dg, avgDefaultUnidentified})
				} else {
					rows = append(rows, []string{scope, p.Name, game.FormatValue(def[i]), "0", "", "", dg, ""})
				}
			}
			for k, f := range er.design.feats {
				if f.kind <= 2 && !f.base && f.param == p.Name {
					if k == ref {
						rows = append(rows, []string{scope, f.param, f.value, "0", "", "", strconv.Itoa(games[k]), avgReference})
						continue
					}
					con, avg := er.design.con[k], avgOthers
					if ref >= 0 {
						con, avg = combine(con, 1, er.design.con[ref], -1), avgAgainst(er.design.feats[ref].value)
					}
					est, lo, hi := e.Predict(con, r.s.Tournament.Confidence)
					rows = append(rows, []string{scope, f.param, f.value, plan.FmtRound(est, 1), plan.FmtRound(lo, 1), plan.FmtRound(hi, 1), strconv.Itoa(games[k]), avg})
				}
			}
		}
		for k, f := range er.design.feats {
			if f.kind == 3 && !f.base {
				if unid[r.s.Params[f.a].Name] || unid[r.s.Params[f.b].Name] {
					rows = append(rows, []string{scope, f.param, f.value, "", "", "", strconv.Itoa(games[k]), avgPairsUnidentified})
					continue
				}
				est, lo, hi := e.Predict(er.design.con[k], r.s.Tournament.Confidence)
				rows = append(rows, []string{scope, f.param, f.value, plan.FmtRound(est, 1), plan.FmtRound(lo, 1), plan.FmtRound(hi, 1), strconv.Itoa(games[k]), avgPairs})
			}
		}
	}
	return rows
}

// featureGames counts, per feature, the games the effects rest on
// (designGames; of scenario sc, −1: all) in which a player had it.
func (r *Sweep) featureGames(d *effectsDesign, sc int) []int {
	out := make([]int, len(d.feats))
	seen := make([]int, len(d.feats))
	for i := range seen {
		seen[i] = -1
	}
	recs, scen := r.designGames()
	for gi, g := range recs {
		if sc >= 0 && scen[gi] != sc {
			continue
		}
		for _, p := range g.Players {
			for _, f := range d.rows[p] {
				if seen[f.K] != gi {
					seen[f.K] = gi
					out[f.K]++
				}
			}
		}
	}
	return out
}

// valueGames counts the games the effects rest on (designGames; of
// scenario sc, −1: all) with a variant whose param i has value v.
func (r *Sweep) valueGames(i int, v any, sc int) int {
	name := r.s.Params[i].Name
	n := 0
	recs, scen := r.designGames()
	for gi, g := range recs {
		if sc >= 0 && scen[gi] != sc {
			continue
		}
		for _, p := range g.Players {
			if p < len(r.variants) && space.ValueEqual(r.variants[p].Values[name], v) {
				n++
				break
			}
		}
	}
	return n
}

// predicted is every variant's predicted rating with its interval
// (NaN without effects).
func (r *Sweep) predicted(er *effectsResult) (est, lo, hi []float64) {
	n := len(r.variants)
	est, lo, hi = make([]float64, n), make([]float64, n), make([]float64, n)
	for v := range est {
		if er == nil {
			est[v], lo[v], hi[v] = math.NaN(), math.NaN(), math.NaN()
			continue
		}
		c := er.design.contrast(er.design.rows[v])
		if len(c) == 0 { // the defaults: 0 by construction
			est[v], lo[v], hi[v] = 0, math.NaN(), math.NaN()
			continue
		}
		est[v], lo[v], hi[v] = er.pooled.Predict(c, r.s.Tournament.Confidence)
	}
	return est, lo, hi
}

// writeEffects writes effects.csv, with the pairs of games behind each
// knob value (kp: inert.go; nil leaves them empty).
func (r *Sweep) writeEffects(er *effectsResult, kp *knobPairs) error {
	if er == nil {
		return nil
	}
	data, err := CSVBytes(kp.withPairs(r.s.ParamNames(), r.effectsRows(er)))
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(r.opt.Out, "effects.csv"), data)
}
