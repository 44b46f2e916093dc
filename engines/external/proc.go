package external

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// proc is one child process speaking JSON lines on stdin/stdout (or a
// hosted bot, which uses only the process part).
//
// The lease holder (one goroutine at a time) writes to in and reads from
// out directly, with read deadlines on the pipe (no goroutine hop on the
// hot path). A reaper goroutine waits for the process, ends what it left
// behind (killTagged) and closes done; a copier goroutine moves its
// stderr to the bot's log (capped).
type proc struct {
	owner *Decl  // the declaration it was started for (its CPU time is counted there)
	key   string // the pool's key (rendered command line and environment)
	cmd   *exec.Cmd
	pid   int
	start uint64 // start time from /proc (0 where unknown)
	tag   string // TagEnv value
	argv0 string
	in    *os.File
	out   *os.File
	br    *bufio.Reader
	wbuf  []byte

	done   chan struct{} // closed when the process has exited and been reaped
	copied chan struct{} // closed when its stderr is copied to the log (to the end)
	state  *os.ProcessState

	log      *botLog
	recorded atomic.Bool // in DIR/bots/pids
	hello    *helloMsg

	// JSON lines: turn ids (doc.go, "Turns and answers").
	games  int  // newgame messages sent (the game part of ids)
	strict bool // the bot echoes ids (hello said tourney/2, or it echoed one)
	noted  bool // the note on a bot that does not echo ids is in its log
	// clockNoted: the note on the clock the bot plays is in its log.
	clockNoted bool

	cpuMu   sync.Mutex
	cpuLast time.Duration // the last reading (treeCPU is monotone; final once cpuDone)
	cpuDone bool          // reaped: cpuLast is final
	cpuMark time.Duration // the reading at the end of its last game (settleCPU)
}

// counted reports whether the process's hello said "clock": "nodes".
func (p *proc) counted() bool { return p.hello != nil && p.hello.Clock == ClockNodes }

// maxLine bounds one message from a bot (a runaway writer is a fault).
const maxLine = 1 << 20

// startMu orders starts (Start and registration) against the run-wide
// sweep of CloseAll, which must know every direct child.
var startMu sync.Mutex

// closeFiles closes fs (the pipe ends a start no longer needs).
func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// startProc starts argv of d with env (added to the environment) in
// d.Dir; stderr goes to log (nil: the log of the process's argv0).
func startProc(d *Decl, key string, argv []string, env []string, log *botLog) (*proc, error) {
	dir := d.Dir
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	if log == nil {
		log = logFor(argv[0])
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW, outR, outW)
		return nil, err
	}
	recordRun()
	tag := newTag()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), env...), TagEnv+"="+tag)
	cmd.SysProcAttr = procAttr()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	startMu.Lock()
	err = cmd.Start()
	closeFiles(inR, outW, errW)
	if err != nil {
		startMu.Unlock()
		closeFiles(inW, outR, errR)
		return nil, err
	}
	p := &proc{owner: d, key: key, cmd: cmd, pid: cmd.Process.Pid, tag: tag, argv0: argv[0], in: inW, out: outR,
		br: bufio.NewReaderSize(outR, 64<<10), done: make(chan struct{}), copied: make(chan struct{}), log: log}
	p.start = procStart(p.pid)
	registerProc(p)
	startMu.Unlock()
	recordPid(p)
	go func() {
		io.Copy(log, errR)
		errR.Close()
		close(p.copied)
	}()
	go p.reap()
	return p, nil
}

// reap waits for the process to exit, ends whatever it left behind and
// releases its resources.
func (p *proc) reap() {
	st, _ := p.cmd.Process.Wait()
	killGroup(p.pid) // whatever it started goes with it
	var left time.Duration
	if canTrack() {
		left = killTagged(p.tag, p.pid, registeredPids())
		// orphans that detached and exited on their own (their tag is
		// no longer readable) are reaped too
		startMu.Lock()
		reapAdopted(registeredPids())
		startMu.Unlock()
	}
	p.ended(st, left) // its CPU time and that of what it left (cpu.go)
	p.state = st
	p.in.Close()
	unregisterProc(p)
	close(p.done)
}

// send writes one message (a JSON value) and a newline.
func (p *proc) send(msg []byte) error {
	p.wbuf = append(p.wbuf[:0], msg...)
	p.wbuf = append(p.wbuf, '\n')
	_, err := p.in.Write(p.wbuf)
	return err
}

// recv reads the next line until deadline (zero: none) or until ctx is
// done (nil: never). It returns errTimeout, errExited or errAborted.
func (p *proc) recv(deadline time.Time, ctx context.Context) ([]byte, error) {
	p.out.SetReadDeadline(deadline)
	if ctx != nil && ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { p.out.SetReadDeadline(time.Unix(1, 0)) })
		defer stop()
	}
	line, err := p.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		buf := bytes.Clone(line)
		for err == bufio.ErrBufferFull && len(buf) < maxLine {
			line, err = p.br.ReadSlice('\n')
			buf = append(buf, line...)
		}
		line = buf
		if err == bufio.ErrBufferFull {
			return nil, fault("protocol", "a line of more than %d bytes", maxLine)
		}
	}
	switch {
	case err == nil:
		return bytes.TrimRight(line, "\r\n"), nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		if ctx != nil && ctx.Err() != nil {
			return nil, errAborted
		}
		return nil, errTimeout
	default:
		// EOF (or the pipe closed by a kill): the process is gone or
		// going; a process that closed stdout but runs on is killed.
		select {
		case <-p.done:
		case <-time.After(time.Second):
			p.kill()
		}
		return nil, errExited
	}
}

var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("the process exited")
	errAborted = errors.New("aborted")
)

// exited reports whether the process is gone.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// exitStatus describes how the process ended (after done).
// lost is the crash forfeit of a hosted bot whose connection broke: it
// exited (its status), or it left the connection (what, then err).
func (p *proc) lost(name, what string, err error) error {
	select {
	case <-p.done:
		return fault("crash", "bot %s exited during the game (%s)", name, p.exitStatus())
	case <-time.After(200 * time.Millisecond):
		sep := " "
		if strings.HasPrefix(what, ":") {
			sep = ""
		}
		return fault("crash", "bot %s%s%s (%v)", name, sep, what, err)
	}
}

func (p *proc) exitStatus() string {
	if p.state == nil {
		return "unknown status"
	}
	return p.state.String()
}

// kill kills the process (and its process group) and waits until it is
// reaped.
func (p *proc) kill() {
	if !p.exited() {
		killGroup(p.pid)
		p.cmd.Process.Kill()
	}
	<-p.done
	p.out.Close()
}

// quit asks the process to exit, waits up to grace, then kills it.
func (p *proc) quit(grace time.Duration) {
	if !p.exited() {
		p.send([]byte(`{"type":"quit"}`))
		p.in.Close()
		select {
		case <-p.done:
		case <-time.After(grace):
		}
	}
	p.kill()
}
