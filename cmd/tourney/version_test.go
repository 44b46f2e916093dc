package main

import (
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"tourney/internal/testspace"
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

// Without a stamp or a linked commit, the checkout the source file is in
// names its HEAD: a branch (loose or packed), a worktree, a detached
// HEAD; nothing outside a checkout.
func TestCheckoutHead(t *testing.T) {
	const a, b, c = "aaaa000000000000000000000000000000000000", "bbbb000000000000000000000000000000000000", "cccc000000000000000000000000000000000000"
	root := t.TempDir()
	testspace.WriteFiles(t, root, map[string]string{
		"main/.git/HEAD":                   "ref: refs/heads/main\n",
		"main/.git/refs/heads/main":        a + "\n",
		"main/.git/packed-refs":            "# pack-refs with: peeled\n" + c + " refs/heads/old\n",
		"main/.git/worktrees/wt/HEAD":      "ref: refs/heads/old\n",
		"main/.git/worktrees/wt/commondir": "../..\n",
		"wt/.git":                          "gitdir: " + filepath.Join(root, "main/.git/worktrees/wt") + "\n",
		"det/.git/HEAD":                    b + "\n",
		"main/cmd/tourney/version.go":      "",
		"wt/cmd/tourney/version.go":        "",
		"det/version.go":                   "",
		"none/version.go":                  "",
	})
	for file, want := range map[string]string{
		"main/cmd/tourney/version.go": a, "wt/cmd/tourney/version.go": c, "det/version.go": b, "none/version.go": "",
	} {
		if _, rev := checkoutHead(filepath.Join(root, file)); rev != want {
			t.Errorf("%s: %q, want %q", file, rev, want)
		}
	}
	if _, rev := checkoutHead("tourney/cmd/tourney/version.go"); rev != "" { // -trimpath
		t.Errorf("a relative path: %q", rev)
	}
}
