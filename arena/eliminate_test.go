package arena

import (
	"slices"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// ReversiXT implements game.Eliminator: a faulty seat is disqualified and
// the others play the game to its end (spec §7.2).
func TestEliminationPlaysOn(t *testing.T) {
	g := reversixt.Game{}
	m := mustMap(t, g, "example15")
	for _, c := range faultCases {
		t.Run(c.mode+"-"+c.budget.String(), func(t *testing.T) {
			var jobs []Job
			for i := range 6 {
				seats := []Entrant{randomEntrant("a"), randomEntrant("b"), randomEntrant("c")}
				if i < 3 {
					seats[i] = Entrant{ID: "bad", Spec: brokenSpec(c.mode, 2)}
				}
				jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(11, uint64(i)), Seats: seats, Budget: c.budget})
			}
			opt := Options{Workers: 2, Grace: 50 * time.Millisecond, HangTimeout: 150 * time.Millisecond}
			rs := collect(t, jobs, opt)
			for i, r := range rs {
				if i >= 3 {
					if r.Forfeit != -1 {
						t.Errorf("game %d of good bots: forfeit %d %v", i, r.Forfeit, r.End)
					}
					continue
				}
				if r.Forfeit != i || r.End[i] != c.end || r.Detail == "" {
					t.Fatalf("game %d: forfeit %d ends %v detail %q, want seat %d %s", i, r.Forfeit, r.End, r.Detail, i, c.end)
				}
				if r.Ranks[i] != 3 || r.Scores[i] != 0 {
					t.Errorf("game %d: disqualified seat has rank %d score %v", i, r.Ranks[i], r.Scores[i])
				}
				// The game went on to its end: the others end normally
				// and the game is long (the fault came at ply 3 to 5;
				// random games here last 40 plies or more).
				for s := range 3 {
					if s != i && r.End[s] != EndNormal {
						t.Errorf("game %d: seat %d end %s", i, s, r.End[s])
					}
				}
				if r.Plies < 12 {
					t.Errorf("game %d: %d plies: the game did not go on after the disqualification", i, r.Plies)
				}
				if r.Ranks[0]+r.Ranks[1]+r.Ranks[2] < 4 {
					t.Errorf("game %d: ranks %v", i, r.Ranks)
				}
			}
		})
	}
}

// The same games at 1 and 2 workers give the same results, hangs included.
func TestEliminationDeterministic(t *testing.T) {
	g := reversixt.Game{}
	m, _ := g.LoadMap("example15")
	var jobs []Job
	for i := range 8 {
		seats := []Entrant{randomEntrant("a"), randomEntrant("b"), {ID: "bad", Spec: brokenSpec("hang", 3+i)}}
		jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(5, uint64(i)), Seats: seats, Budget: game.Budget{Nodes: 10}})
	}
	opt := Options{Workers: 1, HangTimeout: 100 * time.Millisecond}
	a := collect(t, jobs, opt)
	opt.Workers = 2
	b := collect(t, jobs, opt)
	for i := range a {
		if a[i].Plies != b[i].Plies || !slices.Equal(a[i].Ranks, b[i].Ranks) || a[i].Scores[0] != b[i].Scores[0] {
			t.Errorf("game %d differs: %d %v %v / %d %v %v", i, a[i].Plies, a[i].Ranks, a[i].Scores, b[i].Plies, b[i].Ranks, b[i].Scores)
		}
	}
}

// TestHungMoveTakenOnce: a Step that returns just as the watchdog gives up
// on it is either ended by the game's goroutine or taken over by the
// watchdog, never both (the watchdog copies the game's records to play on
// without the seat while the game's goroutine would write them: a data
// race seen under the race detector at a load of 27, TestEliminationPlaysOn).
func TestHungMoveTakenOnce(t *testing.T) {
	var r gameRun
	r.beginMove(3, 1)
	mv := r.move.Load() // the watchdog's last look: seat 1 is still thinking
	if r.stepped(3) {
		t.Fatal("a move nobody took over was abandoned")
	}
	if r.takeHung(mv) {
		t.Fatal("the watchdog took over a move that had ended")
	}
	r.beginMove(4, 0)
	if !r.takeHung(r.move.Load()) {
		t.Fatal("the watchdog could not take over a running move")
	}
	if !r.stepped(4) {
		t.Fatal("the game's goroutine went on after the watchdog took the game over")
	}
	if r.takeHung(r.move.Load()) {
		t.Fatal("a game was taken over twice")
	}
}
