package synthetic

import (
	"context"
	"testing"

	"tourney/engines/game"
)

// A landscape with a [field] table: the landscape bot is as strong as its
// Value against landscape bots and as its FieldValue against any other bot.
func TestFieldLandscape(t *testing.T) {
	l, err := ParseLandscape("f.toml", []byte("players = 2\n[main]\nx1 = { \"1\" = 300 }\n[field]\nx1 = { \"1\" = -600 }\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := game.Params{"x1": 1.0}
	if !l.HasField() || l.Elo(p) != 300 || l.FieldElo(p) != -300 || l.FieldElo(game.Params{}) != 0 {
		t.Fatalf("Elo %v FieldElo %v", l.Elo(p), l.FieldElo(p))
	}
	spec := func(name string) game.BotSpec {
		for _, b := range (Game{}).Bots() {
			if b.Name == name {
				return b
			}
		}
		t.Fatal(name)
		return game.BotSpec{}
	}
	play := func(a, b game.Bot, seed uint64) float64 {
		st, _ := (Game{}).NewState(l, seed)
		for !st.IsTerminal() {
			bot := a
			if st.CurrentPlayer() == 1 {
				bot = b
			}
			act, err := bot.Step(context.Background(), st, st.CurrentPlayer(), game.Budget{})
			if err != nil {
				t.Fatal(err)
			}
			st.Apply(act)
		}
		return st.Returns(nil)[0]
	}
	strong, _ := spec("landscape").New(p)
	plain, _ := spec("landscape").New(game.Params{"label": int64(1)})
	field, _ := spec("fixed").New(game.Params{"elo": 0.0})
	self, vsField := 0.0, 0.0
	for seed := range uint64(400) {
		self += play(strong, plain, seed)
		vsField += play(strong, field, seed)
	}
	// +300 Elo wins 85 % of the games, −300 Elo 15 %
	if self < 300 || vsField > 100 {
		t.Fatalf("won %v of 400 against a landscape bot, %v against the fixed bot", self, vsField)
	}
}
