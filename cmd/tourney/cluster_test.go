//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tourney/tuner/cluster"
)

// The cluster space: the synthetic landscape bot on a map file in a
// subdirectory and a field bot config one directory up (both travel
// through the object store); about 2 000 games in 2-game blocks.
const clusterSpace = `name = "cl"
seed = 5
[[scenario]]
game = "synthetic"
bot  = "landscape"
maps = ["maps/flat.toml"]
field = ["../shared/ref.toml"]
[params]
x1 = { values = [0, 1] }
x2 = { values = [0, 1] }
x3 = { values = [0, 1] }
[generate]
method = "grid"
include_defaults = false
[tournament]
format = "knockout"
group = 2
advance = 1
min_blocks = 2
max_games = %MAX%
`

// clusterMax is the encounters' cap: smaller under the race detector.
func clusterMax() string {
	if raceEnabled {
		return "100"
	}
	return "300"
}

func writeClusterSpace(t *testing.T, dir string) string {
	t.Helper()
	for name, text := range map[string]string{
		"space/cl.toml":        strings.Replace(clusterSpace, "%MAX%", clusterMax(), 1),
		"space/maps/flat.toml": "doc = \"three knobs\"\nplayers = 2\n[main]\nx1 = { \"0\" = 0, \"1\" = 20 }\nx2 = { \"0\" = 0, \"1\" = -10 }\nx3 = { \"0\" = 0, \"1\" = 5 }\n",
		"shared/ref.toml":      "game = \"synthetic\"\nbot = \"landscape\"\n[params]\nx1 = 1\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "space", "cl.toml")
}

// proc is the test binary run as tourney.
type proc struct {
	cmd  *exec.Cmd
	out  *lockedBuf
	done chan struct{}
	err  error
}

type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func start(t testing.TB, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(os.Args[0]), out: &lockedBuf{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), "TOURNEY_TEST_ARGS="+strings.Join(args, "\n"))
	if args[0] == "worker" {
		p.cmd.Env = append(p.cmd.Env, "TOURNEY_TEST_BLOCK_DELAY=3ms") // killed mid-block
	}
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

func freePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

func sameResults(t *testing.T, ref, dir string) {
	t.Helper()
	for _, f := range []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml"} {
		a, _ := os.ReadFile(filepath.Join(ref, f))
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the local run's", f)
		}
	}
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
	tmp := t.TempDir()
	space := writeClusterSpace(t, tmp)
	ref := filepath.Join(tmp, "ref")
	if code, _, e := tourney(t, "sweep", space, "--workers", "2", "--quiet", "--out", ref); code != 0 {
		t.Fatalf("local run: %d %s", code, e)
	}
	port := freePort(t)
	url := "nats://127.0.0.1:" + port
	dir := filepath.Join(tmp, "cluster")
	co := start(t, "sweep", space, "--nats-serve", port, "--workers", "0", "--nats-ack-wait", "1s", "--quiet", "--out", dir)
	cache := filepath.Join(tmp, "cache")
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
	select {
	case <-co.done:
	case <-time.After(60 * time.Second):
		t.Fatalf("the coordinator did not finish\n%s", co.out.String())
	}
	if co.err != nil {
		t.Fatalf("coordinator: %v\n%s", co.err, co.out.String())
	}
	sameResults(t, ref, dir)
	var sum struct {
		Blocks  int               `json:"blocks"`
		Players map[string]string `json:"players"`
	}
	b, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Blocks == 0 || len(sum.Players) != sum.Blocks {
		t.Errorf("summary.json: %d blocks, %d with a player", sum.Blocks, len(sum.Players))
	}
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
	tmp := t.TempDir()
	space := writeClusterSpace(t, tmp)
	ref := filepath.Join(tmp, "ref")
	if code, _, e := tourney(t, "sweep", space, "--workers", "2", "--quiet", "--out", ref); code != 0 {
		t.Fatalf("local run: %d %s", code, e)
	}
	port := freePort(t)
	url := "nats://127.0.0.1:" + port
	dir := filepath.Join(tmp, "cluster")
	cache := filepath.Join(tmp, "cache")
	co := start(t, "sweep", space, "--nats-serve", port, "--workers", "0", "--nats-ack-wait", "1s", "--quiet", "--out", dir)
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
	sameResults(t, ref, dir)
	for _, p := range ws {
		if p.exited() {
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
