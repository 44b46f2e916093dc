package arena

import (
	"slices"
	"testing"
	"time"

	"tourney/engines/connect4"
	"tourney/engines/game"
	"tourney/engines/reversixt"
	"tourney/engines/speed"
)

func entrant(t testing.TB, spec game.BotSpec, id string, params map[string]any) Entrant {
	t.Helper()
	p, err := spec.Resolve(params)
	if err != nil {
		t.Fatal(err)
	}
	return Entrant{ID: id, Spec: spec, Params: p}
}

// mustMap is g's map name.
func mustMap(tb testing.TB, g game.Game, name string) game.Map {
	tb.Helper()
	m, err := g.LoadMap(name)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// checkReplay replays r's records and compares the end with r.
func checkReplay(t *testing.T, r *Result) {
	t.Helper()
	j := r.Job
	s, err := ReplayMoves(j.Game, j.Map, j.Seed, j.OpeningPlies, r.Moves, nil)
	if err != nil {
		t.Fatalf("game %d: replay: %v", r.Index, err)
	}
	if s.MoveNumber() != r.Plies {
		t.Errorf("game %d: replay ends at ply %d, the game at %d", r.Index, s.MoveNumber(), r.Plies)
	}
	if got := s.Returns(nil); !slices.Equal(got, r.Scores) {
		t.Errorf("game %d: replay scores %v, game %v", r.Index, got, r.Scores)
	}
	if got := game.Ranks(s); !slices.Equal(got, r.Ranks) {
		t.Errorf("game %d: replay ranks %v, game %v", r.Index, got, r.Ranks)
	}
}

// Connect Four at depth 4: one record per ply, every one with the bot's
// nodes and depth; the replay ends where the game did; without Record
// the game carries no records but its per-seat totals.
func TestRecordConnect4(t *testing.T) {
	e := entrant(t, connect4.AlphaBetaSpec(), "ab", map[string]any{"depth": 4})
	jobs := c4Jobs(4, func(int) []Entrant { return []Entrant{e, randomEntrant("r")} }, game.Budget{})
	for i := range jobs {
		jobs[i].Record = i%2 == 0
		jobs[i].OpeningPlies = 2
	}
	for _, r := range collect(t, jobs, Options{Workers: 2}) {
		total := r.SeatMoves[0] + r.SeatMoves[1]
		if total != r.Plies-2 {
			t.Errorf("game %d: %d steps for %d plies after a 2-ply opening", r.Index, total, r.Plies)
		}
		if r.SeatTime[0] <= 0 {
			t.Errorf("game %d: seat 0 took no time", r.Index)
		}
		if !r.Job.Record {
			if r.Moves != nil {
				t.Errorf("game %d: records without Job.Record", r.Index)
			}
			continue
		}
		if len(r.Moves) != total {
			t.Fatalf("game %d: %d records, %d steps", r.Index, len(r.Moves), total)
		}
		for k, m := range r.Moves {
			if m.Ply != k+2 || m.Seat != (k+2)%2 || m.Fault != "" {
				t.Fatalf("game %d move %d: %+v", r.Index, k, m)
			}
			if m.Seat == 0 && (m.Depth != 4 || m.Nodes <= 0) {
				t.Errorf("game %d move %d: alphabeta reported depth %d nodes %d", r.Index, k, m.Depth, m.Nodes)
			}
			if m.Seat == 1 && (m.Depth != 0 || m.Nodes != 0) {
				t.Errorf("game %d move %d: the random bot reported %+v", r.Index, k, m)
			}
		}
		checkReplay(t, r)
	}
}

// ReversiXT with 4 seats and faults: an erring seat and a hung one are
// recorded with their fault, and the replay (which eliminates them as
// the arena did) ends on the game's scores.
func TestRecordReversiXTFaults(t *testing.T) {
	g := reversixt.Game{}
	m := mustMap(t, g, "cross14")
	par := entrant(t, reversixt.ParanoidSpec(), "p", map[string]any{"multi_search": "paranoid"}) // depth-2 alpha-beta moves
	var jobs []Job
	for i := range 3 {
		seats := []Entrant{par, randomEntrant("r1"), randomEntrant("r2"), randomEntrant("r3")}
		switch i {
		case 1:
			seats[1] = Entrant{ID: "bad", Spec: brokenSpec("error", 3)}
		case 2:
			seats[2] = Entrant{ID: "hung", Spec: brokenSpec("hang", 2)}
		}
		jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(5, uint64(i)), Seats: seats,
			Budget: game.Budget{Depth: 2}, OpeningPlies: 3, Record: true})
	}
	// the hung seat costs its game this long; paranoid's depth-2 moves
	// must stay far below it under -race on a loaded machine (150 ms did
	// not: a paranoid move timed out at a load of 6)
	opt := Options{Workers: 2, HangTimeout: 2 * time.Second}
	for _, r := range collect(t, jobs, opt) {
		faults := 0
		for _, mv := range r.Moves {
			if mv.Fault != "" {
				faults++
			}
		}
		want := 0
		if r.Index > 0 {
			want = 1
		}
		if faults != want || (want == 1 && r.Forfeit != r.Index) {
			t.Errorf("game %d: %d faulty records, forfeit %d %v", r.Index, faults, r.Forfeit, r.End)
		}
		searched := 0
		for _, mv := range r.Moves {
			if mv.Seat == 0 && mv.Depth == 2 && mv.Nodes > 0 {
				searched++
			}
		}
		if searched == 0 {
			t.Errorf("game %d: paranoid reported no search", r.Index)
		}
		checkReplay(t, r)
	}
}

// Spe_ed with 6 seats: simultaneous moves share a ply; the replay applies
// them jointly.
func TestRecordSpeed6(t *testing.T) {
	g := speed.Game{}
	m := mustMap(t, g, "speed-6p-40x40")
	sv := entrant(t, speed.SurvivorSpec(), "s", map[string]any{})
	var jobs []Job
	for i := range 3 {
		seats := []Entrant{sv, sv, randomEntrant("a"), sv, randomEntrant("b"), sv}
		jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(9, uint64(i)), Seats: seats, Record: true})
	}
	for _, r := range collect(t, jobs, Options{Workers: 2}) {
		plies := map[int]int{}
		for _, mv := range r.Moves {
			plies[mv.Ply]++
		}
		if plies[0] != 6 {
			t.Errorf("game %d: %d records at ply 0, want 6", r.Index, plies[0])
		}
		checkReplay(t, r)
	}
}
