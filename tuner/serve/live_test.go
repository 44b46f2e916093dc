package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

const gamesHead = "game,round,encounter,block,scenario,game_type,map,seed,seat,variant,role,bot,score,rank,points,plies,nodes,depth,end,game_hash\n"

// gameRows writes one two-seat game of games.csv: a beats b.
func gameRows(no, a, b string, end string) string {
	return no + ",1,1,0,0,synthetic,2p,1,0," + a + ",variant,fixed,1,1,1,4,,,normal,1\n" +
		no + ",1,1,0,0,synthetic,2p,1,1," + b + ",variant,fixed,0,2,0,4,,," + end + ",1\n"
}

// The live state follows games.csv as it grows: complete lines only,
// an entrant newer than the last (throttled) fit is listed without a
// rating until the next fit, forfeits by entrant and reason, and a
// shorter file (a resume cut it) starts over.
func TestLiveFollowsGames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.csv")
	text := gamesHead
	for i := range 10 {
		text += gameRows(string(rune('0'+i)), "0", "1", "normal")
	}
	if err := os.WriteFile(path, []byte(text+"10,1,1,0,0,synth"), 0o644); err != nil { // half a row
		t.Fatal(err)
	}
	l := newLiveRun(dir, nil)
	now := time.Now()
	s, err := l.snapshot(now, Running)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 10 || s.Leader == nil || s.Leader.Who != "variant 0" || !(s.Leader.Lo < s.Leader.Elo && s.Leader.Elo < s.Leader.Hi) {
		t.Fatalf("first read: %d games, leader %+v", s.Games, s.Leader)
	}
	// the rest of the row, and games of a new entrant (variant 2), one of
	// them lost by a timeout; the fit waits (throttled)
	more := ",1,1,0,0,synthetic,2p,1,0,2,variant,fixed,1,1,1,4,,,normal,1\n" + "10,1,1,0,0,synthetic,2p,1,1,1,variant,fixed,0,2,0,4,,,forfeit:timeout,1\n"
	if err := os.WriteFile(path, []byte(text+"10"+more), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = l.snapshot(now.Add(100*time.Millisecond), Running)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 11 || len(s.Forfeits) != 1 || s.Forfeits[0] != (Forfeit{Who: "variant 1", Bot: "fixed", Reason: "timeout", Count: 1}) {
		t.Errorf("second read: %d games, forfeits %+v", s.Games, s.Forfeits)
	}
	s, err = l.snapshot(now.Add(3*time.Second), Running)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rated != 3 {
		t.Errorf("after the next fit: %d rated, want 3", s.Rated)
	}
	if err := os.WriteFile(path, []byte(gamesHead+gameRows("0", "1", "0", "normal")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = l.snapshot(now.Add(6*time.Second), Running)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 1 || s.Leader == nil || s.Leader.Who != "variant 1" {
		t.Errorf("after a cut: %d games, leader %+v", s.Games, s.Leader)
	}
}
