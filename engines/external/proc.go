package external

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// proc is one child process speaking JSON lines on stdin/stdout.
type proc struct {
	key  string // the pool's key (rendered command line and environment)
	cmd  *exec.Cmd
	in   io.WriteCloser
	wbuf []byte

	lines chan []byte   // stdout, one line at a time (without '\n')
	done  chan struct{} // closed when the process has exited and been reaped
	werr  error         // Wait's result, valid after done

	log     io.WriteCloser // stderr log (nil: discarded)
	hello   *helloMsg
	games   int // games served
	reaped  sync.Once
	killErr error
}

// maxLine bounds one message from a bot (a runaway writer is a fault).
const maxLine = 1 << 20

// startProc starts argv with env (added to the environment) in dir;
// stderr goes to logw (appended) or is discarded.
func startProc(key string, argv []string, env []string, dir string, logw io.WriteCloser) (*proc, error) {
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = procAttr()
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if logw != nil {
		cmd.Stderr = logw
	}
	if err := cmd.Start(); err != nil {
		if logw != nil {
			logw.Close()
		}
		return nil, err
	}
	p := &proc{key: key, cmd: cmd, in: in, lines: make(chan []byte, 4), done: make(chan struct{}), log: logw}
	registerProc(p)
	go p.read(out)
	return p, nil
}

// read forwards stdout lines; at EOF it reaps the process.
func (p *proc) read(out io.Reader) {
	br := bufio.NewReaderSize(out, 64<<10)
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A long line: collect it (bounded).
			buf := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull && len(buf) < maxLine {
				line, err = br.ReadSlice('\n')
				buf = append(buf, line...)
			}
			line = buf
		} else if err == nil {
			line = bytes.Clone(line)
		}
		if len(line) > 0 && (err == nil || err == io.EOF) {
			p.lines <- bytes.TrimRight(line, "\r\n")
		}
		if err != nil {
			break
		}
	}
	// Drain whatever is left so that the process can exit, then reap it.
	io.Copy(io.Discard, out)
	p.werr = p.cmd.Wait()
	if p.log != nil {
		p.log.Close()
	}
	unregisterProc(p)
	close(p.lines)
	close(p.done)
}

// send writes one message (a JSON value) and a newline.
func (p *proc) send(msg []byte) error {
	p.wbuf = append(p.wbuf[:0], msg...)
	p.wbuf = append(p.wbuf, '\n')
	_, err := p.in.Write(p.wbuf)
	return err
}

// recv waits for the next line until deadline (zero: no deadline) or
// abort closes. It returns errTimeout, errExited or errAborted.
func (p *proc) recv(deadline time.Time, abort <-chan struct{}) ([]byte, error) {
	var tc <-chan time.Time
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			d = 0
		}
		t := time.NewTimer(d)
		defer t.Stop()
		tc = t.C
	}
	select {
	case line, ok := <-p.lines:
		if !ok {
			return nil, errExited
		}
		return line, nil
	case <-tc:
		return nil, errTimeout
	case <-abort:
		return nil, errAborted
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
func (p *proc) exitStatus() string {
	if p.werr == nil {
		return "exit status 0"
	}
	return p.werr.Error()
}

// kill kills the process (and its process group) and waits until it is
// reaped.
func (p *proc) kill() {
	if p.exited() {
		return
	}
	killGroup(p.cmd.Process.Pid)
	p.cmd.Process.Kill()
	p.in.Close()
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		// The reader is stuck behind a grandchild holding stdout open.
		p.killErr = fmt.Errorf("process %d did not go away", p.cmd.Process.Pid)
	}
}

// quit asks the process to exit, waits up to grace, then kills it.
func (p *proc) quit(grace time.Duration) {
	if p.exited() {
		return
	}
	p.send([]byte(`{"type":"quit"}`))
	p.in.Close()
	select {
	case <-p.done:
	case <-time.After(grace):
		p.kill()
	}
}
