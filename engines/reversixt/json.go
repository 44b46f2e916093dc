package reversixt

import "strconv"

// MapText implements game.MapTexter: the map in the file format of spec §1.
func (m *Map) MapText() string { return m.String() }

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	m := s.m
	buf = append(buf, `{"phase":`...)
	buf = strconv.AppendInt(buf, int64(s.Phase()), 10)
	buf = append(buf, `,"to_move":`...)
	buf = strconv.AppendInt(buf, int64(s.CurrentPlayer()), 10)
	buf = append(buf, `,"width":`...)
	buf = strconv.AppendInt(buf, int64(m.Width), 10)
	buf = append(buf, `,"height":`...)
	buf = strconv.AppendInt(buf, int64(m.Height), 10)
	buf = append(buf, `,"rows":[`...)
	for y := 0; y < m.Height; y++ {
		if y > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '"')
		for x := 0; x < m.Width; x++ {
			buf = append(buf, cellChars[s.Cell(m.Index(x, y))])
		}
		buf = append(buf, '"')
	}
	buf = append(buf, `],"overwrites":[`...)
	for p := 0; p < s.NumPlayers(); p++ {
		if p > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(s.Overwrites(p)), 10)
	}
	buf = append(buf, `],"bombs":[`...)
	for p := 0; p < s.NumPlayers(); p++ {
		if p > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(s.BombsLeft(p)), 10)
	}
	buf = append(buf, `],"disqualified":[`...)
	for p := 0; p < s.NumPlayers(); p++ {
		if p > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendBool(buf, s.Disqualified(p))
	}
	return append(buf, "]}"...)
}
