package speed

import "strconv"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots): the official server's state message of spec §8.1 for
// player (you = player+1), without deadline and names, plus "round" (the
// rounds played). See the package doc, "JSON state encoding".
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = append(buf, `{"width":`...)
	buf = strconv.AppendInt(buf, int64(s.w), 10)
	buf = append(buf, `,"height":`...)
	buf = strconv.AppendInt(buf, int64(s.h), 10)
	buf = append(buf, `,"cells":[`...)
	for y := 0; y < s.h; y++ {
		if y > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		for x := 0; x < s.w; x++ {
			if x > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(s.cells[y*s.w+x]), 10)
		}
		buf = append(buf, ']')
	}
	buf = append(buf, `],"players":{`...)
	for p := 0; p < s.n; p++ {
		if p > 0 {
			buf = append(buf, ',')
		}
		q := s.Player(p)
		buf = append(buf, '"')
		buf = strconv.AppendInt(buf, int64(p+1), 10)
		buf = append(buf, `":{"x":`...)
		buf = strconv.AppendInt(buf, int64(q.X), 10)
		buf = append(buf, `,"y":`...)
		buf = strconv.AppendInt(buf, int64(q.Y), 10)
		buf = append(buf, `,"direction":"`...)
		buf = append(buf, q.Direction.String()...)
		buf = append(buf, `","speed":`...)
		buf = strconv.AppendInt(buf, int64(q.Speed), 10)
		buf = append(buf, `,"active":`...)
		buf = strconv.AppendBool(buf, q.Active)
		buf = append(buf, '}')
	}
	buf = append(buf, `},"you":`...)
	buf = strconv.AppendInt(buf, int64(player+1), 10)
	buf = append(buf, `,"running":`...)
	buf = strconv.AppendBool(buf, !s.IsTerminal())
	buf = append(buf, `,"round":`...)
	buf = strconv.AppendInt(buf, int64(s.round), 10)
	return append(buf, '}')
}
