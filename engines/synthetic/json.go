package synthetic

import (
	"strconv"

	"tourney/engines/game"
)

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	buf = game.AppendJSONInt(buf, `{"players":`, int64(s.n))
	buf = append(buf, `,"turn":"`...)
	switch {
	case s.result != nil:
		buf = append(buf, "over"...)
	case s.TagTurn():
		buf = append(buf, "tag"...)
	default:
		buf = append(buf, "strength"...)
	}
	// The moves alternate: a strength announced, then a tag.
	buf = game.AppendJSONList(append(buf, `","announced":[`...), (len(s.moves)+1)/2, func(buf []byte, i int) []byte {
		self, _, _ := strengths(s.moves[2*i])
		return strconv.AppendFloat(buf, self, 'f', -1, 64)
	})
	buf = game.AppendJSONList(append(buf, `],"tags":[`...), len(s.moves)/2, func(buf []byte, i int) []byte {
		return strconv.AppendInt(buf, int64(s.moves[2*i+1]), 10)
	})
	return append(buf, "]}"...)
}
