package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"tourney/internal/testspace"
)

var serveSpace = testspace.Knockout("served", 3, 60)

// get fetches a page (status and body; status 0 when the server does
// not answer).
func get(url string) (int, string) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// listing is a folder's file names (the server must add none).
func listing(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// A sweep with --serve, its live page read all along, writes the same
// results files byte for byte as one without, and no other file; then
// tourney serve lists both runs finished, reports and compares them.
func TestSweepServeSameFiles(t *testing.T) {
	dir := t.TempDir()
	spacePath := writeFile(t, dir, "served.toml", serveSpace)
	plain, served := filepath.Join(dir, "runs", "plain"), filepath.Join(dir, "runs", "served")
	if code, _, stderr := tourney(t, "sweep", spacePath, "--quiet", "--workers", "2", "--out", plain); code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	var stderr lockedBuf
	done := make(chan int)
	go func() {
		done <- run(context.Background(), []string{"sweep", spacePath, "--quiet", "--workers", "2", "--out", served, "--serve", "127.0.0.1:0"}, io.Discard, &stderr)
	}()
	urlRe := regexp.MustCompile(`live page: (http://127\.0\.0\.1:\d+)/run\?k=0`)
	polls, code := 0, -1
	for code < 0 {
		select {
		case code = <-done:
			continue
		default:
		}
		if m := urlRe.FindStringSubmatch(stderr.String()); m != nil {
			if st, body := get(m[1] + "/api/live?k=0"); st == http.StatusOK && strings.Contains(body, `"Games"`) {
				polls++
			} else if st != 0 {
				t.Errorf("the live state during the sweep: %d %s", st, body)
			}
			get(m[1] + "/")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if code != 0 {
		t.Fatalf("sweep --serve: exit %d: %s", code, stderr.String())
	}
	if polls == 0 {
		t.Fatalf("the live page never answered during the sweep: %s", stderr.String())
	}
	t.Logf("%d reads of the live state during the sweep", polls)
	for _, f := range []string{"games.csv", "variants.csv", "ratings.csv", "bracket.csv", "winner.toml", "effects.csv"} {
		a, err := os.ReadFile(filepath.Join(plain, f))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(served, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs with --serve", f)
		}
	}
	if a, b := listing(t, plain), listing(t, served); !slices.Equal(a, b) {
		t.Errorf("files without --serve %v, with %v", a, b)
	}

	// tourney serve over the folder of both runs
	if code, _, stderr := tourney(t, "serve", filepath.Join(dir, "nothing")); code != 2 || !strings.Contains(stderr, "is not a directory") {
		t.Errorf("serve of a missing folder: exit %d, %s", code, stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var serr lockedBuf
	go func() {
		done <- run(ctx, []string{"serve", filepath.Join(dir, "runs"), "--addr", "127.0.0.1:0"}, io.Discard, &serr)
	}()
	re := regexp.MustCompile(`serving 2 runs of .* on (http://127\.0\.0\.1:\d+)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(serr.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("serve: %q", serr.String())
		}
	}
	if st, body := get(base + "/"); st != http.StatusOK || strings.Count(body, ">finished<") != 2 {
		t.Errorf("the list: %d %s", st, body)
	}
	if st, body := get(base + "/report?k=0/plain"); st != http.StatusOK || !strings.Contains(body, `id="ratings"`) {
		t.Errorf("the report: %d", st)
	}
	st, body := get(base + "/compare?k=0/plain&k=0/served")
	if st != http.StatusOK || !strings.Contains(body, `id="effects"`) {
		t.Errorf("the comparison: %d %s", st, body)
	}
	if w := regexp.MustCompile(`<td class="l winner">([^<]*)</td>`).FindAllStringSubmatch(body, -1); len(w) != 2 || w[0][1] != w[1][1] || w[0][1] == "" {
		t.Errorf("the comparison's winners %q: want one winner twice (the same run)", w)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve: exit %d: %s", code, serr.String())
	}
}
