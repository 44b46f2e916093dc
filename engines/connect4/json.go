package connect4

import "tourney/engines/game"

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
	buf = game.AppendJSONInt(buf, `],"to_move":`, int64(s.ToMove()))
	buf = game.AppendJSONInt(buf, `,"ply":`, int64(s.Ply()))
	return append(buf, '}')
}
