package plan

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"tourney/engines/game"
	"tourney/tuner/study"
)

// Planner proposes the blocks of a sweep and reads their results
// (statistics.md §2, §5). The sweep loop asks Next for a batch, plays it
// (a runner: the local arena, or a cluster), hands the results to Look
// in the same order, and asks again until Next returns no block. The
// order of the blocks, and so of games.csv, depends only on the space
// and the results, never on timing.
type Planner interface {
	// Next proposes the blocks to play before the next look; none when
	// the tournament is over.
	Next(h Host) ([]*Block, error)
	// Look reads the results of the blocks of the last Next, in order:
	// results[i] are blocks[i]'s games, in the order of its Games.
	Look(h Host, blocks []*Block, results [][]Result) error
	// Winner is the variant the tournament chose (after Next returned
	// no block).
	Winner(h Host) (int, error)
	// Report is what the results files say about the decisions.
	Report() Report
}

// Host is what a planner may ask of the sweep that runs it.
type Host interface {
	// Fit rates every variant (index = variant number) on every game so
	// far; NaN for a variant without games.
	Fit() ([]float64, error)
	// Logf writes a line for the user (stderr, above the progress bar).
	Logf(format string, args ...any)
	// Status sets the progress line's status.
	Status(text string)
	// Leader names the best of vs by Fit for the progress line.
	Leader(vs []int) string
	// Rate gives the effects-informed ratings (statistics.md §7) of
	// every variant, played or not: the parameter effects fitted on
	// every game so far, plus a shrunk residual of each variant that
	// played.
	Rate() ([]float64, error)
}

// Result is one played game, as a planner reads it.
type Result struct {
	Ranks []int // per seat: 1 = best, ties share the better rank
	// Print is the game's fingerprint (arena.Print): a block whose games
	// all have the Prints of an earlier block of its contest is that
	// block again and counts once (statistics.md §8).
	Print uint64
}

// Block is one deal (scenario, map, seed, opening) played once for each
// seating of a rotation, on every scenario and map (statistics.md §2).
type Block struct {
	Round, Encounter int // games.csv's round and encounter
	Number           int // the block within its contest (games.csv's block)
	Games            []GamePlan
	// Dup is set when the block's results are booked and it repeats an
	// earlier block of its contest game for game: it counts once, in the
	// tests and in the ratings (statistics.md §8).
	Dup bool

	c *contest
	// col is, per game and seat, the contest column (−1: not a
	// variant), weight its share of the block result.
	col    [][]int
	weight [][]float64
}

// Report is a planner's account of its decisions, for the results files.
type Report struct {
	Rounds int
	// Bracket is bracket.csv without its header.
	Bracket [][]string
	// OutRound is, per variant, the round (or look) it was eliminated
	// in; 0 for a variant still in at the end.
	OutRound map[int]int
	// Decisions counts how contests were decided (evidence, cap, bye,
	// budget, one-left).
	Decisions map[string]int
	// Stopped is, per variant whose last encounter stopped on evidence
	// against it (a knockout encounter decided before its cap, a race's
	// drop, a halving rung's cut), that encounter's looks and its test's degrees of freedom:
	// the ratings widen that variant's upper bound as the encounter's
	// test would (tuner/ratings.go).
	Stopped map[int]Stop
}

// Stop is how an encounter that stopped on evidence was decided: the
// looks it had (its test's level was (1 − confidence)/Looks) and its
// test's degrees of freedom when it stopped (a knockout's paired t: the
// distinct blocks; a race's Conover t: (blocks − 1)(survivors − 1)).
//
// For a variant cut at a halving rung, Ranked is the number of variants
// the rung ranked (the cut is by rank among them, not by a test; Looks
// is 0) and Blocks the distinct rung blocks it played.
type Stop struct{ Looks, Blocks, Ranked int }

// BracketHeader is bracket.csv's header.
var BracketHeader = []string{"round", "encounter", "variant", "advanced", "score", "blocks", "games", "decided", "p_value"}

// New is the planner of the space's tournament format.
func New(s *study.Study, variants int) (Planner, error) {
	base := newBase(s, variants)
	switch s.Generate.Method { // continuous methods move a point (spsa.go, cmaes.go)
	case "spsa":
		return newSPSA(base), nil
	case "cmaes":
		return newCMAES(base)
	case "staged": // a tournament per stage (staged.go)
		return newStaged(base), nil
	}
	switch s.Tournament.Format {
	case "race":
		return &race{base: base}, nil
	case "knockout", "":
		return &knockout{base: base}, nil
	case "halving":
		return &halving{base: base}, nil
	}
	return nil, fmt.Errorf("tournament format %q has no planner", s.Tournament.Format)
}

// base is what every planner of contests shares.
type base struct {
	s        *study.Study
	n        int // variants
	bracket  [][]string
	outRound map[int]int
	stopped  map[int]Stop
	decided  map[string]int
	rounds   int
}

func newBase(s *study.Study, n int) base {
	if c := s.Candidates(); c > 0 && c < n {
		n = c // method factorial: the other grid points are only predicted
	}
	return base{s: s, n: n, outRound: map[int]int{}, stopped: map[int]Stop{}, decided: map[string]int{}}
}

func (b *base) Report() Report {
	return Report{Rounds: b.rounds, Bracket: b.bracket, OutRound: b.outRound, Decisions: b.decided, Stopped: b.stopped}
}

// contest is the data of one sequential decision: a knockout encounter,
// or the race. x[b][i] is column i's result in block b: its mean points
// over the block's games, weighted by scenario and averaged over maps.
type contest struct {
	round, index int
	cols         []int // variant of each column
	col          map[int]int
	alive        []bool // race: columns still running
	x            [][]float64
	blocks       int // blocks scheduled
	looks        []int
	look         int
	status       string // "" while playing; evidence, cap, bye; race: budget, one-left
	p            float64
	games        int
	race         bool
	// halving: a rung (seeded tables of survivors); seedTag, when set,
	// gives a race its own seeds (halving's final race).
	halving bool
	seedTag uint64
	scens   []bool // halving: the scenarios this rung plays (nil: all)
	// field: a gauntlet's field rung (every column against the field
	// only); self: a gauntlet's first rung (self-play only)
	field, self bool
	holdout     bool // the winner's hold-out rung (HoldOut)
	// seen holds the fingerprints of the contest's blocks so far; dup
	// marks, per block, one that repeated an earlier block game for game
	// (statistics.md §8: it counts once).
	seen map[uint64]bool
	dup  []bool
}

// MinDistinct is the fewest distinct blocks a comparison needs before a
// test may separate variants: identical blocks count once, and fewer
// distinct ones cannot estimate a variance (statistics.md §8).
const MinDistinct = 4

// rows are the results of the contest's distinct blocks.
func (c *contest) rows() [][]float64 {
	var out [][]float64
	for b, row := range c.x[:c.blocks] {
		if b < len(c.dup) && c.dup[b] {
			continue
		}
		out = append(out, row)
	}
	return out
}

func newContest(round, index int, variants []int, race bool) *contest {
	c := &contest{round: round, index: index, cols: slices.Clone(variants), col: map[int]int{}, race: race, p: math.NaN()}
	c.alive = make([]bool, len(variants))
	for i, v := range variants {
		c.col[v] = i
		c.alive[i] = true
	}
	return c
}

func (c *contest) aliveVariants() []int {
	var out []int
	for i, v := range c.cols {
		if c.alive[i] {
			out = append(out, v)
		}
	}
	return out
}

// planBlock lists the games of block b of contest c: every scenario and
// map, every table rotated over its seats, one seed per (scenario, map)
// for all of them (statistics.md §2).
// GameSeed is the seed a game is played with: 63 bits of a derived seed,
// so that games.csv's seed column is an int64 for every reader (pandas
// reads a column with a value above 2^63 − 1 as uint64, R's integer64 is
// signed).
func GameSeed(seed uint64) uint64 { return seed &^ (1 << 63) }

func planBlock(s *study.Study, c *contest, b int) []GamePlan {
	alive := c.aliveVariants()
	var plans []GamePlan
	for si := range s.Scenarios {
		if c.scens != nil && !c.scens[si] {
			continue
		}
		sc := &s.Scenarios[si]
		for mi, m := range sc.Maps {
			p := m.Players()
			var seed uint64
			var tables [][]SeatRef
			switch {
			case c.holdout && s.Tournament.Gauntlet && len(c.cols) > 1:
				// a gauntlet's hold-out: the winner and the defaults
				// against the field on the same fresh deals
				seed = holdoutSeed(s, si, mi, b)
				tables = fieldTables(s, si, p, c.cols)
			case c.holdout:
				seed = holdoutSeed(s, si, mi, b)
				tables = holdoutTables(p, c.cols)
			case c.halving && c.field:
				seed = game.Mix(s.Seed, seedTagHalving, uint64(c.round), uint64(si), uint64(mi), uint64(b))
				tables = fieldTables(s, si, p, alive)
			case c.halving:
				seed = game.Mix(s.Seed, seedTagHalving, uint64(c.round), uint64(si), uint64(mi), uint64(b))
				tables = halvingTables(s, si, p, alive, game.Mix(seed, 0x7ab1e), c.round == 1)
				if c.self {
					tables = tables[:len(tables)-len(fieldTables(s, si, p, alive))]
				}
			case c.race && c.seedTag != 0:
				seed = game.Mix(s.Seed, c.seedTag, uint64(si), uint64(mi), uint64(b))
				tables = raceTables(s, si, p, alive, game.Mix(seed, 0x7ab1e))
			case c.race:
				seed = game.Mix(s.Seed, 0x7ace, uint64(si), uint64(mi), uint64(b))
				tables = raceTables(s, si, p, alive, game.Mix(seed, 0x7ab1e))
			default:
				seed = game.Mix(s.Seed, uint64(c.round), uint64(c.index), uint64(si), uint64(mi), uint64(b))
				tables = encounterTables(s, si, p, alive)
			}
			for gi, seats := range rotate(tables) {
				plans = append(plans, GamePlan{Scenario: si, Map: mi, Block: b, Number: gi, Seed: GameSeed(seed), Seats: seats})
			}
		}
	}
	return plans
}

// newBlock schedules block b of contest c. A variant's block result is
// its mean points over its games of the block on each (scenario, map),
// averaged over the maps of a scenario and weighted by the scenarios'
// weights.
func newBlock(s *study.Study, c *contest, b int) *Block {
	for len(c.x) <= b {
		c.x = append(c.x, make([]float64, len(c.cols)))
	}
	return blockOf(s, c, b, planBlock(s, c, b))
}

// book adds a block's results to its contest and marks a block that
// repeats an earlier one (the same seatings, the same games).
func (blk *Block) book(res []Result) {
	c := blk.c
	h := uint64(0xb10c)
	for i, r := range res {
		h = game.Mix(h, r.Print)
		for _, ref := range blk.Games[i].Seats {
			h = game.Mix(h, uint64(ref.Kind), uint64(ref.Variant), uint64(ref.Field))
		}
	}
	if c.seen == nil {
		c.seen = map[uint64]bool{}
	}
	for len(c.dup) <= blk.Number {
		c.dup = append(c.dup, false)
	}
	blk.Dup = c.seen[h]
	c.dup[blk.Number] = blk.Dup
	c.seen[h] = true
	for i, r := range res {
		for seat, col := range blk.col[i] {
			if col >= 0 {
				c.x[blk.Number][col] += Points(r.Ranks, seat) * blk.weight[i][seat]
			}
		}
	}
}

// bookAll books every block's results.
func bookAll(blocks []*Block, results [][]Result) error {
	if len(blocks) != len(results) {
		return fmt.Errorf("plan: %d results for %d blocks", len(results), len(blocks))
	}
	for i, b := range blocks {
		if len(results[i]) != len(b.Games) {
			return fmt.Errorf("plan: block %d: %d results for %d games", i, len(results[i]), len(b.Games))
		}
		b.book(results[i])
	}
	return nil
}

// orderByRating orders a contest's live columns by the ratings, exact
// ties by a seeded shuffle; never by variant number.
func (c *contest) orderByRating(fit []float64, seed uint64) []int {
	var order []int
	for i := range c.cols {
		if c.alive[i] {
			order = append(order, i)
		}
	}
	rng := game.NewRand(seed)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	sortDesc(order, func(i int) float64 { return fit[c.cols[i]] })
	return order
}

// sortDesc sorts xs by key, largest first, keeping the order of equal
// keys (a key that is NaN is equal to every other).
func sortDesc(xs []int, key func(int) float64) {
	slices.SortStableFunc(xs, func(a, b int) int {
		ra, rb := key(a), key(b)
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
}

// bracketRow writes one row of bracket.csv (long format: one row per
// encounter, or race look, and participant).
func (b *base) bracketRow(c *contest, col int, advanced bool) {
	mean := math.NaN()
	if rows := c.rows(); len(rows) > 0 {
		mean = 0
		for _, row := range rows {
			mean += row[col]
		}
		mean /= float64(len(rows))
	}
	adv := "0"
	if advanced {
		adv = "1"
	}
	b.bracket = append(b.bracket, []string{strconv.Itoa(c.round), strconv.Itoa(c.index), strconv.Itoa(c.cols[col]),
		adv, FmtRound(mean, 4), strconv.Itoa(c.blocks), strconv.Itoa(c.games), c.status, fmtP(c.p)})
}

// fmtP writes a p-value (empty when there was no test).
func fmtP(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return strconv.FormatFloat(p, 'g', 4, 64)
}

// FmtRound rounds to d decimals (NaN and ±Inf as written by strconv; no
// "-0").
func FmtRound(f float64, d int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	p := math.Pow(10, float64(d))
	r := math.Round(f*p) / p
	if r == 0 {
		r = 0 // no "-0.0"
	}
	return strconv.FormatFloat(r, 'f', d, 64)
}
