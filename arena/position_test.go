package arena

import (
	"context"
	"testing"
	"time"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// viewBot is a Lifecycle observer that rebuilds the game from what it
// is told, as a bot of the course's protocol does: the map of BeginGame,
// then every move. At each Step its view must be the arena's state.
type viewBot struct {
	t        *testing.T
	view     *reversixt.State
	relayed  int  // moves of the opening told
	position bool // the map was a position
	// eliminations told
	eliminated int
	bad        string
}

func (b *viewBot) Reset(uint64) {}

func (b *viewBot) BeginGame(m game.Map, seat int) {
	rm := m.(*reversixt.Map)
	b.view, b.relayed, b.position = reversixt.NewState(rm), 0, rm.Ply > 0
}

func (b *viewBot) EndGame(game.GameEnd) {}

func (b *viewBot) Moved(p int, a game.Action, after game.State) {
	if after.MoveNumber() <= 2 { // a move of the opening (2 plies)
		b.relayed++
	}
	if b.view.CurrentPlayer() != p {
		if err := b.view.StartAt(p); err != nil && b.bad == "" {
			b.bad = err.Error()
			return
		}
	}
	b.view.Apply(a)
}

func (b *viewBot) Eliminated(p int, _ game.State) {
	b.eliminated++
	b.view.Disqualify(p)
}

func (b *viewBot) Step(ctx context.Context, s game.State, p int, _ game.Budget) (game.Action, error) {
	rs := s.(*reversixt.State)
	if b.view.CurrentPlayer() != p {
		if err := b.view.StartAt(p); err != nil && b.bad == "" {
			b.bad = err.Error()
		}
	}
	for c := range rs.Map().Cells {
		if rs.Cell(c) != b.view.Cell(c) && b.bad == "" {
			b.bad = "the bot's view differs from the game"
		}
	}
	for q := 0; q < rs.NumPlayers(); q++ {
		if (rs.Overwrites(q) != b.view.Overwrites(q) || rs.BombsLeft(q) != b.view.BombsLeft(q)) && b.bad == "" {
			b.bad = "the bot's stocks differ from the game's"
		}
	}
	return rs.LegalActions(p, nil)[0], nil
}

// TestOpeningAsMap: after opening plies, a bot that reads the map as
// the game's start sees the game: the position as the map, or (when
// the stocks differ and no map can say so) the game's map and the
// opening's moves.
func TestOpeningAsMap(t *testing.T) {
	g := reversixt.Game{}
	positions, relays := 0, 0
	for _, name := range []string{"example15", "octo20", "standard8"} {
		m := mustMap(t, g, name)
		for i := uint64(0); i < 12; i++ {
			var bots []*viewBot
			spec := game.BotSpec{Name: "view", New: func(game.Params) (game.Bot, error) {
				b := &viewBot{t: t}
				bots = append(bots, b)
				return b, nil
			}}
			n := m.(*reversixt.Map).NPlayers
			seats := make([]Entrant, n)
			for k := range seats {
				seats[k] = Entrant{ID: "v", Spec: spec}
			}
			job := &Job{Game: g, Map: m, Seed: game.Mix(3, i), Seats: seats, OpeningPlies: 2}
			r, err := Play(context.Background(), job, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range bots {
				if b.bad != "" {
					t.Fatalf("%s seed %d: %s", name, i, b.bad)
				}
				switch {
				case b.position && b.relayed == 0:
					positions++
				case !b.position && b.relayed == 2:
					relays++
				default:
					t.Fatalf("%s seed %d: position %v, %d moves of the opening relayed", name, i, b.position, b.relayed)
				}
			}
			for k, e := range r.End {
				if e != EndNormal {
					t.Fatalf("%s seed %d: seat %d ended %s", name, i, k, e)
				}
			}
		}
	}
	if positions == 0 || relays == 0 {
		t.Errorf("%d bots got the position as the map, %d the moves: want both", positions, relays)
	}
}

// TestHungSeatObserved: after the watchdog takes over a game from a hung
// seat, the observers still hear of the elimination and of every move
// (a hosted server's clients would otherwise lose the game's thread).
func TestHungSeatObserved(t *testing.T) {
	g := reversixt.Game{}
	m := mustMap(t, g, "example15")
	var bots []*viewBot
	spec := game.BotSpec{Name: "view", New: func(game.Params) (game.Bot, error) {
		b := &viewBot{t: t}
		bots = append(bots, b)
		return b, nil
	}}
	seats := []Entrant{{ID: "v", Spec: spec}, {ID: "v", Spec: spec}, {ID: "bad", Spec: brokenSpec("hang", 2)}}
	jobs := []Job{{Game: g, Map: m, Seed: 9, Seats: seats, Budget: game.Budget{Time: 20 * time.Millisecond}}}
	rs := collect(t, jobs, Options{Workers: 1, Grace: 30 * time.Millisecond})
	if rs[0].End[2] != "forfeit:timeout" || rs[0].Plies < 12 {
		t.Fatalf("ends %v after %d plies", rs[0].End, rs[0].Plies)
	}
	for i, b := range bots {
		if b.bad != "" || b.eliminated != 1 {
			t.Errorf("observer %d: %q, %d eliminations told", i, b.bad, b.eliminated)
		}
	}
}
