package synthetic

import "strconv"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = append(buf, `{"players":`...)
	buf = strconv.AppendInt(buf, int64(s.n), 10)
	buf = append(buf, `,"turn":"`...)
	switch {
	case s.result != nil:
		buf = append(buf, "over"...)
	case s.TagTurn():
		buf = append(buf, "tag"...)
	default:
		buf = append(buf, "strength"...)
	}
	buf = append(buf, `","announced":[`...)
	for i := 0; i < len(s.moves); i += 2 {
		if i > 0 {
			buf = append(buf, ',')
		}
		self, _, _ := strengths(s.moves[i])
		buf = strconv.AppendFloat(buf, self, 'f', -1, 64)
	}
	buf = append(buf, `],"tags":[`...)
	for i := 1; i < len(s.moves); i += 2 {
		if i > 1 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(s.moves[i]), 10)
	}
	return append(buf, "]}"...)
}
