package groker

import "tourney/engines/game"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	v := s.Variant()
	buf = game.AppendJSONInt(buf, `{"round":`, int64(s.Rounds()))
	buf = game.AppendJSONInt(buf, `,"max_rounds":`, int64(v.MaxRounds))
	buf = game.AppendJSONInt(buf, `,"band":`, int64(v.Band))
	buf = game.AppendJSONInt(buf, `,"end_margin":`, v.EndMargin)
	buf = game.AppendJSONBool(buf, `,"end_strict":`, v.EndStrict)
	buf = game.AppendJSONInt(buf, `,"max_bid":`, MaxBid)
	buf = game.AppendJSONInt(buf, `,"totals":[`, s.Total(0))
	buf = game.AppendJSONInt(buf, `,`, s.Total(1))
	h := s.History()
	buf = game.AppendJSONList(append(buf, `],"bids":[`...), len(h), func(buf []byte, i int) []byte {
		buf = game.AppendJSONInt(buf, `[`, int64(h[i].Bid[0]))
		buf = game.AppendJSONInt(buf, `,`, int64(h[i].Bid[1]))
		return append(buf, ']')
	})
	return append(buf, "]}"...)
}
