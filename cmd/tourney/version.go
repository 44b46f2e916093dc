package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

const versionUsage = `

Prints the version of tourney (also 'tourney --version'), the Go version
it was built with and the commit it was built from: Go's VCS stamp (go
build and go install in a git checkout), or, where stamping is off
(-buildvcs=false, as in GOFLAGS of CI machines), the commit passed at
link time:

  go install -ldflags="-X main.commit=$(git rev-parse HEAD)" ./cmd/tourney

A build with neither says "commit unknown" and how to get it.`

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
	return fmt.Sprintf("tourney %s (%s, %s)", version, runtime.Version(), commitText(settings, commit))
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
