package speedproto

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestTimeURL(t *testing.T) {
	for in, want := range map[string]string{
		"wss://msoll.de/spe_ed":               "https://msoll.de/spe_ed_time",
		"ws://127.0.0.1:10101/spe_ed?key=k":   "http://127.0.0.1:10101/spe_ed_time",
		"ws://127.0.0.1:10101/other/path?x=1": "http://127.0.0.1:10101/spe_ed_time",
		"http://x/spe_ed":                     "",
	} {
		if got := TimeURL(in); got != want {
			t.Errorf("TimeURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestClockOffset: a server clock 3 s ahead is read as +3 s (within the
// request's round trip and the millisecond rounding).
func TestClockOffset(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now().UTC().Add(3 * time.Second)
		fmt.Fprintf(w, `{"time":%q,"milliseconds":%d}`, now.Format(time.RFC3339), now.Nanosecond()/1e6)
	}))
	defer srv.Close()
	off, err := ClockOffset(context.Background(), srv.URL+"/spe_ed_time")
	if err != nil {
		t.Fatal(err)
	}
	if d := off - 3*time.Second; d < -100*time.Millisecond || d > 100*time.Millisecond {
		t.Errorf("offset %s, want 3s", off)
	}
}
