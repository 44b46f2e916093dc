package groker_test

import (
	"sync"
	"testing"

	"tourney/engines/conformance"
	"tourney/engines/game"
	"tourney/engines/groker"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, groker.Game{}, conformance.Options{
		Playouts: 100,
		Returns:  []conformance.Range{{Min: 0, Max: 200 * groker.MaxBid}},
	})
}

func TestBank(t *testing.T) {
	for _, c := range []struct{ b1, b2, g1, g2 int64 }{
		// the spec's banking examples
		{7, 7, 7, 7}, {5, 10, 5, 10}, {4, 10, 4, 0}, {12, 3, 0, 3}, {1, 1000, 1, 0},
		// both sides of the band: gap 5 both bank, gap 6 only the lower
		{10, 5, 10, 5}, {11, 5, 0, 5}, {5, 11, 5, 0}, {1, 6, 1, 6}, {1, 7, 1, 0},
		// undercutting a bid b ≥ 7 by exactly 6 banks b−6, the opponent nothing
		{7, 1, 0, 1}, {20, 14, 0, 14},
	} {
		g1, g2 := groker.Bank(c.b1, c.b2, 5)
		if g1 != c.g1 || g2 != c.g2 {
			t.Errorf("Bank(%d, %d) = %d, %d; want %d, %d", c.b1, c.b2, g1, g2, c.g1, c.g2)
		}
	}
}

// TestEndConditions plays hand-computed rounds and checks the totals and
// the round after which the game ends.
func TestEndConditions(t *testing.T) {
	rep := func(n int, b [2]int) [][2]int {
		r := make([][2]int, n)
		for i := range r {
			r[i] = b
		}
		return r
	}
	cat := func(xs ...[][2]int) (out [][2]int) {
		for _, x := range xs {
			out = append(out, x...)
		}
		return out
	}
	for _, c := range []struct {
		name    string
		v       *groker.Variant
		bids    [][2]int
		endsAt  int // rounds played when the game ends, 0: still running after all bids
		t0, t1  int64
		returns [2]float64
	}{
		// 20 undercuts of 11 by 5 (gap 6): seat 1 banks 5 a round; 100 after 20.
		{"standard: difference 100 ends", groker.Standard, rep(20, [2]int{11, 5}), 20, 0, 100, [2]float64{0, 100}},
		{"standard: difference 99 goes on", groker.Standard, cat(rep(19, [2]int{11, 5}), [][2]int{{1, 5}}), 0, 1, 100, [2]float64{1, 100}},
		{"strict: difference 100 goes on", groker.Strict, rep(20, [2]int{11, 5}), 0, 0, 100, [2]float64{0, 100}},
		{"strict: difference 101 ends", groker.Strict, cat(rep(20, [2]int{11, 5}), [][2]int{{1, 2}}), 21, 1, 102, [2]float64{1, 102}},
		// inside the band the higher bidder gains up to 5 a round: 20 × 5 = 100
		{"standard: band gains reach 100", groker.Standard, rep(20, [2]int{10, 5}), 20, 200, 100, [2]float64{200, 100}},
		{"strict: band gains 100 go on", groker.Strict, rep(20, [2]int{10, 5}), 0, 200, 100, [2]float64{200, 100}},
		// equal bids never end early: 200 rounds
		{"standard: 200 rounds", groker.Standard, rep(200, [2]int{7, 7}), 200, 1400, 1400, [2]float64{1400, 1400}},
		{"standard: 199 rounds go on", groker.Standard, rep(199, [2]int{7, 7}), 0, 1393, 1393, [2]float64{1393, 1393}},
		{"standard: largest bid", groker.Standard, [][2]int{{groker.MaxBid, groker.MaxBid - 5}}, 0, groker.MaxBid, groker.MaxBid - 5, [2]float64{groker.MaxBid, groker.MaxBid - 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := groker.NewState(c.v)
			for i, b := range c.bids {
				if s.IsTerminal() {
					t.Fatalf("over after %d rounds, want %d", i, c.endsAt)
				}
				s.ApplyJoint([]game.Action{game.Action(b[0]), game.Action(b[1])})
			}
			want := c.endsAt != 0
			if s.IsTerminal() != want || (want && s.Rounds() != c.endsAt) {
				t.Fatalf("after %d rounds: terminal %v, want %v at %d", s.Rounds(), s.IsTerminal(), want, c.endsAt)
			}
			if s.Total(0) != c.t0 || s.Total(1) != c.t1 {
				t.Fatalf("totals %d:%d, want %d:%d", s.Total(0), s.Total(1), c.t0, c.t1)
			}
			r := s.Returns(nil)
			if r[0] != c.returns[0] || r[1] != c.returns[1] {
				t.Fatalf("returns %v, want %v", r, c.returns)
			}
			if want && (s.CurrentPlayer() != game.TerminalPlayer || len(s.LegalActions(0, nil)) != 0) {
				t.Fatal("terminal state still has moves")
			}
		})
	}
}

func TestLegalActions(t *testing.T) {
	s := groker.NewState(groker.Standard)
	if s.CurrentPlayer() != game.SimultaneousPlayer {
		t.Fatalf("CurrentPlayer %d", s.CurrentPlayer())
	}
	for p := 0; p < 2; p++ {
		a := s.LegalActions(p, nil)
		if len(a) != groker.MaxBid || a[0] != 1 || a[len(a)-1] != groker.MaxBid {
			t.Fatalf("legal actions of %d: %d from %d to %d", p, len(a), a[0], a[len(a)-1])
		}
	}
	for _, bad := range [][]game.Action{{0, 5}, {5, 0}, {-1, 5}, {groker.MaxBid + 1, 5}, {5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("ApplyJoint(%v) did not panic", bad)
				}
			}()
			s.Clone().(*groker.State).ApplyJoint(bad)
		}()
	}
}

func TestMaps(t *testing.T) {
	g := groker.Game{}
	if got := g.Maps(); len(got) != 2 || got[0] != "standard" || got[1] != "strict" {
		t.Fatalf("Maps %v", got)
	}
	if _, err := g.LoadMap("file.map"); err == nil {
		t.Fatal("LoadMap of a file name succeeded")
	}
	if i := g.Info(); i.HasMaps || !i.Simultaneous || i.MaxLength != 200 || i.MinPlayers != 2 || i.MaxPlayers != 2 {
		t.Fatalf("Info %+v", i)
	}
	if _, err := groker.NewVariant("x", 0, 100, false, 5); err == nil {
		t.Fatal("max_rounds 0 accepted")
	}
	v, err := groker.NewVariant("long", 1000, 100, false, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := groker.NewState(v)
	for !s.IsTerminal() {
		s.Play(3, 3)
	}
	if s.Rounds() != 1000 || len(s.History()) != 1000 || s.History()[999].Total != [2]int64{3000, 3000} {
		t.Fatalf("long game: %s", s)
	}
}

// TestCloneHistory: a clone and its original that both go on keep their
// own histories (the history is shared until they diverge), also when
// used from different goroutines.
func TestCloneHistory(t *testing.T) {
	s := groker.NewState(groker.Standard)
	s.Play(3, 4)
	c := s.Clone().(*groker.State)
	s.Play(5, 6)
	c.Play(7, 8)
	if h := s.History(); len(h) != 2 || h[1].Bid != [2]int32{5, 6} {
		t.Fatalf("original %v", h)
	}
	if h := c.History(); len(h) != 2 || h[1].Bid != [2]int32{7, 8} || h[0].Bid != [2]int32{3, 4} {
		t.Fatalf("clone %v", h)
	}
	var wg sync.WaitGroup
	results := make([]*groker.State, 8)
	for k := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := s.Clone().(*groker.State)
			for i := 0; i < 50; i++ {
				x.Play(k+1, k+1)
			}
			results[k] = x
		}()
	}
	wg.Wait()
	for k, x := range results {
		h := x.History()
		if len(h) != 52 || h[0].Bid != [2]int32{3, 4} || h[1].Bid != [2]int32{5, 6} {
			t.Fatalf("goroutine %d: prefix %v", k, h[:2])
		}
		for _, r := range h[2:] {
			if r.Bid != [2]int32{int32(k + 1), int32(k + 1)} {
				t.Fatalf("goroutine %d: round %v", k, r)
			}
		}
	}
}
