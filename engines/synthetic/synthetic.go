package synthetic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"tourney/engines/game"
)

const (
	offset  = 2000 // strength code of 0 Elo
	maxCode = 4000 // strength code of +2000 Elo
	maxTag  = 4095 // largest identity tag
)

// Game is the synthetic game.
type Game struct{}

var _ game.Game = Game{}

func (Game) Info() game.Info {
	return game.Info{
		Name:       "synthetic",
		Doc:        "test game with known strengths: each bot announces its true Elo and the seed draws the result (Bradley–Terry / Plackett–Luce)",
		MinPlayers: 2, MaxPlayers: 8,
		MaxLength: 16, // two moves per player
		HasMaps:   true,
	}
}

// Map is a table of N players (the built-in maps 2p .. 8p).
type Map int

func (m Map) Name() string  { return strconv.Itoa(int(m)) + "p" }
func (m Map) Players() int  { return int(m) }
func (Game) Maps() []string { return []string{"2p", "3p", "4p", "5p", "6p", "7p", "8p"} }

// LoadMap returns a built-in map (2p .. 8p) or reads a landscape file
// (see the package doc, "Landscapes").
func (Game) LoadMap(name string) (game.Map, error) {
	if n, err := strconv.Atoi(strings.TrimSuffix(name, "p")); err == nil && strings.HasSuffix(name, "p") && n >= 2 && n <= 8 {
		return Map(n), nil
	}
	if name == "" {
		return Map(2), nil
	}
	l, err := ReadLandscape(name)
	if err != nil {
		var le *LandscapeError
		if errors.As(err, &le) {
			return nil, err
		}
		return nil, fmt.Errorf("synthetic: map %q: %v (maps: 2p, 3p, ..., 8p, or a landscape file)", name, err)
	}
	return l, nil
}

func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	switch mm := m.(type) {
	case Map:
		return &State{n: int(mm), seed: seed}, nil
	case *Landscape:
		return &State{n: mm.players, seed: seed, land: mm}, nil
	}
	return nil, fmt.Errorf("synthetic: not a synthetic map: %v", m.Name())
}

// Knobs is the number of float knobs of the landscape bot (x1 .. x16).
const Knobs = 16

// The landscape-mixed bot's knobs besides x1 .. x16 (issue 41): n1 .. n8
// are integers (default 0), g1 .. g8 positive floats and m1 .. m8
// positive integers (default 1), for ranges on a log scale.
const (
	IntKnobs      = 8
	PositiveKnobs = 8
)

// knobRange bounds the landscape bot's knobs.
const knobRange = 1e6

func (Game) Bots() []game.BotSpec {
	knobs := make([]game.Param, 0, Knobs+1)
	for i := 1; i <= Knobs; i++ {
		knobs = append(knobs, game.Param{Name: "x" + strconv.Itoa(i), Kind: game.Float, Default: 0.0, Min: -knobRange, Max: knobRange,
			Doc: "a knob of the map's landscape"})
	}
	mixed := slices.Clone(knobs[:Knobs])
	for i := 1; i <= IntKnobs; i++ {
		mixed = append(mixed, game.Param{Name: "n" + strconv.Itoa(i), Kind: game.Int, Default: 0, Min: -knobRange, Max: knobRange,
			Doc: "an integer knob of the map's landscape"})
	}
	for i := 1; i <= PositiveKnobs; i++ {
		mixed = append(mixed, game.Param{Name: "g" + strconv.Itoa(i), Kind: game.Float, Default: 1.0, Min: 1 / knobRange, Max: knobRange,
			Doc: "a positive knob of the map's landscape (for a log scale)"})
	}
	for i := 1; i <= PositiveKnobs; i++ {
		mixed = append(mixed, game.Param{Name: "m" + strconv.Itoa(i), Kind: game.Int, Default: 1, Min: 1, Max: knobRange,
			Doc: "a positive integer knob of the map's landscape (for a log scale)"})
	}
	mixed = append(mixed, labelParam)
	knobs = append(knobs, labelParam)
	knobSet, mixedSet := newKnobSet(knobs), newKnobSet(mixed)
	return []game.BotSpec{{
		Name: "fixed",
		Doc:  "plays its elo: the true strength of the variant",
		Params: []game.Param{
			{Name: "elo", Kind: game.Float, Default: 0.0, Min: -2000, Max: 2000, Doc: "true strength on the logistic Elo scale"},
			labelParam,
		},
		New: func(p game.Params) (game.Bot, error) {
			return &Bot{code: Code(p.Float("elo")), tag: Tag(p)}, nil
		},
	}, {
		Name:   "landscape",
		Doc:    "plays the strength its knobs have on the map's landscape (a landscape file)",
		Params: knobs,
		New: func(p game.Params) (game.Bot, error) {
			return newLandscapeBot(knobSet, p), nil
		},
	}, {
		Name:   "landscape-mixed",
		Doc:    "the landscape bot with integer (n1 .. n8) and positive (g1 .. g8, m1 .. m8, default 1) knobs besides x1 .. x16",
		Params: mixed,
		New: func(p game.Params) (game.Bot, error) {
			return newLandscapeBot(mixedSet, p), nil
		},
	}, game.RandomSpec()}
}

var labelParam = game.Param{Name: "label", Kind: game.Int, Default: 0, Min: 0, Max: 1000000,
	Doc: "changes nothing but the identity tag (spaces of equal variants)"}

// Code is the strength move that announces elo (rounded to a whole Elo).
func Code(elo float64) game.Action {
	return game.Action(math.Round(elo) + offset)
}

// Elo is the strength a strength move announces.
func Elo(a game.Action) float64 { return float64(int(a) - offset) }

// Tag is the identity tag of a bot with parameters p: a hash of every
// parameter's name and value, 0 .. 4095. Bots with other parameters have
// (but for a chance of 1 in 4 096) other tags, so that two equally strong
// variants that swap seats draw other numbers.
func Tag(p game.Params) game.Action { return tagOf(p, nil) }

// State is a game in progress.
type State struct {
	n      int
	seed   uint64
	land   *Landscape    // nil on the built-in maps
	moves  []game.Action // per player in seat order: strength code, tag
	result []float64     // set when terminal
}

func (s *State) NumPlayers() int { return s.n }

// Landscape is the landscape of the state's map, or nil on a built-in map.
func (s *State) Landscape() *Landscape { return s.land }

// TagTurn reports whether the player to move announces its identity tag
// (its second move) rather than its strength (its first).
func (s *State) TagTurn() bool { return len(s.moves)%2 == 1 }

func (s *State) CurrentPlayer() int {
	if len(s.moves) == 2*s.n {
		return game.TerminalPlayer
	}
	return len(s.moves) / 2
}

// top is the largest legal action of the move to play: on a landscape
// with a [field] table a strength move may be a dual code (DualCode).
func (s *State) top() game.Action {
	if s.TagTurn() {
		return maxTag
	}
	if s.land != nil && s.land.HasField() {
		return maxDual
	}
	return maxCode
}

// maxDual is the largest dual code.
const maxDual = (maxCode+1)*(maxCode+2) - 1

// DualCode is the strength move of a landscape bot on a landscape with a
// [field] table: its strength against landscape bots (self) and against
// any other bot (field) in one code above maxCode.
func DualCode(self, field float64) game.Action {
	return (maxCode + 1) + Code(self)*(maxCode+1) + Code(field)
}

// strengths decodes a strength move: a plain code is the same strength
// against everybody; a dual code (DualCode) two.
func strengths(a game.Action) (self, field float64, dual bool) {
	if a <= maxCode {
		return Elo(a), Elo(a), false
	}
	a -= maxCode + 1
	return Elo(a / (maxCode + 1)), Elo(a % (maxCode + 1)), true
}

func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if player < 0 || player != s.CurrentPlayer() {
		return buf
	}
	for a, top := game.Action(0), s.top(); a <= top; a++ {
		buf = append(buf, a)
	}
	return buf
}

// IsLegal and HasLegal spare the arena the thousands of actions
// (game.ActionChecker).
func (s *State) IsLegal(player int, a game.Action) bool {
	return player >= 0 && player == s.CurrentPlayer() && a >= 0 && a <= s.top()
}
func (s *State) HasLegal(player int) bool { return player >= 0 && player == s.CurrentPlayer() }

func (s *State) Apply(a game.Action) {
	if !s.IsLegal(s.CurrentPlayer(), a) {
		panic(fmt.Sprintf("synthetic: illegal action %d", a))
	}
	s.moves = append(s.moves, a)
	if len(s.moves) == 2*s.n {
		s.finish()
	}
}

// finish draws the finishing order (Plackett–Luce by Gumbel perturbation)
// from a generator seeded with the seed and every move in seat order:
// strength and tag of seat 0, of seat 1, and so on.
func (s *State) finish() {
	parts := make([]uint64, len(s.moves))
	for i, a := range s.moves {
		parts[i] = uint64(a)
	}
	rng := game.NewRand(game.Mix(s.seed, parts...))
	// a dual strength (DualCode) is its field strength when some other
	// seat announced a plain one (a bot that is not a landscape bot)
	plain := 0
	for i := range s.n {
		if _, _, dual := strengths(s.moves[2*i]); !dual {
			plain++
		}
	}
	val := make([]float64, s.n)
	for i := range val {
		u := rng.Float64()
		for u == 0 {
			u = rng.Float64()
		}
		self, field, dual := strengths(s.moves[2*i])
		elo := self
		if dual && plain > 0 {
			elo = field
		}
		val[i] = elo*math.Ln10/400 - math.Log(-math.Log(u))
	}
	s.result = make([]float64, s.n)
	for i := range val {
		place := 1
		for j := range val {
			if val[j] > val[i] {
				place++
			}
		}
		s.result[i] = float64(s.n - place)
	}
}

func (s *State) IsTerminal() bool { return s.result != nil }

func (s *State) Returns(buf []float64) []float64 {
	if s.result != nil {
		return append(buf, s.result...)
	}
	for range s.n {
		buf = append(buf, 0)
	}
	return buf
}

func (s *State) MoveNumber() int { return len(s.moves) }

func (s *State) Clone() game.State {
	c := *s
	c.moves = append([]game.Action(nil), s.moves...)
	if s.result != nil {
		c.result = append([]float64(nil), s.result...)
	}
	return &c
}

// ActionString writes an action as its code (decimal), as games with
// many actions do (Groker's bids): external bots answer with the code.
func (s *State) ActionString(_ int, a game.Action) string { return strconv.Itoa(int(a)) }

func (s *State) String() string {
	var b strings.Builder
	for i := 0; i < len(s.moves); i += 2 {
		self, field, dual := strengths(s.moves[i])
		fmt.Fprintf(&b, "player %d: elo %s", i/2, game.FormatValue(self))
		if dual {
			fmt.Fprintf(&b, " (against the field %s)", game.FormatValue(field))
		}
		if i+1 < len(s.moves) {
			fmt.Fprintf(&b, " tag %d", s.moves[i+1])
		}
		b.WriteByte('\n')
	}
	if s.result != nil {
		fmt.Fprintf(&b, "returns %v\n", s.result)
	}
	return b.String()
}

// announce is the move of a bot of strength code and identity tag.
func announce(s game.State, code, tag game.Action) (game.Action, error) {
	st, ok := s.(*State)
	if !ok {
		return game.NoAction, fmt.Errorf("synthetic: not a synthetic state (%T)", s)
	}
	if st.TagTurn() {
		return tag, nil
	}
	return code, nil
}

// Bot announces a fixed strength (the fixed bot).
type Bot struct{ code, tag game.Action }

func (b *Bot) Reset(uint64)   {}
func (b *Bot) ReadOnly() bool { return true }
func (b *Bot) Step(ctx context.Context, s game.State, _ int, _ game.Budget) (game.Action, error) {
	if err := ctx.Err(); err != nil {
		return game.NoAction, err
	}
	return announce(s, b.code, b.tag)
}

// landscapeBot announces the strength of its knobs on the map's landscape.
type landscapeBot struct {
	knobs *knobSet
	// vals holds the parameters in knobs.names's order when they are
	// exactly the spec's (fast), else p a copy of them
	vals []any
	// text holds vals formatted (game.FormatValue) one after the other,
	// ends[i] where value i's text ends; spare is the buffer of the next
	// game's texts
	text, spare []byte
	ends        []int
	fast        bool
	p           game.Params
	tag         game.Action
	land        *Landscape // the landscape code was computed for
	code        game.Action
}

func (b *landscapeBot) Reset(uint64)   {}
func (b *landscapeBot) ReadOnly() bool { return true }
func (b *landscapeBot) Step(ctx context.Context, s game.State, _ int, _ game.Budget) (game.Action, error) {
	if err := ctx.Err(); err != nil {
		return game.NoAction, err
	}
	st, ok := s.(*State)
	if !ok {
		return game.NoAction, fmt.Errorf("synthetic: not a synthetic state (%T)", s)
	}
	if st.land == nil {
		return game.NoAction, errors.New("synthetic: the landscape bot needs a landscape map (maps = [\"file.toml\"]), not a built-in map")
	}
	if st.land != b.land {
		x := b.knob
		elo := max(-2000, min(2000, math.Round(st.land.valueOf(x))))
		b.land, b.code = st.land, Code(elo)
		if st.land.HasField() {
			b.code = DualCode(elo, max(-2000, min(2000, math.Round(st.land.fieldValueOf(x)))))
		}
	}
	return announce(s, b.code, b.tag)
}
