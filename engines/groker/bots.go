package groker

import (
	"context"
	"fmt"
	"math/rand/v2"

	"tourney/engines/game"
)

// The reference opponents of spec §4. Each is a small rule on the round
// number and the opponent's earlier bids; all randomness comes from the
// seed the arena passes to Reset. Every bid is clamped to 1..MaxBid.

func intParam(name string, def, lo, hi int, doc string) game.Param {
	return game.Param{Name: name, Kind: game.Int, Default: def, Min: float64(lo), Max: float64(hi), Doc: doc}
}

// ruleBot adapts a rule to game.Bot. rule gets the state, the seat and the
// bot's generator.
type ruleBot struct {
	seeded
	rule func(s *State, player int, rng *rand.Rand) int
}

func (b *ruleBot) Step(_ context.Context, s game.State, player int, _ game.Budget) (game.Action, error) {
	st, err := b.begin(s, player)
	if err != nil {
		return game.NoAction, err
	}
	return game.Action(clampBid(b.rule(st, player, b.rng))), nil
}

// lastOpp is the opponent's previous bid (the state must have a round).
func lastOpp(s *State, player int) int {
	return int(s.h.r[s.n-1].Bid[1-player])
}

func uniform(rng *rand.Rand, lo, hi int) int { return lo + rng.IntN(hi-lo+1) }

// ConstantSpec: always bid value (the tournament server's sample AI).
func ConstantSpec() game.BotSpec {
	return game.BotSpec{
		Name:   "constant",
		Doc:    "always bids value (the tournament server's sample AI)",
		Params: []game.Param{intParam("value", 5, 1, 1000, "the bid")},
		New: func(p game.Params) (game.Bot, error) {
			v := p.Int("value")
			return &ruleBot{rule: func(*State, int, *rand.Rand) int { return v }}, nil
		},
	}
}

// rangeParams are low and high, the bounds of a uniform bid; prefix
// begins their docs.
func rangeParams(prefix string) []game.Param {
	return []game.Param{
		intParam("low", 1, 1, 1000, prefix+"smallest bid"),
		intParam("high", 10, 1, 1000, prefix+"largest bid (≥ low)"),
	}
}

// bidRange reads low and high of rangeParams; high below low is an error
// of the bot name.
func bidRange(name string, p game.Params) (lo, hi int, err error) {
	lo, hi = p.Int("low"), p.Int("high")
	if hi < lo {
		return 0, 0, fmt.Errorf("%s: high %d is below low %d", name, hi, lo)
	}
	return lo, hi, nil
}

// UniformSpec: an independent uniform bid in low..high every round (the
// qualification AI according to the seed).
func UniformSpec() game.BotSpec {
	return game.BotSpec{
		Name:   "uniform",
		Doc:    "uniform random bid in low..high every round (the qualification AI)",
		Params: rangeParams(""),
		New: func(p game.Params) (game.Bot, error) {
			lo, hi, err := bidRange("uniform", p)
			if err != nil {
				return nil, err
			}
			return &ruleBot{rule: func(_ *State, _ int, rng *rand.Rand) int { return uniform(rng, lo, hi) }}, nil
		},
	}
}

// PatternSpec: high_count rounds of high, then one round of low, repeated
// (the seed's example 1: 7×8 then 3).
func PatternSpec() game.BotSpec {
	return game.BotSpec{
		Name: "pattern",
		Doc:  "bids high for high_count rounds, then low once, repeated",
		Params: []game.Param{
			intParam("high", 7, 1, 1000, "the repeated bid"),
			intParam("high_count", 8, 1, 100, "rounds of high per period"),
			intParam("low", 3, 1, 1000, "the bid that closes each period"),
		},
		New: func(p game.Params) (game.Bot, error) {
			hi, k, lo := p.Int("high"), p.Int("high_count"), p.Int("low")
			return &ruleBot{rule: func(s *State, _ int, _ *rand.Rand) int {
				if int(s.n)%(k+1) < k {
					return hi
				}
				return lo
			}}, nil
		},
	}
}

// undercut is the answer to an expected opponent bid p.
func undercut(p, margin, over int) int {
	if p > margin {
		return p - margin
	}
	return p + over
}

func replyParams(margin, over, first string) []game.Param {
	return []game.Param{
		intParam(margin, 6, 1, 20, "undercut the expected bid by this when it is larger"),
		intParam(over, 5, 0, 10, "else bid this much above it"),
		intParam(first, 6, 1, 30, "bid in round 1"),
	}
}

// UndercutterSpec: tit-for-tat best response to "the opponent repeats its
// last bid".
func UndercutterSpec() game.BotSpec {
	return game.BotSpec{
		Name:   "undercutter",
		Doc:    "answers the opponent's last bid g with g−margin if g > margin, else g+over",
		Params: replyParams("margin", "over", "first"),
		New: func(p game.Params) (game.Bot, error) {
			m, o, f := p.Int("margin"), p.Int("over"), p.Int("first")
			return &ruleBot{rule: func(s *State, player int, _ *rand.Rand) int {
				if s.n == 0 {
					return f
				}
				return undercut(lastOpp(s, player), m, o)
			}}, nil
		},
	}
}

// BandSpec: follows the opponent's last bid with noise.
func BandSpec() game.BotSpec {
	return game.BotSpec{
		Name: "band",
		Doc:  "uniform in max(1, g−width)..g+width around the opponent's last bid g",
		Params: append([]game.Param{intParam("width", 2, 0, 10, "half width of the band around the opponent's last bid")},
			rangeParams("round 1: ")...),
		New: func(p game.Params) (game.Bot, error) {
			w := p.Int("width")
			lo, hi, err := bidRange("band", p)
			if err != nil {
				return nil, err
			}
			return &ruleBot{rule: func(s *State, player int, rng *rand.Rand) int {
				if s.n == 0 {
					return uniform(rng, lo, hi)
				}
				g := lastOpp(s, player)
				return uniform(rng, max(1, g-w), g+w)
			}}, nil
		},
	}
}

// FrequencySpec: undercuts the opponent's most frequent recent bid.
func FrequencySpec() game.BotSpec {
	ps := append([]game.Param{intParam("window", 10, 1, 200, "opponent bids looked at")},
		replyParams("margin", "over", "first")...)
	return game.BotSpec{
		Name:   "frequency",
		Doc:    "answers the opponent's most frequent bid of its last window bids like undercutter",
		Params: ps,
		New: func(p game.Params) (game.Bot, error) {
			w, m, o, f := p.Int("window"), p.Int("margin"), p.Int("over"), p.Int("first")
			return &ruleBot{rule: func(s *State, player int, _ *rand.Rand) int {
				if s.n == 0 {
					return f
				}
				return undercut(MostFrequent(s.History(), 1-player, w), m, o)
			}}, nil
		},
	}
}

// MostFrequent returns the bid seat p made most often in its last window
// rounds of h; ties go to the bid it played most recently. h must not be
// empty.
func MostFrequent(h []Round, p, window int) int {
	w := h[max(0, len(h)-window):]
	best, bestCount := 0, 0
	for i := len(w) - 1; i >= 0; i-- {
		b := w[i].Bid[p]
		c := 0
		for j := range w {
			if w[j].Bid[p] == b {
				c++
			}
		}
		if c > bestCount {
			best, bestCount = int(b), c
		}
	}
	return best
}

// ReadOnly implements game.ReadOnlyBot: the reference bots only read the
// history, so the arena need not clone the state for them.
func (b *ruleBot) ReadOnly() bool { return true }
