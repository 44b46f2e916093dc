package groker

import (
	"fmt"
	"strings"

	"tourney/engines/game"
)

// Game is Groker, the sealed-bid chip game (spec ../shared/spec/games/groker.md).
// Its built-in variants (Maps) are "standard" (early end at a bank
// difference ≥ 100) and "strict" (early end at a difference > 100).
type Game struct{}

// MaxBid is the largest bid the engine accepts (see doc.go: the spec
// allows up to 2^31−1, but LegalActions must list every valid bid, so the
// engine caps bids at 1000, the top of the reference bots' ranges).
const MaxBid = 1000

// Defaults of the rules (spec §1, §2).
const (
	DefaultMaxRounds = 200
	DefaultEndMargin = 100
	DefaultBand      = 5
)

// Variant is a fixed set of rules: a built-in "map" of Groker. It is
// immutable.
type Variant struct {
	name      string
	MaxRounds int   // rounds before the game ends
	EndMargin int64 // bank difference that ends the game early
	EndStrict bool  // false: end at difference ≥ EndMargin; true: > EndMargin
	Band      int   // largest gap at which both players bank
}

// Name implements game.Map.
func (v *Variant) Name() string { return v.name }

// Players implements game.Map: Groker is a two-player game.
func (v *Variant) Players() int { return 2 }

var (
	// Standard is the default variant: 200 rounds, band 5, early end at a
	// bank difference ≥ 100 (spec §5.1, the server's code).
	Standard = &Variant{name: "standard", MaxRounds: DefaultMaxRounds, EndMargin: DefaultEndMargin, Band: DefaultBand}
	// Strict ends early only at a difference > 100 (end_strict = true, the
	// server's documentation).
	Strict = &Variant{name: "strict", MaxRounds: DefaultMaxRounds, EndMargin: DefaultEndMargin, EndStrict: true, Band: DefaultBand}
)

var variants = []*Variant{Standard, Strict}

// NewVariant returns custom rules (for experiments and tests; the arena
// uses the built-in variants). It checks the ranges of spec §2.
func NewVariant(name string, maxRounds int, endMargin int64, endStrict bool, band int) (*Variant, error) {
	switch {
	case maxRounds < 1 || maxRounds > 10000:
		return nil, fmt.Errorf("groker: max_rounds %d is outside 1..10000", maxRounds)
	case endMargin < 1 || endMargin > 1000000:
		return nil, fmt.Errorf("groker: end_margin %d is outside 1..1000000", endMargin)
	case band < 0 || band > 100:
		return nil, fmt.Errorf("groker: band %d is outside 0..100", band)
	}
	return &Variant{name: name, MaxRounds: maxRounds, EndMargin: endMargin, EndStrict: endStrict, Band: band}, nil
}

// Info implements game.Game.
func (Game) Info() game.Info {
	return game.Info{
		Name:         "groker",
		Doc:          "Groker: sealed-bid chip game, both players bid at once (BwInf 34.1.5)",
		MinPlayers:   2,
		MaxPlayers:   2,
		Simultaneous: true,
		MaxLength:    DefaultMaxRounds,
	}
}

// Maps lists the built-in variants; "standard" is the default.
func (Game) Maps() []string {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.name
	}
	return names
}

// LoadMap returns a built-in variant by name ("" is "standard").
func (g Game) LoadMap(name string) (game.Map, error) {
	if name == "" {
		return Standard, nil
	}
	for _, v := range variants {
		if v.name == name {
			return v, nil
		}
	}
	return nil, fmt.Errorf("groker has no map %q (its built-in variants are %s; Groker is not played on map files)",
		name, strings.Join(g.Maps(), ", "))
}

// NewState implements game.Game; the seed is not used (Groker has no
// random setup).
func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	if m == nil {
		return NewState(Standard), nil
	}
	v, ok := m.(*Variant)
	if !ok {
		return nil, fmt.Errorf("groker: unknown map %q", m.Name())
	}
	return NewState(v), nil
}

// Bots: groker (the seed's AI, the default), the reference opponents of
// spec §4, and random.
func (Game) Bots() []game.BotSpec {
	return []game.BotSpec{
		AISpec(),
		ConstantSpec(),
		UniformSpec(),
		PatternSpec(),
		UndercutterSpec(),
		BandSpec(),
		FrequencySpec(),
		game.RandomSpec(),
	}
}
