package synthetic

import "strconv"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = append(buf, `{"players":`...)
	buf = strconv.AppendInt(buf, int64(s.n), 10)
	buf = append(buf, `,"announced":[`...)
	for i, a := range s.moves {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendFloat(buf, Elo(a), 'f', -1, 64)
	}
	return append(buf, "]}"...)
}
