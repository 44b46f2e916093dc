package external

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
)

// LogCap bounds what one bot's log receives in one run (its processes'
// stderr and tourney's notes together); beyond it the rest is dropped
// and one note line says so. A variable so that tests can lower it.
var LogCap int64 = 10 << 20

// botLog is the stderr log of one declared bot (shared by its
// processes): RESULTS/bots/NAME.log once the results directory is known
// (SetLogDir), held in memory before that in a sweep (HoldLogs: a bot
// with params = "hello" starts while the space is read, before the
// directory is known), tourney's stderr otherwise (check-bot, match,
// play). The cap applies in every case.
type botLog struct {
	name    string
	mu      sync.Mutex
	f       *os.File        // the log file (nil: held or passed through)
	held    []byte          // bytes waiting for the directory (HoldLogs)
	n       int64           // bytes taken (against LogCap)
	dropped bool            // the cap was reached (the note is written)
	tail    []byte          // the last bytes written (lastLines), at most tailCap
	total   int64           // bytes written since the log was made (lastLines)
	once    map[string]bool // the notes written once a bot and run (noteOnce)
}

// tailCap bounds what a log keeps of its last bytes (lastLines).
const tailCap = 2048

// logFor returns the bot's log (created on first use).
func logFor(name string) *botLog {
	logs.Lock()
	defer logs.Unlock()
	l := logs.m[name]
	if l == nil {
		l = &botLog{name: name}
		logs.m[name] = l
		if dir := logDir(); dir != "" {
			l.open(dir)
		}
	}
	return l
}

// logs holds the bots' logs by name. Lock order: logs, then registry or
// a botLog's mu; a botLog's Write takes no other lock.
var logs = struct {
	sync.Mutex
	m map[string]*botLog
}{m: map[string]*botLog{}}

// holdLogs: bytes wait in memory for SetLogDir (HoldLogs).
var holdLogs atomic.Bool

func logDir() string {
	registry.Lock()
	defer registry.Unlock()
	return registry.logDir
}

// open directs the log to DIR/bots/NAME.log (appended) and writes what
// was held. On error the log passes through to tourney's stderr.
func (l *botLog) open(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f != nil {
		return
	}
	d := filepath.Join(dir, "bots")
	if err := os.MkdirAll(d, 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(d, l.name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	l.f = f
	if len(l.held) > 0 {
		f.Write(l.held)
		l.held = nil
	}
}

// close ends the file (later bytes pass through or are held again).
func (l *botLog) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f != nil {
		l.f.Close()
		l.f = nil
	}
	if len(l.held) > 0 { // held for a directory that never came
		os.Stderr.Write(l.held)
		l.held = nil
	}
	l.n, l.dropped = 0, false // the cap is per run
	l.once = nil
}

// out is where bytes go now (l.mu held); nil: hold them.
func (l *botLog) out() io.Writer {
	if l.f != nil {
		return l.f
	}
	if holdLogs.Load() {
		return nil
	}
	return os.Stderr
}

// Write takes a bot's stderr bytes: up to LogCap, then one note and
// nothing more. It never fails (a bot must not block on its stderr).
func (l *botLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.dropped {
		return len(p), nil
	}
	b := p
	if room := LogCap - l.n; int64(len(b)) > room {
		b = b[:max(room, 0)]
		l.dropped = true
	}
	l.n += int64(len(b))
	l.emit(b)
	if l.dropped {
		l.emit(fmt.Appendf(nil, "\ntourney: bot %s: log capped at %d bytes; the rest of its stderr in this run is dropped\n", l.name, LogCap))
	}
	return len(p), nil
}

func (l *botLog) emit(b []byte) {
	l.total += int64(len(b))
	l.tail = append(l.tail, b...)
	if len(l.tail) > tailCap {
		l.tail = append(l.tail[:0], l.tail[len(l.tail)-tailCap:]...)
	}
	if w := l.out(); w != nil {
		w.Write(b)
	} else if int64(len(l.held)) < LogCap+4096 {
		l.held = append(l.held, b...)
	}
}

// note writes one line of tourney's own about the bot (a refused
// connection, a stale answer); notes count against the cap as well.
func (l *botLog) note(format string, args ...any) {
	l.Write(fmt.Appendf(nil, "tourney: "+format+"\n", args...))
}

// noteOnce is note for what holds of the bot, not of one process (the
// clock it plays, that it does not echo ids): written once a bot and
// run, whatever the number of its processes (one a seat and worker).
func (l *botLog) noteOnce(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	l.mu.Lock()
	seen := l.once[line]
	if !seen {
		if l.once == nil {
			l.once = map[string]bool{}
		}
		l.once[line] = true
	}
	l.mu.Unlock()
	if !seen {
		l.note("%s", line)
	}
}

// HoldLogs makes bots' stderr wait in memory (up to LogCap each) until
// SetLogDir names the results directory: `tourney sweep` calls it before
// it reads the space (a params = "hello" bot starts then).
func HoldLogs() { holdLogs.Store(true) }

// SetLogDir makes every bot's stderr go to DIR/bots/NAME.log (appended;
// shared by the bot's processes), also the stderr held since HoldLogs,
// and records the bots' processes in DIR/bots/pids (CleanupDir). The
// empty string closes the logs: later bytes pass through to tourney's
// stderr, capped.
func SetLogDir(dir string) {
	logs.Lock()
	registry.Lock()
	registry.logDir = dir
	var procs []*proc
	for p := range registry.procs {
		procs = append(procs, p)
	}
	registry.Unlock()
	if dir == "" {
		holdLogs.Store(false)
	}
	for _, l := range logs.m {
		if dir == "" {
			l.close()
		} else {
			l.open(dir)
		}
	}
	holdLogs.Store(false)
	logs.Unlock()
	if dir != "" {
		for _, p := range procs {
			recordPid(p)
		}
	}
}

// Note writes one line of tourney's own into the bot's log ("tourney: "
// and the text): the tuner notes each forfeit there.
func (d *Decl) Note(format string, args ...any) { logFor(d.Name).note(format, args...) }

// written is the number of bytes written to the log so far (a mark for
// lastLines).
func (l *botLog) written() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

// lastLines is the log's last n lines written after mark (of its last
// tailCap bytes) for an error message: "; its stderr ended with:" and
// the lines indented, or "; its stderr was empty".
func (l *botLog) lastLines(n int, mark int64) string {
	l.mu.Lock()
	tail := l.tail
	if since := l.total - mark; since < int64(len(tail)) {
		tail = tail[int64(len(tail))-since:]
	}
	text := strings.TrimRight(string(tail), "\n")
	l.mu.Unlock()
	if text == "" {
		return "; its stderr was empty"
	}
	lines := strings.Split(text, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "; its stderr ended with:\n    " + strings.Join(lines, "\n    ")
}
