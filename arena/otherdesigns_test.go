package arena

import (
	"context"
	"fmt"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// ReversiXT's bots of other designs (brs, mcts) under the contest's clock
// in nodes with the bank: the same games, move for move and node for node,
// at 1 and 2 workers, with fresh and with reused bots (game.Reconfigurer),
// and no forfeit (the bank is kept). The mcts seats play random playouts
// drawn from the game's seed.
func TestOtherDesignsReplay(t *testing.T) {
	g := reversixt.Game{}
	specs := map[string]game.BotSpec{}
	for _, s := range g.Bots() {
		specs[s.Name] = s
	}
	entrant := func(name string) Entrant {
		p := specs[name].Defaults()
		if name == "mcts" {
			p[reversixt.ParamPlayoutDepth] = 2 // random playouts: the seeds matter
		}
		return Entrant{ID: name, Spec: specs[name], Params: p}
	}
	clock := game.Budget{Time: 5 * time.Millisecond, NodeRate: 1_000_000, Bank: true}
	var jobs []Job
	maps, per := []string{"duel10", "tri13", "cross14"}, 2
	if underRace {
		// the detector slows the bots tenfold (100 s for two games at
		// a load of 5): CI's second pass plays this without it
		t.Skip("CI runs this without the race detector")
	}
	if testing.Short() {
		maps, per = maps[:2], 1
	}
	for mi, name := range maps {
		m := mustMap(t, g, name)
		for i := 0; i < per; i++ {
			seats := make([]Entrant, m.Players())
			for k := range seats {
				seats[k] = entrant([]string{"mcts", "brs", "paranoid", "trivial"}[(k+i+mi)%4])
			}
			jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(44, uint64(mi), uint64(i)), Seats: seats,
				Budget: clock, OpeningPlies: 2, Record: true, Meta: len(jobs)})
		}
	}
	print := func(r *Result) string {
		s := fmt.Sprint(r.Scores, r.Ranks, r.Plies, r.End, r.SeatSearch, r.Print)
		for _, mv := range r.Moves {
			s += fmt.Sprint(" ", mv.Action, mv.Nodes, mv.Depth)
		}
		return s
	}
	var runs [][]string
	for _, w := range []int{1, 2} {
		var lines []string
		for _, r := range collect(t, jobs, Options{Workers: w}) {
			for seat, e := range r.End {
				if e != EndNormal {
					t.Errorf("workers %d, job %d seat %d (%s): %s %s", w, r.Index, seat, r.Job.Seats[seat].ID, e, r.Detail)
				}
			}
			lines = append(lines, print(r))
		}
		runs = append(runs, lines)
	}
	for i := range jobs {
		if runs[0][i] != runs[1][i] {
			t.Errorf("job %d (%s): the game differs between 1 and 2 workers", i, jobs[i].Map.Name())
		}
		fresh, err := Play(context.Background(), &jobs[i], Options{})
		if err != nil {
			t.Fatal(err)
		}
		if print(fresh) != runs[0][i] {
			t.Errorf("job %d (%s): fresh bots play another game than reused ones", i, jobs[i].Map.Name())
		}
	}
}
