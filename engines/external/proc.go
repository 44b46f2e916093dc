package external

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"time"
)

// proc is one child process speaking JSON lines on stdin/stdout.
//
// The lease holder (one goroutine at a time) writes to in and reads from
// out directly, with read deadlines on the pipe (no goroutine hop on the
// hot path). A reaper goroutine waits for the process and closes done;
// stderr goes straight to a file (no copying goroutine).
type proc struct {
	key  string // the pool's key (rendered command line and environment)
	cmd  *exec.Cmd
	in   *os.File
	out  *os.File
	br   *bufio.Reader
	wbuf []byte

	done  chan struct{} // closed when the process has exited and been reaped
	state *os.ProcessState

	log   *os.File // stderr log (nil: tourney's stderr)
	hello *helloMsg
}

// maxLine bounds one message from a bot (a runaway writer is a fault).
const maxLine = 1 << 20

// startProc starts argv with env (added to the environment) in dir;
// stderr goes to logf (nil: tourney's stderr).
func startProc(key string, argv []string, env []string, dir string, logf *os.File) (*proc, error) {
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = procAttr()
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = os.Stderr
	if logf != nil {
		cmd.Stderr = logf
	}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		if logf != nil {
			logf.Close()
		}
		return nil, err
	}
	p := &proc{key: key, cmd: cmd, in: inW, out: outR, br: bufio.NewReaderSize(outR, 64<<10), done: make(chan struct{}), log: logf}
	registerProc(p)
	go p.reap()
	return p, nil
}

// reap waits for the process to exit and releases its resources.
func (p *proc) reap() {
	p.state, _ = p.cmd.Process.Wait()
	killGroup(p.cmd.Process.Pid) // whatever it started goes with it
	if p.log != nil {
		p.log.Close()
	}
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
		killGroup(p.cmd.Process.Pid)
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
