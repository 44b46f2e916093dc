package external

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Process tracking (doc.go, "Ownership"). Every bot process gets
// TagEnv=RUN/N in its environment, which its descendants inherit however
// they detach (setsid, double fork): RUN names this tourney process, N
// the bot process. On Linux tourney is a child subreaper, so orphans of
// a bot re-parent to tourney rather than to init, and when a bot
// process ends, every process carrying its tag is killed (and reaped
// when it is tourney's child). With a results directory, each bot
// process is recorded in DIR/bots/pids with its start time as it
// starts, so that after a kill -9 of tourney the next run in that
// directory, or `tourney cleanup DIR`, kills what is left (CleanupDir).

// TagEnv is the environment variable that marks a bot's processes.
const TagEnv = "TOURNEY_BOT"

// runID names this tourney process in tags (random, so that it is never
// the run of a recorded leftover).
var runID = func() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}()

var procSeq atomic.Int64

// newTag returns a new process's tag.
func newTag() string { return runID + "/" + strconv.FormatInt(procSeq.Add(1), 10) }

// PidsFile is the record of bot processes in a results directory.
const PidsFile = "pids"

var (
	pidsMu      sync.Mutex
	runRecorded = map[string]bool{} // dirs whose pids hold this run's line
)

// recordPid appends p to DIR/bots/pids when a results directory is set
// (once per process): "pid starttime tag argv0".
func recordPid(p *proc) {
	dir := logDir()
	if dir == "" || p.recorded.Swap(true) {
		return
	}
	recordRun()
	line := fmt.Sprintf("%d %d %s %s\n", p.pid, p.start, p.tag, strconv.Quote(p.argv0))
	pidsMu.Lock()
	defer pidsMu.Unlock()
	appendPids(dir, line)
}

// recordRun notes this run in DIR/bots/pids before its first process
// starts ("0 0 RUN/"): a process that a kill -9 catches between its start
// and its own record line is still found by its tag.
func recordRun() {
	dir := logDir()
	pidsMu.Lock()
	defer pidsMu.Unlock()
	if dir == "" || runRecorded[dir] {
		return
	}
	runRecorded[dir] = true
	appendPids(dir, "0 0 "+runID+"/ \"\"\n")
}

// appendPids appends line to DIR/bots/pids (the caller holds pidsMu);
// a directory that cannot be written records nothing.
func appendPids(dir, line string) {
	d := filepath.Join(dir, "bots")
	if err := os.MkdirAll(d, 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(d, PidsFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	f.WriteString(line)
	f.Close()
}

// Leftover is a process CleanupDir ended.
type Leftover struct {
	Pid int
	Tag string
	Cmd string
}

// CleanupDir ends the bot processes left by earlier tourney processes
// that wrote in dir (killed with SIGKILL, say): every pid recorded in
// DIR/bots/pids whose start time still matches (a recycled pid is never
// touched), and every process whose environment carries the tag of a
// recorded run (the descendants that detached). Processes of this
// tourney process are kept. The record then holds only those. The
// caller holds the directory's lock (no other tourney runs there). On
// systems without /proc it only reports the record's size (nothing can
// be checked safely) and leaves it.
func CleanupDir(dir string) ([]Leftover, error) {
	path := filepath.Join(dir, "bots", PidsFile)
	pidsMu.Lock()
	defer pidsMu.Unlock()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	type rec struct {
		pid   int
		start uint64
		tag   string
		cmd   string
		line  string
	}
	var recs []rec
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r rec
		fs := strings.SplitN(sc.Text(), " ", 4)
		if len(fs) < 3 {
			continue
		}
		r.pid, _ = strconv.Atoi(fs[0])
		r.start, _ = strconv.ParseUint(fs[1], 10, 64)
		r.tag = fs[2]
		if len(fs) == 4 {
			r.cmd, _ = strconv.Unquote(fs[3])
		}
		r.line = sc.Text()
		recs = append(recs, r)
	}
	f.Close()
	if !canTrack() {
		if len(recs) == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("%s records %d bot processes, but without /proc they cannot be checked safely (a pid may have been recycled): end them by hand if any is left", path, len(recs))
	}
	var out []Leftover
	runs := map[string]bool{}
	var keep []string
	for _, r := range recs {
		run, _, _ := strings.Cut(r.tag, "/")
		if run == runID {
			keep = append(keep, r.line)
			continue
		}
		runs[run] = true
		if r.pid > 0 && r.start > 0 {
			if alive, ok := sameProc(r.pid, r.start); ok && killPid(r.pid) && alive {
				out = append(out, Leftover{Pid: r.pid, Tag: r.tag, Cmd: r.cmd})
			}
		}
	}
	for run := range runs {
		for _, t := range taggedProcs(run + "/") {
			if killPid(t.pid) {
				out = append(out, Leftover{Pid: t.pid, Tag: t.tag, Cmd: t.comm})
			}
		}
	}
	startMu.Lock()
	reapAdopted(registeredPids())
	startMu.Unlock()
	text := strings.Join(keep, "\n")
	if text != "" {
		text += "\n"
	}
	return out, os.WriteFile(path, []byte(text), 0o644)
}

// WriteLeftovers reports CleanupDir's work on w.
func WriteLeftovers(w io.Writer, dir string, ls []Leftover) {
	for _, l := range ls {
		fmt.Fprintf(w, "killed leftover bot process %d (%s, %s) of an earlier run in %s\n", l.Pid, l.Cmd, l.Tag, dir)
	}
}
