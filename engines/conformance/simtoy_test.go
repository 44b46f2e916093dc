package conformance_test

import (
	"fmt"
	"strings"

	"tourney/engines/game"
)

// pick: a small game with a sequential first node and simultaneous rounds.
// On map "pN" (N = 2 or 3 players) the starter, drawn from the seed, first
// chooses the number of rounds (3, 4 or 5). Then, each round, every live
// player picks 1, 2 or 3 at once; a pick nobody else made scores its value.
// A player who scores nothing in two rounds in a row is out (it has no
// legal actions and contributes game.NoAction). The game ends after the
// rounds or when at most one player is left.

type pickBug int

const (
	pickOK                  pickBug = iota
	pickInfoNotSimultaneous         // Info().Simultaneous is false
	pickCloneSharesScores           // Clone shares the scores slice
)

type pickGame struct{ bug pickBug }

type pickMap struct{ n int }

func (m pickMap) Name() string { return fmt.Sprintf("p%d", m.n) }
func (m pickMap) Players() int { return m.n }

func (g pickGame) Info() game.Info {
	return game.Info{Name: "pick", Doc: "pick a number", MinPlayers: 2, MaxPlayers: 3,
		Simultaneous: g.bug != pickInfoNotSimultaneous, MaxLength: 6}
}

func (pickGame) Maps() []string { return []string{"p2", "p3"} }

func (pickGame) LoadMap(name string) (game.Map, error) {
	switch name {
	case "p2":
		return pickMap{2}, nil
	case "p3":
		return pickMap{3}, nil
	}
	return nil, fmt.Errorf("pick: no map %q", name)
}

func (g pickGame) NewState(m game.Map, seed uint64) (game.State, error) {
	n := m.Players()
	return &pickState{
		bug:     g.bug,
		n:       n,
		starter: int(seed % uint64(n)),
		scores:  make([]float64, n),
		misses:  make([]int, n),
		out:     make([]bool, n),
	}, nil
}

func (pickGame) Bots() []game.BotSpec { return []game.BotSpec{game.RandomSpec()} }

type pickState struct {
	bug     pickBug
	n       int
	starter int
	rounds  int // 0 until chosen
	played  int // rounds played
	moves   int
	scores  []float64
	misses  []int // rounds in a row without a score
	out     []bool
	last    []game.Action
}

func (s *pickState) NumPlayers() int { return s.n }

func (s *pickState) live() int {
	k := 0
	for _, o := range s.out {
		if !o {
			k++
		}
	}
	return k
}

func (s *pickState) IsTerminal() bool {
	return s.rounds > 0 && (s.played == s.rounds || s.live() <= 1)
}

func (s *pickState) CurrentPlayer() int {
	switch {
	case s.IsTerminal():
		return game.TerminalPlayer
	case s.rounds == 0:
		return s.starter
	}
	return game.SimultaneousPlayer
}

func (s *pickState) LegalActions(p int, buf []game.Action) []game.Action {
	switch cp := s.CurrentPlayer(); {
	case cp == game.TerminalPlayer:
	case cp == game.SimultaneousPlayer:
		if !s.out[p] {
			buf = append(buf, 0, 1, 2)
		}
	case cp == p:
		buf = append(buf, 0, 1, 2)
	}
	return buf
}

func (s *pickState) Apply(a game.Action) {
	if s.rounds != 0 || a < 0 || a > 2 {
		panic(fmt.Sprintf("pick: illegal Apply(%d)", a))
	}
	s.rounds = 3 + int(a)
	s.moves++
}

func (s *pickState) ApplyJoint(acts []game.Action) {
	if s.CurrentPlayer() != game.SimultaneousPlayer || len(acts) != s.n {
		panic(fmt.Sprintf("pick: illegal ApplyJoint(%v)", acts))
	}
	count := [3]int{}
	for p, a := range acts {
		switch {
		case s.out[p] && a != game.NoAction, !s.out[p] && (a < 0 || a > 2):
			panic(fmt.Sprintf("pick: illegal action %d of player %d", a, p))
		case a != game.NoAction:
			count[a]++
		}
	}
	for p, a := range acts {
		if a == game.NoAction {
			continue
		}
		if count[a] == 1 {
			s.scores[p] += float64(a + 1)
			s.misses[p] = 0
		} else if s.misses[p]++; s.misses[p] == 2 {
			s.out[p] = true
		}
	}
	s.last = append(s.last[:0], acts...)
	s.played++
	s.moves++
}

func (s *pickState) Returns(buf []float64) []float64 { return append(buf, s.scores...) }
func (s *pickState) MoveNumber() int                 { return s.moves }

func (s *pickState) Clone() game.State {
	c := *s
	if s.bug != pickCloneSharesScores {
		c.scores = append([]float64(nil), s.scores...)
	}
	c.misses = append([]int(nil), s.misses...)
	c.out = append([]bool(nil), s.out...)
	c.last = append([]game.Action(nil), s.last...)
	return &c
}

func (s *pickState) ActionString(p int, a game.Action) string { return fmt.Sprint(int(a) + 1) }

func (s *pickState) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "starter %d rounds %d played %d last %v\n", s.starter, s.rounds, s.played, s.last)
	for p := range s.scores {
		fmt.Fprintf(&sb, "player %d: score %v misses %d out %v\n", p, s.scores[p], s.misses[p], s.out[p])
	}
	return sb.String()
}
