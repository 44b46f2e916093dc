package reversixt

import (
	"fmt"
	"strings"

	"tourney/engines/game"
)

// PositionText writes the position of s as map text (the file format of
// spec §1): the board as it stands, the map's transitions, and the
// players' stocks of overwrite stones and bombs in the header. It is how
// a position after opening plies is sent to a bot that speaks the
// course's protocol (reversixt.md §8: message 2 carries a map). The header
// has one stock of each kind for all players: the position is a map only
// when every player not disqualified holds the same stocks, in phase 1,
// with no disqualified player (the map format has none).
func PositionText(s *State) (string, error) {
	if s.phase != Phase1 {
		return "", fmt.Errorf("reversixt: a position in phase %d is no map (only phase 1 is)", s.phase)
	}
	for p := 0; p < s.n; p++ {
		if s.disq[p] {
			return "", fmt.Errorf("reversixt: player %d is disqualified: the position is no map", p+1)
		}
		if s.ow[p] != s.ow[0] || s.bombs[p] != s.bombs[0] {
			return "", fmt.Errorf("reversixt: the players' stocks differ (player 1: %d overwrite stones, %d bombs; player %d: %d, %d): the position is no map",
				s.ow[0], s.bombs[0], p+1, s.ow[p], s.bombs[p])
		}
	}
	m := s.m
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n%d\n%d %d\n%d %d\n", m.NPlayers, s.ow[0], s.bombs[0], m.Strength, m.Height, m.Width)
	writeBoard(&sb, s.board, m.Width)
	for _, t := range m.Transitions {
		fmt.Fprintf(&sb, "%d %d %d <-> %d %d %d\n", t.X1, t.Y1, t.R1, t.X2, t.Y2, t.R2)
	}
	return sb.String(), nil
}

// PositionMap is the position of s as a map (PositionText, parsed). It
// keeps the name of s's map (bots that know maps by name see the same
// name); Ply says how many moves were played.
func PositionMap(s *State) (*Map, error) {
	text, err := PositionText(s)
	if err != nil {
		return nil, err
	}
	name := s.m.name
	m, err := ParseMap(fmt.Sprintf("%s after %d moves", name, s.ply), []byte(text))
	if err != nil {
		return nil, fmt.Errorf("reversixt: the position after %d moves is no valid map: %v", s.ply, err)
	}
	m.name, m.Ply = name, s.ply
	return m, nil
}

// PositionMap implements game.PositionMapper: the arena hands it to the
// bots (game.Lifecycle's BeginGame) after opening plies.
func (s *State) PositionMap() (game.Map, error) { return PositionMap(s) }

// StartAt makes seat p the first to move in a state fresh from a map
// (NewState): a position sent as a map after opening plies may have
// another player to move than player 1, which only the server's move
// requests tell. It fails after the first move, or when p cannot move
// then.
func (s *State) StartAt(p int) error {
	if s.ply != 0 || s.phase != Phase1 {
		return fmt.Errorf("reversixt: StartAt after the game's first move")
	}
	if p < 0 || p >= s.n {
		return fmt.Errorf("reversixt: StartAt(%d): no such seat", p)
	}
	if p == int(s.cur) {
		return nil
	}
	cur := s.cur
	s.startTurn((p - 1 + s.n) % s.n)
	if int(s.cur) != p || s.phase != Phase1 {
		s.phase, s.cur = Phase1, cur
		s.startTurn((int(cur) - 1 + s.n) % s.n)
		return fmt.Errorf("reversixt: player %d has no move at the start", p+1)
	}
	return nil
}
