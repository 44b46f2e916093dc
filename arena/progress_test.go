package arena

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The line: done/total, percentage, games/s, ETA from the rate, elapsed
// time and the status.
func TestProgressLine(t *testing.T) {
	p := &Progress{desc: "sweep", total: 200}
	p.Batch()(50)
	p.SetStatus("leader: variant 7")
	got := p.line(25 * time.Second)
	want := "sweep: 50/200 games (25.0%), 2.00 games/s, ETA 1m15s, elapsed 25s, leader: variant 7"
	if got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	q := &Progress{desc: "m", total: 10}
	if got := q.line(time.Second); !strings.Contains(got, "0/10 games") || !strings.Contains(got, "ETA unknown") {
		t.Errorf("line before the first game: %q", got)
	}
}

// Lines come at the interval until Finish, and none after.
func TestProgressLinesUntilFinish(t *testing.T) {
	var buf syncBuf
	p := newLineProgress(&buf, 10, "run", 20*time.Millisecond)
	add := p.Batch()
	add(3)
	time.Sleep(110 * time.Millisecond)
	p.Finish()
	p.Finish() // twice is harmless
	out := buf.String()
	n := strings.Count(out, "\n")
	if n < 2 || !strings.Contains(out, "run: 3/10 games") {
		t.Fatalf("%d lines:\n%s", n, out)
	}
	time.Sleep(50 * time.Millisecond)
	if buf.String() != out {
		t.Error("a line after Finish")
	}
}
