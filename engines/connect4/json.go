package connect4

import "strconv"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = append(buf, `{"rows":[`...)
	for row := Height - 1; row >= 0; row-- {
		if row < Height-1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '"')
		for col := 0; col < Width; col++ {
			switch s.At(col, row) {
			case 0:
				buf = append(buf, '0')
			case 1:
				buf = append(buf, '1')
			default:
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '"')
	}
	buf = append(buf, `],"to_move":`...)
	buf = strconv.AppendInt(buf, int64(s.ToMove()), 10)
	buf = append(buf, `,"ply":`...)
	buf = strconv.AppendInt(buf, int64(s.Ply()), 10)
	return append(buf, '}')
}
