package records

import (
	"fmt"
	"io"
	"path/filepath"

	"tourney/arena"
	"tourney/engines/all"
	"tourney/engines/game"
	"tourney/engines/speed"
)

// Load returns the record's game and map: the map by MapRef when it is set
// and loads (a path is read relative to dir when it is relative), else by
// its name.
func (g *Game) Load(dir string) (game.Game, game.Map, error) {
	gm, err := all.Find(g.GameType)
	if err != nil {
		return nil, nil, err
	}
	var last error
	refs := []string{g.MapRef, g.Map}
	if g.MapRef != "" && !filepath.IsAbs(g.MapRef) && dir != "" {
		refs = append(refs, filepath.Join(dir, g.MapRef))
	}
	for _, ref := range refs {
		if ref == "" {
			continue
		}
		m, err := gm.LoadMap(ref)
		if err == nil {
			return gm, m, nil
		}
		last = err
	}
	return nil, nil, fmt.Errorf("game %d: map %q: %v", g.Index, g.Map, last)
}

// Replay plays the record's moves again through the rules (arena.ReplayMoves)
// and checks that the game ends with the recorded plies, scores and ranks
// (forfeit scores aside). visit is handed on.
func (g *Game) Replay(dir string, visit func(s game.State, applied []arena.MoveRecord)) (game.State, error) {
	gm, m, err := g.Load(dir)
	if err != nil {
		return nil, err
	}
	s, err := arena.ReplayMoves(gm, m, g.Seed, g.OpeningPlies, g.Moves, visit)
	if err != nil {
		return s, fmt.Errorf("game %d: %v", g.Index, err)
	}
	if s.MoveNumber() != g.Plies {
		return s, fmt.Errorf("game %d: the replay ends at ply %d, the record at %d", g.Index, s.MoveNumber(), g.Plies)
	}
	return s, nil
}

// SpeedLog writes a recorded Spe_ed game as the official server's game log
// (a JSON array of state messages, spectator's view), which `tourney
// replay speed FILE` checks.
func (g *Game) SpeedLog(dir string, w io.Writer) error {
	if g.GameType != "speed" {
		return fmt.Errorf("game %d is a %s game, not speed", g.Index, g.GameType)
	}
	var states []*speed.JSONState
	_, err := g.Replay(dir, func(s game.State, _ []arena.MoveRecord) {
		states = append(states, s.(*speed.State).ToJSON(0))
	})
	if err != nil {
		return err
	}
	return speed.WriteLog(w, states)
}
