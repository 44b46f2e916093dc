package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"tourney/tuner/report"
	"tourney/tuner/study"
)

// Options configure a server.
type Options struct {
	// Dirs are results folders: a run's folder, or a folder of runs.
	Dirs []string
	// Own is the server's own sweep's results folder (tourney sweep
	// --serve): listed even before it holds a file, running until its
	// summary.json is written; OwnSpace is its space (its variants and
	// the plan's bound, which a results folder's copy of space.toml
	// cannot always give: relative map paths).
	Own      string
	OwnSpace *study.Study
}

// Server is the web server's state: the runs it follows.
type Server struct {
	opt Options

	mu      sync.Mutex
	live    map[string]*liveRun // by folder
	ownDone bool
	log     *tail
	reports map[string]cachedReport
}

type cachedReport struct {
	stamp time.Time
	page  []byte
}

// New returns a server over the folders.
func New(opt Options) *Server {
	s := &Server{opt: opt, live: map[string]*liveRun{}, reports: map[string]cachedReport{}, log: &tail{max: 200}}
	if opt.Own != "" {
		s.live[filepath.Clean(opt.Own)] = newLiveRun(opt.Own, opt.OwnSpace)
	}
	return s
}

// Log is a writer for the own sweep's log (its round summaries: the
// planner's decisions); the live page shows its last lines.
func (s *Server) Log() io.Writer { return s.log }

// OwnDone marks the own sweep as ended (its state then comes from its
// files: finished, or interrupted).
func (s *Server) OwnDone() {
	s.mu.Lock()
	s.ownDone = true
	s.mu.Unlock()
}

// tail keeps the last lines written to it.
type tail struct {
	mu      sync.Mutex
	max     int
	lines   []string
	partial string
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	text := t.partial + string(p)
	parts := strings.Split(text, "\n")
	t.partial = parts[len(parts)-1]
	for _, l := range parts[:len(parts)-1] {
		if l = strings.TrimSpace(l); l != "" {
			t.lines = append(t.lines, l)
		}
	}
	if n := len(t.lines); n > t.max {
		t.lines = append([]string(nil), t.lines[n-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) last(n int) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.lines[max(0, len(t.lines)-n):]...)
}

// dirs maps every run's key to its folder.
func (s *Server) dirs() map[string]string {
	out := map[string]string{}
	roots := s.opt.Dirs
	if s.opt.Own != "" {
		roots = append([]string{s.opt.Own}, roots...)
		out["0"] = s.opt.Own
	}
	for i, root := range roots {
		for k, d := range findDirs(i, root) {
			out[k] = d
		}
	}
	return out
}

func (s *Server) isOwn(dir string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opt.Own != "" && !s.ownDone && filepath.Clean(dir) == filepath.Clean(s.opt.Own)
}

func (s *Server) liveOf(dir string) *liveRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := filepath.Clean(dir)
	l := s.live[k]
	if l == nil {
		l = newLiveRun(dir, nil)
		s.live[k] = l
	}
	return l
}

// Runs lists every run, newest first.
func (s *Server) Runs() []Run {
	var runs []Run
	for k, d := range s.dirs() {
		runs = append(runs, s.run(k, d))
	}
	sort.Slice(runs, func(i, j int) bool {
		if !runs[i].Date.Equal(runs[j].Date) {
			return runs[i].Date.After(runs[j].Date)
		}
		return runs[i].Key < runs[j].Key
	})
	return runs
}

// run describes one run folder.
func (s *Server) run(key, dir string) Run {
	r := Run{Key: key, Dir: dir, Name: filepath.Base(filepath.Clean(dir)), State: stateOf(dir, s.isOwn(dir))}
	if sf, err := readSpaceFile(dir); err == nil {
		if sf.Name != "" {
			r.Name = sf.Name
		}
		r.Method = strings.Trim(sf.Generate.Method+", "+sf.Tournament.Format, ", ")
		for p := range sf.Params {
			r.Params = append(r.Params, p)
		}
		sort.Strings(r.Params)
	}
	if st, err := os.Stat(filepath.Join(dir, "games.csv")); err == nil {
		r.Date = st.ModTime()
	}
	if sum, at, err := readSummary(dir); err == nil && r.State == Finished {
		r.Date = at
		if sum.Name != "" {
			r.Name = sum.Name
		}
		r.Variants, r.Games = sum.Variants, sum.Games
		r.Verdict, r.Better = sum.Verdict.Text, sum.Verdict.Better
		if sum.Winner != nil {
			r.Winner = fmt.Sprintf("variant %d", *sum.Winner)
			if p := fmtKV(sum.WinnerParams, func(v any) string { return fmt.Sprint(v) }); p != "" {
				r.Winner += " (" + p + ")"
			}
		}
		if r.Method == "" || (sum.Format != "" && !strings.Contains(r.Method, sum.Format)) {
			r.Method = strings.Trim(r.Method+", "+sum.Format, ", ")
		}
		return r
	}
	l := s.liveOf(dir)
	l.mu.Lock()
	l.loadSpace()
	_ = l.read()
	r.Games, r.Variants = len(l.games), len(l.variants)
	l.mu.Unlock()
	return r
}

// Handler serves the pages.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.list)
	mux.HandleFunc("GET /run", s.runPage)
	mux.HandleFunc("GET /report", s.report)
	mux.HandleFunc("GET /compare", s.compare)
	mux.HandleFunc("GET /api/runs", s.apiRuns)
	mux.HandleFunc("GET /api/live", s.apiLive)
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	return mux
}

// lookup finds the run of the request's k.
func (s *Server) lookup(w http.ResponseWriter, k string) (Run, bool) {
	d, ok := s.dirs()[k]
	if !ok {
		http.Error(w, fmt.Sprintf("no run %q (the list: /)", k), http.StatusNotFound)
		return Run{}, false
	}
	return s.run(k, d), true
}

func render(w http.ResponseWriter, t *template.Template, data any) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(buf.Bytes())
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	render(w, listPage, struct {
		Dirs string
		Runs []Run
	}{strings.Join(s.allRoots(), ", "), s.Runs()})
}

func (s *Server) allRoots() []string {
	if s.opt.Own != "" {
		return append([]string{s.opt.Own}, s.opt.Dirs...)
	}
	return s.opt.Dirs
}

func (s *Server) apiRuns(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, s.Runs())
}

func (s *Server) runPage(w http.ResponseWriter, r *http.Request) {
	run, ok := s.lookup(w, r.URL.Query().Get("k"))
	if !ok {
		return
	}
	render(w, livePage, run)
}

// Live returns the live state of the run with key k.
func (s *Server) Live(k string) (*Snapshot, error) {
	d, ok := s.dirs()[k]
	if !ok {
		return nil, fmt.Errorf("no run %q", k)
	}
	run := s.run(k, d)
	snap, err := s.liveOf(d).snapshot(time.Now(), run.State)
	if err != nil {
		return nil, err
	}
	snap.Key, snap.Name = k, run.Name
	snap.Finished = run.State == Finished
	snap.HasReport = snap.Finished
	if run.State == Finished {
		snap.Verdict = run.Verdict
		snap.Games = run.Games
		snap.Progress = 1
		if sum, err := readSummaryMap(d); err == nil {
			a := report.AnswerOf(d, sum)
			snap.Answer = &a
		}
	} else if snap.Leader != nil {
		snap.Answer = leadingAnswer(snap)
	}
	if s.isOwn(d) || (s.opt.Own != "" && filepath.Clean(d) == filepath.Clean(s.opt.Own)) {
		snap.Log = s.log.last(30)
	}
	return snap, nil
}

func (s *Server) apiLive(w http.ResponseWriter, r *http.Request) {
	snap, err := s.Live(r.URL.Query().Get("k"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, snap)
}

// report serves a finished run's report (tuner/report), rendered from
// its folder in memory and kept while summary.json is unchanged.
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	run, ok := s.lookup(w, r.URL.Query().Get("k"))
	if !ok {
		return
	}
	if run.State != Finished {
		http.Error(w, fmt.Sprintf("%s is %s: no report before its summary.json (its live page: /run?k=%s)", run.Name, run.State, run.Key), http.StatusConflict)
		return
	}
	var stamp time.Time
	if st, err := os.Stat(filepath.Join(run.Dir, "summary.json")); err == nil {
		stamp = st.ModTime()
	}
	s.mu.Lock()
	c, ok := s.reports[run.Dir]
	s.mu.Unlock()
	if !ok || !c.stamp.Equal(stamp) {
		d, err := report.Load(run.Dir)
		if err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		var buf bytes.Buffer
		if err := report.Write(&buf, d, report.Options{}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		c = cachedReport{stamp, buf.Bytes()}
		s.mu.Lock()
		s.reports[run.Dir] = c
		s.mu.Unlock()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(c.page)
}

func (s *Server) compare(w http.ResponseWriter, r *http.Request) {
	var runs []Run
	for _, k := range r.URL.Query()["k"] {
		run, ok := s.lookup(w, k)
		if !ok {
			return
		}
		runs = append(runs, run)
	}
	c := compare(runs)
	if c.Problem != "" {
		w.WriteHeader(http.StatusBadRequest)
	}
	render(w, comparePage, c)
}

func secs(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// readSummaryMap reads summary.json as the report does (numbers kept
// as written).
func readSummaryMap(dir string) (map[string]any, error) {
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	err = dec.Decode(&m)
	return m, err
}

// leadingAnswer is a running sweep's answer so far: the leader against
// the anchor (the defaults), with its interval so far.
func leadingAnswer(s *Snapshot) *report.Answer {
	l := s.Leader
	against := "the mean of the entrants"
	switch {
	case s.Anchor == "defaults" || s.Anchor == "default":
		against = "the defaults"
	case s.Anchor == "variant 0": // the anchor is variant 0 only when it is the defaults (anchorEntity)
		against = "the defaults (variant 0)"
	case s.Anchor != "":
		against = s.Anchor
	}
	who := l.Who
	if l.Params != "" {
		who += " (" + l.Params + ")"
	}
	sg := func(x float64) string {
		t := fmt.Sprintf("%.1f", x)
		if x > 0 {
			t = "+" + t
		}
		return strings.Replace(t, "-", "−", 1)
	}
	a := &report.Answer{
		Headline: "Running: " + l.Who + " leads so far; the verdict comes when the sweep ends.",
		Winner:   fmt.Sprintf("%s is %s Elo against %s so far, 95 %% interval [%s, %s], after %d of its games.", who, sg(l.Elo), against, sg(l.Lo), sg(l.Hi), l.Games),
		Notes:    []string{"So far: a fit of the games played; the verdict rests on the winner's hold-out blocks, played at the end on fresh seeds."},
	}
	if s.State == Interrupted {
		a.Headline = "Interrupted: " + l.Who + " led when the sweep stopped."
		a.Next = []report.NextStep{{Command: "tourney sweep SPACE --resume DIR", Why: "continues it to the same bytes as an uninterrupted run"}}
	}
	return a
}
