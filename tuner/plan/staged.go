package plan

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"tourney/engines/game"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// staged is the procedure of the ReversiXT report (product.md §5,
// method = "staged") as one sweep:
//
//  1. each parameter alone: the defaults and up to 8 values around the
//     default (the default included), in a tournament of their own (the
//     space's format); the two best values by rating are kept;
//  2. the product of the kept values with the defaults (the space's
//     format);
//  3. the winner of stage 2 and the variants it could not be separated
//     from (at most 7 in all, the best by rating), against the defaults
//     and the field, in a race. Its winner is the sweep's; the sweep's
//     hold-out rung and verdict follow as after any planner.
//
// Every stage is a tournament of its own planner (knockout, race,
// halving) on a sub-space of its variants, played one after the other:
// the stages' rounds follow each other in games.csv and bracket.csv.
// Stage 1's variants are the space's (generate.go lists them); stage 2's
// and stage 3's are known only from the results, and the sweep adds them
// (Entrants.AddVariant) as new variants, the defaults apart: a variant's
// rating then rests on the games of its own stage, not on those that
// chose it. Choices read the ratings of every game so far (Host.Fit; exact
// ties by a seeded shuffle, never by variant number) and stage 2's
// inseparable variants the bootstrap of the verdict (Separator).
type staged struct {
	base
	center  []any
	vals    [][]any // values of every variant so far, in parameter order
	def     int     // the defaults' variant
	param   int     // stage 1: the parameter playing
	stage   int     // 1, 2, 3; 4: done
	cur     *stagePart
	parts   []*stagePart
	kept    [][]any
	fins    []int // stage 3's entrants besides the defaults
	winner  int
	offset  int // rounds of the finished stages
	stages  [][]string
	started bool
}

// stagePart is one stage's tournament (one parameter's, in stage 1).
type stagePart struct {
	name string
	sp   *study.Study
	pl   Planner
	m    []int // the sub-space's variant → the sweep's
	off  int   // the rounds before it
}

// Separator is what staged asks of the host besides Host: the variants
// the ratings of every game so far cannot separate from a given one (the
// verdict's criterion: bootstrap refits, distinct blocks). The sweep
// implements it.
type Separator interface {
	Inseparable(v int, among []int) ([]int, error)
}

// StagesHeader is stages.csv's header.
var StagesHeader = []string{"stage", "parameter", "values", "kept", "variants", "rounds"}

// The stages' seeds (the sub-spaces' seeds, and their coins).
const (
	seedTagKeep = 0x57a6e
	seedTagFins = 0x57a6f
)

func newStaged(b base) *staged {
	p := &staged{base: b, center: b.s.DefaultPoint(), def: -1, stage: 1}
	for _, v := range b.s.Variants() {
		p.vals = append(p.vals, valuesOf(b.s, v))
	}
	p.def = slices.IndexFunc(p.vals, func(x []any) bool { return sameValues(x, p.center) })
	p.kept = make([][]any, len(b.s.Params))
	p.stages = [][]string{StagesHeader}
	return p
}

func valuesOf(s *study.Study, v space.Variant) []any {
	out := make([]any, len(s.Params))
	for i, p := range s.Params {
		out[i] = v.Values[p.Name]
	}
	return out
}

func sameValues(a, b []any) bool {
	return slices.EqualFunc(a, b, space.ValueEqual)
}

// stage1Points are stage 1's points of parameter i: the defaults, then
// the parameter's values around its default.
func stage1Points(s *study.Study, center []any, i int) (pts [][]any, vals []any) {
	vals = space.StageValues(s.Params[i], center[i])
	pts = [][]any{center}
	for _, v := range vals {
		pt := slices.Clone(center)
		pt[i] = v
		pts = append(pts, pt)
	}
	return pts, vals
}

// stageSpace is the sub-space of a stage: its variants are pts, the
// first the defaults.
func stageSpace(s *study.Study, name string, pts [][]any, seed uint64, format string) *study.Study {
	return s.Sub(s.Name+"-"+name, seed, pts, true, format)
}

func stage1Space(s *study.Study, center []any, i int) (*study.Study, []any) {
	pts, vals := stage1Points(s, center, i)
	return stageSpace(s, "stage1-"+s.Params[i].Name, pts, game.Mix(s.Seed, 1, uint64(i)), s.Tournament.Format), vals
}

func stage2Space(s *study.Study, center []any, kept [][]any) *study.Study {
	params := slices.Clone(s.Params)
	for i := range params {
		params[i].Values = kept[i]
	}
	pts := append([][]any{center}, space.GridPoints(params)...)
	return stageSpace(s, "stage2", pts, game.Mix(s.Seed, 2), s.Tournament.Format)
}

func stage3Space(s *study.Study, center []any, fins [][]any) *study.Study {
	return stageSpace(s, "stage3", append([][]any{center}, fins...), game.Mix(s.Seed, 3), "race")
}

// start begins the next stage (or parameter of stage 1); none when the
// procedure is over.
func (p *staged) start(h Host) error {
	var sp *study.Study
	var name string
	switch p.stage {
	case 1:
		sp, _ = stage1Space(p.s, p.center, p.param)
		name = "stage1-" + p.s.Params[p.param].Name
	case 2:
		sp, name = stage2Space(p.s, p.center, p.kept), "stage2"
	case 3:
		var fins [][]any
		for _, v := range p.fins {
			fins = append(fins, p.vals[v])
		}
		sp, name = stage3Space(p.s, p.center, fins), "stage3"
	default:
		return nil
	}
	part := &stagePart{name: name, sp: sp, off: p.offset}
	for k, v := range sp.Variants() {
		pt := valuesOf(p.s, v)
		g := -1
		switch {
		case k == 0 && p.def >= 0:
			g = p.def
		case p.stage == 1:
			g = slices.IndexFunc(p.vals, func(x []any) bool { return sameValues(x, pt) })
		}
		if g < 0 { // stages 2 and 3: a new variant
			e, err := entrantsOf(h)
			if err != nil {
				return err
			}
			if g, err = e.AddVariant(v.Values); err != nil {
				return err
			}
			for len(p.vals) <= g {
				p.vals = append(p.vals, nil)
			}
			p.vals[g] = pt
			if k == 0 {
				p.def = g
			}
		}
		part.m = append(part.m, g)
	}
	pl, err := New(sp, len(part.m))
	if err != nil {
		return err
	}
	part.pl = pl
	p.cur = part
	p.parts = append(p.parts, part)
	h.Logf("%s: %d variants (%s)\n", name, len(part.m), fmtInts(part.m))
	h.Status(name)
	return nil
}

func (p *staged) Next(h Host) ([]*Block, error) {
	if !p.started {
		p.started = true
		if len(p.s.Params) == 0 {
			p.stage = 2
		}
	}
	for p.stage <= 3 {
		if p.cur == nil {
			if err := p.start(h); err != nil {
				return nil, err
			}
		}
		part := p.cur
		blocks, err := part.pl.Next(part.host(h))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", part.name, err)
		}
		if len(blocks) > 0 {
			for _, b := range blocks {
				part.remap(b)
			}
			return blocks, nil
		}
		if err := p.end(h); err != nil {
			return nil, fmt.Errorf("%s: %w", part.name, err)
		}
	}
	return nil, nil
}

// remap turns a stage's block into the sweep's: variants renumbered,
// rounds after the earlier stages'.
func (part *stagePart) remap(b *Block) {
	b.Round += part.off
	for g := range b.Games {
		seats := slices.Clone(b.Games[g].Seats)
		for j := range seats {
			if seats[j].Kind == SeatVariant {
				seats[j].Variant = part.m[seats[j].Variant]
			}
		}
		b.Games[g].Seats = seats
	}
}

func (p *staged) Look(h Host, blocks []*Block, results [][]Result) error {
	if p.cur == nil {
		return fmt.Errorf("staged: results without a stage")
	}
	return p.cur.pl.Look(p.cur.host(h), blocks, results)
}

// order orders variants by the ratings, best first; exact ties (and
// variants without a rating, last) by a seeded shuffle.
func order(vs []int, fit []float64, seed uint64) []int {
	out := slices.Clone(vs)
	rng := game.NewRand(seed)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	key := func(v int) float64 {
		if v >= len(fit) || math.IsNaN(fit[v]) {
			return math.Inf(-1)
		}
		return fit[v]
	}
	sortDesc(out, key)
	return out
}

// end closes the current stage and makes its choice.
func (p *staged) end(h Host) error {
	part := p.cur
	rounds := part.pl.Report().Rounds
	span := ""
	if rounds > 0 {
		span = fmt.Sprintf("%d-%d", part.off+1, part.off+rounds)
	}
	p.offset += rounds
	p.cur = nil
	switch p.stage {
	case 1:
		i := p.param
		prm := p.s.Params[i]
		fit, err := h.Fit()
		if err != nil {
			return err
		}
		for _, v := range order(part.m, fit, game.Mix(p.s.Seed, seedTagKeep, uint64(i))) {
			x := p.vals[v][i]
			if !slices.ContainsFunc(p.kept[i], func(y any) bool { return space.ValueEqual(x, y) }) {
				p.kept[i] = append(p.kept[i], x)
			}
			if len(p.kept[i]) == 2 {
				break
			}
		}
		_, vals := stage1Points(p.s, p.center, i)
		p.stages = append(p.stages, []string{"1", prm.Name, joinValues(vals), joinValues(p.kept[i]), fmtInts(part.m), span})
		h.Logf("%s: kept %s\n", part.name, joinValues(p.kept[i]))
		if p.param++; p.param == len(p.s.Params) {
			p.stage = 2
		}
	case 2:
		w, err := part.pl.Winner(part.host(h))
		if err != nil {
			return err
		}
		w = part.m[w]
		var ins []int
		if len(part.m) > 1 {
			sep, ok := h.(Separator)
			if !ok {
				return fmt.Errorf("staged: the host cannot tell inseparable variants")
			}
			if ins, err = sep.Inseparable(w, part.m); err != nil {
				return err
			}
		}
		fit, err := h.Fit()
		if err != nil {
			return err
		}
		ins = order(ins, fit, game.Mix(p.s.Seed, seedTagFins))
		p.fins = append([]int{w}, ins[:min(len(ins), 6)]...)
		p.stages = append(p.stages, []string{"2", paramNames(p.s), "", fmtInts(p.fins), fmtInts(part.m), span})
		h.Logf("stage2: winner %d, finalists %s\n", w, fmtInts(p.fins))
		p.stage = 3
	case 3:
		w, err := part.pl.Winner(part.host(h))
		if err != nil {
			return err
		}
		p.winner = part.m[w]
		p.stages = append(p.stages, []string{"3", paramNames(p.s), "", strconv.Itoa(p.winner), fmtInts(part.m), span})
		h.Logf("stage3: winner %d\n", p.winner)
		p.stage = 4
	}
	return nil
}

func (p *staged) Winner(Host) (int, error) {
	if p.stage <= 3 {
		return 0, fmt.Errorf("staged: stage %d is not over", p.stage)
	}
	return p.winner, nil
}

// Report joins the stages' reports: rounds one after the other, variants
// renumbered. A variant is out at the round it was eliminated in, or
// else at its stage's last round when the run went on without it (the
// defaults play every stage: stage 3 says).
func (p *staged) Report() Report {
	rep := Report{OutRound: map[int]int{}, Decisions: map[string]int{}}
	for k, part := range p.parts {
		r := part.pl.Report()
		for _, row := range r.Bracket {
			row = slices.Clone(row)
			if n, err := strconv.Atoi(row[0]); err == nil {
				row[0] = strconv.Itoa(n + part.off)
			}
			if v, err := strconv.Atoi(row[2]); err == nil && v >= 0 && v < len(part.m) {
				row[2] = strconv.Itoa(part.m[v])
			}
			rep.Bracket = append(rep.Bracket, row)
		}
		for d, n := range r.Decisions {
			rep.Decisions[d] += n
		}
		last := k == len(p.parts)-1 && p.stage > 3
		for v, g := range part.m {
			switch out, ok := r.OutRound[v]; {
			case ok && out > 0:
				rep.OutRound[g] = part.off + out
			case !last:
				rep.OutRound[g] = part.off + r.Rounds
			default:
				delete(rep.OutRound, g)
			}
		}
		rep.Rounds = part.off + r.Rounds
	}
	return rep
}

// Tables is stages.csv: per stage (and stage 1's parameter) the values
// played and kept (stage 2: the finalists, stage 3: the winner), the
// variants and the rounds.
func (p *staged) Tables() []Table { return []Table{{Name: "stages.csv", Rows: p.stages}} }

// host is the Host a stage's planner sees: its sub-space's variants.
func (part *stagePart) host(h Host) Host { return &stageHost{h: h, part: part} }

type stageHost struct {
	h    Host
	part *stagePart
}

func (s *stageHost) pick(all []float64, err error) ([]float64, error) {
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(s.part.m))
	for k, g := range s.part.m {
		out[k] = all[g]
	}
	return out, nil
}

func (s *stageHost) Fit() ([]float64, error)  { return s.pick(s.h.Fit()) }
func (s *stageHost) Rate() ([]float64, error) { return s.pick(s.h.Rate()) }
func (s *stageHost) Logf(format string, args ...any) {
	s.h.Logf(s.part.name+": "+format, args...)
}
func (s *stageHost) Status(text string) { s.h.Status(s.part.name + ": " + text) }
func (s *stageHost) Leader(vs []int) string {
	g := make([]int, len(vs))
	for i, v := range vs {
		g[i] = s.part.m[v]
	}
	return s.h.Leader(g)
}

func joinValues(vs []any) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = game.FormatValue(v)
	}
	return strings.Join(out, " ")
}

func fmtInts(vs []int) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strconv.Itoa(v)
	}
	return strings.Join(out, " ")
}

func paramNames(s *study.Study) string {
	var out []string
	for _, p := range s.Params {
		out = append(out, p.Name)
	}
	return strings.Join(out, " ")
}

// StageBound bounds one stage of a staged space (validate): its
// variants and its games, at most (stage 2 with two kept values of every
// parameter, stage 3 with seven finalists).
type StageBound struct {
	Stage    string
	Variants int
	Plan     Plan
}

// StagedBounds bounds every stage of a staged space; planStaged adds
// them up.
func StagedBounds(s *study.Study) []StageBound {
	center := s.DefaultPoint()
	var out []StageBound
	add := func(stage string, sp *study.Study) int {
		n := len(sp.Variants())
		out = append(out, StageBound{Stage: stage, Variants: n, Plan: PlanTournament(sp, n)})
		return n
	}
	kept := make([][]any, len(s.Params))
	for i, p := range s.Params {
		sp, vals := stage1Space(s, center, i)
		add("stage1-"+p.Name, sp)
		// the most product points: two values besides the default
		for _, v := range vals {
			if len(kept[i]) < 2 && !space.ValueEqual(v, center[i]) {
				kept[i] = append(kept[i], v)
			}
		}
		if len(kept[i]) == 0 {
			kept[i] = []any{center[i]}
		}
	}
	sp2 := stage2Space(s, center, kept)
	n2 := add("stage2", sp2)
	var fins [][]any
	for _, v := range sp2.Variants()[1:min(n2, 8)] {
		fins = append(fins, valuesOf(s, v))
	}
	add("stage3", stage3Space(s, center, fins))
	return out
}

// planStaged adds the stages' bounds up (the hold-out rung is the
// sweep's: AddHoldOut).
func planStaged(s *study.Study) Plan {
	pl := Plan{Format: "staged", PerMap: s.PerMap()}
	for _, st := range StagedBounds(s) {
		b := st.Plan
		pl.MinGames += b.MinGames
		pl.MaxGames += b.MaxGames
		pl.Rounds += b.Rounds
		pl.GamesPerRound = append(pl.GamesPerRound, b.GamesPerRound...)
		for si := range b.PerMap {
			for mi := range b.PerMap[si] {
				pl.PerMap[si][mi] += b.PerMap[si][mi]
			}
		}
	}
	return pl
}
