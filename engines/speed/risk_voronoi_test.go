package speed

import "testing"

// TestVoronoiCount: territories on a one-row corridor, counted by hand.
// The bot's source stands on x = 1 from round 1 (its move's cells
// blocked), the opponent's head on the right end from round 0; a cell
// both reach in the same round is neutral.
func TestVoronoiCount(t *testing.T) {
	cases := []struct {
		w, want int
	}{
		// w 7: free 2..5; bot x2@2 x3@3; opponent x5@1 x4@2 x3@3 → x3
		// neutral: {2}.
		{7, 1},
		// w 9: free 2..7; bot x2@2 x3@3 x4@4; opponent x7@1 x6@2 x5@3
		// x4@4 → x4 neutral: {2, 3}.
		{9, 2},
		// w 10: free 2..8; bot x2..x5 at 2..5; opponent x8@1 … x5@4: {2, 3, 4}.
		{10, 3},
	}
	for _, c := range cases {
		s := mk(t, c.w, 1, pl(0, 0, Right, 1), pl(c.w-1, 0, Left, 1))
		var v voronoi
		var blocked marks
		blocked.reset(c.w)
		blocked.set(1)
		src := []vsrc{{cell: int32(c.w - 1), t: 0, owner: 1}, {cell: 1, t: 1, owner: 0}}
		if got := v.count(s, &blocked, src, 0); got != c.want {
			t.Errorf("width %d: territory %d, want %d", c.w, got, c.want)
		}
	}
}

// TestRiskVoronoiReply: an opponent at speed 3 closes in faster than
// the breadth-first model of a head standing still. On a 13 × 1
// corridor (bot at x 0 heading right at speed 1, opponent at x 12
// heading left at speed 3), change_nothing lands the bot on x 1:
//   - opponent standing still: bot x2..x5 (rounds 2..5), x6 neutral → 4;
//   - change_nothing (lands x9, writes 9..11): bot x2..x4, x5 neutral → 3;
//   - speed_up (lands x8): bot x2..x4 → 3; slow_down (lands x10) → 4;
//     the turns leave the board.
//
// The worst reply counts: 3; with area_voronoi_reply 0 it is 4, and an
// opponent out of range does not answer.
func TestRiskVoronoiReply(t *testing.T) {
	for _, c := range []struct {
		reply, want int
	}{{12, 3}, {0, 4}, {11, 4}} {
		s := mk(t, 13, 1, pl(0, 0, Right, 1), pl(12, 0, Left, 3))
		b := newRisk(t, map[string]any{ParamAreaVorReply: c.reply})
		m := simulate(s, 0, 0, Right, 1, s.round+1, ChangeNothing)
		if m.fatal || m.x != 1 {
			t.Fatalf("change_nothing: %+v", m)
		}
		b.own.reset(13)
		b.own.set(1)
		if got := b.replyTerritory(s, 0, m); got != c.want {
			t.Errorf("area_voronoi_reply %d: territory %d, want %d", c.reply, got, c.want)
		}
		if !b.own.has(1) || b.own.has(9) || b.own.has(10) || b.own.has(11) {
			t.Errorf("area_voronoi_reply %d: the move's marks were not restored", c.reply)
		}
	}
}
