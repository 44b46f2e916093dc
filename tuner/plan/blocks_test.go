package plan

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"tourney/tuner/space"
	"tourney/tuner/study"
)

type koMap struct{ n int }

func (m koMap) Name() string { return fmt.Sprintf("m%d", m.n) }
func (m koMap) Players() int { return m.n }

func koPlanSpace(seats []int, group, advance int, field int) *study.Study {
	sc := space.Scenario{Weight: 1}
	for _, n := range seats {
		sc.Maps = append(sc.Maps, koMap{n})
		sc.MapNames = append(sc.MapNames, koMap{n}.Name())
	}
	for i := 0; i < field; i++ {
		sc.Field = append(sc.Field, space.FieldBot{Name: fmt.Sprint("f", i)})
	}
	return study.Compile(&space.Space{Seed: 3, Scenarios: []space.Scenario{sc},
		Tournament: space.TournamentConfig{Format: "knockout", Group: group, Advance: advance, Points: "rank", Confidence: 0.95}})
}

// block plans block b of an encounter of the given variants.
func block(s *study.Study, round, enc, b int, variants []int) []GamePlan {
	return planBlock(s, newContest(round, enc, variants, false), b)
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
	s := koPlanSpace([]int{2}, 2, 1, 0)
	g := block(s, 1, 1, 0, []int{4, 7})
	if len(g) != 2 {
		t.Fatalf("%d games", len(g))
	}
	if g[0].Seats[0].Variant != 4 || g[0].Seats[1].Variant != 7 || g[1].Seats[0].Variant != 7 || g[1].Seats[1].Variant != 4 {
		t.Fatalf("seats not swapped: %+v", g)
	}
	if g[0].Seed != g[1].Seed {
		t.Fatal("the two seatings of one block must share a seed")
	}
	if g1 := block(s, 1, 1, 1, []int{4, 7}); g1[0].Seed == g[0].Seed || g1[0].Block != 1 {
		t.Fatal("blocks 0 and 1 must differ in seed")
	}
	if other := block(s, 1, 2, 0, []int{4, 7}); other[0].Seed == g[0].Seed {
		t.Fatal("another encounter must get other seeds")
	}
}

func TestPlanRoundRobinWhenGroupExceedsSeats(t *testing.T) {
	s := koPlanSpace([]int{2}, 3, 1, 0)
	g := block(s, 1, 1, 0, []int{0, 1, 2})
	if len(g) != 6 {
		t.Fatalf("%d games, want 3 pairs × 2", len(g))
	}
	for v, seats := range seatCounts(g) {
		if seats[0] != 2 || seats[1] != 2 {
			t.Errorf("variant %d seats %v", v, seats)
		}
	}
	// 5 variants on a 3-seat map: C(5,3) = 10 subsets × 3 games.
	g = block(koPlanSpace([]int{3}, 5, 2, 0), 1, 1, 0, []int{0, 1, 2, 3, 4})
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
	s := koPlanSpace([]int{4}, 2, 1, 1)
	g := block(s, 1, 1, 0, []int{0, 1})
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

// A race block: on two seats every pair of survivors, both seatings; on
// more seats, tables of at most p as even as possible, everybody once in
// every seat of its table.
func TestRaceBlocks(t *testing.T) {
	s := koPlanSpace([]int{2}, 2, 1, 0)
	c := newContest(1, 1, []int{0, 1, 2, 3}, true)
	g := planBlock(s, c, 0)
	if len(g) != 12 {
		t.Fatalf("%d games, want 6 pairs × 2", len(g))
	}
	for v, seats := range seatCounts(g) {
		if seats[0] != 3 || seats[1] != 3 {
			t.Errorf("variant %d seats %v", v, seats)
		}
	}
	c.alive[2] = false
	if g := planBlock(s, c, 1); len(g) != 6 {
		t.Fatalf("%d games after a drop, want 3 pairs × 2", len(g))
	}
	s4 := koPlanSpace([]int{4}, 2, 1, 0)
	c = newContest(1, 1, []int{0, 1, 2, 3, 4, 5, 6}, true)
	g = planBlock(s4, c, 0)
	// 7 survivors on 4 seats: tables of 3 and 4, 4 rotations each
	if len(g) != 8 {
		t.Fatalf("%d games", len(g))
	}
	for v, seats := range seatCounts(g) {
		for seat := range 4 {
			if seats[seat] != 1 {
				t.Errorf("variant %d seats %v", v, seats)
			}
		}
	}
	if a, b := planBlock(s4, c, 1), planBlock(s4, c, 1); !reflect.DeepEqual(a, b) {
		t.Fatal("the race draw is not reproducible")
	}
}

func TestDrawRoundByeAndSmallGroup(t *testing.T) {
	s := koPlanSpace([]int{2}, 3, 2, 0)
	s.Tournament.MaxGames = 60
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
	if !encs[2].Bye() || encs[2].Advance != 1 {
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
	pl := PlanTournament(s, 7)
	// 7 → (3,3,1): 2+2+1 = 5 → (3,2): 2+1 = 3 → (3): 2 → (2): 1.
	// A group of 3 plays 6 games a block (10 blocks under a cap of 60),
	// a group of 2 plays 2 (30 blocks); the first look is 4 blocks.
	if pl.Rounds != 4 || !reflect.DeepEqual(pl.GamesPerRound, []int{120, 120, 60, 60}) {
		t.Fatalf("plan %+v", pl)
	}
	if pl.MinGames != 4*(6+6)+4*(6+2)+4*6+4*2 || pl.MaxGames != 360 {
		t.Fatalf("plan %+v", pl)
	}
	sum := 0
	for _, maps := range pl.PerMap {
		for _, n := range maps {
			sum += n
		}
	}
	if sum != pl.MaxGames {
		t.Fatalf("games per map %v add up to %d, want %d", pl.PerMap, sum, pl.MaxGames)
	}
}

func TestLooks(t *testing.T) {
	for _, c := range []struct {
		first, most int
		want        []int
	}{
		{4, 100, []int{4, 6, 9, 14, 21, 32, 48, 72, 100}},
		{4, 4, []int{4}},
		{5, 3, []int{3}},
		{1, 3, []int{1, 2, 3}},
		{4, 0, []int{1}},
	} {
		if got := Looks(c.first, c.most); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Looks(%d, %d) = %v, want %v", c.first, c.most, got, c.want)
		}
	}
}

// pairedP against Student's t computed by hand: differences 1, 1, 1, 1
// and the neutral 0: mean 0.8, sample sd √0.2 = 0.4472, se 0.2, t = 4,
// 4 degrees of freedom: two-sided p = 0.01613.
func TestPairedP(t *testing.T) {
	if p := pairedP([]float64{1, 1, 1, 1}); math.Abs(p-0.016130) > 1e-5 {
		t.Errorf("p = %.6f, want 0.016130", p)
	}
	if p := pairedP([]float64{0, 0, 0}); p != 1 {
		t.Errorf("level blocks: p = %v, want 1", p)
	}
	if p := pairedP(nil); p != 1 {
		t.Errorf("no blocks: p = %v", p)
	}
	// symmetric
	if a, b := pairedP([]float64{1, 0.5, -0.5, 1}), pairedP([]float64{-1, -0.5, 0.5, -1}); math.Abs(a-b) > 1e-15 {
		t.Errorf("p not symmetric: %v %v", a, b)
	}
}

func TestDecideGroup(t *testing.T) {
	// A wins every block against B and C, C and B level.
	x := [][]float64{}
	for range 12 {
		x = append(x, []float64{0.5, 1, 0})
	}
	order, decided, _ := decideGroup(x, 1, 0.01)
	if !decided || order[0] != 1 {
		t.Fatalf("order %v decided %v", order, decided)
	}
	// advancing two: B ahead of A ahead of C, every block
	order, decided, _ = decideGroup(x, 2, 0.01)
	if !decided || order[0] != 1 || order[1] != 0 {
		t.Fatalf("advance 2: order %v decided %v", order, decided)
	}
	// level: never decided, whatever alpha
	lv := [][]float64{{0.5, 0.5}, {1, 0}, {0, 1}, {0.5, 0.5}}
	if _, decided, p := decideGroup(lv, 1, 0.99); decided || p != 1 {
		t.Fatalf("a level encounter was decided (p %v)", p)
	}
}

func TestPoints(t *testing.T) {
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
}
