package arena

import (
	"context"
	"strings"
	"testing"
	"time"

	"tourney/engines/game"
)

// stuckBot ignores the end of its context on its first move and returns
// only when release is closed (an in-process bot with a search loop that
// does not stop: reversixt's mcts before 430dfcf).
type stuckBot struct {
	release chan struct{}
	rnd     game.Bot
	moved   bool
}

func (b *stuckBot) Reset(seed uint64) {
	b.rnd, _ = game.RandomSpec().New(nil)
	b.rnd.Reset(seed)
	b.moved = false
}

func (b *stuckBot) Step(ctx context.Context, s game.State, p int, bud game.Budget) (game.Action, error) {
	if !b.moved {
		b.moved = true
		<-b.release
	}
	return b.rnd.Step(ctx, s, p, bud)
}

// Abandoned counts the moves taken over as hung whose Step has not
// returned, until it returns; the warning names them.
func TestAbandonedCounted(t *testing.T) {
	release := make(chan struct{})
	spec := game.BotSpec{Name: "stuck", New: func(game.Params) (game.Bot, error) {
		return &stuckBot{release: release}, nil
	}}
	before := Abandoned()
	seats := func(int) []Entrant { return []Entrant{{ID: "stuck", Spec: spec}, randomEntrant("good")} }
	rs := collect(t, c4Jobs(2, seats, game.Budget{Time: 20 * time.Millisecond}), Options{Workers: 2, Grace: 20 * time.Millisecond})
	for i, r := range rs {
		if r.Forfeit != 0 || r.End[0] != "forfeit:timeout" {
			t.Errorf("game %d: forfeit %d %v", i, r.Forfeit, r.End)
		}
	}
	if n := Abandoned() - before; n != 2 {
		t.Errorf("after 2 hung moves: %d abandoned Steps counted", n)
	}
	if w := AbandonedWarning(2); !strings.Contains(w, "2 move(s)") || AbandonedWarning(0) != "" {
		t.Errorf("warning %q", w)
	}
	close(release)
	for end := time.Now().Add(5 * time.Second); Abandoned() != before && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	if n := Abandoned() - before; n != 0 {
		t.Errorf("the Steps returned, %d still counted", n)
	}
}
