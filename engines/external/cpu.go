package external

import (
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// The CPU time of a bot's processes (game.ProcessTimer). tourney's own
// CPU time (getrusage of itself) does not include its bots' while they
// run, so calibration, timing.csv and CPU budgets that count only
// tourney's undercount an external bot by the whole of its search.
//
// A process's tree is the process and its descendants. On Linux a
// reading sums, for each live process of the tree, its utime and stime
// and the cutime and cstime of the children it has reaped, from
// /proc/PID/stat (the tree found through /proc/PID/task/TID/children, or
// by parent pids from /proc where that file is missing). Once the
// process is reaped its own rusage (wait4: its CPU and that of the
// children it reaped) replaces the reading, plus the CPU time of what it
// left behind (its process group and the processes carrying its tag,
// orphans that re-parented to tourney, its child subreaper), read as they
// are killed. An orphan is thus counted only when its bot process ends. Readings are in clock ticks
// (1/100 s) and never decrease. Elsewhere a live process reads as 0 (or
// the last reading) and a reaped one as its rusage (user and system
// time), so a game's CPU time is seen when its process ends (the hosted
// protocols: one process a game) and a pooled JSON-lines process's only
// at the end of the run.

// ended records the process's final CPU time (st is its wait status;
// left is the CPU time of the processes it left behind, killed after it)
// with its owner.
func (p *proc) ended(st *os.ProcessState, left time.Duration) {
	cpuSum.Lock()
	defer cpuSum.Unlock()
	p.cpuMu.Lock()
	final := left
	if st != nil {
		final += st.UserTime() + st.SystemTime()
	}
	final = max(final, p.cpuLast)
	p.cpuLast = final
	p.cpuDone = true
	p.cpuMu.Unlock()
	if p.owner != nil {
		p.owner.cpuEnded.Add(int64(final))
	}
	cpuEnded.Add(int64(final))
}

// treeCPU is the CPU time the process's tree has consumed so far.
func (p *proc) treeCPU() time.Duration {
	p.cpuMu.Lock()
	defer p.cpuMu.Unlock()
	if p.cpuDone {
		return p.cpuLast
	}
	if d, ok := liveTreeCPU(p); ok {
		p.cpuLast = max(p.cpuLast, d)
	}
	return p.cpuLast
}

// settleCPU returns the CPU time the process's tree consumed since the
// last call (since it started, at the first): the share of the game that
// ends. A process's start-up (spawn and hello) goes to its first game,
// what it does between games (nothing, normally) to the next.
func (p *proc) settleCPU() time.Duration {
	t := p.treeCPU()
	d := max(t-p.cpuMark, 0)
	p.cpuMark = t
	return d
}

// unsettledCPU is what settleCPU would return, without settling.
func (p *proc) unsettledCPU() time.Duration { return max(p.treeCPU()-p.cpuMark, 0) }

// ProcessCPU is the CPU time (user and system) that the process tree of
// the game's bot consumed in this game: from the end of the process's
// previous game (its start, for its first game: the start-up of a
// process counts in the first game it plays) until now, or until
// EndGame once the game is over (0 when it had no process). One reading
// of /proc a game (at its end), none at its start.
func (b *jsonlBot) ProcessCPU() time.Duration {
	b.call.Lock()
	defer b.call.Unlock()
	if b.pr != nil {
		return b.cpuGame + b.pr.unsettledCPU()
	}
	return b.cpuGame
}

// ProcessCPU is the CPU time (user and system) that all the processes
// started for the declaration (and their descendants) consumed so far in
// this run: those that ended, and those that run.
func (d *Decl) ProcessCPU() time.Duration {
	cpuSum.Lock()
	defer cpuSum.Unlock()
	t := time.Duration(d.cpuEnded.Load())
	for _, p := range liveProcs() {
		if p.owner == d {
			t += p.runningCPU()
		}
	}
	return t
}

// ProcessCPU is the CPU time (user and system) of every bot process this
// tourney process started (and their descendants), so far.
func ProcessCPU() time.Duration {
	cpuSum.Lock()
	defer cpuSum.Unlock()
	t := time.Duration(cpuEnded.Load())
	for _, p := range liveProcs() {
		t += p.runningCPU()
	}
	return t
}

// StartupCPU is the CPU time the JSON-lines bot processes started so
// far spent up to their hello (spawn, and a JVM's or interpreter's
// start: the Java example bot's 2 to 3 s of CPU against its 0.1 s a
// game), and how many processes said hello. A pooled process pays it
// once and then plays game after game: a calibration of a few dozen
// games that counts it in its games' cost puts a sweep of hundreds at
// a third too dear (issue 39). Where a live process reads as 0 (not
// Linux) it is 0.
func StartupCPU() (cpu time.Duration, procs int) {
	return time.Duration(startupCPU.Load()), int(startups.Load())
}

// noteStartup adds the process's CPU time so far, at its hello, to
// StartupCPU.
func noteStartup(p *proc) {
	startupCPU.Add(int64(p.treeCPU()))
	startups.Add(1)
}

var (
	// startupCPU, startups: StartupCPU.
	startupCPU, startups atomic.Int64
	// cpuEnded is the CPU time of every bot process that has ended.
	cpuEnded atomic.Int64
	// cpuSum orders the sums of ProcessCPU against processes that end
	// (counted once: running, or ended).
	cpuSum sync.Mutex
)

// runningCPU is treeCPU for a process that has not ended (0 once it
// has: its time is in cpuEnded).
func (p *proc) runningCPU() time.Duration {
	p.cpuMu.Lock()
	done := p.cpuDone
	p.cpuMu.Unlock()
	if done {
		return 0
	}
	return p.treeCPU()
}

// liveProcs lists the processes not yet reaped.
func liveProcs() []*proc {
	registry.Lock()
	defer registry.Unlock()
	out := make([]*proc, 0, len(registry.procs))
	for p := range registry.procs {
		out = append(out, p)
	}
	return out
}
