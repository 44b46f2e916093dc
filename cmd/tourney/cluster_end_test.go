//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A worker ends when the sweep it played for ends (exit 0, saying so),
// instead of waiting on and logging "context deadline exceeded".
func TestWorkerEndsWithSweep(t *testing.T) {
	tmp := t.TempDir()
	space := writeClusterSpace(t, tmp)
	text, _ := os.ReadFile(space)
	small := strings.Replace(string(text), "max_games = "+clusterMax(), "max_games = 12", 1)
	small = strings.Replace(small, "x2 = { values = [0, 1] }\nx3 = { values = [0, 1] }\n", "", 1) // two variants
	if err := os.WriteFile(space, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	dir := filepath.Join(tmp, "res")
	co := start(t, "sweep", space, "--nats-serve", port, "--workers", "0", "--quiet", "--out", dir)
	w := start(t, "worker", "nats://127.0.0.1:"+port, "--workers", "1", "--cache", filepath.Join(tmp, "cache"), "--name", "w")
	defer func() {
		if !w.exited() {
			w.kill()
		}
		if !co.exited() {
			co.kill()
		}
	}()
	co.finish(t, 2*time.Minute, "sweep")
	select {
	case <-w.done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the worker still runs 10 s after the sweep ended:\n%s", w.out.String())
	}
	if w.err != nil || !strings.Contains(w.out.String(), "has ended; stopping") {
		t.Errorf("worker: %v\n%s", w.err, w.out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "variants.csv")); err != nil {
		t.Errorf("no results: %v", err)
	}
}

// --nats-serve on a non-loopback address without a token, or a bad
// address, is a usage error (exit 2) that leaves no results directory.
func TestServeWithoutTokenIsUsageError(t *testing.T) {
	tmp := t.TempDir()
	space := writeClusterSpace(t, tmp)
	t.Setenv("TOURNEY_NATS_TOKEN", "")
	for _, addr := range []string{"0.0.0.0:" + freePort(t), "host:port"} {
		dir := filepath.Join(tmp, "res")
		code, _, e := tourney(t, "sweep", space, "--nats-serve", addr, "--quiet", "--out", dir)
		if code != 2 || !strings.Contains(e, "--nats-serve") {
			t.Errorf("--nats-serve %s: exit %d, %q", addr, code, e)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("--nats-serve %s: the results directory %s was made", addr, dir)
		}
	}
}
