package tuner

import (
	"fmt"
	"slices"

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
}

// GamePlan is one game of an encounter.
type GamePlan struct {
	Scenario, Map int
	Number        int // game number within the encounter's (scenario, map)
	Seed          uint64
	Seats         []SeatRef
}

// Encounter is one group of a knockout round.
type Encounter struct {
	Round, Index int   // both 1-based
	Variants     []int // variant numbers, in draw order
	Advance      int   // how many go on
	Games        []GamePlan
}

// Bye reports whether the encounter is a lone variant that goes on without
// playing.
func (e *Encounter) Bye() bool { return len(e.Variants) == 1 }

// DrawRound splits the alive variants of a round into encounters: a seeded
// shuffle, then groups of t.Group in shuffled order; the last group may be
// smaller, and a lone variant gets a bye. A smaller group lets at most
// size−1 variants advance.
func DrawRound(s *Space, round int, alive []int) []*Encounter {
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
		} else {
			e.Games = PlanGames(s, round, e.Index, e.Variants)
		}
		encs = append(encs, e)
	}
	return encs
}

// PlanGames lists the games of an encounter of the given variants, for
// every scenario and map:
//   - at most p variants on a p-seat map: one seating of all of them, the
//     other seats taken by the default configuration;
//   - more than p variants: every p-subset of them (a round robin);
//   - each variant against each field bot (the remaining seats also taken
//     by that field bot).
//
// Each seating is played Tournament.Games times with seats rotating:
// game g seats entrant (j+g) mod p in seat j. Games g and g' with
// g/p == g'/p share a seed (the same deal, seats rotated).
func PlanGames(s *Space, round, enc int, variants []int) []GamePlan {
	var out []GamePlan
	for si, sc := range s.Scenarios {
		for mi, m := range sc.Maps {
			p := m.Players()
			var seatings [][]SeatRef
			if len(variants) <= p {
				var seats []SeatRef
				for _, v := range variants {
					seats = append(seats, SeatRef{Kind: SeatVariant, Variant: v})
				}
				for len(seats) < p {
					seats = append(seats, SeatRef{Kind: SeatFiller})
				}
				seatings = append(seatings, seats)
			} else {
				for _, sub := range combinations(len(variants), p) {
					seats := make([]SeatRef, p)
					for j, k := range sub {
						seats[j] = SeatRef{Kind: SeatVariant, Variant: variants[k]}
					}
					seatings = append(seatings, seats)
				}
			}
			for fi := range sc.Field {
				for _, v := range variants {
					seats := []SeatRef{{Kind: SeatVariant, Variant: v}}
					for len(seats) < p {
						seats = append(seats, SeatRef{Kind: SeatField, Field: fi})
					}
					seatings = append(seatings, seats)
				}
			}
			number := 0
			for deal, seats := range seatings {
				for g := 0; g < s.Tournament.Games; g++ {
					rot := make([]SeatRef, p)
					for j := range rot {
						rot[j] = seats[(j+g)%p]
					}
					d := uint64(deal*((s.Tournament.Games+p-1)/p) + g/p)
					out = append(out, GamePlan{
						Scenario: si, Map: mi, Number: number, Seats: rot,
						Seed: game.Mix(s.Seed, uint64(round), uint64(enc), uint64(si), uint64(mi), d),
					})
					number++
				}
			}
		}
	}
	return out
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

// Standing is a variant's record in one encounter.
type Standing struct {
	Variant int
	Points  float64 // weighted by scenario weight
	Raw     float64 // sum of raw game scores
}

// Rank orders an encounter's standings: points, then raw score, then the
// lower variant number.
func Rank(st []Standing) []Standing {
	out := slices.Clone(st)
	slices.SortStableFunc(out, func(a, b Standing) int {
		switch {
		case a.Points != b.Points:
			if a.Points > b.Points {
				return -1
			}
			return 1
		case a.Raw != b.Raw:
			if a.Raw > b.Raw {
				return -1
			}
			return 1
		}
		return a.Variant - b.Variant
	})
	return out
}

// Plan is the shape of a whole knockout: games per round for n variants
// (the draw does not change the counts).
type Plan struct {
	Rounds        int
	GamesPerRound []int
	Total         int
	// PerMap counts the games of each scenario (first index) and map.
	PerMap [][]int
}

// PlanKnockout counts rounds and games without playing.
func PlanKnockout(s *Space, n int) Plan {
	var pl Plan
	pl.PerMap = make([][]int, len(s.Scenarios))
	for i, sc := range s.Scenarios {
		pl.PerMap[i] = make([]int, len(sc.Maps))
	}
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	for round := 1; len(alive) > 1; round++ {
		encs := DrawRound(s, round, alive)
		games := 0
		var next []int
		for _, e := range encs {
			games += len(e.Games)
			for _, g := range e.Games {
				pl.PerMap[g.Scenario][g.Map]++
			}
			next = append(next, e.Variants[:e.Advance]...)
		}
		pl.Rounds++
		pl.GamesPerRound = append(pl.GamesPerRound, games)
		pl.Total += games
		alive = next
	}
	return pl
}

func (p Plan) String() string {
	return fmt.Sprintf("%d rounds, %d games", p.Rounds, p.Total)
}
