package external

import (
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"tourney/engines/speed"
)

// TestSpeedHostLikeOfficial: the hosted Spe_ed server writes deadlines
// in whole seconds (RFC 3339, UTC), names players with pseudonyms in the
// final state, and /spe_ed_time is readable from any origin and never
// cached.
func TestSpeedHostLikeOfficial(t *testing.T) {
	d := formatDeadline(time.Date(2026, 11, 24, 23, 5, 7, 987654321, time.FixedZone("x", 3600)))
	if d != "2026-11-24T22:05:07Z" {
		t.Errorf("deadline %q, want whole seconds in UTC", d)
	}
	if _, err := time.Parse(time.RFC3339, d); err != nil {
		t.Error(err)
	}

	m, err := speed.Game{}.LoadMap("speed-6p")
	if err != nil {
		t.Fatal(err)
	}
	s := speed.NewState(m.(*speed.Map), 3)
	b := &speedBot{hosted: hosted{seat: 0}}
	var js speed.JSONState
	if err := json.Unmarshal(b.message(s, time.Now().Add(5*time.Second), false), &js); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`).MatchString(js.Deadline) {
		t.Errorf("deadline %q", js.Deadline)
	}
	js = speed.JSONState{}
	if err := json.Unmarshal(b.message(s, time.Time{}, true), &js); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for id, p := range js.Players {
		if strings.HasPrefix(p.Name, "player") || len(strings.Split(p.Name, "-")) != 3 || seen[p.Name] {
			t.Errorf("player %s named %q", id, p.Name)
		}
		seen[p.Name] = true
	}
	if js.Deadline != "" {
		t.Errorf("final state with a deadline %q", js.Deadline)
	}

	w := httptest.NewRecorder()
	serveTime(w, httptest.NewRequest("GET", "/spe_ed_time", nil))
	h := w.Result().Header
	if h.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(h.Get("Cache-Control"), "no-store") || h.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", h)
	}
	var st struct {
		Time         string `json:"time"`
		Milliseconds int    `json:"milliseconds"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || st.Milliseconds < 0 || st.Milliseconds > 999 {
		t.Fatalf("%s: %v", w.Body, err)
	}
	if _, err := time.Parse(time.RFC3339, st.Time); err != nil || strings.Contains(st.Time, ".") {
		t.Errorf("time %q: %v", st.Time, err)
	}
}
