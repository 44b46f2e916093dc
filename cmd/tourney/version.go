package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

const versionUsage = `

Prints the version of tourney (also 'tourney --version'), the Go version
it was built with and the commit it was built from: Go's VCS stamp (go
build and go install in a git checkout), or, where stamping is off
(-buildvcs=false, as in GOFLAGS of CI machines), the commit passed at
link time:

  go install -ldflags="-X main.commit=$(git rev-parse HEAD)" ./cmd/tourney

A build with neither names the commit of the checkout it was built
from, read at run time (right for go run; a binary built earlier may
predate it), or says "commit unknown" and how to get it.`

// commit is the commit the binary was built from when Go's VCS stamp is
// off: go build -ldflags="-X main.commit=$(git rev-parse HEAD)" (.ci/run
// and README's install command pass it).
var commit string

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", versionUsage, "tourney version", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("version takes no arguments, got %d", len(pos))
	}
	fmt.Fprintln(stdout, versionLine())
	return nil
}

// versionLine is "tourney VERSION (GO, commit REV[, modified])".
func versionLine() string {
	var settings []debug.BuildSetting
	if bi, ok := debug.ReadBuildInfo(); ok {
		settings = bi.Settings
	}
	text := commitText(settings, commit)
	if strings.HasPrefix(text, "commit unknown") {
		// go run, go build with -buildvcs=false: the checkout it was
		// built from, if it is still there, says where it is now
		_, file, _, _ := runtime.Caller(0)
		if dir, rev := checkoutHead(file); rev != "" {
			text = fmt.Sprintf("commit %.12s of the checkout %s, read at run time (no VCS stamp: -buildvcs=false; a binary built earlier may predate it)", rev, dir)
		}
	}
	return fmt.Sprintf("tourney %s (%s, %s)", version, runtime.Version(), text)
}

// checkoutHead finds the git checkout that holds the source file file
// (an absolute path; not with -trimpath) and reads its HEAD commit.
func checkoutHead(file string) (dir, rev string) {
	if !filepath.IsAbs(file) {
		return "", ""
	}
	for dir = filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			return "", ""
		}
	}
	gitDir := filepath.Join(dir, ".git")
	if b, err := os.ReadFile(gitDir); err == nil { // a worktree: "gitdir: PATH"
		gitDir = strings.TrimSpace(strings.TrimPrefix(string(b), "gitdir:"))
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(dir, gitDir)
		}
	}
	common := gitDir
	if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = strings.TrimSpace(string(b))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", ""
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	if !ok {
		return dir, strings.TrimSpace(string(head)) // detached
	}
	for _, g := range []string{gitDir, common} {
		if b, err := os.ReadFile(filepath.Join(g, filepath.FromSlash(ref))); err == nil {
			return dir, strings.TrimSpace(string(b))
		}
	}
	packed, _ := os.ReadFile(filepath.Join(common, "packed-refs"))
	for _, line := range strings.Split(string(packed), "\n") {
		if h, name, ok := strings.Cut(line, " "); ok && name == ref {
			return dir, h
		}
	}
	return "", ""
}

// commitText names the commit: Go's VCS stamp first, then the one linked
// in with -X main.commit (an empty one: unknown, and how to name it).
func commitText(settings []debug.BuildSetting, linked string) string {
	var rev, dirty string
	for _, kv := range settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev == "" {
		rev, dirty = linked, ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return `commit unknown: built without VCS stamping (-buildvcs=false); build with -ldflags="-X main.commit=$(git rev-parse HEAD)"`
	}
	return "commit " + rev + dirty
}
