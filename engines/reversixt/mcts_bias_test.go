package reversixt

import (
	"testing"

	"tourney/engines/game"
)

// progressive_bias adds b·g/(n + 1) to a tried move's selection value, g
// its gain on [0, 1] among the node's moves (the first in the move order
// 1): of two tried moves with equal statistics the selection takes the
// one of the higher gain (without the bias, the first), and in some
// positions the bot plays another move.
func TestMCTSProgressiveBias(t *testing.T) {
	for _, alpha := range []float64{0, 1} {
		for _, pb := range []float64{0, 0.5} {
			c := DefaultMCTS()
			c.ProgressiveBias = pb
			b := NewMCTSBot(c)
			b.alpha = alpha
			b.nodes = []mnode{{mover: 0, listed: true, first: 0, count: 2, nexp: 2, n: 10}, {mover: 1}, {mover: 1}}
			b.edges = []medge{{a: 1, child: 1, n: 5, w: 2.5, prior: 0.2}, {a: 2, child: 2, n: 5, w: 2.5, prior: 0.9}}
			want := int32(0)
			if pb > 0 {
				want = 1
			}
			if got := b.selectEdge(&b.nodes[0]); got != want {
				t.Errorf("alpha %v, progressive_bias %v: selected edge %d, want %d", alpha, pb, got, want)
			}
		}
	}

	spec := MCTSSpec()
	b0, err := spec.New(game.Params{})
	if err != nil {
		t.Fatal(err)
	}
	if c := b0.(*MCTSBot).cfg.ProgressiveBias; c != 0 {
		t.Fatalf("default progressive_bias %v", c)
	}
	changed, positions := 0, 0
	for _, o := range phase1Openings(t, 6, func(uint64) int { return 8 }) {
		name, seed, s := o.name, o.seed, o.s
		p := s.CurrentPlayer()
		var moves [2]game.Action
		for k, pb := range []float64{0, 4} {
			c := DefaultMCTS()
			c.ProgressiveBias = pb
			b, a := stepMCTS(t, c, s, p, game.Budget{Nodes: 1500})
			moves[k] = a
			root := b.nodes[0]
			if root.count < 2 {
				break
			}
			if pr := b.edges[root.first].prior; pr != 1 {
				t.Fatalf("%s seed %d: the first move's prior %v, want 1", name, seed, pr)
			}
			for i := root.first; i < root.first+root.count; i++ {
				if pr := b.edges[i].prior; pr < 0 || pr > 1 || i > root.first && pr > b.edges[i-1].prior {
					t.Fatalf("%s seed %d: priors not in gain order on [0, 1] at edge %d: %v", name, seed, i-root.first, pr)
				}
			}
			if k == 1 {
				positions++
			}
		}
		if moves[0] != moves[1] {
			changed++
		}
	}
	t.Logf("%d positions, the move changed in %d", positions, changed)
	if positions == 0 || changed == 0 {
		t.Fatalf("the bias changed no move in %d positions", positions)
	}
}
