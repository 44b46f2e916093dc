//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/external/externaltest"
)

// startKilledSweep starts tourney (a child process) on a sweep of a slow
// bot that leaves a setsid grandchild, waits until the bot and the
// grandchild run, and kills tourney with SIGKILL. It returns the space
// file, the results directory and the processes' mark (name and the
// test's pid); the grandchild is then left (the kernel kills the bot
// itself, Pdeathsig). It skips in short mode.
func startKilledSweep(t *testing.T, name string) (space, res, mark string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs and kills a sweep")
	}
	dir := t.TempDir()
	res = filepath.Join(dir, "r")
	mark = name + "-" + fmt.Sprint(os.Getpid())
	s := fakeSpace(t, externaltest.ModeSetsid, "")
	s = strings.Replace(s, "env     = { ", fmt.Sprintf("env     = { TOURNEY_TEST_MARK = %q, TOURNEY_FAKE_DELAY = \"30ms\", ", mark), 1)
	space = writeFile(t, dir, "s.toml", s)
	t.Cleanup(func() { // a failed test leaves nothing either
		for _, p := range externaltest.Marked("TOURNEY_TEST_MARK=" + mark) {
			var pid int
			fmt.Sscan(p, &pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	p := startTourney(t, nil, "sweep", space, "--workers", "1", "--quiet", "--out", res)
	// the bot starts before the results directory exists (preflight): kill
	// once its process is recorded there (a "0 0 RUN/" line, then its own)
	// and the directory is one a resume can read (space.toml written: on a
	// loaded machine the kill could otherwise come between the two)
	p.awaitRunning(t, 20*time.Second, 10*time.Millisecond, "bot", func() bool {
		b, _ := os.ReadFile(filepath.Join(res, "bots", "pids"))
		_, sleepers := markedProcs(mark)
		_, err := os.Stat(filepath.Join(res, "space.toml"))
		return sleepers > 0 && bytes.Count(b, []byte("\n")) >= 2 && err == nil
	})
	p.kill()
	// The bots go with tourney (Pdeathsig); their setsid grandchildren
	// (session leaders) stay.
	deadline := time.Now().Add(5 * time.Second)
	for {
		bots, sleepers := markedProcs(mark)
		if bots == 0 && sleepers > 0 {
			return space, res, mark
		}
		if time.Now().After(deadline) {
			t.Fatalf("after kill -9 of tourney, want only setsid grandchildren left, got %v", externaltest.Marked("TOURNEY_TEST_MARK="+mark))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// markedProcs counts the live processes marked with mark: bots, and
// setsid grandchildren (session leaders).
func markedProcs(mark string) (bots, sleepers int) {
	for _, p := range externaltest.Marked("TOURNEY_TEST_MARK=" + mark) {
		f := strings.Fields(p[strings.LastIndexByte(p, ')')+1:])
		if len(f) > 3 && f[3] == strings.Fields(p)[0] {
			sleepers++
		} else {
			bots++
		}
	}
	return bots, sleepers
}

// kill -9 of tourney, then `tourney cleanup DIR`: the leftover setsid
// grandchild (SIGTERM ignored) is killed and reaped; a second cleanup
// finds nothing.
func TestKillNineThenCleanup(t *testing.T) {
	_, res, mark := startKilledSweep(t, "cleanup")
	code, out, e := tourney(t, "cleanup", res)
	if code != 0 || !strings.Contains(out, "killed leftover bot process") {
		t.Fatalf("cleanup: exit %d\n%s\n%s", code, out, e)
	}
	if m := externaltest.Marked("TOURNEY_TEST_MARK=" + mark); len(m) > 0 {
		t.Fatalf("left after cleanup: %v", m)
	}
	code, out, _ = tourney(t, "cleanup", res)
	if code != 0 || !strings.Contains(out, "no leftover") {
		t.Fatalf("second cleanup: exit %d %s", code, out)
	}
	noChildren(t)
}

// kill -9 of tourney, then the next run in that directory (a resume)
// kills the leftover first, and leaves nothing when it ends.
func TestKillNineThenResume(t *testing.T) {
	space, res, mark := startKilledSweep(t, "resume")
	left := externaltest.Marked("TOURNEY_TEST_MARK=" + mark)
	pids, _ := os.ReadFile(filepath.Join(res, "bots", external.PidsFile))
	code, out, e := tourney(t, "sweep", space, "--workers", "1", "--quiet", "--resume", res)
	if code != 0 || !strings.Contains(e, "killed leftover bot process") {
		t.Fatalf("resume: exit %d\n%s\n%s\nleft %v\npids %s", code, out, e, left, pids)
	}
	if m := externaltest.Marked("TOURNEY_TEST_MARK=" + mark); len(m) > 0 {
		t.Fatalf("left after the resumed run: %v", m)
	}
	noChildren(t)
}

// A params = "hello" bot that floods stderr at hello (it starts while
// the space is read): its log holds the first LogCap bytes and a note,
// tourney's stderr none of it.
func TestHelloBotStderrFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 12 MB")
	}
	dir := t.TempDir()
	s := fakeSpace(t, externaltest.ModeFlood, `params = "hello"`)
	s = replaceKeyLine(s, "params", "") // the declared table goes
	space := writeFile(t, dir, "s.toml", s)
	res := filepath.Join(dir, "r")
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "TOURNEY_TEST_ARGS="+strings.Join([]string{"sweep", space, "--workers", "1", "--quiet", "--out", res}, "\n"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sweep: %v\n%s", err, stderr.String())
	}
	if stderr.Len() > 4096 || strings.Contains(stderr.String(), "flood!") {
		t.Fatalf("the bot's stderr reached tourney's (%d bytes): %.300s", stderr.Len(), stderr.String())
	}
	log, err := os.ReadFile(filepath.Join(res, "bots", "fake.log"))
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(log)) < external.LogCap || int64(len(log)) > external.LogCap+500 || !bytes.Contains(log[external.LogCap:], []byte("log capped at")) {
		t.Fatalf("log of %d bytes (cap %d), ends %q", len(log), external.LogCap, log[max(0, len(log)-200):])
	}
}
