package arena

import (
	"context"
	"testing"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// spellBomb plays like the random bot but writes every bomb with the
// special code 5 (another spelling of the same move).
type spellBomb struct {
	game.Bot
	spelled *int
}

func (b spellBomb) Step(ctx context.Context, s game.State, p int, bu game.Budget) (game.Action, error) {
	a, err := b.Bot.Step(ctx, s, p, bu)
	if st, ok := s.(*reversixt.State); ok && err == nil && st.Phase() == reversixt.Phase2 {
		t, _ := reversixt.SplitAction(a)
		*b.spelled++
		return reversixt.MakeAction(t, 5), nil
	}
	return a, err
}

// A bot's bomb with any code is the bomb (game.Canonicalizer): no
// forfeit, and the record holds the canonical action, so that games that
// differ only in the spelling are the same game.
func TestCanonicalActions(t *testing.T) {
	g := reversixt.Game{}
	m := mustMap(t, g, "example15")
	spelled := 0
	spec := game.BotSpec{Name: "spell", New: func(game.Params) (game.Bot, error) {
		r, _ := game.RandomSpec().New(nil)
		return spellBomb{Bot: r, spelled: &spelled}, nil
	}}
	var jobs []Job
	for i := range 4 {
		jobs = append(jobs, Job{Game: g, Map: m, Seed: game.Mix(21, uint64(i)), Record: true,
			Seats: []Entrant{{ID: "s", Spec: spec}, {ID: "s", Spec: spec}, {ID: "s", Spec: spec}}})
	}
	rs := collect(t, jobs, Options{Workers: 1})
	if spelled == 0 {
		t.Fatal("no game reached the bomb phase")
	}
	for i, r := range rs {
		if r.Forfeit != -1 {
			t.Fatalf("game %d: forfeit %v %s", i, r.End, r.Detail)
		}
		for _, mv := range r.Moves {
			if _, code := reversixt.SplitAction(mv.Action); code == 5 {
				t.Fatalf("game %d: the record holds the spelled action %d", i, mv.Action)
			}
		}
	}
}
