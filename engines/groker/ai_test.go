package groker_test

import (
	"reflect"
	"testing"

	"tourney/engines/game"
	"tourney/engines/groker"
)

func TestRoundHalfUp(t *testing.T) {
	for _, c := range []struct{ num, den, want int }{
		{0, 4, 0}, {1, 2, 1}, {-1, 2, 0}, {-3, 4, -1}, {3, 4, 1}, {1, 4, 0}, {-1, 4, 0},
		{5, 2, 3}, {-5, 2, -2}, {7, 2, 4}, {-6, 4, -1}, {-7, 4, -2}, {9, 10, 1},
	} {
		if got := groker.RoundHalfUp(c.num, c.den); got != c.want {
			t.Errorf("RoundHalfUp(%d/%d) = %d, want %d", c.num, c.den, got, c.want)
		}
	}
}

// TestSimilarWorkedExample1: spec §3.7.1, a length-2 similar situation with
// deviations (de, dg) = (0, +1), (−1, 0): D = 2, S = 0, r = g[i]; and with
// (+1, 0), (+1, +1): D = S = 3, avg = roundHalfUp(0.75) = 1, r = g[i] − 1.
func TestSimilarWorkedExample1(t *testing.T) {
	ai := groker.DefaultAI()
	for _, c := range []struct {
		e, g []int
		want []groker.Situation
	}{
		{[]int{5, 8, 6, 8}, []int{4, 9, 4, 8}, []groker.Situation{{Length: 2, Diff: 2, Time: 2, Reaction: 4}}},
		{[]int{7, 9, 6, 8}, []int{5, 9, 4, 9}, []groker.Situation{{Length: 2, Diff: 3, Time: 2, Reaction: 3}}},
		// reaction never below 1
		{[]int{7, 9, 6, 8}, []int{2, 9, 1, 9}, []groker.Situation{{Length: 2, Diff: 3, Time: 2, Reaction: 1}}},
		// worked example 2
		{[]int{6, 10, 6, 10}, []int{5, 7, 5, 7}, []groker.Situation{{Length: 2, Diff: 0, Time: 2, Reaction: 5}}},
		{[]int{6}, []int{5}, nil},
		{nil, nil, nil},
	} {
		got := ai.Similar(c.e, c.g, nil)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Similar(%v, %v) = %+v, want %+v", c.e, c.g, got, c.want)
		}
	}
	// similar_max_diff 0: only exact repeats; 2: wider
	ai.SimilarMaxDiff = 0
	if got := ai.Similar([]int{5, 8, 6, 8}, []int{4, 9, 4, 8}, nil); len(got) != 0 {
		t.Errorf("similar_max_diff 0: %+v", got)
	}
}

func TestSortSituations(t *testing.T) {
	s := []groker.Situation{
		{Length: 1, Diff: 0, Time: 9}, {Length: 3, Diff: 2, Time: 1}, {Length: 3, Diff: 1, Time: 2},
		{Length: 3, Diff: 1, Time: 5}, {Length: 2, Diff: 0, Time: 3},
	}
	groker.SortSituations(s)
	var times []int
	for _, x := range s {
		times = append(times, x.Time)
	}
	if want := []int{5, 2, 1, 3, 9}; !reflect.DeepEqual(times, want) {
		t.Fatalf("order by time %v, want %v", times, want)
	}
}

func sits(reactions ...int) []groker.Situation {
	s := make([]groker.Situation, len(reactions))
	for i, r := range reactions {
		s[i] = groker.Situation{Length: 1, Reaction: r}
	}
	return s
}

// TestPrediction: worked example 5 (3, 3, 4, 7: spread 4 > 2, no answer)
// and the top-4 cut.
func TestPrediction(t *testing.T) {
	ai := groker.DefaultAI()
	for _, c := range []struct {
		s          []groker.Situation
		rmin, rmax int
		ok         bool
	}{
		{sits(3, 3, 4, 7), 3, 7, false},
		{sits(3, 3, 4, 5), 3, 5, true},
		{sits(3, 3, 4, 5, 100), 3, 5, true}, // only the top 4 count
		{sits(9), 9, 9, true},
		{nil, 0, 0, false},
	} {
		rmin, rmax, ok := ai.Prediction(c.s)
		if rmin != c.rmin || rmax != c.rmax || ok != c.ok {
			t.Errorf("Prediction(%+v) = %d, %d, %v; want %d, %d, %v", c.s, rmin, rmax, ok, c.rmin, c.rmax, c.ok)
		}
	}
}

// TestPlace: safe placing (fewer than 4 situations or unequal readings)
// and unsafe placing.
func TestPlace(t *testing.T) {
	ai := groker.DefaultAI()
	for _, c := range []struct {
		rmin, rmax, count int
		want              []int // possible bids
	}{
		{5, 5, 1, []int{8, 9}},   // worked example 2
		{5, 7, 4, []int{8, 9}},   // unequal readings: safe
		{10, 10, 3, []int{4, 3}}, // safe undercut by 6 or 7
		{7, 8, 9, []int{1}},      // max(1, 7−6−z)
		{1, 1, 4, []int{6}},      // unsafe: r + 5
		{6, 6, 4, []int{11}},     // r = u is not > u
		{7, 7, 4, []int{1}},      // unsafe undercut
		{30, 30, 10, []int{24}},  // unsafe undercut
	} {
		seen := map[int]bool{}
		for seed := uint64(0); seed < 40; seed++ {
			b := ai.Place(c.rmin, c.rmax, c.count, game.NewRand(seed))
			seen[b] = true
		}
		want := map[int]bool{}
		for _, w := range c.want {
			want[w] = true
		}
		if !reflect.DeepEqual(seen, want) {
			t.Errorf("Place(%d, %d, %d) gives %v, want %v", c.rmin, c.rmax, c.count, seen, want)
		}
	}
}

// TestRandomMethod: worked examples 3, 4 and 6, the outlier rule and the
// random range.
func TestRandomMethod(t *testing.T) {
	ai := groker.DefaultAI()
	window := func(g ...int) []int { return ai.Window(g, nil) }
	if got := window(9, 8, 7, 6, 5, 1); !reflect.DeepEqual(got, []int{5, 6, 7, 8, 9}) {
		t.Errorf("example 3 window %v", got)
	}
	if got := window(2, 3, 4, 5, 6, 20); !reflect.DeepEqual(got, []int{2, 3, 4, 5, 6}) {
		t.Errorf("example 4 window %v", got)
	}
	// at most one removed, the low end first; no removal below 3 values;
	// equal values: nothing; a gap of exactly 2× the mean is kept
	for _, c := range []struct{ g, want []int }{
		{[]int{1, 50, 51, 100}, []int{1, 50, 51, 100}},           // mean gap 33: no outlier
		{[]int{1, 10, 11, 12, 13, 40}, []int{1, 10, 11, 12, 13}}, // mean gap 7.8: 9 kept, 27 removed
		{[]int{1, 9}, []int{1, 9}},
		{[]int{4, 4, 4}, []int{4, 4, 4}},
		{[]int{1, 5, 6, 7}, []int{1, 5, 6, 7}},             // mean 2, first gap 4 = 2×2: kept
		{[]int{0, 5, 6, 7}, []int{5, 6, 7}},                // mean 7/3, gap 5 > 4.67
		{[]int{3, 9, 8, 7, 6, 5, 1}, []int{5, 6, 7, 8, 9}}, // only the last 6
	} {
		if got := ai.Window(c.g, nil); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Window(%v) = %v, want %v", c.g, got, c.want)
		}
	}
	for _, c := range []struct {
		g    []int
		want []int
	}{
		{nil, []int{6}},                            // first move
		{[]int{9, 8, 7, 6, 5, 1}, []int{10}},       // example 3
		{[]int{2, 3, 4, 5, 6, 20}, []int{6}},       // example 4
		{[]int{9}, []int{3}},                       // example 6
		{[]int{4}, []int{6}},                       // example 6
		{[]int{30, 31, 32, 33, 34, 35}, []int{20}}, // s_min − 6 capped at 20
		{[]int{1, 2, 3, 4, 5, 6}, []int{6}},        // [6, max(6, 6)]
		{[]int{1, 3, 5, 7, 9, 10}, []int{6, 7, 8, 9, 10}},
		{[]int{1, 2, 3, 4, 5, 30}, []int{6}}, // 30 removed, five left, s_max 5
		{[]int{1, 8, 2, 9, 3, 4}, []int{6, 7, 8, 9}},
	} {
		seen := map[int]bool{}
		for seed := uint64(0); seed < 60; seed++ {
			seen[ai.RandomBid(c.g, nil, game.NewRand(seed))] = true
		}
		want := map[int]bool{}
		for _, w := range c.want {
			want[w] = true
		}
		if !reflect.DeepEqual(seen, want) {
			t.Errorf("RandomBid(%v) gives %v, want %v", c.g, seen, want)
		}
	}
}

// TestDecide: the whole AI on worked example 2 and on a history whose
// predictions spread by more than 2 (the random method decides).
func TestDecide(t *testing.T) {
	ai := groker.DefaultAI()
	seen := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		seen[ai.Decide([]int{6, 10, 6, 10}, []int{5, 7, 5, 7}, game.NewRand(seed), nil)] = true
	}
	if !reflect.DeepEqual(seen, map[int]bool{8: true, 9: true}) {
		t.Errorf("example 2: %v", seen)
	}
	// Own bids constant, opponent 9, 1, 9, 5, 9, 9: the rounds after each
	// earlier 9 are similar situations of length 1 with reactions 1, 5, 9
	// (spread 8 > 2) ...
	e := []int{5, 5, 5, 5, 5, 5}
	g := []int{9, 1, 9, 5, 9, 9}
	sit := groker.SortedSimilar(ai, e, g)
	rmin, rmax, ok := ai.Prediction(sit)
	if ok || rmax-rmin <= 2 {
		t.Fatalf("want a spread prediction: %+v → %d..%d %v", sit, rmin, rmax, ok)
	}
	// ... so the bid is the random method's on g
	for seed := uint64(0); seed < 20; seed++ {
		want := ai.RandomBid(g, nil, game.NewRand(seed))
		if got := ai.Decide(e, g, game.NewRand(seed), nil); got != want {
			t.Fatalf("seed %d: Decide %d, random method %d", seed, got, want)
		}
	}
	// unsafe placing: constant opponent 9 and constant own bids, many
	// equal readings → 9 − 6 = 3 every time
	e, g = []int{3, 3, 3, 3, 3, 3}, []int{9, 9, 9, 9, 9, 9}
	for seed := uint64(0); seed < 10; seed++ {
		if got := ai.Decide(e, g, game.NewRand(seed), nil); got != 3 {
			t.Fatalf("unsafe: %d", got)
		}
	}
}

func TestAIParams(t *testing.T) {
	spec := groker.AISpec()
	p := spec.Defaults()
	if got := groker.AIFrom(p); got != groker.DefaultAI() {
		t.Fatalf("defaults %+v", got)
	}
	if !reflect.DeepEqual(groker.DefaultAI().Params(), p) {
		t.Fatalf("Params %v, spec defaults %v", groker.DefaultAI().Params(), p)
	}
	if _, err := spec.Resolve(map[string]any{"undercut_margin": 21}); err == nil {
		t.Fatal("undercut_margin 21 accepted")
	}
	a := groker.DefaultAI()
	a.OutlierFactor = 0.5
	if a.Validate() == nil {
		t.Fatal("outlier_factor 0.5 valid")
	}
	p2, err := spec.Resolve(map[string]any{"random_cap": 50, "outlier_factor": 3})
	if err != nil {
		t.Fatal(err)
	}
	if a := groker.AIFrom(p2); a.RandomCap != 50 || a.OutlierFactor != 3 {
		t.Fatalf("%+v", a)
	}
}
