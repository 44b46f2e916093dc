package serve_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"net/http/httptest"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"tourney/arena"
	"tourney/internal/testspace"
	"tourney/tuner"
	"tourney/tuner/runner"
	"tourney/tuner/serve"
	"tourney/tuner/study"
)

// loadLive is the served knockout (testspace.Knockout) at seed and
// maxGames, compiled.
func loadLive(t *testing.T, seed, maxGames int) *study.Study {
	t.Helper()
	return testspace.Parse(t, "live.toml", testspace.Knockout("live-ko", seed, maxGames))
}

// slowRunner plays like the local runner and hands each game on after
// a pause: a sweep of synthetic games (microseconds each) lasts long
// enough to be watched. The pause is the test's, outside the sweep.
type slowRunner struct {
	runner.Local
	pause time.Duration
}

func (s slowRunner) Play(ctx context.Context, blocks []runner.Block, emit func(*arena.Result) error) error {
	return s.Local.Play(ctx, blocks, func(r *arena.Result) error {
		time.Sleep(s.pause)
		return emit(r)
	})
}

// chromium finds a Chromium binary (none: the browser tests skip).
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// The pages in headless Chromium: the live page's game count and leader
// change without a reload while a sweep runs, and it ends finished; the
// list, a report and a comparison of two runs of the same space load;
// no console error or uncaught exception on any page. With
// TOURNEY_SCREENS=DIR, screenshots of the four pages go to DIR.
func TestBrowser(t *testing.T) {
	exe := chromium()
	if exe == "" {
		t.Skip("no chromium binary (apt-get install chromium)")
	}
	if raceEnabled {
		t.Skip("slow under the race detector (30-50 s on 2 cores); CI's second pass runs it without")
	}
	past := t.TempDir()
	for i, seed := range []int{4, 5} {
		out := filepath.Join(past, "night-"+strconv.Itoa(i+1))
		if _, err := tuner.RunSweep(context.Background(), loadLive(t, seed, 30), tuner.RunOptions{Out: out, Workers: 2, Quiet: true, NoRecords: i == 1}); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "tonight")
	sp := loadLive(t, 3, 120)
	pause := 8 * time.Millisecond
	srv := serve.New(serve.Options{Own: out, OwnSpace: sp, Dirs: []string{past}})
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var sweepErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer srv.OwnDone()
		_, sweepErr = tuner.RunSweep(ctx, sp, tuner.RunOptions{Out: out, Workers: 2, Quiet: true, Log: srv.Log(), NoRecords: true,
			Runner: slowRunner{runner.Local{Workers: 2}, pause}})
	}()
	defer wg.Wait()

	actx, acancel := chromedp.NewExecAllocator(ctx, append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1280, 800))...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	var mu sync.Mutex
	var consoleErrs []string
	chromedp.ListenTarget(bctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				consoleErrs = append(consoleErrs, "console.error")
			}
		case *runtime.EventExceptionThrown:
			consoleErrs = append(consoleErrs, e.ExceptionDetails.Error())
		}
	})
	screens := os.Getenv("TOURNEY_SCREENS")
	shot := func(name string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			if screens == "" {
				return nil
			}
			var png []byte // the first screen, as a user sees it at 1280×800
			if err := chromedp.CaptureScreenshot(&png).Do(ctx); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(screens, name+".png"), png, 0o644)
		})
	}
	text := func(sel string) string {
		var s string
		if err := chromedp.Run(bctx, chromedp.Text(sel, &s, chromedp.ByQuery)); err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	// waitFor polls the page (never reloading it) until ok holds
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(40 * time.Second); !ok(); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the live page: %s: not within 40 s (games %q, leader %q, state %q)", what, text("#games"), text("#leader"), text("#state"))
			}
		}
	}
	games := func() int { n, _ := strconv.Atoi(text("#games")); return n }
	// firstScreen: the answer (the verdict as a sentence, the winner
	// against the defaults with its interval, the next command) is on
	// the first screen, above the fold of a 1280×800 window
	firstScreen := func(page string) {
		t.Helper()
		var bottom, height float64
		if err := chromedp.Run(bctx, chromedp.Evaluate(`document.querySelector("#answer").getBoundingClientRect().bottom`, &bottom),
			chromedp.Evaluate(`window.innerHeight`, &height)); err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		ans := text("#answer")
		if bottom <= 0 || bottom > height {
			t.Errorf("%s: the answer ends at %.0f px, below the first screen (%.0f px)", page, bottom, height)
		}
		for _, want := range []string{"the defaults", "Elo against the defaults", "interval [", "tourney "} {
			if !strings.Contains(ans, want) {
				t.Errorf("%s: the answer lacks %q: %q", page, want, ans)
			}
		}
		for _, raw := range []string{"elo_lo_adjusted", "elo_vs_defaults", "verdict: text", "verdict: elo"} {
			if strings.Contains(ans, raw) {
				t.Errorf("%s: the answer shows %q: %q", page, raw, ans)
			}
		}
	}

	if err := chromedp.Run(bctx, chromedp.Navigate(hs.URL+"/run?k=0"), chromedp.WaitVisible("#games", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitFor("a first game count and a leader", func() bool { return games() > 0 && strings.HasPrefix(text("#leader"), "variant ") })
	first, leader := games(), text("#leader")
	waitFor("the game count growing", func() bool { return games() > first })
	if err := chromedp.Run(bctx, shot("live")); err != nil {
		t.Fatal(err)
	}
	if a := text("#answer"); !strings.Contains(a, "leads so far") && text("#state") == serve.Running {
		t.Errorf("the running page's answer: %q", a)
	}
	t.Logf("live page: %d games then %d, leader %s, state %s", first, games(), leader, text("#state"))
	waitFor("the state finished", func() bool { return text("#state") == serve.Finished })
	waitFor("the verdict's sentence", func() bool { return strings.Contains(text("#headline"), "defaults") })
	firstScreen("the live page")
	if err := chromedp.Run(bctx, shot("live-finished")); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if sweepErr != nil {
		t.Fatal(sweepErr)
	}
	runs := srv.Runs()
	var tonight serve.Run
	for _, r := range runs {
		if r.Key == "0" {
			tonight = r
		}
	}
	if tonight.State != serve.Finished || tonight.Games < 88 || games() != tonight.Games {
		t.Errorf("tonight: %+v; the page says %d games", tonight, games())
	}
	if !strings.HasPrefix(tonight.Winner, text("#leader")+" ") {
		t.Errorf("the page's leader %q, the sweep's winner %q", text("#leader"), tonight.Winner)
	}

	// the list: every run, with its state
	var rows int
	if err := chromedp.Run(bctx, chromedp.Navigate(hs.URL+"/"), chromedp.WaitVisible("#runs", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#runs tr[data-key]").length`, &rows), shot("list")); err != nil {
		t.Fatal(err)
	}
	if rows != 3 || strings.Count(text("#runs"), "finished") != 3 {
		t.Errorf("the list has %d runs: %s", rows, text("#runs"))
	}
	// a report, rendered from its folder (its own script runs: no error)
	if err := chromedp.Run(bctx, chromedp.Navigate(hs.URL+"/report?k=1/night-1"), chromedp.WaitVisible("#ratings", chromedp.ByQuery), shot("report")); err != nil {
		t.Fatal(err)
	}
	if e := text("#errors"); e != "" {
		t.Errorf("report: %s", e)
	}
	firstScreen("the report")
	// the comparison of the three runs of the space
	if err := chromedp.Run(bctx, chromedp.Navigate(hs.URL+"/compare?k=1/night-1&k=1/night-2&k=0"), chromedp.WaitVisible("#ratings", chromedp.ByQuery), shot("compare")); err != nil {
		t.Fatal(err)
	}
	cmp := text("#runs")
	for _, r := range runs {
		if !strings.Contains(cmp, r.Winner) || !strings.Contains(cmp, r.Verdict) {
			t.Errorf("the comparison lacks %s's winner %q or verdict %q", r.Name, r.Winner, r.Verdict)
		}
	}
	if n := strings.Count(text("#effects"), "elo = "); n < 8 {
		t.Errorf("the comparison's effects have %d rows: %s", n, text("#effects"))
	}
	mu.Lock()
	defer mu.Unlock()
	if len(consoleErrs) > 0 {
		t.Errorf("console errors: %q", consoleErrs)
	}
}
