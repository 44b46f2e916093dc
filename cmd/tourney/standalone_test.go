package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tourney/engines/external/externaltest"
	treport "tourney/tuner/report"
	"tourney/tuner/serve"
	"tourney/tuner/space"
)

// TestResultsStandAlone: a sweep of a bot that declares its parameters
// in its hello, run by a relative command, records what the bot declared
// and where it ran (bots.json); confirm and replay of the results folder
// find the bot from anywhere, and report and serve read the record and
// start no process: after the sweep the bot is replaced by a script
// that leaves a marker file if it is ever started. (main: report refused
// to load the space and fell back on variants.csv, losing the bot's
// declarations; confirm and replay started "./fakebot" in the results
// folder and failed.)
func TestResultsStandAlone(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to stand in for the bot after the sweep")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	spDir := filepath.Join(dir, "bot")
	if err := os.Mkdir(spDir, 0o755); err != nil {
		t.Fatal(err)
	}
	bot := filepath.Join(spDir, "fakebot")
	if err := os.Symlink(exe, bot); err != nil {
		t.Fatal(err)
	}
	text := fakeSpace(t, externaltest.ModeFirst, "")
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "cmd "):
			l = `cmd     = ["./fakebot"]`
		case strings.HasPrefix(l, "params "):
			l = `params  = "hello"`
		}
		lines = append(lines, l)
	}
	text = strings.Join(lines, "\n")
	p := writeFile(t, spDir, "s.toml", text)
	res := filepath.Join(dir, "r")
	if code, out, stderr := tourney(t, "sweep", p, "--out", res, "--quiet"); code != 0 {
		t.Fatalf("sweep: exit %d\n%s\n%s", code, out, stderr)
	}
	rec, err := os.ReadFile(filepath.Join(res, space.BotRecordFile))
	if err != nil || !strings.Contains(string(rec), `"name": "pick"`) || !strings.Contains(string(rec), `"dir": "`+spDir+`"`) {
		t.Errorf("%s: %v\n%s", space.BotRecordFile, err, rec)
	}
	// from the results folder, the bot's relative command still runs
	if code, out, stderr := tourney(t, "confirm", res, "--games", "2", "--quiet"); code != 0 {
		t.Fatalf("confirm: exit %d\n%s\n%s", code, out, stderr)
	}
	if code, out, stderr := tourney(t, "replay", res, "--game", "0"); code != 0 {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, stderr)
	}
	noChildren(t)

	marker := filepath.Join(dir, "started")
	if err := os.Remove(bot); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bot, []byte("#!"+sh+"\ntouch "+marker+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sp, err := treport.LoadSpace(filepath.Join(res, "space.toml"))
	if err != nil {
		t.Fatalf("report.LoadSpace: %v", err)
	}
	if pr, ok := sp.Scenarios[0].Bot.Param("pick"); !ok || pr.Max != 3 {
		t.Errorf("the recorded bot: %+v", sp.Scenarios[0].Bot.Params)
	}
	code, out, stderr := tourney(t, "report", res, "--out", filepath.Join(dir, "report.html"))
	if code != 0 || strings.Contains(stderr, "fakebot") {
		t.Fatalf("report: exit %d\n%s\n%s", code, out, stderr)
	}
	hs := httptest.NewServer(serve.New(serve.Options{Dirs: []string{res}}).Handler())
	defer hs.Close()
	served := 0
	for _, srvRun := range serve.New(serve.Options{Dirs: []string{res}}).Runs() {
		if filepath.Clean(srvRun.Dir) != filepath.Clean(res) {
			continue // its confirmation's games
		}
		served++
		for _, page := range []string{"/run?k=", "/report?k=", "/api/live?k="} {
			resp, err := http.Get(hs.URL + page + srvRun.Key)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s%s: %s\n%s", page, srvRun.Key, resp.Status, body)
			}
		}
	}
	if served != 1 {
		t.Errorf("serve lists %d runs of %s", served, res)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("report or serve started the bot")
	}
}
