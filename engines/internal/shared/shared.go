// Package shared locates the project's shared reference data (the
// `shared/` directory beside the repository: specs, maps, oracles) for
// tests. A user's clone has no such directory; tests that need it skip.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared directory: $TOURNEY_SHARED, or `../shared`
// beside the module root (the directory holding go.mod above the working
// directory). It returns "" when there is none.
func Root() string {
	if d := os.Getenv("TOURNEY_SHARED"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared")
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				return d
			}
			return ""
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// Path returns a path inside the shared directory, or skips the test when
// it does not exist.
func Path(tb testing.TB, parts ...string) string {
	tb.Helper()
	root := Root()
	if root == "" {
		tb.Skip("no shared directory beside the repository (set TOURNEY_SHARED to use one)")
	}
	p := filepath.Join(append([]string{root}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data absent: %v", err)
	}
	return p
}
