package arena

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/engines/groker"
)

// brokenBot misbehaves on its n-th move (counting from 1).
type brokenBot struct {
	mode  string
	at    int
	moves int
	rnd   game.Bot
}

func (b *brokenBot) Reset(seed uint64) {
	b.moves = 0
	b.rnd, _ = game.RandomSpec().New(nil)
	b.rnd.Reset(seed)
}

func (b *brokenBot) Step(ctx context.Context, s game.State, p int, bud game.Budget) (game.Action, error) {
	b.moves++
	if b.moves == b.at {
		switch b.mode {
		case "panic":
			panic("deliberate")
		case "illegal":
			return 99, nil
		case "error":
			return game.NoAction, errors.New("deliberate")
		case "hang": // ignores its budget and its context
			time.Sleep(time.Hour)
		case "slow": // returns, but far too late
			time.Sleep(bud.Time * 4)
		}
	}
	return b.rnd.Step(ctx, s, p, bud)
}

func brokenSpec(mode string, at int) game.BotSpec {
	return game.BotSpec{Name: "broken-" + mode, New: func(game.Params) (game.Bot, error) {
		return &brokenBot{mode: mode, at: at}, nil
	}}
}

func randomEntrant(id string) Entrant { return Entrant{ID: id, Spec: game.RandomSpec()} }

func c4Jobs(n int, seats func(i int) []Entrant, b game.Budget) []Job {
	g := connect4.Game{}
	m, _ := g.LoadMap("standard")
	jobs := make([]Job, n)
	for i := range jobs {
		jobs[i] = Job{Game: g, Map: m, Seed: game.Mix(7, uint64(i)), Seats: seats(i), Budget: b, Meta: i}
	}
	return jobs
}

func collect(t *testing.T, jobs []Job, opt Options) []*Result {
	t.Helper()
	var out []*Result
	err := Run(context.Background(), jobs, opt, func(r *Result) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestOrderedAndDeterministic(t *testing.T) {
	seats := func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }
	var runs [][]string
	for _, w := range []int{1, 2, 5} {
		rs := collect(t, c4Jobs(200, seats, game.Budget{}), Options{Workers: w})
		if len(rs) != 200 {
			t.Fatalf("workers %d: %d results", w, len(rs))
		}
		var lines []string
		for i, r := range rs {
			if r.Index != i || r.Job.Meta.(int) != i {
				t.Fatalf("workers %d: result %d has index %d", w, i, r.Index)
			}
			lines = append(lines, fmt.Sprint(r.Scores, r.Ranks, r.Plies, r.End))
		}
		runs = append(runs, lines)
	}
	for i := 1; i < len(runs); i++ {
		if !reflect.DeepEqual(runs[0], runs[i]) {
			t.Fatalf("results differ between worker counts")
		}
	}
	// Random games must not all be the same game.
	distinct := map[string]bool{}
	for _, l := range runs[0] {
		distinct[l] = true
	}
	if len(distinct) < 10 {
		t.Fatalf("only %d distinct games in 200", len(distinct))
	}
}

// faultCases are the broken bots' modes (brokenSpec), the budget each
// plays under and the end its seat gets.
var faultCases = []struct {
	mode   string
	budget game.Budget
	end    string
}{
	{"panic", game.Budget{}, "forfeit:panic"},
	{"illegal", game.Budget{}, "forfeit:illegal"},
	{"error", game.Budget{}, "forfeit:error"},
	{"slow", game.Budget{Time: 50 * time.Millisecond}, "forfeit:timeout"},
	{"hang", game.Budget{Time: 50 * time.Millisecond}, "forfeit:timeout"},
	{"hang", game.Budget{Nodes: 1000}, "forfeit:timeout"},
}

func TestBrokenBotsForfeit(t *testing.T) {
	for _, c := range faultCases {
		t.Run(c.mode+"-"+c.budget.String(), func(t *testing.T) {
			// The broken bot sits in seat 0 of even games and seat 1 of odd
			// ones, misbehaving on its second move; games of two good bots
			// around it must be unaffected.
			seats := func(i int) []Entrant {
				bad := Entrant{ID: "bad", Spec: brokenSpec(c.mode, 2)}
				switch i % 3 {
				case 0:
					return []Entrant{bad, randomEntrant("good")}
				case 1:
					return []Entrant{randomEntrant("good"), bad}
				}
				return []Entrant{randomEntrant("x"), randomEntrant("y")}
			}
			opt := Options{Workers: 2, Grace: 50 * time.Millisecond, HangTimeout: 150 * time.Millisecond}
			rs := collect(t, c4Jobs(6, seats, c.budget), opt)
			if len(rs) != 6 {
				t.Fatalf("%d results", len(rs))
			}
			for i, r := range rs {
				badSeat := -1
				for s, e := range r.Job.Seats {
					if e.ID == "bad" {
						badSeat = s
					}
				}
				if badSeat < 0 {
					if r.Forfeit != -1 || r.End[0] != EndNormal {
						t.Errorf("game %d of good bots: forfeit %d end %v", i, r.Forfeit, r.End)
					}
					continue
				}
				if r.Forfeit != badSeat || r.End[badSeat] != c.end {
					t.Errorf("game %d: forfeit seat %d end %v, want seat %d %s", i, r.Forfeit, r.End, badSeat, c.end)
				}
				if r.Ranks[badSeat] != 2 || r.Ranks[1-badSeat] != 1 || r.End[1-badSeat] != EndNormal {
					t.Errorf("game %d: ranks %v ends %v", i, r.Ranks, r.End)
				}
				if r.Detail == "" {
					t.Errorf("game %d: forfeit without detail", i)
				}
			}
		})
	}
}

// A game whose rules panic is an engine bug: the batch stops with an error.
type panicGame struct{ connect4.Game }

func (panicGame) NewState(game.Map, uint64) (game.State, error) { panic("rules bug") }

func TestEnginePanicStopsBatch(t *testing.T) {
	jobs := c4Jobs(4, func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }, game.Budget{})
	jobs[2].Game = panicGame{}
	n := 0
	err := Run(context.Background(), jobs, Options{Workers: 2}, func(*Result) error { n++; return nil })
	if err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("err = %v", err)
	}
	if n > 2 {
		t.Fatalf("%d results emitted past the failing game", n)
	}
}

// Max-length adjudication: a game whose limit is shorter than its games.
type shortGame struct{ connect4.Game }

func (shortGame) Info() game.Info {
	i := connect4.Game{}.Info()
	i.MaxLength = 5
	return i
}

func TestMaxLength(t *testing.T) {
	jobs := c4Jobs(3, func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }, game.Budget{})
	for i := range jobs {
		jobs[i].Game = shortGame{}
	}
	for _, r := range collect(t, jobs, Options{Workers: 1}) {
		if r.Plies != 5 || r.End[0] != EndMaxLength || r.End[1] != EndMaxLength {
			t.Fatalf("plies %d end %v", r.Plies, r.End)
		}
		if r.Ranks[0] != 1 || r.Ranks[1] != 1 {
			t.Fatalf("an unfinished Connect Four game is a draw, ranks %v", r.Ranks)
		}
	}
}

func TestCancel(t *testing.T) {
	seats := func(int) []Entrant {
		return []Entrant{{ID: "h", Spec: brokenSpec("hang", 1)}, randomEntrant("b")}
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	err := Run(ctx, c4Jobs(4, seats, game.Budget{}), Options{Workers: 2}, func(*Result) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestEmitErrorStops(t *testing.T) {
	jobs := c4Jobs(50, func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }, game.Budget{})
	boom := errors.New("disk full")
	n := 0
	err := Run(context.Background(), jobs, Options{Workers: 2}, func(*Result) error {
		n++
		if n == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || n != 3 {
		t.Fatalf("err %v after %d", err, n)
	}
}

func TestOpening(t *testing.T) {
	g := connect4.Game{}
	m, _ := g.LoadMap("standard")
	seen := map[string]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		a, err := Opening(g, m, seed, 8)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Opening(g, m, seed, 8)
		if a.String() != b.String() {
			t.Fatal("the same seed gave two openings")
		}
		if a.IsTerminal() || a.MoveNumber() != 8 {
			t.Fatalf("seed %d: opening of %d plies, terminal %v", seed, a.MoveNumber(), a.IsTerminal())
		}
		seen[a.String()] = true
	}
	if len(seen) < 45 {
		t.Fatalf("only %d distinct openings in 50", len(seen))
	}
	// jobs with an opening start from it: a game of 41 random plies
	// leaves at most one move.
	jobs := c4Jobs(4, func(int) []Entrant { return []Entrant{randomEntrant("a"), randomEntrant("b")} }, game.Budget{})
	for i := range jobs {
		jobs[i].OpeningPlies = 30
	}
	for _, r := range collect(t, jobs, Options{Workers: 2}) {
		if r.Plies < 30 {
			t.Fatalf("game of %d plies after a 30-ply opening", r.Plies)
		}
	}
}

// zeroBidder returns bid 0 (illegal in Groker) from its second round on.
type zeroBidder struct{ n int }

func (b *zeroBidder) Reset(uint64) { b.n = 0 }
func (b *zeroBidder) Step(context.Context, game.State, int, game.Budget) (game.Action, error) {
	b.n++
	if b.n >= 2 {
		return 0, nil
	}
	return 5, nil
}

// At a simultaneous node every player is asked: when both bid illegally
// in the same round both forfeit, and the game is a draw at the rules'
// penalty score (groker.md: −1 each); a lone forfeiter ranks last at −1.
func TestSimultaneousForfeits(t *testing.T) {
	g := groker.Game{}
	m, _ := g.LoadMap("standard")
	bad := Entrant{ID: "bad", Spec: game.BotSpec{Name: "zero", New: func(game.Params) (game.Bot, error) { return &zeroBidder{}, nil }}}
	good := Entrant{ID: "good", Spec: groker.ConstantSpec(), Params: groker.ConstantSpec().Defaults()}
	jobs := []Job{
		{Game: g, Map: m, Seed: 1, Seats: []Entrant{bad, bad}},
		{Game: g, Map: m, Seed: 2, Seats: []Entrant{good, bad}},
	}
	rs := collect(t, jobs, Options{Workers: 1})
	r := rs[0]
	if r.End[0] != "forfeit:illegal" || r.End[1] != "forfeit:illegal" || r.Ranks[0] != 1 || r.Ranks[1] != 1 || r.Scores[0] != -1 || r.Scores[1] != -1 {
		t.Fatalf("both forfeit: end %v ranks %v scores %v", r.End, r.Ranks, r.Scores)
	}
	r = rs[1]
	if r.End[0] != EndNormal || r.End[1] != "forfeit:illegal" || r.Ranks[0] != 1 || r.Ranks[1] != 2 || r.Scores[1] != -1 || r.Scores[0] < 0 {
		t.Fatalf("one forfeits: end %v ranks %v scores %v", r.End, r.Ranks, r.Scores)
	}
}
