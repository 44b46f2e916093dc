package speed

import (
	"context"
	"os"
	"testing"

	"tourney/engines/game"
)

// soloFill lets bot drive alone on s (other players inactive) and returns
// the rounds survived.
func soloFill(t *testing.T, s *State, bot game.Bot) int { return soloFillQuiet(s, bot) }

func soloFillQuiet(s *State, bot game.Bot) int {
	for rounds := 0; ; rounds++ {
		a, err := bot.Step(context.Background(), s, 0, game.Budget{})
		if err != nil {
			panic(err)
		}
		q := &s.pl[0]
		m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
		if m.fatal {
			return rounds
		}
		for _, i := range m.cells[:m.n] {
			s.cells[i] = 1
		}
		q.x, q.y, q.dir, q.speed = int32(m.x), int32(m.y), m.dir, int8(m.speed)
		s.round++
	}
}

func TestRiskSoloFill(t *testing.T) {
	if os.Getenv("RISK_EXPLORE") == "" {
		t.Skip()
	}
	for _, sz := range [][2]int{{20, 20}, {30, 25}, {41, 41}} {
		mk1 := func() *State {
			s := mk(t, sz[0], sz[1], pl(sz[0]/3, sz[1]/2, Up, 1), pl(sz[0]-1, sz[1]-1, Up, 1))
			s.pl[1].active = false
			s.alive = 1
			wall(s, 5, 5, 8, 6, 2)
			return s
		}
		r, _, _ := RiskSpec().Build(nil)
		sv, _, _ := SurvivorSpec().Build(nil)
		s1, s2 := mk1(), mk1()
		free := 0
		for _, c := range s1.cells {
			if c == Free {
				free++
			}
		}
		t.Logf("%v free %d: risk %d survivor %d", sz, free, soloFill(t, s1, r), soloFill(t, s2, sv))
		if sz[0] == 30 {
			t.Logf("%s", s1)
		}
	}
}
