package arena

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// LineEvery is how often a Progress writes its line when stderr is not a
// terminal.
const LineEvery = 30 * time.Second

// Progress shows games done/total, games per second and the ETA on
// stderr: a bar when stderr is a terminal, else a line every LineEvery
// (nohup, a log file, CI), with the status set by SetStatus (the current
// leader, say). Nothing is shown when quiet is set; Add and Finish are
// then no-ops.
type Progress struct {
	bar  *progressbar.ProgressBar
	base int // games done before the current batch

	// line mode
	w      io.Writer
	desc   string
	total  int
	start  time.Time
	done   atomic.Int64
	status atomic.Pointer[string]
	stop   chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
}

// NewProgress returns a progress display for total games.
func NewProgress(total int, quiet bool, desc string) *Progress {
	if quiet || total <= 0 {
		return &Progress{}
	}
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return newLineProgress(os.Stderr, total, desc, LineEvery)
	}
	return newProgress(os.Stderr, total, false, desc)
}

func newProgress(w io.Writer, total int, off bool, desc string) *Progress {
	if off || total <= 0 {
		return &Progress{}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	return &Progress{bar: bar}
}

// newLineProgress writes a progress line to w every `every` until Finish.
func newLineProgress(w io.Writer, total int, desc string, every time.Duration) *Progress {
	p := &Progress{w: w, desc: desc, total: total, start: time.Now(), stop: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				fmt.Fprintln(p.w, p.line(time.Since(p.start)))
			}
		}
	}()
	return p
}

// line is the progress line after elapsed.
func (p *Progress) line(elapsed time.Duration) string {
	done := p.done.Load()
	s := fmt.Sprintf("%s: %d/%d games (%.1f%%)", p.desc, done, p.total, 100*float64(done)/float64(p.total))
	rate := float64(done) / elapsed.Seconds()
	s += fmt.Sprintf(", %.2f games/s", rate)
	if done > 0 && rate > 0 {
		eta := time.Duration(float64(int64(p.total)-done) / rate * float64(time.Second))
		s += ", ETA " + eta.Round(time.Second).String()
	} else {
		s += ", ETA unknown"
	}
	s += ", elapsed " + elapsed.Round(time.Second).String()
	if st := p.status.Load(); st != nil && *st != "" {
		s += ", " + *st
	}
	return s
}

// SetStatus sets the text the progress line ends with (e.g. "leader:
// variant 12"). It may be called from any goroutine.
func (p *Progress) SetStatus(s string) { p.status.Store(&s) }

// Batch returns a callback for Options.Progress that counts on from the
// games already done.
func (p *Progress) Batch() func(done int) {
	base := p.base
	return func(done int) {
		p.base = base + done
		p.done.Store(int64(p.base))
		if p.bar != nil {
			_ = p.bar.Set(p.base)
		}
	}
}

// Finish removes the bar, or stops the line.
func (p *Progress) Finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Exit()
	}
	if p.stop != nil {
		p.once.Do(func() { close(p.stop) })
		p.wg.Wait()
	}
}

// Logf writes a log line to w without tearing the bar: the bar is cleared
// first and redrawn on its next update.
func (p *Progress) Logf(w io.Writer, format string, args ...any) {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	fmt.Fprintf(w, format, args...)
}
