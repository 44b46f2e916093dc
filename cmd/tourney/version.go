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
it was built with and, when the binary was built from a git checkout, the
commit.`

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
	s := fmt.Sprintf("tourney %s (%s", version, runtime.Version())
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, dirty string
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				if kv.Value == "true" {
					dirty = ", modified"
				}
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			s += ", commit " + rev + dirty
		}
	}
	return s + ")"
}
