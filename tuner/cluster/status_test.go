package cluster_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tourney/tuner/cluster"
	"tourney/tuner/study"
)

// readStatus reads the coordinator's status file (nil while absent).
func readStatus(t *testing.T, path string) map[string]cluster.WorkerStatus {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var st cluster.WorkersStatus
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]cluster.WorkerStatus{}
	for _, w := range st.Workers {
		out[w.Name] = w
	}
	return out
}

// waitStatus polls the status file until ok holds (at most d).
func waitStatus(t *testing.T, path string, d time.Duration, what string, ok func(map[string]cluster.WorkerStatus) bool) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		if ws := readStatus(t, path); ws != nil && ok(ws) {
			return time.Since(start)
		}
		if time.Since(start) > d {
			t.Fatalf("%s: not within %v; %s holds %v", what, d, path, readStatus(t, path))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The coordinator's status file lists its workers while a sweep
// observes it (none before: the sweep's directory must stay empty until
// the sweep prepares it), a refusing worker with its reason, and a
// killed worker as gone within 30 s while the other stays alive.
func TestWorkersStatusFile(t *testing.T) {
	dir := t.TempDir()
	sp, err := study.Load(WriteSpace(t, dir, "40"))
	if err != nil {
		t.Fatal(err)
	}
	url, stop := serve(t, "")
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	nc, err := cluster.Connect(url, "coordinator", cluster.Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	path := filepath.Join(dir, cluster.StatusFileName)
	co, err := cluster.NewCoordinator(ctx, nc, sp, cluster.Options{Version: "t", StatusFile: path})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()
	var wg sync.WaitGroup
	defer wg.Wait()
	start := func(name, version string) context.CancelFunc {
		wctx, kill := context.WithCancel(ctx)
		wc, err := cluster.Connect(url, name, cluster.Security{})
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer wc.Close()
			_ = cluster.RunWorker(wctx, wc, cluster.WorkerOptions{Name: name, Workers: 1, Version: version, Cache: t.TempDir()})
		}()
		return kill
	}
	defer start("stays", "t")()
	kill := start("killed", "t")
	defer kill()
	defer start("old", "0.9")()
	time.Sleep(1500 * time.Millisecond) // a tick or more of the coordinator's report
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s written before a sweep observes the coordinator", path)
	}
	co.SetStatus(func(string) {}) // what RunSweep does once its directory is ready
	waitStatus(t, path, 15*time.Second, "both workers alive, the old one refused", func(ws map[string]cluster.WorkerStatus) bool {
		old := ws["old"]
		return ws["stays"].Alive && ws["killed"].Alive && ws["stays"].Slots == 1 && !old.Alive && len(old.Failures) == 1
	})
	kill()
	took := waitStatus(t, path, 30*time.Second, "the killed worker gone", func(ws map[string]cluster.WorkerStatus) bool {
		return !ws["killed"].Alive && ws["stays"].Alive
	})
	t.Logf("killed worker shown gone after %v", took.Round(100*time.Millisecond))
	if st := readStatus(t, path)["old"]; st.Failures[0] != "the coordinator runs tourney t, this worker 0.9" {
		t.Errorf("old worker's failure %q", st.Failures)
	}
	co.SetStatus(nil)
}
