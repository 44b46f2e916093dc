package synthetic_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"tourney/arena"
	"tourney/arena/arenatest"
	"tourney/engines/game"
	"tourney/engines/synthetic"
)

// entrant is the fixed bot with the given parameters.
func entrant(t *testing.T, id string, values map[string]any) arena.Entrant {
	t.Helper()
	return arenatest.Entrant(t, synthetic.Game{}, "fixed", id, values)
}

// playBlock plays a block the way the tuner does: one deal (seed), once
// per seating of a 2-seat rotation (a, b) then (b, a). It returns a's
// points over the block: 0, 1 or 2.
func playBlock(t *testing.T, m game.Map, seed uint64, a, b arena.Entrant) int {
	t.Helper()
	pts := 0
	for rot, seats := range [][]arena.Entrant{{a, b}, {b, a}} {
		r, err := arena.Play(context.Background(), &arena.Job{Game: synthetic.Game{}, Map: m, Seed: seed, Seats: seats}, arena.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Forfeit >= 0 {
			t.Fatalf("seed %d: seat %d forfeited: %s", seed, r.Forfeit, r.Detail)
		}
		if r.Ranks[rot] == 1 { // a sits in seat rot
			pts++
		}
	}
	return pts
}

// within reports whether a share k/n is within z standard errors of p.
func within(k, n int, p, z float64) bool {
	return math.Abs(float64(k)/float64(n)-p) <= z*math.Sqrt(p*(1-p)/float64(n))
}

// Blocks of two EQUAL variants (same elo, other label) are two independent
// games: a block splits 1–1 with probability ½ and is 2–0 either way with
// probability ¼. Before the identity tag both games of a block drew the
// same numbers, the same seat won both, and every block split 1–1.
func TestBlocksOfEqualVariants(t *testing.T) {
	const n = 3000
	m, _ := synthetic.Game{}.LoadMap("2p")
	var count [3]int
	for i := range n {
		a := entrant(t, "a", map[string]any{"label": 1 + i%7})
		b := entrant(t, "b", map[string]any{"label": 100 + i%5})
		count[playBlock(t, m, uint64(i)*7919+1, a, b)]++
	}
	t.Logf("blocks of equal variants: 0–2 %d, 1–1 %d, 2–0 %d of %d", count[0], count[1], count[2], n)
	for k, want := range []float64{0.25, 0.5, 0.25} {
		if !within(count[k], n, want, 4) {
			t.Errorf("a scored %d in %d of %d blocks (%.3f), want %.2f", k, count[k], n, float64(count[k])/n, want)
		}
	}
}

// With unequal strengths each game is a Bradley–Terry draw, independent
// of the other game of its block: the stronger wins a game with
// probability p = 1/(1+10^(−d/400)), a block 2–0 with p², 1–1 with
// 2p(1−p).
func TestBlocksOfUnequalVariants(t *testing.T) {
	const n = 3000
	const d = 60.0
	m, _ := synthetic.Game{}.LoadMap("2p")
	a := entrant(t, "a", map[string]any{"elo": d})
	b := entrant(t, "b", map[string]any{})
	var count [3]int
	wins := 0
	for i := range n {
		k := playBlock(t, m, uint64(i)+5e6, a, b)
		count[k]++
		wins += k
	}
	p := 1 / (1 + math.Pow(10, -d/400))
	t.Logf("+%g Elo: won %.4f of the games (Bradley–Terry %.4f); blocks 0–2 %d, 1–1 %d, 2–0 %d", d, float64(wins)/(2*n), p, count[0], count[1], count[2])
	if !within(wins, 2*n, p, 4) {
		t.Errorf("+%g Elo won %.4f of the games, want %.4f", d, float64(wins)/(2*n), p)
	}
	for k, want := range []float64{(1 - p) * (1 - p), 2 * p * (1 - p), p * p} {
		if !within(count[k], n, want, 4) {
			t.Errorf("a scored %d in %d of %d blocks (%.3f), want %.3f", k, count[k], n, float64(count[k])/n, want)
		}
	}
}

// A game is a deterministic function of its seed and of who sits where.
func TestGameReplays(t *testing.T) {
	m, _ := synthetic.Game{}.LoadMap("3p")
	seats := []arena.Entrant{
		entrant(t, "a", map[string]any{"label": 1}),
		entrant(t, "b", map[string]any{"label": 2}),
		entrant(t, "c", map[string]any{"elo": 50}),
	}
	rot := []arena.Entrant{seats[1], seats[2], seats[0]}
	differ := 0
	for seed := uint64(1); seed <= 200; seed++ {
		var ranks [3][]int
		for k, s := range [][]arena.Entrant{seats, seats, rot} {
			r, err := arena.Play(context.Background(), &arena.Job{Game: synthetic.Game{}, Map: m, Seed: seed, Seats: s}, arena.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ranks[k] = r.Ranks
		}
		if !slices.Equal(ranks[0], ranks[1]) {
			t.Fatalf("seed %d: the same game gave ranks %v and %v", seed, ranks[0], ranks[1])
		}
		// the rotated game, seen from the entrants
		if !slices.Equal(ranks[0], []int{ranks[2][2], ranks[2][0], ranks[2][1]}) {
			differ++
		}
	}
	if differ < 100 {
		t.Errorf("a rotation of the seats changed the entrants' ranks in only %d of 200 seeds", differ)
	}
}

// Tags tell variants apart: labels 0 .. 15 (the tuner's spaces of equal
// variants) have 16 tags; of 1 000 labels about 1000·999/2/4096 ≈ 122
// pairs share a tag by chance, and a poor hash would give many more. A
// tag is a function of the parameters only.
func TestTags(t *testing.T) {
	spec, _ := game.FindBot(synthetic.Game{}, "fixed")
	seen := map[game.Action]int{}
	pairs := 0
	for label := range 1000 {
		p, _ := spec.Resolve(map[string]any{"label": label})
		tag := synthetic.Tag(p)
		if tag < 0 || tag > 4095 {
			t.Fatalf("label %d: tag %d", label, tag)
		}
		if label < 16 && seen[tag] > 0 {
			t.Errorf("labels 0..15: label %d shares its tag %d", label, tag)
		}
		pairs += seen[tag]
		seen[tag]++
		if q, _ := spec.Resolve(map[string]any{"label": label}); synthetic.Tag(q) != tag {
			t.Fatalf("label %d: two tags", label)
		}
	}
	if pairs > 160 {
		t.Errorf("1 000 labels share tags in %d pairs (chance: about 122)", pairs)
	}
	if a, b := synthetic.Tag(game.Params{"elo": 0.0}), synthetic.Tag(game.Params{"elo": 1.0}); a == b {
		t.Errorf("elo 0 and elo 1 have the same tag %d", a)
	}
}
