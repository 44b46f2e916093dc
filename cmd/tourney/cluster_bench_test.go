//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The ReversiXT study's scenario (configs/reversixt-study.toml: paranoid
// at depth 3, two random opening plies) on three of its maps (2, 3 and 4
// seats: a block is 9 games) with two variants, two blocks.
const studyBenchSpace = `name = "study-bench"
seed = 4096
[[scenario]]
game          = "reversixt"
bot           = "paranoid"
maps          = ["duel10", "tri13", "cross14"]
budget        = { depth = 3 }
opening_plies = 2
[params]
stones_weight = { values = [0.5, 2.0] }
[generate]
method = "grid"
include_defaults = false
[tournament]
format     = "knockout"
group      = 2
advance    = 1
min_blocks = 1
max_games  = 18
points     = "rank"
`

func childCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkClusterStudy: the study's games on one machine, a local
// sweep with --workers 2 against a coordinator (--workers 0) and two
// worker processes of one slot each: games/s and CPU seconds (every
// process of the run) per game.
func BenchmarkClusterStudy(b *testing.B) {
	tmp := b.TempDir()
	space := filepath.Join(tmp, "study.toml")
	if err := os.WriteFile(space, []byte(studyBenchSpace), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"local", "cluster"} {
		b.Run(mode, func(b *testing.B) {
			var games int
			var cpu, wall time.Duration
			for i := range b.N {
				out := filepath.Join(tmp, mode+string(rune('a'+i)))
				c0, s0, w0 := childCPU(), selfCPU(), time.Now()
				var end time.Time
				if mode == "local" {
					p := start(b, "sweep", space, "--workers", "2", "--quiet", "--records", "none", "--out", out)
					<-p.done
					if p.err != nil {
						b.Fatalf("%v %s", p.err, p.out.String())
					}
				} else {
					port := freePort(b)
					co := start(b, "sweep", space, "--nats-serve", port, "--workers", "0", "--quiet", "--records", "none", "--out", out)
					var ws []*proc
					for range 2 {
						ws = append(ws, start(b, "worker", "nats://127.0.0.1:"+port, "--workers", "1", "--cache", filepath.Join(tmp, "cache"), "--idle", "1s"))
					}
					<-co.done
					end = time.Now() // the workers' idle second is not the sweep's
					for _, w := range ws {
						<-w.done // --idle: they leave when the work is done
					}
					if co.err != nil {
						b.Fatalf("%v %s", co.err, co.out.String())
					}
				}
				if end.IsZero() {
					end = time.Now()
				}
				wall += end.Sub(w0)
				cpu += childCPU() - c0 + selfCPU() - s0
				var sum struct {
					Games int `json:"games"`
				}
				data, _ := os.ReadFile(filepath.Join(out, "summary.json"))
				if err := json.Unmarshal(data, &sum); err != nil || sum.Games == 0 {
					b.Fatalf("summary.json: %v", err)
				}
				games += sum.Games
			}
			b.ReportMetric(float64(games)/wall.Seconds(), "games/s")
			b.ReportMetric(cpu.Seconds()/float64(games)*1000, "cpu-ms/game")
			b.ReportMetric(float64(games)/float64(b.N), "games/op")
		})
	}
}
