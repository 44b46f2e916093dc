package speed

import (
	"strconv"

	"tourney/engines/game"
)

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots): the official server's state message of spec §8.1 for
// player (you = player+1), without deadline and names, plus "round" (the
// rounds played). See the package doc, "JSON state encoding".
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = game.AppendJSONInt(buf, `{"width":`, int64(s.w))
	buf = game.AppendJSONInt(buf, `,"height":`, int64(s.h))
	buf = game.AppendJSONList(append(buf, `,"cells":[`...), s.h, func(buf []byte, y int) []byte {
		buf = game.AppendJSONList(append(buf, '['), s.w, func(buf []byte, x int) []byte {
			return strconv.AppendInt(buf, int64(s.cells[y*s.w+x]), 10)
		})
		return append(buf, ']')
	})
	buf = game.AppendJSONList(append(buf, `],"players":{`...), s.n, func(buf []byte, p int) []byte {
		q := s.Player(p)
		buf = game.AppendJSONInt(buf, `"`, int64(p+1))
		buf = game.AppendJSONInt(buf, `":{"x":`, int64(q.X))
		buf = game.AppendJSONInt(buf, `,"y":`, int64(q.Y))
		buf = append(append(buf, `,"direction":"`...), q.Direction.String()...)
		buf = game.AppendJSONInt(buf, `","speed":`, int64(q.Speed))
		buf = game.AppendJSONBool(buf, `,"active":`, q.Active)
		return append(buf, '}')
	})
	buf = game.AppendJSONInt(buf, `},"you":`, int64(player+1))
	buf = game.AppendJSONBool(buf, `,"running":`, !s.IsTerminal())
	buf = game.AppendJSONInt(buf, `,"round":`, int64(s.round))
	return append(buf, '}')
}
