package reversixt

import (
	"context"
	"os"
	"testing"

	"tourney/engines/game"
)

// BenchmarkBotNodeCost compares the CPU a search node costs the paranoid,
// brs and mcts bots (nodes per CPU second) from the same positions (after
// 4..40 random plies) under a 20 000-node budget: a clock in nodes is
// fair between designs only when their nodes cost about the same.
// TOURNEY_BENCH_MAPS (comma-separated names or files) replaces the
// built-in maps.
func BenchmarkBotNodeCost(b *testing.B) {
	maps := []string{"standard8", "duel10", "tri13", "cross14", "octo20"}
	if env := os.Getenv("TOURNEY_BENCH_MAPS"); env != "" {
		maps = splitList(env)
	}
	for _, name := range maps {
		m := mustLoad(b, name)
		var pos []*State
		for seed := uint64(0); len(pos) < 6 && seed < 40; seed++ {
			s := openingState(b, m, game.Mix(91, seed), 4+int(seed*7%37))
			if s.Phase() == Phase1 {
				pos = append(pos, s)
			}
		}
		for _, bot := range []string{"paranoid", "brs", "mcts"} {
			b.Run(shortName(name)+"/"+bot, func(b *testing.B) {
				spec := botSpec(b, bot)
				bt, err := spec.New(spec.Defaults())
				if err != nil {
					b.Fatal(err)
				}
				bt.Reset(1)
				var nodes int64
				b.ResetTimer()
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					s := pos[i%len(pos)]
					if _, err := bt.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Nodes: 20000}); err != nil {
						b.Fatal(err)
					}
					nodes += bt.(game.Informer).LastMove().Nodes
				}
				reportRate(b, float64(nodes), "nodes", cpuTime()-cpu0)
			})
		}
	}
}

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

func shortName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}
