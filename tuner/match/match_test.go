package match

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"tourney/arena"
	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/engines/synthetic"
	"tourney/tuner/stats"
)

func syntheticEntrant(t *testing.T, elo float64) arena.Entrant {
	t.Helper()
	spec := synthetic.Game{}.Bots()[0]
	p, err := spec.Resolve(map[string]any{"elo": elo})
	if err != nil {
		t.Fatal(err)
	}
	return arena.Entrant{Spec: spec, Params: p}
}

// runMatch plays match c quietly on two workers into a new directory and
// returns its result, the directory and the pairs it booked (res.Pairs
// summed).
func runMatch(t *testing.T, c *Config) (*Result, string, int) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	res, err := Run(t.Context(), c, Options{Out: dir, Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	pairs := 0
	for _, n := range res.Pairs {
		pairs += n
	}
	return res, dir, pairs
}

// A match counts complete pairs (pentanomial) and games (trinomial); its
// Elo estimate finds a known difference; the GSPRT stops after a complete
// pair; games.csv holds whole pairs only.
func TestMatchPairs(t *testing.T) {
	m, _ := synthetic.Game{}.LoadMap("2p")
	c := &Config{Game: synthetic.Game{}, A: syntheticEntrant(t, 100), B: syntheticEntrant(t, 0),
		Maps: []game.Map{m}, MapNames: []string{"2p"}, Games: 4001, Seed: 3}
	res, dir, pairs := runMatch(t, c)
	if res.Played != 4002 || pairs != 2001 || res.Games.W+res.Games.D+res.Games.L != 4002 {
		t.Fatalf("played %d, pairs %v, games %+v: want 4002 games in 2001 pairs", res.Played, res.Pairs, res.Games)
	}
	if e := res.PairStats; !(e.EloLo < 100 && 100 < e.EloHi) || e.EloHi-e.EloLo > 40 {
		t.Errorf("Elo %.1f [%.1f, %.1f] should cover the true 100", e.Elo, e.EloLo, e.EloHi)
	}
	// the same counts give the same numbers through stats
	if got := res.Pairs.Estimate(0.95).Elo; got != res.PairStats.Elo {
		t.Errorf("pair Elo %v vs %v", got, res.PairStats.Elo)
	}
	g, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
	if n := strings.Count(string(g), "\n"); n != 1+4002*2 {
		t.Errorf("games.csv has %d lines", n)
	}
	// the sequential test decides early, after a whole pair
	sp, err := stats.ParseSPRT("0,20")
	if err != nil {
		t.Fatal(err)
	}
	c.SPRT = &sp
	res, err = Run(t.Context(), c, Options{Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.SPRTState != "H1" || res.Played%2 != 0 || res.Played >= 4002 || res.LLR < sp.Upper() {
		t.Errorf("SPRT %s after %d games, LLR %.2f", res.SPRTState, res.Played, res.LLR)
	}
}

// On a map of more than two seats, A and B alternate around the table
// and are compared per block by their points; each sits in every seat
// once per block.
func TestMatchMultiSeat(t *testing.T) {
	m, _ := synthetic.Game{}.LoadMap("4p")
	c := &Config{Game: synthetic.Game{}, A: syntheticEntrant(t, 200), B: syntheticEntrant(t, 0),
		Maps: []game.Map{m}, MapNames: []string{"4p"}, Games: 400, Seed: 3}
	jobs := Jobs(c)
	seats := map[[2]int]int{}
	for _, j := range jobs[:2] {
		for seat, e := range j.Seats {
			side := 0
			if e.Params.Float("elo") == 0 {
				side = 1
			}
			seats[[2]int{side, seat}]++
		}
	}
	if len(seats) != 8 {
		t.Fatalf("a block seats A and B %v: want each in all four seats once", seats)
	}
	res, err := Run(t.Context(), c, Options{Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Blocks) != 200 || res.PairStats.N != 0 {
		t.Fatalf("%d blocks, %d pairs", len(res.Blocks), res.PairStats.N)
	}
	if d := res.BlockStats; !(d.Lo > 0) || math.IsNaN(d.Mean) {
		t.Errorf("A (200 Elo stronger) vs B: points difference %+v", d)
	}
	if res.Places[0].Games != 800 { // two seats of four in 400 games
		t.Errorf("places of A over %d games", res.Places[0].Games)
	}
}

// Deterministic bots without an opening replay the same pair: a warning.
func TestMatchIdenticalGamesWarning(t *testing.T) {
	spec := connect4.Game{}.Bots()[0]
	c := &Config{Game: connect4.Game{}, A: arena.Entrant{Spec: spec, Params: spec.Defaults()},
		B: arena.Entrant{Spec: spec, Params: spec.Defaults()}, Games: 8, Budget: game.Budget{Depth: 2}, Seed: 1}
	m, _ := connect4.Game{}.LoadMap("standard")
	c.Maps, c.MapNames = []game.Map{m}, []string{"standard"}
	res, err := Run(t.Context(), c, Options{Workers: 2, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := res.Warnings(); len(w) != 1 || !strings.Contains(w[0], "--opening-plies") {
		t.Errorf("warnings %q", w)
	}
	c.OpeningPlies = 4
	if res, _ = Run(t.Context(), c, Options{Workers: 2, Quiet: true}); len(res.Warnings()) != 0 {
		t.Errorf("warnings with an opening: %q", res.Warnings())
	}
}

// cancelBot plays 0 Elo and cancels the run at its n-th move (of all
// its copies): an interruption in the middle of a match.
type cancelBot struct {
	moves  *atomic.Int64
	n      int64
	cancel context.CancelFunc
}

func (b *cancelBot) Reset(uint64) {}
func (b *cancelBot) Step(ctx context.Context, _ game.State, _ int, _ game.Budget) (game.Action, error) {
	if b.moves.Add(1) == b.n {
		b.cancel()
	}
	return synthetic.Code(0), nil
}

// Interrupted, a match keeps its complete pairs: the partial result and
// summary.json (marked interrupted).
func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var moves atomic.Int64
	spec := game.BotSpec{Name: "canceller", New: func(game.Params) (game.Bot, error) {
		return &cancelBot{moves: &moves, n: 3001, cancel: cancel}, nil
	}}
	m, _ := synthetic.Game{}.LoadMap("2p")
	c := &Config{Game: synthetic.Game{}, A: arena.Entrant{Spec: spec}, B: arena.Entrant{Spec: spec},
		Maps: []game.Map{m}, MapNames: []string{"2p"}, Games: 20000, Seed: 3}
	dir := filepath.Join(t.TempDir(), "m")
	res, err := Run(ctx, c, Options{Out: dir, Workers: 2, Quiet: true})
	if err == nil || res == nil || !res.Interrupted || res.Played == 0 || res.Played%2 != 0 || res.Played > 1600 {
		t.Fatalf("err %v, result %+v", err, res)
	}
	sum, rerr := os.ReadFile(filepath.Join(dir, "summary.json"))
	if rerr != nil || !strings.Contains(string(sum), `"interrupted": true`) {
		t.Fatalf("summary.json: %v\n%s", rerr, sum)
	}
	g, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
	if n := strings.Count(string(g), "\n"); n != 1+2*res.Played {
		t.Errorf("games.csv has %d lines for %d games", n, res.Played)
	}
}

// A pair that repeats an earlier pair's deal game for game (deterministic
// bots after one random opening ply: at most 7 openings) is the same
// evidence again and counts once, as in a sweep; the output says how many
// distinct deals there were (issue 31: 150 pairs of 70 distinct deals
// gave an interval as if all 150 were independent).
func TestMatchRepeatedDealsCountOnce(t *testing.T) {
	spec := connect4.Game{}.Bots()[0]
	pb, err := spec.Resolve(map[string]any{"opponent_weight": 2.0})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := connect4.Game{}.LoadMap("standard")
	c := &Config{Game: connect4.Game{}, A: arena.Entrant{Spec: spec, Params: spec.Defaults()}, B: arena.Entrant{Spec: spec, Params: pb},
		Games: 200, Budget: game.Budget{Depth: 2}, Seed: 1, OpeningPlies: 1, Maps: []game.Map{m}, MapNames: []string{"standard"}}
	res, dir, booked := runMatch(t, c)
	if res.Played != 200 || booked > 7 || booked+res.Repeated != 100 || res.PairStats.N != booked {
		t.Errorf("200 games: %d pairs booked, %d repeated, estimate over %d: want at most 7 distinct deals counted once", booked, res.Repeated, res.PairStats.N)
	}
	var out strings.Builder
	Print(&out, c, res)
	if want := "distinct deals: " + strconv.Itoa(booked) + " of 100 pairs"; !strings.Contains(out.String(), want) {
		t.Errorf("output %q: want %q", out.String(), want)
	}
	js, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if !strings.Contains(string(js), `"distinct_blocks": `+strconv.Itoa(booked)+",") {
		t.Errorf("summary.json: no distinct_blocks %d:\n%s", booked, js)
	}
}
