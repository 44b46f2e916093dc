package plan

import (
	"fmt"
	"math"
	"slices"

	"tourney/tuner/space"
	"tourney/tuner/study"

	"gonum.org/v1/gonum/stat/distuv"

	"tourney/engines/game"
)

// SeatKind says who fills a seat of a planned game.
type SeatKind int

const (
	SeatVariant SeatKind = iota // a variant of the space
	SeatFiller                  // the scenario bot's default configuration
	SeatField                   // a reference bot of the scenario's field
)

// SeatRef names who sits in a seat.
type SeatRef struct {
	Kind SeatKind
	// Variant is the variant number (SeatVariant); Field indexes the
	// scenario's Field (SeatField).
	Variant, Field int
	// Point is a point of a continuous planner (SeatPoint, points.go).
	Point int
}

// GamePlan is one game of a block.
type GamePlan struct {
	Scenario, Map int
	Block         int // block number within the encounter (or race)
	Number        int // game number within the block's (scenario, map)
	Seed          uint64
	Seats         []SeatRef
}

// Encounter is one group of a knockout round.
type Encounter struct {
	Round, Index int   // both 1-based
	Variants     []int // variant numbers, in draw order
	Advance      int   // how many go on
}

// Bye reports whether the encounter is a lone variant that goes on without
// playing.
func (e *Encounter) Bye() bool { return len(e.Variants) == 1 }

// DrawRound splits the alive variants of a round into encounters: a seeded
// shuffle, then groups of t.Group in shuffled order; the last group may be
// smaller, and a lone variant gets a bye. A smaller group lets at most
// size−1 variants advance.
func DrawRound(s *study.Study, round int, alive []int) []*Encounter {
	order := slices.Clone(alive)
	rng := game.NewRand(game.Mix(s.Seed, 0xd4a1, uint64(round)))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	t := s.Tournament
	var encs []*Encounter
	for i := 0; i < len(order); i += t.Group {
		grp := order[i:min(i+t.Group, len(order))]
		e := &Encounter{Round: round, Index: len(encs) + 1, Variants: slices.Clone(grp)}
		e.Advance = min(t.Advance, len(grp)-1)
		if e.Bye() {
			e.Advance = 1
		}
		encs = append(encs, e)
	}
	return encs
}

// encounterTables lists the seatings of one block of a knockout encounter
// on a p-seat map (product.md §3):
//   - at most p variants: one table of all of them, the other seats taken
//     by the default configuration;
//   - more than p variants: every p-subset of them (a round robin);
//   - each variant against each field bot (the remaining seats also taken
//     by that field bot).
func encounterTables(s *study.Study, sc, p int, variants []int) [][]SeatRef {
	var tables [][]SeatRef
	if len(variants) <= p {
		var seats []SeatRef
		for _, v := range variants {
			seats = append(seats, SeatRef{Kind: SeatVariant, Variant: v})
		}
		for len(seats) < p {
			seats = append(seats, SeatRef{Kind: SeatFiller})
		}
		tables = append(tables, seats)
	} else {
		for _, sub := range combinations(len(variants), p) {
			seats := make([]SeatRef, p)
			for j, k := range sub {
				seats[j] = SeatRef{Kind: SeatVariant, Variant: variants[k]}
			}
			tables = append(tables, seats)
		}
	}
	return append(tables, fieldTables(s, sc, p, variants)...)
}

// fieldTables seats each variant against each field bot of scenario sc.
func fieldTables(s *study.Study, sc, p int, variants []int) [][]SeatRef {
	var tables [][]SeatRef
	for fi := range s.Scenarios[sc].Field {
		for _, v := range variants {
			seats := []SeatRef{{Kind: SeatVariant, Variant: v}}
			for len(seats) < p {
				seats = append(seats, SeatRef{Kind: SeatField, Field: fi})
			}
			tables = append(tables, seats)
		}
	}
	return tables
}

// raceTables lists the seatings of one race block on a p-seat map: on two
// seats every pair of survivors (a round robin); on more, the survivors
// split into tables of at most p (a seeded draw per block, as even as
// possible, empty seats taken by the default configuration), or one table
// when they fit. Field tables as in a knockout.
func raceTables(s *study.Study, sc, p int, alive []int, seed uint64) [][]SeatRef {
	var tables [][]SeatRef
	switch {
	case p == 2 || len(alive) <= p:
		tables = encounterTables(s, sc, p, alive)
		return tables
	default:
		ents := make([]SeatRef, len(alive))
		for i, v := range alive {
			ents[i] = SeatRef{Kind: SeatVariant, Variant: v}
		}
		tables = splitTables(ents, p, seed)
	}
	return append(tables, fieldTables(s, sc, p, alive)...)
}

// rotate turns tables into the games of a block: each table is played p
// times, game g seating entrant (j+g) mod p in seat j, so that everybody
// sits in every seat once (statistics.md §2).
func rotate(tables [][]SeatRef) [][]SeatRef {
	var games [][]SeatRef
	for _, t := range tables {
		p := len(t)
		for g := range p {
			rot := make([]SeatRef, p)
			for j := range rot {
				rot[j] = t[(j+g)%p]
			}
			games = append(games, rot)
		}
	}
	return games
}

// combinations lists the k-subsets of 0..n-1 in lexicographic order.
func combinations(n, k int) [][]int {
	var out [][]int
	cur := make([]int, k)
	var rec func(start, i int)
	rec = func(start, i int) {
		if i == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for x := start; x <= n-(k-i); x++ {
			cur[i] = x
			rec(x+1, i+1)
		}
	}
	rec(0, 0)
	return out
}

// Points turns a game's ranks into the points of seat with points =
// "rank": (seats − rank) / (seats − 1), where seats that tie share the
// points of the places they occupy (a 2-seat draw gives ½ each, the
// winner 1, the loser 0).
func Points(ranks []int, seat int) float64 {
	n := len(ranks)
	if n <= 1 {
		return 1
	}
	r, k := ranks[seat], 0
	for _, x := range ranks {
		if x == r {
			k++
		}
	}
	// places r .. r+k−1, mean (n − r − (k−1)/2) / (n − 1)
	return (float64(n-r) - float64(k-1)/2) / float64(n-1)
}

// Looks is the schedule of a sequential test: the block counts after
// which it looks, from first, growing by half each time, up to most
// (included). Testing at every look with (1 − confidence)/len(looks)
// keeps the chance of any wrong decision under 1 − confidence
// (Bonferroni over the looks).
func Looks(first, most int) []int {
	most = max(most, 1)
	first = min(max(first, 1), most)
	var looks []int
	for n := first; ; n = max(n+1, (3*n+1)/2) {
		if n >= most {
			return append(looks, most)
		}
		looks = append(looks, n)
	}
}

// pairedP is the two-sided p-value of "mean 0" for per-block differences
// d by Student's t, with one neutral block (difference 0) added: a small
// prior that keeps a clean sweep of a few blocks from looking certain
// (4 blocks of +1 give p = 0.016, 8 give 4·10⁻⁵) and gives no decision
// when every block is level.
func pairedP(d []float64) float64 {
	n := float64(len(d) + 1)
	sum := 0.0
	for _, x := range d {
		sum += x
	}
	mean := sum / n
	ss := mean * mean // the neutral block
	for _, x := range d {
		ss += (x - mean) * (x - mean)
	}
	if len(d) == 0 || ss == 0 {
		return 1
	}
	se := math.Sqrt(ss / (n - 1) / n)
	t := math.Abs(mean) / se
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Survival(t)
}

// decideGroup looks at an encounter: x[b][i] is participant i's result
// in block b. The advance best by mean go on when each of them is ahead
// of each of the others by a paired test at level alpha. It returns the
// order by mean (ties in column order; they are never decided), whether
// the advancing set is separated, and the largest p-value at the border.
func decideGroup(x [][]float64, advance int, alpha float64) (order []int, decided bool, p float64) {
	k := len(x[0])
	mean := make([]float64, k)
	for _, row := range x {
		for i, v := range row {
			mean[i] += v
		}
	}
	order = make([]int, k)
	for i := range order {
		order[i] = i
	}
	sortDesc(order, func(i int) float64 { return mean[i] })
	p = 0
	d := make([]float64, len(x))
	for _, t := range order[:advance] {
		for _, u := range order[advance:] {
			for b, row := range x {
				d[b] = row[t] - row[u]
			}
			pp := pairedP(d)
			if mean[t] == mean[u] {
				pp = 1
			}
			p = max(p, pp)
		}
	}
	return order, p < alpha, p
}

// Plan is the shape of a tournament before it is played: a sequential
// tournament's length depends on the results, so Plan gives the bounds.
type Plan struct {
	Format string
	Rounds int // knockout rounds (race: at most len(Looks))
	// MinGames and MaxGames bound the games: every encounter decided at
	// its first look, or every one played to its cap.
	MinGames, MaxGames int
	// GamesPerRound are the most games of each knockout round.
	GamesPerRound []int
	// PerMap counts the most games of each scenario (first index) and map.
	PerMap [][]int
	// GamesPerSearch are spsa's or cmaes's games before the final phase,
	// SearchPerMap those of each scenario and map (the rest of PerMap is
	// the final point's and the hold-out's games against the defaults).
	GamesPerSearch int
	SearchPerMap   [][]int
	// HoldOut is the most games of the winner's hold-out rung, when
	// AddHoldOut counted them (in MinGames, MaxGames and PerMap too).
	HoldOut int
}

// blockGames counts the games of one block of the given tables on every
// scenario and map, and per scenario and map.
func blockGames(s *study.Study, variants []int, race bool, perMap [][]int) int {
	return s.Count(nil, perMap, func(c study.Cell) int {
		if race {
			return len(rotate(raceTables(s, c.Scenario, c.Seats, variants, 0)))
		}
		return len(rotate(encounterTables(s, c.Scenario, c.Seats, variants)))
	})
}

// encounterLooks is the look schedule of an encounter whose blocks have
// gpb games.
func encounterLooks(t *space.TournamentConfig, gpb int) []int {
	return Looks(t.FirstLook(), t.Cap(0)/max(gpb, 1))
}

// PlanTournament bounds the games of a tournament of n variants without
// playing: a knockout's rounds (every encounter between its first look
// and its cap), or a race (its first look with every variant, its budget).
func PlanTournament(s *study.Study, n int) Plan {
	if space.IsContinuous(s.Generate.Method) {
		return continuousPlan(s) // points.go
	}
	if s.Generate.Method == "staged" {
		return planStaged(s) // staged.go
	}
	t := &s.Tournament
	pl := Plan{Format: t.Format}
	pl.PerMap = s.PerMap()
	if c := s.Candidates(); c > 0 && c < n {
		n = c
	}
	if t.Format == "halving" {
		return planHalving(s, n, pl)
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if t.Format == "race" {
		if n < 2 {
			return pl
		}
		gpb := blockGames(s, all, true, nil)
		pl.MinGames = min(t.FirstLook()*gpb, t.Cap(n))
		pl.MaxGames = t.Cap(n)
		pair := blockGames(s, all[:2], true, nil)
		pl.Rounds = len(Looks(t.FirstLook(), max(t.FirstLook(), pl.MaxGames/max(pair, 1))))
		// the budget, spread over the maps as the first blocks are
		per := s.PerMap()
		blockGames(s, all, true, per)
		for si := range per {
			for mi := range per[si] {
				pl.PerMap[si][mi] = int(math.Round(float64(per[si][mi]) / float64(gpb) * float64(pl.MaxGames)))
			}
		}
		return pl
	}
	alive := all
	for round := 1; len(alive) > 1; round++ {
		encs := DrawRound(s, round, alive)
		most := 0
		var next []int
		for _, e := range encs {
			next = append(next, e.Variants[:e.Advance]...)
			if e.Bye() {
				continue
			}
			per := s.PerMap()
			gpb := blockGames(s, e.Variants, false, per)
			looks := encounterLooks(t, gpb)
			pl.MinGames += looks[0] * gpb
			most += looks[len(looks)-1] * gpb
			for si := range per {
				for mi := range per[si] {
					pl.PerMap[si][mi] += per[si][mi] * looks[len(looks)-1]
				}
			}
		}
		pl.Rounds++
		pl.GamesPerRound = append(pl.GamesPerRound, most)
		pl.MaxGames += most
		alive = next
	}
	return pl
}

func (p Plan) String() string {
	hold := ""
	if p.HoldOut > 0 {
		hold = fmt.Sprintf(", the hold-out rung's %d included", p.HoldOut)
	}
	if p.GamesPerSearch > 0 { // spsa, cmaes
		return fmt.Sprintf("%s: %d games (%d of the search%s)", p.Format, p.MaxGames, p.GamesPerSearch, hold)
	}
	if p.Format == "race" {
		return fmt.Sprintf("race of %d to %d games%s", p.MinGames, p.MaxGames, hold)
	}
	return fmt.Sprintf("%d rounds, %d to %d games%s", p.Rounds, p.MinGames, p.MaxGames, hold)
}
