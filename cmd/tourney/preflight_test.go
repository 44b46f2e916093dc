package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
)

// A bot that cannot start, or says no hello within its startup, stops
// the sweep before its first round: exit 1, a clear error, no results
// directory (on main: exit 0, every game forfeit:crash or
// forfeit:timeout, a verdict). validate says the same (it printed
// "space s: ok" and exited 0 before).
func TestPreflightStopsSweep(t *testing.T) {
	for _, c := range []struct {
		name, edit, want string
	}{
		{"not found", `cmd     = ["/no/such/bot"]`, "external bot fake: executable not found: /no/such/bot"},
		// the bot sleeps 10 s before it reads hello
		{"no hello", `startup = "300ms"` + "\nenv = { TOURNEY_FAKE_SLEEP = \"10s\", " + externaltest.Env + " = \"" + externaltest.ModeSlowStart + "\" }",
			"external bot fake: no hello within 300ms (a bot that needs longer: startup = \"30s\" in [bots.fake]); its stderr was empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s := fakeSpace(t, externaltest.ModeFirst, "")
			key := strings.Fields(c.edit)[0]
			var lines []string
			for _, l := range strings.Split(s, "\n") {
				if f := strings.Fields(l); len(f) > 0 && (f[0] == key || key == "startup" && f[0] == "env") {
					continue
				}
				lines = append(lines, l)
			}
			s = strings.Replace(strings.Join(lines, "\n"), "[bots.fake]", "[bots.fake]\n"+c.edit, 1)
			p := writeFile(t, dir, "s.toml", s)
			res := filepath.Join(dir, "r")
			for _, args := range [][]string{{"sweep", p, "--workers", "2", "--out", res, "--quiet"}, {"validate", p}} {
				code, out, stderr := tourney(t, args...)
				if code != 1 || !strings.Contains(stderr, c.want) || out != "" {
					t.Errorf("%s: exit %d, want 1 and %q:\n%s%s", args[0], code, c.want, out, stderr)
				}
				if _, err := os.Stat(res); err == nil {
					t.Errorf("%s: the results directory was made", args[0])
				}
				noChildren(t)
			}
		})
	}
}
