package reversixt

import (
	"strconv"

	"tourney/engines/game"
)

// MapText implements game.MapTexter: the map in the file format of spec §1.
func (m *Map) MapText() string { return m.String() }

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	m := s.m
	buf = game.AppendJSONInt(buf, `{"phase":`, int64(s.Phase()))
	buf = game.AppendJSONInt(buf, `,"to_move":`, int64(s.CurrentPlayer()))
	buf = game.AppendJSONInt(buf, `,"width":`, int64(m.Width))
	buf = game.AppendJSONInt(buf, `,"height":`, int64(m.Height))
	buf = game.AppendJSONList(append(buf, `,"rows":[`...), m.Height, func(buf []byte, y int) []byte {
		buf = append(buf, '"')
		for x := 0; x < m.Width; x++ {
			buf = append(buf, cellChars[s.Cell(m.Index(x, y))])
		}
		return append(buf, '"')
	})
	n := s.NumPlayers()
	buf = game.AppendJSONList(append(buf, `],"overwrites":[`...), n, func(buf []byte, p int) []byte {
		return strconv.AppendInt(buf, int64(s.Overwrites(p)), 10)
	})
	buf = game.AppendJSONList(append(buf, `],"bombs":[`...), n, func(buf []byte, p int) []byte {
		return strconv.AppendInt(buf, int64(s.BombsLeft(p)), 10)
	})
	buf = game.AppendJSONList(append(buf, `],"disqualified":[`...), n, func(buf []byte, p int) []byte {
		return strconv.AppendBool(buf, s.Disqualified(p))
	})
	return append(buf, "]}"...)
}
