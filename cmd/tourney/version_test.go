package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// The commit is named with Go's VCS stamp, and without it (-buildvcs=false)
// from the one linked in with -X main.commit; with neither the line says
// how to get it. (.ci/run checks a real -buildvcs=false build.)
func TestVersionNamesCommit(t *testing.T) {
	rev := "0123456789abcdef0123456789abcdef01234567"
	stamped := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}
	unstamped := []debug.BuildSetting{{Key: "-buildvcs", Value: "false"}}
	for _, c := range []struct {
		settings []debug.BuildSetting
		linked   string
		want     string
	}{
		{stamped, "", "commit 0123456789ab, modified"},
		{stamped, "fedcba9876543210", "commit 0123456789ab, modified"},
		{unstamped, rev, "commit 0123456789ab"},
		{nil, "abc1234", "commit abc1234"},
		{unstamped, "", "commit unknown: built without VCS stamping (-buildvcs=false); build with -ldflags=\"-X main.commit=$(git rev-parse HEAD)\""},
	} {
		if got := commitText(c.settings, c.linked); got != c.want {
			t.Errorf("settings %v, linked %q: %q, want %q", c.settings, c.linked, got, c.want)
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				return // a stamped test binary names its own commit
			}
		}
	}
	commit = rev
	defer func() { commit = "" }()
	if l := versionLine(); !strings.Contains(l, ", commit 0123456789ab)") {
		t.Errorf("versionLine with a linked commit: %q", l)
	}
}
