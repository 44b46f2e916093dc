package cluster_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/tuner"
	"tourney/tuner/cluster"
	"tourney/tuner/cluster/clustertest"
	"tourney/tuner/study"
)

// WriteSpace writes the test space (two knobs, the defaults among the
// variants) under dir and returns the space file.
func WriteSpace(t testing.TB, dir string, maxGames string) string {
	return clustertest.WriteSpace(t, dir, 2, true, maxGames)
}

func serve(t *testing.T, token string) (url string, stop func()) {
	t.Helper()
	s, err := cluster.Serve(cluster.ServeOptions{Addr: "127.0.0.1:0", StoreDir: t.TempDir(), Security: cluster.Security{Token: token}})
	if err != nil {
		t.Fatal(err)
	}
	return cluster.ServerURL(s, false), func() { s.Shutdown(); s.WaitForShutdown() }
}

// In-process: a coordinator and three workers (one of them slow to
// join) write the files of a local run; every block is named in
// summary.json's players.
func TestClusterMatchesLocal(t *testing.T) {
	dir := t.TempDir()
	path := WriteSpace(t, dir, "40")
	sp, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(dir, "local")
	if _, err := tuner.RunSweep(context.Background(), sp, tuner.RunOptions{Out: local, Workers: 2, Quiet: true, Version: "t"}); err != nil {
		t.Fatal(err)
	}

	url, stop := serve(t, "")
	defer stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc, err := cluster.Connect(url, "coordinator", cluster.Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: "t", AckWait: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()
	var wg sync.WaitGroup
	cache := t.TempDir()
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == 2 {
				time.Sleep(100 * time.Millisecond)
			}
			wc, err := cluster.Connect(url, "w", cluster.Security{})
			if err != nil {
				t.Error(err)
				return
			}
			defer wc.Close()
			err = cluster.RunWorker(ctx, wc, cluster.WorkerOptions{Name: "w" + string(rune('a'+i)), Workers: 1 + i%2, Version: "t", Cache: cache})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	remote := filepath.Join(dir, "remote")
	sp2, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tuner.RunSweep(ctx, sp2, tuner.RunOptions{Out: remote, Workers: 2, Quiet: true, Version: "t", Runner: co}); err != nil {
		t.Fatal(err)
	}
	cancel()
	wg.Wait()
	clustertest.SameFiles(t, local, remote)
	clustertest.EveryBlockPlayed(t, remote)
}

// A worker of another version refuses the run, and the coordinator
// hears why; a worker without the token is refused by the server.
func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	sp, err := study.Load(WriteSpace(t, dir, "40"))
	if err != nil {
		t.Fatal(err)
	}
	url, stop := serve(t, "s3cret")
	defer stop()
	if _, err := cluster.Connect(url, "w", cluster.Security{}); err == nil || !strings.Contains(err.Error(), "authorization violation") {
		t.Errorf("no token: %v", err)
	}
	if _, err := cluster.Connect(url, "w", cluster.Security{Token: "wrong"}); err == nil || !strings.Contains(err.Error(), "--nats-token") {
		t.Errorf("wrong token: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	nc, err := cluster.Connect(url, "c", cluster.Security{Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var log clustertest.SyncBuf
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: "1.0", Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()
	wc, err := cluster.Connect(url, "w", cluster.Security{Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	var wlog clustertest.SyncBuf
	err = cluster.RunWorker(ctx, wc, cluster.WorkerOptions{Name: "old", Version: "0.9", Cache: t.TempDir(), Log: &wlog})
	var re *cluster.RefusedError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "the coordinator runs tourney 1.0, this worker 0.9") {
		t.Fatalf("worker of another version: %v", err)
	}
	want := "worker old refused the work: the coordinator runs tourney 1.0, this worker 0.9"
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(log.String(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("coordinator log %q lacks %q", log.String(), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(wlog.String(), "refused the work") {
		t.Errorf("worker log %q", wlog.String())
	}
}

// A non-loopback embedded server needs a token.
func TestServeNeedsToken(t *testing.T) {
	_, err := cluster.Serve(cluster.ServeOptions{Addr: "0.0.0.0:0", StoreDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "--nats-token") {
		t.Fatalf("got %v", err)
	}
}

// An external bot the worker does not have: the worker stops with a
// clear message (no forfeits played), and the coordinator hears it.
func TestMissingExternalBot(t *testing.T) {
	dir := t.TempDir()
	path := WriteSpace(t, dir, "40")
	src, _ := os.ReadFile(path)
	src = []byte(strings.Replace(string(src), `field = ["../shared/ref.toml"]`, `field = ["ghost"]`, 1) +
		"\n[bots.ghost]\ngame = \"synthetic\"\ncmd = [\"./no-such-bot\"]\nparams = { speed = { type = \"int\", default = 1, min = 0, max = 9 } }\n")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := study.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	url, stop := serve(t, "")
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	nc, err := cluster.Connect(url, "c", cluster.Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var log clustertest.SyncBuf
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: "t", Log: &log, AckWait: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()
	sweep := make(chan error, 1)
	sctx, scancel := context.WithCancel(ctx)
	defer scancel()
	go func() {
		_, err := tuner.RunSweep(sctx, sp, tuner.RunOptions{Out: filepath.Join(dir, "out"), Quiet: true, Version: "t", Runner: co})
		sweep <- err
	}()
	wc, err := cluster.Connect(url, "w", cluster.Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	err = cluster.RunWorker(ctx, wc, cluster.WorkerOptions{Name: "bare", Version: "t", Cache: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "external bot ghost: executable not found") || !strings.Contains(err.Error(), "on this machine (install it here") {
		t.Fatalf("worker: %v", err)
	}
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(log.String(), "worker bare refused the work: external bot ghost"); {
		if time.Now().After(deadline) {
			t.Fatalf("coordinator log: %q", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	scancel()
	<-sweep
	if b, _ := os.ReadFile(filepath.Join(dir, "out", "games.csv")); bytes.Count(b, []byte("\n")) > 1 {
		t.Errorf("games were written: %s", b)
	}
}
