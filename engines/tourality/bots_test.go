package tourality_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"tourney/arena"
	"tourney/arena/arenatest"
	"tourney/engines/game"
	"tourney/engines/internal/shared"
	"tourney/engines/tourality"
)

// tally counts the results of a bot against an opponent.
type tally struct{ win, draw, loss, forfeits int }

func (t tally) games() int { return t.win + t.draw + t.loss }
func (t tally) rate() float64 {
	if t.games() == 0 {
		return 0
	}
	return float64(t.win) / float64(t.games())
}
func (t tally) String() string {
	return fmt.Sprintf("%d wins, %d draws, %d losses (%.1f%% wins, %d forfeits)", t.win, t.draw, t.loss, 100*t.rate(), t.forfeits)
}

// evalMaps returns the tournament maps (when ../shared is there) and n
// generated ones.
func evalMaps(t *testing.T, n int) []game.Map {
	t.Helper()
	g := tourality.Game{}
	var maps []game.Map
	if root := shared.Root(); root != "" {
		for i := 1; i <= 3; i++ {
			p := shared.Path(t, "maps", "tourality", fmt.Sprintf("%d.trlt", i))
			m, err := g.LoadMap(p)
			if err != nil {
				t.Fatal(err)
			}
			maps = append(maps, m)
		}
	}
	for i := 0; i < n; i++ {
		m, err := g.LoadMap(tourality.GenName(uint64(1000 + i)))
		if err != nil {
			t.Fatal(err)
		}
		maps = append(maps, m)
	}
	return maps
}

// duel plays a against b on every map, reps times in each seating, and
// counts a's results.
func duel(t *testing.T, a, b arena.Entrant, maps []game.Map, reps int, budget game.Budget) tally {
	t.Helper()
	var jobs []arena.Job
	for mi, m := range maps {
		for r := 0; r < reps; r++ {
			for seat := 0; seat < 2; seat++ {
				seats := []arena.Entrant{a, b}
				if seat == 1 {
					seats = []arena.Entrant{b, a}
				}
				jobs = append(jobs, arena.Job{Game: tourality.Game{}, Map: m, Seed: game.Mix(77, uint64(mi), uint64(r)),
					Seats: seats, Budget: budget, Meta: seat})
			}
		}
	}
	var res tally
	err := arena.Run(context.Background(), jobs, arena.Options{Workers: 2}, func(r *arena.Result) error {
		seat := r.Job.Meta.(int)
		if r.Forfeit >= 0 {
			res.forfeits++
		}
		switch mine, theirs := r.Ranks[seat], r.Ranks[1-seat]; {
		case mine < theirs:
			res.win++
		case mine > theirs:
			res.loss++
		default:
			res.draw++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func entrant(t *testing.T, name string, values map[string]any) arena.Entrant {
	t.Helper()
	return arenatest.Entrant(t, tourality.Game{}, name, name, values)
}

func long() bool { return os.Getenv("TOURNEY_LONG") == "1" }

func TestNearestBeatsRandom(t *testing.T) {
	n, reps := 3, 1
	if long() {
		n, reps = 20, 5
	}
	if raceEnabled && !long() {
		n = 1
	}
	res := duel(t, entrant(t, "nearest", nil), entrant(t, "random", nil), evalMaps(t, n), reps, game.Budget{})
	t.Logf("nearest vs random: %v", res)
	if res.forfeits > 0 || res.rate() < 0.95 {
		t.Errorf("nearest vs random: %v, want ≥ 95%% wins", res)
	}
}

func TestMinimaxBeatsNearest(t *testing.T) {
	n := 2
	if long() {
		n = 20
	}
	maps := evalMaps(t, n)
	if raceEnabled && !long() {
		maps = maps[:1]
	}
	budget := game.Budget{Nodes: minimaxTestNodes}
	if long() {
		budget = game.Budget{} // the bot's own cap, max_nodes
	}
	res := duel(t, entrant(t, "minimax", minimaxExtra(t)), entrant(t, "nearest", nil), maps, 1, budget)
	t.Logf("minimax (budget %v) vs nearest on %d maps: %v", budget, len(maps), res)
	switch {
	case res.forfeits > 0:
		t.Errorf("minimax vs nearest: %v", res)
	case long() && res.rate() < 0.7:
		t.Errorf("minimax vs nearest: %v, want ≥ 70%% wins", res)
	case !long() && !raceEnabled && res.rate() < 0.5:
		// Few games: a margin below the full figure (TOURNEY_LONG=1).
		t.Errorf("minimax vs nearest: %v, want ≥ 50%% wins", res)
	case raceEnabled && res.loss > 0:
		t.Errorf("minimax vs nearest: %v, want no losses", res)
	}
}

// minimaxExtra reads parameter overrides for exploration from
// TOURALITY_MINIMAX ("name=value,..."; integers and booleans).
func minimaxExtra(t *testing.T) map[string]any {
	v := os.Getenv("TOURALITY_MINIMAX")
	if v == "" {
		return nil
	}
	out := map[string]any{}
	for _, kv := range strings.Split(v, ",") {
		k, x, _ := strings.Cut(kv, "=")
		if n, err := strconv.Atoi(x); err == nil {
			out[k] = n
		} else if b, err := strconv.ParseBool(x); err == nil {
			out[k] = b
		} else {
			out[k] = x
		}
	}
	t.Logf("minimax parameters %v", out)
	return out
}

// minimaxTestNodes is the node budget per move of the short win-rate test.
const minimaxTestNodes = 20000
