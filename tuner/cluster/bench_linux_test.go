//go:build linux

package cluster_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"tourney/arena"
	"tourney/tuner/cluster"
)

// TestBenchWorkerProcess is not a test: BenchmarkCoordinatorProcs runs
// the test binary as its worker processes through it (environment
// TOURNEY_BENCH_WORKER=URL, TOURNEY_BENCH_SLOTS, TOURNEY_BENCH_CACHE).
// A worker fetches the space from the object store like `tourney
// worker` and plays until SIGTERM.
func TestBenchWorkerProcess(t *testing.T) {
	url := os.Getenv("TOURNEY_BENCH_WORKER")
	if url == "" {
		t.Skip("a helper of BenchmarkCoordinatorProcs")
	}
	slots, _ := strconv.Atoi(os.Getenv("TOURNEY_BENCH_SLOTS"))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	nc, err := cluster.Connect(url, "bench worker", cluster.Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if err := cluster.RunWorker(ctx, nc, cluster.WorkerOptions{Workers: slots, Version: "b", Cache: os.Getenv("TOURNEY_BENCH_CACHE")}); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCoordinatorProcs: the coordinator (with its embedded server,
// as `tourney sweep --nats-serve` runs it) in this process, 32 worker
// processes of 2 slots each, synthetic games in blocks of 2 and 8.
// results/s is of wall time; coord-results/cpu-s is results per
// CPU-second of this process alone (coordinator and NATS server: what
// one coordinator core gets through), all-results/cpu-s per CPU-second
// of every process (workers from /proc/PID/stat).
func BenchmarkCoordinatorProcs(b *testing.B) {
	for _, per := range []int{2, 8} {
		b.Run(fmt.Sprintf("procs=32/block=%d", per), func(b *testing.B) { benchProcs(b, 32, 2, per) })
	}
}

func benchProcs(b *testing.B, procs, slots, per int) {
	sp, url, ctx, _, co := benchCoordinatorSetup(b)
	cache := b.TempDir()
	var ws []*exec.Cmd
	defer func() {
		for _, c := range ws {
			_ = c.Process.Signal(syscall.SIGTERM)
		}
		for _, c := range ws {
			_ = c.Wait()
		}
	}()
	for range procs {
		c := exec.Command(os.Args[0], "-test.run", "^TestBenchWorkerProcess$")
		c.Env = append(os.Environ(), "TOURNEY_BENCH_WORKER="+url, "TOURNEY_BENCH_SLOTS="+strconv.Itoa(slots), "TOURNEY_BENCH_CACHE="+cache)
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		ws = append(ws, c)
	}
	blocks := synthBlocks(sp, 20000/per, per)
	// warm up: the workers joined
	if err := co.Play(ctx, blocks[:400/per], func(*arena.Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	self0, kids0, start := cpuTime(), procsCPU(b, ws), time.Now()
	results := 0
	for range b.N {
		if err := co.Play(ctx, blocks, func(*arena.Result) error { results++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
	wall, self, kids := time.Since(start), cpuTime()-self0, procsCPU(b, ws)-kids0
	b.ReportMetric(float64(results)/wall.Seconds(), "results/s")
	b.ReportMetric(float64(results)/self.Seconds(), "coord-results/cpu-s")
	b.ReportMetric(float64(results)/(self+kids).Seconds(), "all-results/cpu-s")
	b.ReportMetric(self.Seconds()/wall.Seconds(), "coord-cores")
}

// procsCPU is the CPU time of the processes so far (user and system).
func procsCPU(b *testing.B, ps []*exec.Cmd) time.Duration {
	var t time.Duration
	for _, p := range ps {
		data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p.Process.Pid), "stat"))
		if err != nil {
			b.Fatal(err)
		}
		// after "pid (comm) ": state is field 3, utime 14, stime 15
		f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+2:]))
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		t += time.Duration(u+s) * time.Second / 100 // USER_HZ
	}
	return t
}
