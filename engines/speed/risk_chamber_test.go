package speed

import "testing"

// board parses rows of '.' (free) and '#' (a trail) into a state with
// one inactive player, for the fill tests.
func board(t *testing.T, rows ...string) *State {
	t.Helper()
	w, h := len(rows[0]), len(rows)
	s := mk(t, w, h, pl(0, 0, Right, 1))
	s.cells[0] = Free
	for y, r := range rows {
		for x, ch := range r {
			if ch == '#' {
				s.cells[y*w+x] = 2
			}
		}
	}
	return s
}

// TestChamberFillable: fillable areas counted by hand.
func TestChamberFillable(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		x, y int
		want int
	}{
		// A corridor from one end: every cell in a row.
		{"corridor-end", []string{"....."}, 0, 0, 4},
		// From the middle of a corridor only one side can be filled.
		{"corridor-middle", []string{"......."}, 2, 0, 4},
		// A 3×3 room has no articulation point: all of it.
		{"room", []string{"...", "...", "..."}, 0, 0, 8},
		// Two rooms (3×3 left, 2×2 right) joined by a corridor of three
		// cells; from the corridor's left cell: the left room (9) behind
		// it, or the rest of the corridor and the right room (2+4). The
		// flood fill counts 15.
		{"two-rooms", []string{
			"...#####",
			"........",
			"...###..",
		}, 3, 1, 9},
		// From the right room's corner: the room (3 more), the corridor
		// (3) and the left room (9).
		{"two-rooms-from-right", []string{
			"...#####",
			"........",
			"...###..",
		}, 7, 2, 15},
		// A dead-end branch off a room: the branch is a chamber of its
		// own, so from the room's far side the room and then the branch.
		{"room-with-branch", []string{
			"...#",
			"....",
			"...#",
		}, 0, 0, 9},
		// Walls all around: nothing.
		{"shut-in", []string{".#", "##"}, 0, 0, 0},
	}
	for _, c := range cases {
		s := board(t, c.rows...)
		var ch chamber
		if got := ch.fillable(s, int32(c.y*s.w+c.x), nil); got != c.want {
			t.Errorf("%s: fillable %d, want %d", c.name, got, c.want)
		}
	}
	// Blocked cells count as walls: the corridor's cell 3 cut.
	s := board(t, ".......")
	var blk marks
	blk.reset(7)
	blk.set(3)
	var ch chamber
	if got := ch.fillable(s, 0, &blk); got != 2 {
		t.Errorf("blocked corridor: fillable %d, want 2", got)
	}
}
