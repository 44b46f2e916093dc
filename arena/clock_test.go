package arena

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"tourney/engines/connect4"
	"tourney/engines/game"
)

// spender is a bot that "searches" a given share of what its clock
// allows (it reports the nodes) and records the budgets it was given.
type spender struct {
	share float64 // of the move's allowance (Left, or the increment)
	over  int64   // nodes reported beyond it
	seen  *[]game.Budget
}

func (b *spender) Reset(uint64) {}

func (b *spender) Step(_ context.Context, s game.State, p int, bud game.Budget) (game.Action, error) {
	*b.seen = append(*b.seen, bud)
	return s.LegalActions(p, nil)[0], nil
}

func (b *spender) LastMove() game.MoveInfo {
	bud := (*b.seen)[len(*b.seen)-1]
	allow := bud.ClockNodes(bud.Time)
	if bud.Bank {
		allow = bud.Left
	}
	return game.MoveInfo{Nodes: int64(float64(allow)*b.share) + b.over, Depth: 1}
}

func spenderSpec(share float64, over int64, seen *[]game.Budget) game.BotSpec {
	return game.BotSpec{Name: "spender", New: func(game.Params) (game.Bot, error) {
		return &spender{share: share, over: over, seen: seen}, nil
	}}
}

// TestNodeClockBank checks the bank's arithmetic: the increment is added
// before each move, what a move leaves carries over, and nothing of the
// wall clock enters.
func TestNodeClockBank(t *testing.T) {
	var seen []game.Budget
	b := game.Budget{Time: 100_000_000, NodeRate: 10_000, Bank: true} // 100 ms = 1 000 nodes
	jobs := c4Jobs(1, func(int) []Entrant {
		return []Entrant{{ID: "s", Spec: spenderSpec(0.5, 0, &seen)}, randomEntrant("r")}
	}, b)
	r := collect(t, jobs, Options{Workers: 1})[0]
	if r.End[0] != "normal" {
		t.Fatalf("end %v (%s)", r.End, r.Detail)
	}
	// The spender spends half of its balance: 1000, 1500, 1750, 1875, …
	want := int64(1000)
	for i, got := range seen {
		if got.Left != want || got.NodeRate != 10_000 || !got.Bank || got.Time != b.Time {
			t.Fatalf("move %d: budget %+v, want Left %d", i, got, want)
		}
		want = want - int64(float64(want)*0.5) + 1000
	}
	if len(seen) < 3 {
		t.Fatalf("only %d moves", len(seen))
	}
}

// TestNodeClockOverspendForfeits: a move that reports more nodes than its
// balance plus the grace loses by timeout, with the figures in the detail;
// within the grace it does not.
func TestNodeClockOverspendForfeits(t *testing.T) {
	for _, c := range []struct {
		over int64
		end  string
	}{{10, "normal"}, {2000, "forfeit:timeout"}} {
		var seen []game.Budget
		b := game.Budget{Time: 100_000_000, NodeRate: 10_000} // 1 000 nodes a move
		jobs := c4Jobs(1, func(int) []Entrant {
			return []Entrant{{ID: "s", Spec: spenderSpec(1, c.over, &seen)}, randomEntrant("r")}
		}, b)
		r := collect(t, jobs, Options{Workers: 1})[0] // grace 50 ms = 500 nodes
		if r.End[0] != c.end {
			t.Fatalf("over %d: end %v, want %s (%s)", c.over, r.End, c.end, r.Detail)
		}
		if c.end != "normal" && r.Detail == "" {
			t.Fatalf("no detail for the timeout")
		}
		for _, got := range seen {
			if got.Left != 0 || got.Bank {
				t.Fatalf("per-move clock handed a bank: %+v", got)
			}
		}
	}
}

// TestNodeClockDeterministic plays the Connect Four searcher under a
// banked node clock at 1 and 2 workers: the same games, move for move
// and node for node, and games that use their clock (moves of different
// sizes, so the bank carries over).
func TestNodeClockDeterministic(t *testing.T) {
	spec := connect4.AlphaBetaSpec()
	ab := entrant(t, spec, "ab", map[string]any{"depth": 12})
	ab2 := entrant(t, spec, "ab2", map[string]any{"depth": 12, "time_share": 2.0})
	n := 4
	b := game.Budget{Time: 20_000_000, NodeRate: 500_000, Bank: true} // 10 000 nodes a move
	var runs [][]string
	for _, w := range []int{1, 2} {
		jobs := c4Jobs(n, func(i int) []Entrant {
			if i%2 == 0 {
				return []Entrant{ab, ab2}
			}
			return []Entrant{ab2, ab}
		}, b)
		for i := range jobs {
			jobs[i].Record = true
			jobs[i].OpeningPlies = 4
		}
		var lines []string
		for _, r := range collect(t, jobs, Options{Workers: w}) {
			var nodes []int64
			for _, m := range r.Moves {
				nodes = append(nodes, m.Nodes)
			}
			lines = append(lines, fmt.Sprint(r.End, r.Scores, r.Plies, nodes))
			if r.End[0] != "normal" {
				t.Fatalf("game ended %v: %s", r.End, r.Detail)
			}
		}
		runs = append(runs, lines)
	}
	if !reflect.DeepEqual(runs[0], runs[1]) {
		t.Fatalf("node clock games differ between 1 and 2 workers:\n%v\n%v", runs[0], runs[1])
	}
	t.Log(runs[0][0])
}

// extSpender is a spender run "as an external program" (game.Lifecycle)
// that says whether it counts its nodes (game.NodeClocker).
type extSpender struct {
	spender
	counts bool
}

func (b *extSpender) BeginGame(game.Map, int) {}
func (b *extSpender) EndGame(game.GameEnd)    {}
func (b *extSpender) NodeClocked() bool       { return b.counts }

// TestNodeClockExternal: an external bot that counts its nodes plays the
// node clock as an in-process bot does (its bank in nodes, a timeout when
// it reports more than the balance plus grace); one that does not gets
// the wall clock (no node rate, no bank, no balance), as before.
func TestNodeClockExternal(t *testing.T) {
	b := game.Budget{Time: 100_000_000, NodeRate: 10_000, Bank: true} // 100 ms = 1 000 nodes
	for _, c := range []struct {
		counts bool
		over   int64
		end    string
	}{{true, 0, "normal"}, {false, 0, "normal"}, {true, 5000, "forfeit:timeout"}} {
		var seen []game.Budget
		spec := game.BotSpec{Name: "ext", New: func(game.Params) (game.Bot, error) {
			return &extSpender{spender: spender{share: 0.5, over: c.over, seen: &seen}, counts: c.counts}, nil
		}}
		jobs := c4Jobs(1, func(int) []Entrant {
			return []Entrant{{ID: "s", Spec: spec}, randomEntrant("r")}
		}, b)
		r := collect(t, jobs, Options{Workers: 1})[0]
		if r.End[0] != c.end {
			t.Fatalf("counts %v, over %d: end %v, want %s (%s)", c.counts, c.over, r.End, c.end, r.Detail)
		}
		if !c.counts {
			for i, got := range seen {
				if got.NodeRate != 0 || got.Left != 0 || got.Bank || got.Time != b.Time {
					t.Fatalf("move %d: a bot on the wall clock got %+v", i, got)
				}
			}
			continue
		}
		if c.over > 0 {
			continue
		}
		want := int64(1000)
		for i, got := range seen {
			if got.Left != want || got.NodeRate != 10_000 || !got.Bank {
				t.Fatalf("move %d: budget %+v, want Left %d", i, got, want)
			}
			want = want - int64(float64(want)*0.5) + 1000
		}
	}
}
