package tuner

import (
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"tourney/engines/game"
)

type koMap struct{ n int }

func (m koMap) Name() string { return fmt.Sprintf("m%d", m.n) }
func (m koMap) Players() int { return m.n }

func koPlanSpace(seats []int, games, group, advance int, field int) *Space {
	sc := Scenario{Weight: 1}
	for _, n := range seats {
		sc.Maps = append(sc.Maps, koMap{n})
		sc.MapNames = append(sc.MapNames, koMap{n}.Name())
	}
	for i := 0; i < field; i++ {
		sc.Field = append(sc.Field, FieldBot{Name: fmt.Sprint("f", i)})
	}
	return &Space{Seed: 3, Scenarios: []Scenario{sc},
		Tournament: TournamentConfig{Format: "knockout", Group: group, Advance: advance, Games: games, Points: "rank"}}
}

func TestCombinations(t *testing.T) {
	got := combinations(4, 2)
	want := [][]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
	if n := len(combinations(8, 4)); n != 70 {
		t.Fatalf("C(8,4) = %d", n)
	}
}

// seatCount[v][seat] counts how often variant v sits in seat.
func seatCounts(games []GamePlan) map[int]map[int]int {
	c := map[int]map[int]int{}
	for _, g := range games {
		for s, ref := range g.Seats {
			if ref.Kind != SeatVariant {
				continue
			}
			if c[ref.Variant] == nil {
				c[ref.Variant] = map[int]int{}
			}
			c[ref.Variant][s]++
		}
	}
	return c
}

func TestPlanTwoSeatsPair(t *testing.T) {
	s := koPlanSpace([]int{2}, 2, 2, 1, 0)
	g := PlanGames(s, 1, 1, []int{4, 7})
	if len(g) != 2 {
		t.Fatalf("%d games", len(g))
	}
	if g[0].Seats[0].Variant != 4 || g[0].Seats[1].Variant != 7 || g[1].Seats[0].Variant != 7 || g[1].Seats[1].Variant != 4 {
		t.Fatalf("seats not swapped: %+v", g)
	}
	if g[0].Seed != g[1].Seed {
		t.Fatal("the two seatings of one deal must share a seed")
	}
	g4 := PlanGames(koPlanSpace([]int{2}, 4, 2, 1, 0), 1, 1, []int{4, 7})
	if g4[0].Seed == g4[2].Seed || g4[2].Seed != g4[3].Seed {
		t.Fatal("deals: games 0,1 and 2,3 share seeds, the deals differ")
	}
	other := PlanGames(s, 1, 2, []int{4, 7})
	if other[0].Seed == g[0].Seed {
		t.Fatal("another encounter must get other seeds")
	}
}

func TestPlanRoundRobinWhenGroupExceedsSeats(t *testing.T) {
	s := koPlanSpace([]int{2}, 2, 3, 1, 0)
	g := PlanGames(s, 1, 1, []int{0, 1, 2})
	if len(g) != 6 {
		t.Fatalf("%d games, want 3 pairs × 2", len(g))
	}
	for v, seats := range seatCounts(g) {
		if seats[0] != 2 || seats[1] != 2 {
			t.Errorf("variant %d seats %v", v, seats)
		}
	}
	// 5 variants on a 3-seat map: C(5,3) = 10 subsets × 3 games.
	g = PlanGames(koPlanSpace([]int{3}, 3, 5, 2, 0), 1, 1, []int{0, 1, 2, 3, 4})
	if len(g) != 30 {
		t.Fatalf("%d games", len(g))
	}
	for v, seats := range seatCounts(g) {
		if seats[0] != 6 || seats[1] != 6 || seats[2] != 6 {
			t.Errorf("variant %d seats %v", v, seats)
		}
	}
}

func TestPlanFillersAndField(t *testing.T) {
	s := koPlanSpace([]int{4}, 4, 2, 1, 1)
	g := PlanGames(s, 1, 1, []int{0, 1})
	// one seating of both variants with two fillers, and each variant
	// against the field bot in the three other seats; 4 rotations each.
	if len(g) != 12 {
		t.Fatalf("%d games", len(g))
	}
	for v, seats := range seatCounts(g) {
		for seat := 0; seat < 4; seat++ {
			if seats[seat] != 2 {
				t.Errorf("variant %d seats %v", v, seats)
			}
		}
	}
	fillers, field := 0, 0
	for _, gp := range g {
		for _, ref := range gp.Seats {
			switch ref.Kind {
			case SeatFiller:
				fillers++
			case SeatField:
				field++
			}
		}
	}
	if fillers != 8 || field != 24 {
		t.Fatalf("fillers %d field %d", fillers, field)
	}
}

func TestDrawRoundByeAndSmallGroup(t *testing.T) {
	s := koPlanSpace([]int{2}, 2, 3, 2, 0)
	alive := []int{0, 1, 2, 3, 4, 5, 6}
	encs := DrawRound(s, 1, alive)
	if len(encs) != 3 {
		t.Fatalf("%d encounters", len(encs))
	}
	seen := map[int]bool{}
	for _, e := range encs {
		for _, v := range e.Variants {
			seen[v] = true
		}
	}
	if len(seen) != 7 {
		t.Fatal("the draw lost or repeated variants")
	}
	if !encs[2].Bye() || encs[2].Advance != 1 || len(encs[2].Games) != 0 {
		t.Fatalf("last encounter: %+v", encs[2])
	}
	if encs[0].Advance != 2 {
		t.Fatal("advance")
	}
	if !reflect.DeepEqual(DrawRound(s, 1, alive)[0].Variants, encs[0].Variants) {
		t.Fatal("the draw is not reproducible")
	}
	// a group of 2 when advance is 2 lets only one go on
	encs = DrawRound(s, 1, []int{0, 1, 2, 3, 4})
	if encs[1].Advance != 1 {
		t.Fatalf("small group advance %d", encs[1].Advance)
	}
	pl := PlanKnockout(s, 7)
	// 7 → (3,3,1): 2+2+1 = 5 → (3,2): 2+1 = 3 → (3): 2 → (2): 1
	if pl.Rounds != 4 || !reflect.DeepEqual(pl.GamesPerRound, []int{12, 8, 6, 2}) {
		t.Fatalf("plan %+v", pl)
	}
	sum := 0
	for _, maps := range pl.PerMap {
		for _, n := range maps {
			sum += n
		}
	}
	if sum != pl.Total {
		t.Fatalf("games per map %v add up to %d, want %d", pl.PerMap, sum, pl.Total)
	}
}

func TestPointsAndRank(t *testing.T) {
	for _, c := range []struct {
		ranks []int
		seat  int
		want  float64
	}{
		{[]int{1, 2}, 0, 1}, {[]int{1, 2}, 1, 0}, {[]int{1, 1}, 0, 0.5}, {[]int{1}, 0, 1},
		{[]int{3, 2, 1, 4}, 1, 2.0 / 3}, {[]int{1, 1, 3, 3}, 0, 5.0 / 6}, {[]int{1, 1, 3, 3}, 2, 1.0 / 6},
		{[]int{1, 1, 1}, 2, 0.5}, {[]int{2, 1, 2}, 0, 0.25},
	} {
		if got := Points(c.ranks, c.seat); got != c.want {
			t.Errorf("Points(%v, %d) = %v, want %v", c.ranks, c.seat, got, c.want)
		}
	}
	st := Rank([]Standing{{Variant: 5, Points: 2, Raw: 1}, {Variant: 2, Points: 3}, {Variant: 1, Points: 2, Raw: 1}, {Variant: 0, Points: 2, Raw: 0.5}})
	var order []int
	for _, x := range st {
		order = append(order, x.Variant)
	}
	if !reflect.DeepEqual(order, []int{2, 1, 5, 0}) {
		t.Fatalf("order %v", order)
	}
	_ = game.Budget{}
}

func TestPlacements(t *testing.T) {
	var p Placements
	p.Add(1, 2) // two-seat games do not count
	p.Add(1, 4)
	p.Add(3, 4)
	p.Add(2, 6)
	if p.Games != 3 || !reflect.DeepEqual(p.Count, []int{1, 1, 1}) {
		t.Fatalf("%+v", p)
	}
	// (1 − 1/4) + (1 − 3/4) + (1 − 2/6) = 0.75 + 0.25 + 0.6667 over 3
	if got, want := p.TrustedValue(), (0.75+0.25+(1-2.0/6))/3; math.Abs(got-want) > 1e-12 {
		t.Fatalf("TrustedValue %v, want %v", got, want)
	}
	if got := placementRow(&p, 4); !reflect.DeepEqual(got, []string{"1", "1", "1", "0", "0.5556"}) {
		t.Fatalf("row %v", got)
	}
	if h := placementHeader(3); !reflect.DeepEqual(h, []string{"place_1", "place_2", "place_3", "trusted_value"}) {
		t.Fatalf("header %v", h)
	}
}

// TestEstimateWeighsMaps: every planned game costs its own map's time.
func TestEstimateWeighsMaps(t *testing.T) {
	plan := Plan{Total: 30, PerMap: [][]int{{24, 4}, {2}}}
	c := Calibration{PerGame: [][]time.Duration{{time.Second, 10 * time.Second}, {3 * time.Second}}}
	// 24·1 s + 4·10 s + 2·3 s = 70 s, on 2 workers 35 s.
	if got := c.Estimate(plan, 2); got != 35*time.Second {
		t.Errorf("estimate %v, want 35s", got)
	}
	if got := c.Estimate(plan, 0); got != 70*time.Second {
		t.Errorf("estimate with 0 workers %v, want 70s", got)
	}
}
