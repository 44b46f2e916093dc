package groker

import "strconv"

// AppendJSON implements game.JSONEncoder (the JSON-lines protocol of
// external bots; see the package doc, "JSON state encoding").
func (s *State) AppendJSON(buf []byte, player int) []byte {
	v := s.Variant()
	buf = append(buf, `{"round":`...)
	buf = strconv.AppendInt(buf, int64(s.Rounds()), 10)
	buf = append(buf, `,"max_rounds":`...)
	buf = strconv.AppendInt(buf, int64(v.MaxRounds), 10)
	buf = append(buf, `,"band":`...)
	buf = strconv.AppendInt(buf, int64(v.Band), 10)
	buf = append(buf, `,"end_margin":`...)
	buf = strconv.AppendInt(buf, v.EndMargin, 10)
	buf = append(buf, `,"end_strict":`...)
	buf = strconv.AppendBool(buf, v.EndStrict)
	buf = append(buf, `,"max_bid":`...)
	buf = strconv.AppendInt(buf, MaxBid, 10)
	buf = append(buf, `,"totals":[`...)
	buf = strconv.AppendInt(buf, s.Total(0), 10)
	buf = append(buf, ',')
	buf = strconv.AppendInt(buf, s.Total(1), 10)
	buf = append(buf, `],"bids":[`...)
	for i, r := range s.History() {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		buf = strconv.AppendInt(buf, int64(r.Bid[0]), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(r.Bid[1]), 10)
		buf = append(buf, ']')
	}
	return append(buf, "]}"...)
}
