package speed_test

import (
	"context"
	"fmt"
	"testing"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/engines/speed"
)

// tally sums a bot's results over seat-rotated games.
type tally struct {
	seats  int     // seat-games played
	rounds float64 // rounds survived, summed
	wins   int     // sole rank 1
	draws  int     // shared rank 1
}

func (t *tally) String() string {
	n := float64(t.seats)
	return fmt.Sprintf("%d seat-games, mean rounds survived %.1f, wins %.1f%%, shared firsts %.1f%%",
		t.seats, t.rounds/n, 100*float64(t.wins)/n, 100*float64(t.draws)/n)
}

// duel plays hero (one seat) against field bots in the other seats of
// mapName, rotating hero through every seat for each seed.
func duel(t *testing.T, hero, field game.BotSpec, mapName string, seeds int) (h, f *tally) {
	t.Helper()
	g := speed.Game{}
	m, err := g.LoadMap(mapName)
	if err != nil {
		t.Fatal(err)
	}
	n := m.Players()
	var jobs []arena.Job
	for seed := range seeds {
		for at := range n {
			seats := make([]arena.Entrant, n)
			for i := range seats {
				seats[i] = arena.Entrant{ID: field.Name, Spec: field, Params: field.Defaults()}
			}
			seats[at] = arena.Entrant{ID: hero.Name, Spec: hero, Params: hero.Defaults()}
			jobs = append(jobs, arena.Job{Game: g, Map: m, Seed: uint64(seed), Seats: seats, Meta: at})
		}
	}
	h, f = &tally{}, &tally{}
	err = arena.Run(context.Background(), jobs, arena.Options{Workers: 2}, func(r *arena.Result) error {
		if r.Forfeit != -1 {
			return fmt.Errorf("seed %d: seat %d forfeited: %s", r.Job.Seed, r.Forfeit, r.Detail)
		}
		firsts := 0
		for _, rk := range r.Ranks {
			if rk == 1 {
				firsts++
			}
		}
		for p := range n {
			tl := f
			if p == r.Job.Meta.(int) {
				tl = h
			}
			tl.seats++
			tl.rounds += r.Scores[p]
			if r.Ranks[p] == 1 {
				if firsts == 1 {
					tl.wins++
				} else {
					tl.draws++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, f
}

// TestSurvivorBeatsRandom: over seat-rotated 2- and 4-player games on
// random-size boards, survivor outlives random on average and wins more
// often.
func TestSurvivorBeatsRandom(t *testing.T) { beatsRandom(t, "survivor", speed.SurvivorSpec(), 20, 10) }

// TestRiskBeatsRandom: the same comparison for the risk bot.
func TestRiskBeatsRandom(t *testing.T) { beatsRandom(t, "risk", speed.RiskSpec(), 10, 5) }

// beatsRandom checks that spec (called name) outlives random on average
// and wins more often, over seeds2 seat-rotated deals on speed-2p and
// seeds4 on speed-4p.
func beatsRandom(t *testing.T, name string, spec game.BotSpec, seeds2, seeds4 int) {
	t.Helper()
	for _, tc := range []struct {
		mapName string
		seeds   int
	}{
		{"speed-2p", seeds2},
		{"speed-4p", seeds4},
	} {
		h, f := duel(t, spec, game.RandomSpec(), tc.mapName, tc.seeds)
		t.Logf("%s %s: %v", tc.mapName, name, h)
		t.Logf("%s random: %v", tc.mapName, f)
		if hm, fm := h.rounds/float64(h.seats), f.rounds/float64(f.seats); hm <= fm {
			t.Errorf("%s: %s survives %.1f rounds on average, random %.1f", tc.mapName, name, hm, fm)
		}
		if hw, fw := float64(h.wins)/float64(h.seats), float64(f.wins)/float64(f.seats); hw <= fw {
			t.Errorf("%s: %s wins %.2f, random %.2f", tc.mapName, name, hw, fw)
		}
	}
}

func TestBotsList(t *testing.T) {
	bots := speed.Game{}.Bots()
	if len(bots) < 2 || bots[0].Name != "survivor" || bots[len(bots)-1].Name != "random" {
		names := make([]string, len(bots))
		for i, b := range bots {
			names[i] = b.Name
		}
		t.Errorf("Bots() = %v, want survivor first and random last", names)
	}
}
