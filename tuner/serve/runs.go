package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"tourney/tuner/lock"
)

// Run states.
const (
	Running     = "running"
	Finished    = "finished"
	Interrupted = "interrupted"
)

// Run is one results folder as the list shows it.
type Run struct {
	Key      string // the URL's k
	Dir      string
	Name     string
	Method   string // generate method and tournament format
	Variants int
	Games    int
	State    string
	Verdict  string
	Better   bool
	Date     time.Time // summary.json's time when finished, else the last write of games.csv
	Params   []string  // the varied parameters, sorted (runs of the same space compare)
	Winner   string    // "variant N (k=v ...)" when finished
}

// SpaceKey names the run's space for comparisons: its varied parameters.
func (r *Run) SpaceKey() string { return strings.Join(r.Params, " ") }

// isRun reports whether dir holds a run's files.
func isRun(dir string) bool {
	for _, f := range []string{"space.toml", "games.csv", "summary.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return true
		}
	}
	return false
}

// findDirs returns the run folders of a root: the root itself when it is
// a run, and its subfolders (two levels: a staged sweep's stages) that
// are, skipping hidden ones; keyed "i" and "i/rel".
func findDirs(i int, root string) map[string]string {
	out := map[string]string{}
	var walk func(dir, rel string, depth int)
	walk = func(dir, rel string, depth int) {
		if isRun(dir) {
			k := strconv.Itoa(i)
			if rel != "" {
				k += "/" + rel
			}
			out[k] = dir
		}
		if depth == 2 {
			return
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || e.Name() == "bots" {
				continue
			}
			walk(filepath.Join(dir, e.Name()), filepath.ToSlash(filepath.Join(rel, e.Name())), depth+1)
		}
	}
	walk(root, "", 0)
	return out
}

// spaceFile is what the list needs of space.toml (decoded loosely: a
// copy whose relative map paths do not resolve still names its run).
type spaceFile struct {
	Name     string         `toml:"name"`
	Params   map[string]any `toml:"params"`
	Generate struct {
		Method string `toml:"method"`
	} `toml:"generate"`
	Tournament struct {
		Format string `toml:"format"`
	} `toml:"tournament"`
}

func readSpaceFile(dir string) (*spaceFile, error) {
	var sf spaceFile
	_, err := toml.DecodeFile(filepath.Join(dir, "space.toml"), &sf)
	return &sf, err
}

// summary is what the pages need of summary.json.
type summary struct {
	Name         string         `json:"name"`
	Format       string         `json:"format"`
	Variants     int            `json:"variants"`
	Games        int            `json:"games"`
	Winner       *int           `json:"winner"`
	WinnerParams map[string]any `json:"winner_params"`
	Elapsed      float64        `json:"elapsed_seconds"`
	GamesPerSec  float64        `json:"games_per_second"`
	Forfeits     int            `json:"forfeits"`
	Verdict      struct {
		Text       string   `json:"text"`
		Better     bool     `json:"better_than_defaults"`
		Elo        *float64 `json:"elo_vs_defaults"`
		Lo         *float64 `json:"elo_lo"`
		Hi         *float64 `json:"elo_hi"`
		Confidence float64  `json:"confidence"`
		PBest      float64  `json:"p_best"`
		HoldOut    bool     `json:"holdout"`
	} `json:"verdict"`
}

func readSummary(dir string) (*summary, time.Time, error) {
	path := filepath.Join(dir, "summary.json")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	var s summary
	if err := json.NewDecoder(bytes.NewReader(b)).Decode(&s); err != nil {
		return nil, time.Time{}, fmt.Errorf("%s: %v", path, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	return &s, st.ModTime(), nil
}

// stateOf tells a run's state from its files; own marks the server's
// own sweep (its lock holds this process's pid).
func stateOf(dir string, own bool) string {
	has := func(f string) bool {
		_, err := os.Stat(filepath.Join(dir, f))
		return err == nil
	}
	if has("summary.json") && (has("variants.csv") || !has("space.toml")) { // a match folder has no variants.csv
		return Finished
	}
	if own {
		return Running
	}
	b, err := os.ReadFile(filepath.Join(dir, lock.FileName))
	if err != nil {
		return Interrupted
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err == nil && pid != os.Getpid() && processAlive(pid) {
		return Running
	}
	return Interrupted
}
