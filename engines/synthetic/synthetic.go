package synthetic

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tourney/engines/game"
)

const (
	offset  = 2000 // action of 0 Elo
	maxCode = 4000 // action of +2000 Elo
)

// Game is the synthetic game.
type Game struct{}

var _ game.Game = Game{}

func (Game) Info() game.Info {
	return game.Info{
		Name:       "synthetic",
		Doc:        "test game with known strengths: each bot's elo parameter decides its chances (Bradley–Terry / Plackett–Luce)",
		MinPlayers: 2, MaxPlayers: 8,
		MaxLength: 8,
	}
}

// Map is a table of N players.
type Map int

func (m Map) Name() string  { return strconv.Itoa(int(m)) + "p" }
func (m Map) Players() int  { return int(m) }
func (Game) Maps() []string { return []string{"2p", "3p", "4p", "5p", "6p", "7p", "8p"} }

func (Game) LoadMap(name string) (game.Map, error) {
	if n, err := strconv.Atoi(strings.TrimSuffix(name, "p")); err == nil && strings.HasSuffix(name, "p") && n >= 2 && n <= 8 {
		return Map(n), nil
	}
	return nil, fmt.Errorf("synthetic: unknown map %q (maps: 2p, 3p, ..., 8p)", name)
}

func (Game) NewState(m game.Map, seed uint64) (game.State, error) {
	mm, ok := m.(Map)
	if !ok {
		return nil, fmt.Errorf("synthetic: not a synthetic map: %v", m.Name())
	}
	return &State{n: int(mm), seed: seed}, nil
}

func (Game) Bots() []game.BotSpec {
	return []game.BotSpec{{
		Name: "fixed",
		Doc:  "plays its elo: the true strength of the variant",
		Params: []game.Param{
			{Name: "elo", Kind: game.Float, Default: 0.0, Min: -2000, Max: 2000, Doc: "true strength on the logistic Elo scale"},
			{Name: "label", Kind: game.Int, Default: 0, Min: 0, Max: 1000000, Doc: "changes nothing (spaces of equal variants)"},
		},
		New: func(p game.Params) (game.Bot, error) { return &Bot{code: Code(p.Float("elo"))}, nil },
	}, game.RandomSpec()}
}

// Code is the action that announces elo.
func Code(elo float64) game.Action {
	return game.Action(math.Round(elo) + offset)
}

// Elo is the strength an action announces.
func Elo(a game.Action) float64 { return float64(int(a) - offset) }

// State is a game in progress.
type State struct {
	n      int
	seed   uint64
	moves  []game.Action
	result []float64 // set when terminal
}

func (s *State) NumPlayers() int { return s.n }

func (s *State) CurrentPlayer() int {
	if len(s.moves) == s.n {
		return game.TerminalPlayer
	}
	return len(s.moves)
}

func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if player != s.CurrentPlayer() {
		return buf
	}
	for a := game.Action(0); a <= maxCode; a++ {
		buf = append(buf, a)
	}
	return buf
}

// IsLegal and HasLegal spare the arena the 4 001 actions (game.ActionChecker).
func (s *State) IsLegal(player int, a game.Action) bool {
	return player >= 0 && player == s.CurrentPlayer() && a >= 0 && a <= maxCode
}
func (s *State) HasLegal(player int) bool { return player >= 0 && player == s.CurrentPlayer() }

func (s *State) Apply(a game.Action) {
	if !s.IsLegal(s.CurrentPlayer(), a) {
		panic(fmt.Sprintf("synthetic: illegal action %d", a))
	}
	s.moves = append(s.moves, a)
	if len(s.moves) == s.n {
		s.finish()
	}
}

// finish draws the finishing order (Plackett–Luce by Gumbel perturbation).
func (s *State) finish() {
	parts := make([]uint64, len(s.moves))
	for i, a := range s.moves {
		parts[i] = uint64(a)
	}
	rng := game.NewRand(game.Mix(s.seed, parts...))
	val := make([]float64, s.n)
	for i, a := range s.moves {
		u := rng.Float64()
		for u == 0 {
			u = rng.Float64()
		}
		val[i] = Elo(a)*math.Ln10/400 - math.Log(-math.Log(u))
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
	for i, a := range s.moves {
		fmt.Fprintf(&b, "player %d: elo %s\n", i, game.FormatValue(Elo(a)))
	}
	if s.result != nil {
		fmt.Fprintf(&b, "returns %v\n", s.result)
	}
	return b.String()
}

// Bot announces a fixed strength.
type Bot struct{ code game.Action }

func (b *Bot) Reset(uint64)   {}
func (b *Bot) ReadOnly() bool { return true }
func (b *Bot) Step(ctx context.Context, _ game.State, _ int, _ game.Budget) (game.Action, error) {
	return b.code, ctx.Err()
}
