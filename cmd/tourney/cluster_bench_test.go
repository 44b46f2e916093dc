//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"tourney/internal/testspace"
)

// The ReversiXT study's scenario (configs/reversixt-study.toml: paranoid
// at depth 3, two random opening plies) on two of its maps (2 and 4
// seats: a block is 6 games) with two variants: 144 games in 24 blocks,
// then the hold-out rung's 48 and the verdict (192 games: with fewer, the
// fixed costs of a run, worker start-up and the two rounds' last games,
// weigh more than they do in a study of thousands of games).
var studyBenchSpace = testspace.Text("study-bench", 4096, "reversixt", "paranoid", `maps          = ["duel10", "cross14"]
budget        = { depth = 3 }
opening_plies = 2
[params]
stones_weight = { values = [0.5, 2.0] }
`+testspace.PairsKnockout+`min_blocks = 1
max_games  = 144
points     = "rank"
`)

func childCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkClusterStudy: the overhead of the cluster on one machine. Each
// op plays the study's cut twice, as a local sweep with --workers 2 and
// as a coordinator (--workers 0) with two worker processes of one slot
// each (in turns: local first in even ops, the cluster first in odd
// ones), checks that both wrote the same games.csv, and reports each
// one's games/s of wall time and CPU milliseconds per game (every
// process of the run), and the ratios cluster/local of games/s
// (speed-ratio: the goal is >= 0.95) and of CPU per game (cpu-ratio).
func BenchmarkClusterStudy(b *testing.B) {
	tmp := b.TempDir()
	space := filepath.Join(tmp, "study.toml")
	if err := os.WriteFile(space, []byte(studyBenchSpace), 0o644); err != nil {
		b.Fatal(err)
	}
	var games [2]int
	var cpu, wall [2]time.Duration
	for i := range b.N {
		var outs [2]string
		for k := range 2 {
			mode := (i + k) % 2 // 0 local, 1 cluster
			out := filepath.Join(tmp, fmt.Sprintf("%s%d", []string{"local", "cluster"}[mode], i))
			outs[mode] = out
			c0, w0 := childCPU(), time.Now()
			if mode == 0 {
				p := start(b, "sweep", space, "--workers", "2", "--quiet", "--records", "none", "--out", out)
				<-p.done
				if p.err != nil {
					b.Fatalf("%v %s", p.err, p.out.String())
				}
				wall[0] += time.Since(w0)
			} else {
				port := freePort(b)
				co := start(b, "sweep", space, "--nats-serve", port, "--workers", "0", "--quiet", "--records", "none", "--out", out)
				// the workers once the server listens (a worker that comes
				// first retries every second)
				for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
					if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
						c.Close()
						break
					}
					if time.Now().After(deadline) || co.exited() {
						b.Fatalf("the coordinator's server did not start: %s", co.out.String())
					}
				}
				var ws []*proc
				for range 2 {
					ws = append(ws, startWorker(b, "nats://127.0.0.1:"+port, "--workers", "1", "--cache", filepath.Join(tmp, "cache"), "--idle", "1s"))
				}
				<-co.done
				wall[1] += time.Since(w0) // the workers' idle second is not the sweep's
				for _, w := range ws {
					<-w.done // --idle: they leave when the work is done
				}
				if co.err != nil {
					b.Fatalf("%v %s", co.err, co.out.String())
				}
			}
			cpu[mode] += childCPU() - c0
			var sum struct {
				Games int `json:"games"`
			}
			data, _ := os.ReadFile(filepath.Join(out, "summary.json"))
			if err := json.Unmarshal(data, &sum); err != nil || sum.Games == 0 {
				b.Fatalf("summary.json: %v", err)
			}
			games[mode] += sum.Games
		}
		x, _ := os.ReadFile(filepath.Join(outs[0], "games.csv"))
		y, _ := os.ReadFile(filepath.Join(outs[1], "games.csv"))
		if len(x) == 0 || !bytes.Equal(x, y) {
			b.Fatal("the cluster's games.csv differs from the local run's")
		}
	}
	rate := func(m int) float64 { return float64(games[m]) / wall[m].Seconds() }
	per := func(m int) float64 { return cpu[m].Seconds() / float64(games[m]) * 1000 }
	b.ReportMetric(rate(0), "local-games/s")
	b.ReportMetric(rate(1), "cluster-games/s")
	b.ReportMetric(rate(1)/rate(0), "speed-ratio")
	b.ReportMetric(per(0), "local-cpu-ms/game")
	b.ReportMetric(per(1), "cluster-cpu-ms/game")
	b.ReportMetric(per(1)/per(0), "cpu-ratio")
	b.ReportMetric(float64(games[0])/float64(b.N), "games/op")
}

// startWorker starts `tourney worker` without the tests' block delay.
func startWorker(t testing.TB, args ...string) *proc {
	t.Helper()
	return startTourney(t, nil, append([]string{"worker"}, args...)...)
}
