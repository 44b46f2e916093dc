package reversixt

import (
	"context"
	"testing"

	"tourney/engines/game"
)

// The late-move reductions (reduce_after) make a search of the same depth
// cheaper on real positions: with 2, 3 and 4 players at depth 5, the
// reduced search visits at most 70 % of the full-width search's nodes,
// and it plays a legal move.
func TestParanoidReductionsFewerNodes(t *testing.T) {
	const depth = 5
	names := []string{"duel10", "tri13", "cross14"}
	if raceEnabled {
		names = names[:1] // a second under the detector for all three
	}
	full := pinBot(t, map[string]any{ParamReduceAfter: 0})
	red := pinBot(t, map[string]any{ParamReduceAfter: 2, ParamReduceBy: 2, ParamReduceAt: "all"})
	for _, name := range names {
		m := mustLoad(t, name)
		var nFull, nRed int64
		for _, mv := range pinPositions(t, m)[1:4] {
			s := pinState(t, m, mv)
			p := s.CurrentPlayer()
			if _, err := full.Step(context.Background(), s.Clone(), p, game.Budget{Depth: depth}); err != nil {
				t.Fatal(err)
			}
			a, err := red.Step(context.Background(), s.Clone(), p, game.Budget{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			if !s.IsLegal(p, a) {
				t.Fatalf("%s after %d moves: the reduced search plays an illegal move", name, len(mv))
			}
			if full.Last.Depth != depth || red.Last.Depth != depth {
				t.Fatalf("%s after %d moves: depths %d and %d, want %d", name, len(mv), full.Last.Depth, red.Last.Depth, depth)
			}
			nFull += full.Last.Nodes
			nRed += red.Last.Nodes
		}
		t.Logf("%s: %d nodes reduced, %d full width", name, nRed, nFull)
		if nRed*10 > nFull*7 {
			t.Errorf("%s: the reduced search visits %d nodes, the full-width one %d (want at most 70 %%)", name, nRed, nFull)
		}
	}
}

// reduce_after_own reaches the search: on duel10 at depth 5 the bot's own
// nodes reducing after 4 moves instead of 2 visit more nodes than
// reduce_after 2 everywhere and fewer than the full width.
func TestParanoidReduceAfterOwn(t *testing.T) {
	const depth = 5
	bots := []*ParanoidBot{
		pinBot(t, map[string]any{ParamReduceAfter: 0}),
		pinBot(t, map[string]any{ParamReduceAfter: 2, ParamReduceAfterOwn: 4, ParamReduceBy: 2, ParamReduceAt: "all"}),
		pinBot(t, map[string]any{ParamReduceAfter: 2, ParamReduceAfterOwn: 0, ParamReduceBy: 2, ParamReduceAt: "all"}),
	}
	m := mustLoad(t, "duel10")
	nodes := make([]int64, len(bots))
	for _, mv := range pinPositions(t, m)[1:4] {
		s := pinState(t, m, mv)
		for i, b := range bots {
			if _, err := b.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Depth: depth}); err != nil {
				t.Fatal(err)
			}
			nodes[i] += b.Last.Nodes
		}
	}
	t.Logf("full width %d, own 4 %d, reduce_after 2 everywhere %d nodes", nodes[0], nodes[1], nodes[2])
	if !(nodes[2] < nodes[1] && nodes[1] < nodes[0]) {
		t.Errorf("nodes: full width %d, own 4 %d, reduce_after 2 everywhere %d (want strictly decreasing)", nodes[0], nodes[1], nodes[2])
	}
}
