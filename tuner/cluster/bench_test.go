//go:build unix

package cluster_test

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"

	"tourney/arena"
	"tourney/tuner/cluster"
	"tourney/tuner/plan"
	"tourney/tuner/runner"
	"tourney/tuner/study"
)

// BenchmarkCoordinator: the coordinator's throughput (results/s, one
// result a game) with synthetic games, which cost next to nothing, in
// 2-game blocks, and 16 in-process worker connections of 4 slots each
// against the embedded server: what bounds it is the per-block round
// trip (publish, fetch, result publish with its JetStream ack, ack) on
// the server and the coordinator's decoding, not the games.
func BenchmarkCoordinator(b *testing.B) {
	for _, per := range []int{2, 8} {
		b.Run(map[int]string{2: "block=2", 8: "block=8"}[per], func(b *testing.B) { benchCoordinator(b, per) })
	}
}

func benchCoordinator(b *testing.B, per int) {
	sp, url, ctx, cancel, co := benchCoordinatorSetup(b)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wc, err := cluster.Connect(url, "w", cluster.Security{})
			if err != nil {
				b.Error(err)
				return
			}
			defer wc.Close()
			_ = cluster.RunWorker(ctx, wc, cluster.WorkerOptions{Workers: 4, Version: "b", Space: sp})
		}()
	}
	// warm up: every worker joined
	if err := co.Play(ctx, synthBlocks(sp, 200, per), func(*arena.Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
	blocks := synthBlocks(sp, 20000/per, per)
	b.ResetTimer()
	cpu0 := cpuTime()
	start := time.Now()
	results := 0
	for range b.N {
		if err := co.Play(ctx, blocks, func(*arena.Result) error { results++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(results)/time.Since(start).Seconds(), "results/s")
	b.ReportMetric(float64(len(blocks)*b.N)/time.Since(start).Seconds(), "blocks/s")
	// the machine may be shared: what one CPU-second of this process
	// (server, coordinator and workers together) gets through
	b.ReportMetric(float64(results)/(cpuTime()-cpu0).Seconds(), "results/cpu-s")
}

// benchCoordinatorSetup is the benchmarks' coordinator of WriteSpace's
// 40-encounter space with its embedded server: the space, the server's
// URL, the coordinator's context and its cancel; the coordinator, its
// connection, the context and the server are closed in that order at
// the benchmark's cleanup.
func benchCoordinatorSetup(b *testing.B) (*study.Study, string, context.Context, context.CancelFunc, *cluster.Coordinator) {
	dir := b.TempDir()
	sp, err := study.Load(WriteSpace(b, dir, "40"))
	if err != nil {
		b.Fatal(err)
	}
	s, err := cluster.Serve(cluster.ServeOptions{Addr: "127.0.0.1:0", StoreDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	url := cluster.ServerURL(s, false)
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	nc, err := cluster.Connect(url, "c", cluster.Security{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(nc.Close)
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: "b"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(co.Close)
	return sp, url, ctx, cancel, co
}

// synthBlocks are n blocks of per synthetic games (a variant against
// the defaults).
func synthBlocks(sp *study.Study, n, per int) []runner.Block {
	sc := &sp.Scenarios[0]
	params := sp.DefaultParams(0)
	blocks := make([]runner.Block, n)
	for k := range blocks {
		blocks[k].Key = k
		for g := range per {
			seed := uint64(k*per + g)
			blocks[k].Jobs = append(blocks[k].Jobs, arena.Job{Game: sc.Game, Map: sc.Maps[0], Seed: seed,
				Seats: []arena.Entrant{{ID: "0", Spec: sc.Bot, Params: params}, {ID: "default", Spec: sc.Bot, Params: params}}})
			blocks[k].Plans = append(blocks[k].Plans, plan.GamePlan{Seed: seed,
				Seats: []plan.SeatRef{{Kind: plan.SeatVariant}, {Kind: plan.SeatFiller}}})
		}
	}
	return blocks
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
