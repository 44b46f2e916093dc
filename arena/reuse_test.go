package arena

import (
	"context"
	"fmt"
	"testing"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// Reused bots (game.Reconfigurer) and reused state copies
// (game.CloneIntoer) play exactly the games that fresh bots play: a
// worker's jobs cycle through parameter sets that change the table size,
// the ordering switch and the evaluation, on maps of 2, 3 and 8 players.
func TestReuseSameGames(t *testing.T) {
	g := reversixt.Game{}
	spec := reversixt.ParanoidSpec()
	var jobs []Job
	maps := []string{"standard8", "tri13", "duel10", "octo20"}
	for mi, name := range maps {
		m := mustMap(t, g, name)
		for i := 0; i < 4; i++ {
			if underRace && i%3 != 0 {
				continue // under the race detector one game of the varied bots and the one with a trivial seat (CI's second pass plays all four)
			}
			seats := make([]Entrant, m.Players())
			for k := range seats {
				v := map[string]any{
					reversixt.ParamTTLog2:          []int{16, 0, 10}[(i+k)%3],
					reversixt.ParamUseOrdering:     (i+k)%2 == 0,
					reversixt.ParamPlayerDistance:  []int{8, 16, 32}[(i+2*k)%3],
					reversixt.ParamPositionWeight:  []float64{0.5, 1, 2}[(i+k)%3],
					reversixt.ParamAspirationWidth: []int{10, 25}[k%2],
					reversixt.ParamMultiSearch:     reversixt.SearchParanoid, // these are the alpha-beta's knobs
				}
				p, err := spec.Resolve(v)
				if err != nil {
					t.Fatal(err)
				}
				seats[k] = Entrant{ID: fmt.Sprint(k), Spec: spec, Params: p}
			}
			if i == 3 {
				seats[0] = Entrant{ID: "trivial", Spec: reversixt.TrivialSpec(), Params: reversixt.TrivialSpec().Defaults()}
			}
			jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(15, uint64(mi), uint64(i)), Seats: seats,
				Budget: game.Budget{Depth: 2 - mi/3}, OpeningPlies: 2, Meta: len(jobs)})
		}
	}
	rs := collect(t, jobs, Options{Workers: 1})
	for i := range jobs {
		fresh, err := Play(context.Background(), &jobs[i], Options{})
		if err != nil {
			t.Fatal(err)
		}
		a := fmt.Sprint(rs[i].Scores, rs[i].Ranks, rs[i].Plies, rs[i].End)
		b := fmt.Sprint(fresh.Scores, fresh.Ranks, fresh.Plies, fresh.End)
		if a != b {
			t.Errorf("job %d (%s): reused %s, fresh %s", i, jobs[i].Map.Name(), a, b)
		}
	}
}
