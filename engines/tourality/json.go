package tourality

import (
	"strconv"

	"tourney/engines/game"
)

// MapText implements game.MapTexter: the map in its file format.
func (m *Map) MapText() string { return string(m.Text()) }

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	m := s.m
	buf = game.AppendJSONInt(buf, `{"round":`, int64(s.Round()))
	buf = game.AppendJSONInt(buf, `,"to_move":`, int64(s.ToMove()))
	buf = game.AppendJSONInt(buf, `,"width":`, int64(m.Width()))
	buf = game.AppendJSONInt(buf, `,"height":`, int64(m.Height()))
	buf = game.AppendJSONList(append(buf, `,"pos":[`...), 2, func(buf []byte, p int) []byte {
		x, y := m.XY(s.Pos(p))
		return append(appendPair(append(buf, '['), x, y), ']')
	})
	buf = append(buf, `],"score":[`...)
	buf = appendPair(buf, s.Score(0), s.Score(1))
	buf = append(buf, `],"moves":[`...)
	buf = appendPair(buf, s.Moves(0), s.Moves(1))
	buf = append(buf, `],"chips":[`...)
	first := true
	for i := 0; i < m.NumChips(); i++ {
		if s.Chips()&(1<<uint(i)) == 0 {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		x, y := m.XY(m.ChipCell(i))
		buf = append(appendPair(append(buf, '['), x, y), ']')
	}
	return append(buf, "]}"...)
}

// appendPair appends "a,b".
func appendPair(buf []byte, a, b int) []byte {
	buf = strconv.AppendInt(buf, int64(a), 10)
	buf = append(buf, ',')
	return strconv.AppendInt(buf, int64(b), 10)
}
