package reversixt

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourney/engines/game"
)

// courseMoveTime is the course's time per move that the depth benchmark
// converts into nodes.
const courseMoveTime = 200 * time.Millisecond

// courseStatedRate is the node rate (nodes per CPU second) at which the
// benchmarks' fixed budget converts courseMoveTime into nodes: about
// the default bot's rate on the 2- and 4-player maps before the depth
// work (0.84–1.1 million on a loaded 2-core machine; 2–2.5 million on
// the 8-player maps; results/measurements.md, "Paranoid depth on the large course maps"). The depth at 200 ms
// uses the code's own measured rate instead.
const courseStatedRate = 1000000

// largeCourseMaps lists the course's competition maps (comp20xx_*,
// 20xx_comp_*) of at least 32×32 fields and the two large course maps
// named by the depth issue (ZOCK_19_3p, group5_massivenobomb, which
// starts in the bomb phase and so has no position), from the shared maps
// (nil when ../shared is absent).
func largeCourseMaps() []string {
	return sharedMapFiles(func(n, path string) bool {
		comp := strings.HasPrefix(n, "comp20") || strings.Contains(n, "_comp_") ||
			n == "ZOCK_19_3p.map" || n == "group5_massivenobomb.map"
		if !comp || !strings.HasSuffix(n, ".map") {
			return false
		}
		m, err := LoadMap(path)
		return err == nil && m.Height*m.Width >= 32*32
	})
}

// coursePositions plays seeded random openings of 20, 40 and 60 plies
// on m: normal moves (no overwrite stone spent while the mover has a
// normal move), so that the stocks are those of a real game's middle.
// Positions where phase 1 ended are left out.
func coursePositions(m *Map) []*State {
	var out []*State
	for i, plies := range []int{20, 40, 60} {
		s := NewState(m)
		rng := game.NewRand(game.Mix(4343, uint64(i)))
		var acts, normal []game.Action
		for k := 0; k < plies && s.Phase() == Phase1; k++ {
			acts = s.LegalActions(s.CurrentPlayer(), acts[:0])
			normal = normal[:0]
			for _, a := range acts {
				if t, _ := SplitAction(a); !isStone(s.board[t]) {
					normal = append(normal, a)
				}
			}
			if len(normal) == 0 {
				normal = acts
			}
			s.Apply(normal[rng.IntN(len(normal))])
		}
		if s.Phase() == Phase1 {
			out = append(out, s.Clone().(*State))
		}
	}
	return out
}

// courseRun searches every position with bot under a budget of nodes
// per move; it returns the nodes, the CPU time and the sum of the
// depths reached.
func courseRun(b *testing.B, bot *ParanoidBot, pos []*State, nodes int64) (n int64, cpu time.Duration, depth int) {
	for _, s := range pos {
		c0 := cpuTime()
		if _, err := bot.Step(context.Background(), s.Clone(), s.CurrentPlayer(), game.Budget{Nodes: nodes}); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - c0
		n += bot.Last.Nodes
		depth += bot.Last.Depth
	}
	return
}

// BenchmarkParanoidCourseDepth: the default paranoid bot on the large
// course maps (largeCourseMaps), three positions each (coursePositions),
// one move each under a node budget.
//
// "Depth at 200 ms" is defined as the mean depth that iterative
// deepening completes within the nodes 200 ms of CPU buy at the node
// rate of the code under test, measured in the same run:
//
//  1. A first pass (not timed) searches the positions at the stated
//     rate's budget, 200 ms × courseStatedRate nodes a move, and
//     measures the nodes per CPU second r of that pass
//     (metric depth@stated: the mean depth at that fixed budget, the
//     same on every machine).
//  2. Each timed op searches every position at 200 ms × r nodes a move
//     (r updated after every op with all timed nodes so far) and
//     reports the mean depth (depth@200ms), the node budget
//     (nodes/move), nodes per CPU second (nodes/cpu-s) and per wall
//     second (nodes/s).
//
// A faster node thus buys more nodes in 200 ms, and a deeper search
// only counts where the nodes it needs fit in 200 ms of its own CPU
// time. The budget is in nodes, not time, so a load spike changes r
// (and the budget), never the search at a given budget; run it with
// -count and compare the codes in one interleaved run.
func BenchmarkParanoidCourseDepth(b *testing.B) {
	eachCourseMap(b, func(b *testing.B, pos []*State) {
		bot := courseBot(b)
		stated := int64(courseMoveTime.Seconds() * courseStatedRate)
		n, cpu, d := courseRun(b, bot, pos, stated)
		rate := float64(n) / cpu.Seconds()
		depthStated := float64(d) / float64(len(pos))
		var nodes, depths, budgets int64
		var cpuAll time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			budget := int64(courseMoveTime.Seconds() * rate)
			n, cpu, d := courseRun(b, bot, pos, budget)
			nodes += n
			cpuAll += cpu
			depths += int64(d)
			budgets += budget
			rate = float64(nodes) / cpuAll.Seconds()
		}
		b.StopTimer()
		runs := float64(b.N * len(pos))
		b.ReportMetric(depthStated, "depth@stated")
		b.ReportMetric(float64(depths)/runs, "depth@200ms")
		b.ReportMetric(float64(budgets)/float64(b.N), "nodes/move")
		reportRate(b, float64(nodes), "nodes", cpuAll)
	})
}

// BenchmarkParanoidCourseNodes: the positions of
// BenchmarkParanoidCourseDepth at the stated rate's fixed budget (200 ms
// × courseStatedRate nodes a move): the same search tree for codes that
// search the same tree, so the time per op compares their speed alone
// (and an instruction count, say under valgrind, the work without the
// machine's load).
func BenchmarkParanoidCourseNodes(b *testing.B) {
	eachCourseMap(b, func(b *testing.B, pos []*State) {
		bot := courseBot(b)
		budget := courseNodesBudget(b)
		var nodes, depths int64
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			n, c, d := courseRun(b, bot, pos, budget)
			nodes += n
			cpu += c
			depths += int64(d)
		}
		b.ReportMetric(float64(depths)/float64(b.N*len(pos)), "depth")
		b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		reportRate(b, float64(nodes), "nodes", cpu)
	})
}

// eachCourseMap runs f as a sub-benchmark, named for the map, on the
// course positions of each large course map that has some; it skips
// without ../shared.
func eachCourseMap(b *testing.B, f func(b *testing.B, pos []*State)) {
	maps := largeCourseMaps()
	if len(maps) == 0 {
		b.Skip("no large course maps in ../shared/maps/reversixt")
	}
	for _, path := range maps {
		pos := coursePositions(mustLoad(b, path))
		if len(pos) == 0 {
			continue
		}
		b.Run(strings.TrimSuffix(filepath.Base(path), ".map"), func(b *testing.B) { f(b, pos) })
	}
}

// courseNodesBudget is BenchmarkParanoidCourseNodes' budget per move:
// 200 ms × courseStatedRate, or $COURSE_BENCH_NODES nodes (say 600000,
// 200 ms at the 8-player maps' rate) to compare settings at another
// fixed budget.
func courseNodesBudget(b *testing.B) int64 {
	env := os.Getenv("COURSE_BENCH_NODES")
	if env == "" {
		return int64(courseMoveTime.Seconds() * courseStatedRate)
	}
	n, err := strconv.ParseInt(env, 10, 64)
	if err != nil || n < 1 {
		b.Fatalf("COURSE_BENCH_NODES: %q is not a positive node count", env)
	}
	return n
}

// courseBot is the default paranoid bot, or with the parameters of
// $COURSE_BENCH_PARAMS ("name=value,name=value", say deepening_jump=1)
// for a comparison of settings on the same positions.
func courseBot(b *testing.B) *ParanoidBot {
	env := os.Getenv("COURSE_BENCH_PARAMS")
	if env == "" {
		return NewParanoidBot(alphaBeta())
	}
	vals := map[string]any{}
	for _, kv := range strings.Split(env, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			b.Fatalf("COURSE_BENCH_PARAMS: %q is not name=value", kv)
		}
		if i, err := strconv.Atoi(v); err == nil {
			vals[k] = i
		} else if f, err := strconv.ParseFloat(v, 64); err == nil {
			vals[k] = f
		} else if t, err := strconv.ParseBool(v); err == nil {
			vals[k] = t
		} else {
			vals[k] = v
		}
	}
	if _, ok := vals[ParamMultiSearch]; !ok {
		vals[ParamMultiSearch] = SearchParanoid // the alpha-beta's depth at any number of players
	}
	p, err := ParanoidSpec().Resolve(vals)
	if err != nil {
		b.Fatalf("COURSE_BENCH_PARAMS: %v", err)
	}
	return NewParanoidBot(ParanoidFrom(p))
}
