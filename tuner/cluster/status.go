package cluster

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// StatusFileName is the file a coordinator with Options.StatusFile
// rewrites in the results directory (tourney serve reads it; it is not
// one of the byte-compared results files).
const StatusFileName = "workers.json"

// WorkerStatus is one worker as the coordinator knows it.
type WorkerStatus struct {
	Name  string `json:"name"`
	Slots int    `json:"slots"`
	// Games: games whose results reached the coordinator; Played: the
	// games the worker's last heartbeat says it played in this run.
	Games    int       `json:"games"`
	Played   int       `json:"played"`
	LastSeen time.Time `json:"last_seen"`
	// Alive: heard from (a heartbeat or a result) within three
	// heartbeats (3 × 2 s): a killed worker is gone within about 6 s.
	Alive bool `json:"alive"`
	// Failures: why the worker refused the work (another version, a
	// missing file...).
	Failures []string `json:"failures,omitempty"`
}

// WorkersStatus is the status file.
type WorkersStatus struct {
	Run     string         `json:"run"`
	Updated time.Time      `json:"updated"`
	Workers []WorkerStatus `json:"workers"`
}

// Workers returns every worker heard from in this run, by name.
func (c *Coordinator) Workers() []WorkerStatus {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	byName := map[string]*WorkerStatus{}
	for n, w := range c.workers {
		byName[n] = &WorkerStatus{Name: n, Slots: w.slots, Games: w.games, Played: w.played, LastSeen: w.last,
			Alive: now.Sub(w.last) < 3*beatInterval}
	}
	for k := range c.refused {
		name, reason, _ := strings.Cut(k, "\x00")
		ws := byName[name]
		if ws == nil {
			ws = &WorkerStatus{Name: name}
			byName[name] = ws
		}
		ws.Failures = append(ws.Failures, reason)
	}
	out := make([]WorkerStatus, 0, len(byName))
	for _, ws := range byName {
		sort.Strings(ws.Failures)
		out = append(out, *ws)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// writeStatus rewrites Options.StatusFile (atomically: a reader sees the
// old file or the new one); errors are ignored (the file is a view).
func (c *Coordinator) writeStatus() {
	st := WorkersStatus{Run: c.run, Updated: time.Now().UTC(), Workers: c.Workers()}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return
	}
	path := c.opt.StatusFile
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if os.WriteFile(tmp, append(data, '\n'), 0o644) == nil {
		_ = os.Rename(tmp, path)
	}
}
