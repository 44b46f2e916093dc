package plan

import (
	"fmt"
	"slices"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// SeatPoint is a seat taken by a point of a continuous planner (spsa,
// cmaes): a configuration with explicit values that is neither a variant
// nor rated; games.csv names it "p<n>" with role "point".
const SeatPoint SeatKind = 3

// Entrants is what the continuous planners ask of the host beyond Host:
// configurations with explicit values. The sweep implements it.
type Entrants interface {
	// AddPoint registers a configuration (values of the varied
	// parameters, typed as they say) for SeatPoint seats and returns its
	// number. Points play but are not rated: their games go to games.csv
	// and to the planner, not to the ratings.
	AddPoint(values map[string]any) (int, error)
	// AddVariant appends a variant with these values to the sweep's
	// variants (variants.csv, the ratings, the verdict treat it like a
	// generated one) and returns its number.
	AddVariant(values map[string]any) (int, error)
}

// Table is a results file a planner writes besides bracket.csv (spsa.csv,
// cmaes.csv): its name and rows, the header first.
type Table struct {
	Name string
	Rows [][]string
}

// Tabler is a planner with results files of its own.
type Tabler interface {
	Tables() []Table
}

// entrantsOf is the host's Entrants, or an error.
func entrantsOf(h Host) (Entrants, error) {
	e, ok := h.(Entrants)
	if !ok {
		return nil, fmt.Errorf("plan: method needs a host that adds points and variants")
	}
	return e, nil
}

// pointTables lists the seatings of entrants (points, and the defaults as
// SeatFiller) on a p-seat map: every pair on two seats; on more, seeded
// tables of at most p entrants, empty seats taken by the defaults.
func pointTables(p int, ents []SeatRef, seed uint64) [][]SeatRef {
	var tables [][]SeatRef
	if len(ents) <= p {
		seats := slices.Clone(ents)
		for len(seats) < p {
			seats = append(seats, SeatRef{Kind: SeatFiller})
		}
		return [][]SeatRef{seats}
	}
	if p == 2 {
		for i := range ents {
			for j := i + 1; j < len(ents); j++ {
				tables = append(tables, []SeatRef{ents[i], ents[j]})
			}
		}
		return tables
	}
	return splitTables(ents, p, seed)
}

// splitTables seats entrants in seeded order at as few tables of p seats
// as hold them, as evenly as possible, empty seats taken by the defaults.
func splitTables(ents []SeatRef, p int, seed uint64) [][]SeatRef {
	order := slices.Clone(ents)
	rng := game.NewRand(seed)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	nt := (len(order) + p - 1) / p
	tables := make([][]SeatRef, 0, nt)
	for t := range nt {
		lo, hi := t*len(order)/nt, (t+1)*len(order)/nt
		seats := slices.Clone(order[lo:hi])
		for len(seats) < p {
			seats = append(seats, SeatRef{Kind: SeatFiller})
		}
		tables = append(tables, seats)
	}
	return tables
}

// pointBlock is one block of entrants on every scenario and map, seeded
// by seed (one deal per scenario and map).
func pointBlock(s *study.Study, round, number int, ents []SeatRef, seed uint64) *Block {
	var plans []GamePlan
	for si := range s.Scenarios {
		for mi, m := range s.Scenarios[si].Maps {
			ds := game.Mix(seed, uint64(si), uint64(mi))
			for gi, seats := range rotate(pointTables(m.Players(), ents, game.Mix(ds, 0x7ab1e))) {
				plans = append(plans, GamePlan{Scenario: si, Map: mi, Block: number, Number: gi, Seed: ds, Seats: seats})
			}
		}
	}
	return &Block{Round: round, Encounter: 1, Number: number, Games: plans}
}

// pointScores sums each entrant's points over a block's games, weighted
// by scenario (weights normalised to a mean of 1); games counts the
// games each played. Entrants are matched by their SeatRef.
func pointScores(s *study.Study, blk *Block, res []Result, ents []SeatRef) (points []float64, games []int) {
	points, games = make([]float64, len(ents)), make([]int, len(ents))
	wsum := 0.0
	for _, sc := range s.Scenarios {
		wsum += sc.Weight
	}
	for i, gp := range blk.Games {
		w := s.Scenarios[gp.Scenario].Weight / wsum * float64(len(s.Scenarios))
		for seat, ref := range gp.Seats {
			for e, x := range ents {
				if x == ref {
					points[e] += w * Points(res[i].Ranks, seat)
					games[e]++
				}
			}
		}
	}
	return points, games
}

// finalPhase plays the final point, a variant, against the defaults on
// fresh seeds (statistics.md §9: the end point is a hypothesis): at least
// games games in whole blocks of a knockout encounter, all at once.
type finalPhase struct {
	c       *contest
	variant int
	blocks  int
}

func newFinal(s *study.Study, round, variant, games int) *finalPhase {
	c := newContest(round, 0xf1, []int{0, variant}, false)
	gpb := blockGames(s, []int{0, 1}, false, nil)
	n := max(1, (games+gpb-1)/gpb)
	c.looks = []int{n}
	return &finalPhase{c: c, variant: variant, blocks: n}
}

// startFinal ends a continuous search (spsa, cmaes; issue 41: one place
// for both): it logs the search's convergence (path, step, r:
// convergence), adds the final point (search geometry) as a variant and
// returns its final phase, convergence.csv's rows and the phase's blocks.
func startFinal(h Host, e Entrants, s *study.Study, method string, path [][]float64, step []float64, r Rounds, point []float64, games int) (*finalPhase, [][]string, []*Block, error) {
	conv, lines := convergence(s, method, path, step, r)
	for _, l := range lines {
		h.Logf("%s", l)
	}
	v, err := e.AddVariant(playValues(s, point))
	if err != nil {
		return nil, nil, nil, err
	}
	f := newFinal(s, max(r.Done, r.Played)+1, v, games)
	what := "iterations"
	if method == "cmaes" {
		what = "generations"
	}
	h.Logf("%s: %d %s done; the final point (variant %d) plays the defaults on fresh seeds (%d blocks)\n", method, r.Done, what, v, f.blocks)
	h.Status("final point against the defaults")
	return f, conv, f.next(s), nil
}

// lookFinal books the final phase's results (round: the search's rounds
// and one).
func (b *base) lookFinal(f *finalPhase, round int, blocks []*Block, results [][]Result) error {
	if err := bookAll(blocks, results); err != nil {
		return err
	}
	c := f.c
	c.status = "final"
	b.decided["final"]++
	b.rounds = round
	for col := range c.cols {
		b.bracketRow(c, col, c.cols[col] == f.variant)
	}
	return nil
}

// winner is the final point's variant, once it has one.
func (f *finalPhase) winner(method string) (int, error) {
	if f == nil {
		return 0, fmt.Errorf("%s: no final point", method)
	}
	return f.variant, nil
}

func (f *finalPhase) next(s *study.Study) []*Block {
	var blocks []*Block
	for ; f.c.blocks < f.blocks; f.c.blocks++ {
		blocks = append(blocks, newBlock(s, f.c, f.c.blocks))
	}
	return blocks
}

// finalGames is the games of the final phase.
func finalGames(s *study.Study) int {
	gpb := blockGames(s, []int{0, 1}, false, nil)
	return max(1, (s.Generate.Continuous.FinalGames+gpb-1)/gpb) * gpb
}

// formatPoint writes a point's values in parameter order for a CSV row.
func formatPoint(s *study.Study, x []float64) []string {
	out := make([]string, len(x))
	for i, p := range s.Params {
		if p.Param.Kind == game.Int {
			out[i] = FmtRound(x[i], 3)
		} else {
			out[i] = FmtRound(x[i], 6)
		}
	}
	return out
}

// continuousPlan counts the games of spsa and cmaes: fixed, the
// iterations (or generations) and the final phase.
func continuousPlan(s *study.Study) Plan {
	cfg := ContinuousConfig(s)
	pl := Plan{Format: s.Generate.Method}
	var ents []SeatRef
	rounds, blocks := cfg.Iterations, 1
	n := 2
	if s.Generate.Method == "cmaes" {
		n = CMAESPopulation(s) + 1
		rounds, blocks = cfg.Generations, cfg.Blocks
	}
	for i := range n {
		ents = append(ents, SeatRef{Kind: SeatPoint, Point: i})
	}
	per := pointBlock(s, 1, 0, ents, 0)
	pl.PerMap = s.PerMap()
	for _, gp := range per.Games {
		pl.PerMap[gp.Scenario][gp.Map] += rounds * blocks
	}
	search := rounds * blocks * len(per.Games)
	if s.Generate.Method == "cmaes" {
		// the generations, then the SPSA finish's iterations (cmaesSplit)
		gens, iters := cmaesSplit(s, cfg)
		for i := range pl.PerMap {
			clear(pl.PerMap[i])
		}
		for _, gp := range per.Games {
			pl.PerMap[gp.Scenario][gp.Map] += gens * blocks
		}
		it := pointBlock(s, 1, 0, ents[:2], 0)
		for _, gp := range it.Games {
			pl.PerMap[gp.Scenario][gp.Map] += iters
		}
		search = gens*blocks*len(per.Games) + iters*len(it.Games)
		rounds = gens + iters
	}
	pl.SearchPerMap = make([][]int, len(s.Scenarios))
	for i := range pl.PerMap {
		pl.SearchPerMap[i] = slices.Clone(pl.PerMap[i])
	}
	fin := s.PerMap()
	gpb := blockGames(s, []int{0, 1}, false, fin)
	fb := finalGames(s) / gpb
	for si := range fin {
		for mi := range fin[si] {
			pl.PerMap[si][mi] += fin[si][mi] * fb
		}
	}
	pl.Rounds = rounds + 1
	pl.GamesPerSearch = search
	pl.MaxGames = pl.GamesPerSearch + finalGames(s)
	pl.MinGames = pl.MaxGames
	return pl
}
