package external_test

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tourney/engines/external"
	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// twoMoves: player 1 plays (2,0), player 2 has no move, player 1 plays
// (4,0); then nobody can move.
const twoMoves = "2\n0\n0 0\n1 5\n1 2 0 2 0\n"

// requestsSeen plays twoMoves with a time budget and returns the time
// limits of the move requests player 1 received.
func requestsSeen(t *testing.T, timing string, bud time.Duration) []uint32 {
	t.Helper()
	dir := t.TempDir()
	m, err := reversixt.ParseMap("two", []byte(twoMoves))
	if err != nil {
		t.Fatal(err)
	}
	d := rxtScript("script", "2,0,0;4,0,0", map[string]string{"TOURNEY_FAKE_RECORD": filepath.Join(dir, "rec")})
	d.Timing = timing
	b, _, _ := resolve(t, d).Build(nil)
	b.Reset(1)
	b.(game.Lifecycle).BeginGame(m, 0)
	s := reversixt.NewState(m)
	for !s.IsTerminal() {
		cp := s.CurrentPlayer()
		if cp != 0 {
			t.Fatalf("player %d to move", cp+1)
		}
		allow := b.(game.Clocked).MoveAllowance(game.Budget{Time: bud})
		if timing == external.TimingPerMove && allow != bud || timing != external.TimingPerMove && allow < bud {
			t.Errorf("%s: allowance %s for a budget of %s", timing, allow, bud)
		}
		a, err := b.Step(context.Background(), s.Clone(), 0, game.Budget{Time: bud})
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(a)
		b.(game.Observer).Moved(0, a, s)
	}
	b.(game.Lifecycle).EndGame(game.GameEnd{})
	rec, err := os.ReadFile(filepath.Join(dir, "rec"))
	if err != nil {
		t.Fatal(err)
	}
	var limits []uint32
	for len(rec) >= 5 {
		n := int(binary.BigEndian.Uint32(rec[1:5]))
		if rec[0] == 4 {
			limits = append(limits, binary.BigEndian.Uint32(rec[5:9]))
		}
		rec = rec[5+n:]
	}
	noChildren(t)
	return limits
}

// TestReversiXTTimeBank: by default message 4 carries the seat's time
// bank, which grows by the budget each move and keeps what was not used
// (reversixt.md §8.4); timing = "per-move" sends the budget every move.
func TestReversiXTTimeBank(t *testing.T) {
	const bud = 2 * time.Second
	got := requestsSeen(t, "", bud)
	if len(got) != 2 || got[0] != 2000 || got[1] <= 2000 || got[1] > 4000 {
		t.Errorf("time bank: limits %v, want 2000 then 4000 less the first move's time", got)
	}
	got = requestsSeen(t, external.TimingPerMove, bud)
	if len(got) != 2 || got[0] != 2000 || got[1] != 2000 {
		t.Errorf("per-move: limits %v, want 2000 twice", got)
	}
}
