package arena

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress is a progress bar on stderr showing games done/total, games per
// second and the ETA. It draws nothing when stderr is not a terminal or
// when quiet is set; Add and Finish are then no-ops.
type Progress struct {
	bar  *progressbar.ProgressBar
	base int // games done before the current batch
}

// NewProgress returns a bar for total games.
func NewProgress(total int, quiet bool, desc string) *Progress {
	return newProgress(os.Stderr, total, quiet || !term.IsTerminal(int(os.Stderr.Fd())), desc)
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

// Batch returns a callback for Options.Progress that counts on from the
// games already done.
func (p *Progress) Batch() func(done int) {
	base := p.base
	return func(done int) {
		p.base = base + done
		if p.bar != nil {
			_ = p.bar.Set(p.base)
		}
	}
}

// Finish removes the bar.
func (p *Progress) Finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Exit()
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
