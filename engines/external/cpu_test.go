package external

import (
	"os"
	"strconv"
	"testing"

	"tourney/engines/external/externaltest"
)

// BenchmarkTreeCPU is one reading of a bot process's CPU time (the fake
// bot: a Go program of several threads), as a game's end takes it.
func BenchmarkTreeCPU(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	d := &Decl{Name: "cpu", Cmd: []string{exe}}
	p, err := startProc(d, "k", d.Cmd, []string{externaltest.Env + "=" + externaltest.ModeFirst}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer p.kill()
	c0 := externaltest.CPUTime()
	for b.Loop() {
		p.settleCPU()
	}
	b.ReportMetric(float64(externaltest.CPUTime()-c0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(threads(p.pid))), "threads")
}

func threads(pid int) []os.DirEntry {
	e, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	return e
}
