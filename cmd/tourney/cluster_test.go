//go:build unix

package main

import (
	"bytes"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"tourney/tuner/cluster"
	"tourney/tuner/cluster/clustertest"
)

// clusterMax is the encounters' cap: smaller under the race detector.
func clusterMax() string {
	if raceEnabled {
		return "100"
	}
	return "300"
}

// writeClusterSpace writes the cluster space under dir (three knobs,
// the defaults not among the variants; about 2 000 games in 2-game
// blocks) and returns the space file.
func writeClusterSpace(t *testing.T, dir string) string {
	return clustertest.WriteSpace(t, dir, 3, false, clusterMax())
}

// proc is the test binary run as tourney.
type proc struct {
	cmd  *exec.Cmd
	out  *lockedBuf
	done chan struct{}
	err  error
}

// lockedBuf is a process's output, written by its two pipes at once.
type lockedBuf = clustertest.SyncBuf

// start starts the test binary as tourney with args; a worker with the
// tests' block delay (so that it is killed mid-block).
func start(t testing.TB, args ...string) *proc {
	t.Helper()
	var env []string
	if args[0] == "worker" {
		env = []string{"TOURNEY_TEST_BLOCK_DELAY=3ms"} // killed mid-block
	}
	return startTourney(t, env, args...)
}

// startTourney starts the test binary as tourney with args
// (TOURNEY_TEST_ARGS) and the variables env besides the tests' own; its
// stdout and stderr go to out.
func startTourney(t testing.TB, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(os.Args[0]), out: &lockedBuf{}, done: make(chan struct{})}
	p.cmd.Env = append(append(os.Environ(), "TOURNEY_TEST_ARGS="+strings.Join(args, "\n")), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	return p
}

func (p *proc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// finish waits at most d for p to end and fails the test unless it
// ended without an error; what names p in the messages.
func (p *proc) finish(t *testing.T, d time.Duration, what string) {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(d):
		t.Fatalf("the %s did not end within %v\n%s", what, d, p.out.String())
	}
	if p.err != nil {
		t.Fatalf("%s: %v\n%s", what, p.err, p.out.String())
	}
}

// awaitRunning polls cond every poll while the sweep p runs, until it
// holds: the test fails if p ends first, or (p killed) if d passes
// first; what is what it waits for.
func (p *proc) awaitRunning(t *testing.T, d, poll time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if p.exited() {
			t.Fatalf("the sweep ended before it could be killed: %v %s", p.err, p.out.String())
		}
		if time.Now().After(deadline) {
			p.kill()
			t.Fatalf("no %s after %v", what, d)
		}
		time.Sleep(poll)
	}
}

func freePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// clusterRun is a cluster test's start: the cluster space in a
// temporary directory swept locally (--workers 2) into ref, a free port
// and its URL, the cluster's results directory and the workers' cache,
// and the coordinator (co) with an embedded server on that port and no
// slots of its own.
type clusterRun struct {
	space, ref, port, url, dir, cache string
	co                                *proc
}

func startCluster(t *testing.T) clusterRun {
	t.Helper()
	tmp := t.TempDir()
	c := clusterRun{space: writeClusterSpace(t, tmp), ref: filepath.Join(tmp, "ref"), port: freePort(t),
		dir: filepath.Join(tmp, "cluster"), cache: filepath.Join(tmp, "cache")}
	if code, _, e := tourney(t, "sweep", c.space, "--workers", "2", "--quiet", "--out", c.ref); code != 0 {
		t.Fatalf("local run: %d %s", code, e)
	}
	c.url = "nats://127.0.0.1:" + c.port
	c.co = start(t, "sweep", c.space, "--nats-serve", c.port, "--workers", "0", "--nats-ack-wait", "1s", "--quiet", "--out", c.dir)
	return c
}

// waitRows waits until games.csv has more than n rows, or the process
// ends.
func waitRows(t *testing.T, dir string, n int, p *proc) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, _ := os.ReadFile(filepath.Join(dir, "games.csv"))
		if bytes.Count(b, []byte("\n")) > n+1 {
			return
		}
		if p.exited() {
			t.Fatalf("the coordinator ended: %v\n%s", p.err, p.out.String())
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %d rows in games.csv after 30s\n%s", n, p.out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A coordinator with an embedded server and three worker processes, ten
// of them killed with SIGKILL at random moments and replaced: the files
// are those of a local run (no game lost or doubled); summary.json names
// a worker for every block; no process is left.
func TestClusterWorkersKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a sweep three times over processes")
	}
	c := startCluster(t)
	ref, url, dir, co, cache := c.ref, c.url, c.dir, c.co, c.cache
	n := 0
	worker := func() *proc {
		n++
		return start(t, "worker", url, "--workers", "1", "--cache", cache, "--name", "w"+strconv.Itoa(n))
	}
	var all []*proc
	live := []*proc{worker(), worker(), worker()}
	all = append(all, live...)
	defer func() {
		for _, p := range all {
			p.kill()
		}
		co.kill()
	}()
	waitRows(t, dir, 10, co)
	kills := 10
	if raceEnabled {
		kills = 4
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	k := 0
	defer func() { t.Logf("%d workers killed", k) }()
	for ; k < kills && !co.exited(); k++ {
		time.Sleep(time.Duration(20+rng.IntN(150)) * time.Millisecond)
		i := rng.IntN(len(live))
		live[i].kill()
		live[i] = worker()
		all = append(all, live[i])
	}
	co.finish(t, 60*time.Second, "coordinator")
	clustertest.SameFiles(t, ref, dir)
	clustertest.EveryBlockPlayed(t, dir)
	if _, err := os.Stat(filepath.Join(dir, ".nats")); err == nil {
		t.Error("the embedded server's store is left in the results directory")
	}
	for _, p := range all {
		p.kill()
	}
	for _, p := range append(all, co) {
		if !p.exited() {
			t.Errorf("process %d left running", p.cmd.Process.Pid)
		}
	}
}

// The coordinator killed with SIGKILL mid-sweep, then resumed with its
// workers still running (they reconnect and join the new run): the
// files are those of a local run.
func TestClusterCoordinatorKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a sweep over processes")
	}
	c := startCluster(t)
	space, ref, port, url, dir, co, cache := c.space, c.ref, c.port, c.url, c.dir, c.co, c.cache
	ws := []*proc{
		start(t, "worker", url, "--workers", "1", "--cache", cache, "--name", "a"),
		start(t, "worker", url, "--workers", "2", "--cache", cache, "--name", "b"),
	}
	defer func() {
		for _, p := range ws {
			p.kill()
		}
		co.kill()
	}()
	rows := 300
	if raceEnabled {
		rows = 150
	}
	waitRows(t, dir, rows, co)
	co.kill()
	if _, err := os.Stat(filepath.Join(dir, "variants.csv")); err == nil {
		t.Fatal("the coordinator had finished before the kill")
	}
	// the resumed coordinator also plays (--workers 1)
	code, _, e := tourney(t, "sweep", space, "--resume", dir, "--nats-serve", port, "--workers", "1", "--nats-ack-wait", "1s", "--quiet")
	if code != 0 {
		t.Fatalf("resume: %d %s\n%s\n%s", code, e, ws[0].out.String(), ws[1].out.String())
	}
	clustertest.SameFiles(t, ref, dir)
	for _, p := range ws {
		// a worker may have stopped since: the resumed sweep's end
		// (cluster_end_test.go), not the kill, ends it
		if p.exited() && (p.err != nil || !strings.Contains(p.out.String(), "has ended; stopping")) {
			t.Errorf("a worker died with the coordinator: %v\n%s", p.err, p.out.String())
		}
		p.kill()
	}
}

// tourney worker against a server that wants a token it lacks: exit 1
// and the reason; usage errors exit 2.
func TestWorkerRefusedWithoutToken(t *testing.T) {
	s, err := cluster.Serve(cluster.ServeOptions{Addr: "127.0.0.1:0", StoreDir: t.TempDir(), Security: cluster.Security{Token: "s3cret"}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	t.Setenv("TOURNEY_NATS_TOKEN", "")
	code, _, e := tourney(t, "worker", cluster.ServerURL(s, false), "--workers", "1")
	if code != 1 || !strings.Contains(e, "authorization violation (wrong or missing --nats-token") {
		t.Errorf("worker without the token: exit %d, %q", code, e)
	}
	for _, args := range [][]string{{"worker"}, {"worker", "a", "b"}, {"sweep", "--nats", "nats://x", "--nats-serve", "1"}, {"sweep", "--nats-token", "x"}} {
		if code, _, e := tourney(t, args...); code != 2 {
			t.Errorf("%v: exit %d, %q", args, code, e)
		}
	}
}
