package game

import (
	"context"
	"errors"
	"math/rand/v2"
)

// RandomSpec is the uniform random bot that every game offers: it plays a
// legal action chosen uniformly from the seed the arena gives it.
func RandomSpec() BotSpec {
	return BotSpec{
		Name: "random",
		Doc:  "uniformly random legal action",
		New:  func(Params) (Bot, error) { return &randomBot{}, nil },
	}
}

type randomBot struct {
	rng *rand.Rand
	buf []Action
}

func (b *randomBot) Reset(seed uint64) { b.rng = NewRand(seed) }

// ReadOnly implements ReadOnlyBot: the random bot only lists actions.
func (b *randomBot) ReadOnly() bool { return true }

func (b *randomBot) Step(ctx context.Context, s State, player int, _ Budget) (Action, error) {
	if b.rng == nil {
		b.Reset(0)
	}
	b.buf = s.LegalActions(player, b.buf[:0])
	if len(b.buf) == 0 {
		return NoAction, errors.New("no legal action")
	}
	return b.buf[b.rng.IntN(len(b.buf))], nil
}
