package speed

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"tourney/engines/game"
)

// Board and player limits.
const (
	MinPlayers = 2
	MaxPlayers = 6
	MinSide    = 8   // smallest side of a fixed-size map
	MaxSide    = 200 // largest side of a fixed-size map
	MinRandom  = 41  // random sizes are drawn from MinRandom..MaxRandom
	MaxRandom  = 80
	MaxSpeed   = 10
)

// pcgStream is the second PCG word of the setup generator: "spe_ed".
const pcgStream = 0x7370655f6564

// Game is Spe_ed. The zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// Info implements game.Game.
func (Game) Info() game.Info {
	return game.Info{
		Name:         "speed",
		Doc:          "Spe_ed (informatiCup 2021): simultaneous Tron for 2-6 players with speeds and jumps",
		MinPlayers:   MinPlayers,
		MaxPlayers:   MaxPlayers,
		Simultaneous: true,
		// Every surviving player fills at least one free cell per round,
		// so a game lasts at most W·H rounds (§6.4).
		MaxLength: MaxSide * MaxSide,
	}
}

// Maps implements game.Game: speed-2p … speed-6p (random size from the
// seed); the first is the default.
func (Game) Maps() []string {
	return []string{"speed-2p", "speed-3p", "speed-4p", "speed-5p", "speed-6p"}
}

// Bots implements game.Game.
func (Game) Bots() []game.BotSpec { return bots() }

// Map is a Spe_ed variant: a player count and either a fixed board size or
// a size drawn from the game's seed (W = H = 0).
type Map struct {
	name string
	n    int
	w, h int
}

// Name implements game.Map.
func (m *Map) Name() string { return m.name }

// Players implements game.Map: the number of players (seat k plays ID k+1).
func (m *Map) Players() int { return m.n }

// Size returns the fixed board size, or 0, 0 when the size comes from the
// seed.
func (m *Map) Size() (w, h int) { return m.w, m.h }

// NewMap returns the map for n players on a w × h board; w = h = 0 draws
// the size from the seed.
func NewMap(n, w, h int) (*Map, error) {
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("speed: %d players, want %d..%d", n, MinPlayers, MaxPlayers)
	}
	if w == 0 && h == 0 {
		return &Map{name: fmt.Sprintf("speed-%dp", n), n: n}, nil
	}
	if w < MinSide || w > MaxSide || h < MinSide || h > MaxSide {
		return nil, fmt.Errorf("speed: board %dx%d, each side must be %d..%d", w, h, MinSide, MaxSide)
	}
	return &Map{name: fmt.Sprintf("speed-%dp-%dx%d", n, w, h), n: n, w: w, h: h}, nil
}

// LoadMap implements game.Game. Names are speed-<n>p (random size) and
// speed-<n>p-<W>x<H> (fixed size, each side 8..200), n = 2..6.
func (Game) LoadMap(name string) (game.Map, error) {
	bad := func() (game.Map, error) {
		return nil, fmt.Errorf("speed: no map %q (maps are speed-<n>p and speed-<n>p-<W>x<H>, n = 2..6, sides 8..200)", name)
	}
	rest, ok := strings.CutPrefix(name, "speed-")
	if !ok {
		return bad()
	}
	np, size, fixed := strings.Cut(rest, "-")
	ns, ok := strings.CutSuffix(np, "p")
	if !ok {
		return bad()
	}
	n, err := strconv.Atoi(ns)
	if err != nil || strconv.Itoa(n) != ns {
		return bad()
	}
	w, h := 0, 0
	if fixed {
		ws, hs, ok := strings.Cut(size, "x")
		if !ok {
			return bad()
		}
		w, err = strconv.Atoi(ws)
		if err != nil || strconv.Itoa(w) != ws {
			return bad()
		}
		h, err = strconv.Atoi(hs)
		if err != nil || strconv.Itoa(h) != hs {
			return bad()
		}
		if w == 0 && h == 0 {
			return bad()
		}
	}
	m, err := NewMap(n, w, h)
	if err != nil {
		return nil, fmt.Errorf("map %q: %w", name, err)
	}
	return m, nil
}

// NewState implements game.Game: the setup of spec §9, from seed only.
func (Game) NewState(gm game.Map, seed uint64) (game.State, error) {
	m, ok := gm.(*Map)
	if !ok {
		return nil, fmt.Errorf("speed: map %q is not a Spe_ed map", gm.Name())
	}
	return NewState(m, seed), nil
}

// NewState sets up a game on m from seed (spec §9): PCG(seed, "spe_ed"),
// width then height (random maps only), the rotation, then x and y per
// start region.
func NewState(m *Map, seed uint64) *State {
	rng := rand.New(rand.NewPCG(seed, pcgStream))
	w, h := m.w, m.h
	if w == 0 {
		w = MinRandom + rng.IntN(MaxRandom-MinRandom+1)
		h = MinRandom + rng.IntN(MaxRandom-MinRandom+1)
	}
	n := m.n
	s := newState(w, h, n)
	rot := rng.IntN(n)
	qw, qh := w/4, h/2
	for j := 0; j < n; j++ {
		x0, y0 := j*qw, 0
		switch j {
		case 4:
			x0, y0 = 0, qh
		case 5:
			x0, y0 = qw, qh
		}
		x := x0 + rng.IntN(qw)
		y := y0 + rng.IntN(qh)
		k := (rot + j) % n
		s.pl[k] = player{x: int32(x), y: int32(y), dir: startDir(x, y, w, h), speed: 1, active: true}
		s.cells[y*w+x] = int8(k + 1)
	}
	s.alive = n
	return s
}

// startDir is the table of spec §2.4.
func startDir(x, y, w, h int) Direction {
	right, bottom := x > w/2, y > h/2
	switch {
	case right && bottom:
		return Up
	case bottom:
		return Right
	case right:
		return Left
	}
	return Down
}

// Replay implements game.Replayer (`tourney replay speed FILE`).
func (Game) Replay(r io.Reader) (int, error) { return Replay(r) }
