package tuner

import (
	"math"
	"strings"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s = %.10g, want %.10g (±%g)", what, got, want, tol)
	}
}

func TestEloFromScore(t *testing.T) {
	near(t, "Elo(0.5)", EloFromScore(0.5), 0, 1e-12)
	// −400·log10(1/0.75 − 1) = 400·log10(3) = 190.8485
	near(t, "Elo(0.75)", EloFromScore(0.75), 190.848501887865, 1e-9)
	near(t, "Elo(0.25)", EloFromScore(0.25), -190.848501887865, 1e-9)
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Error("EloFromScore at 0 and 1 should be infinite")
	}
	near(t, "ScoreFromElo(Elo(0.3))", ScoreFromElo(EloFromScore(0.3)), 0.3, 1e-12)
}

func TestMatchStats(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: score (60 + 10)/100 = 0.7,
	// Elo = 400·log10(0.7/0.3) = 147.1907.
	// Per-game variance: 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.16, sd 0.4,
	// standard error 0.04; 0.7 ∓ 1.959964·0.04 = 0.621601 .. 0.778399,
	// i.e. Elo 86.2250 .. 218.2518.
	st := NewMatchStats(60, 20, 20)
	if st.Games != 100 || st.Wins != 60 || st.Draws != 20 || st.Losses != 20 || st.Points != 70 {
		t.Errorf("counts %+v", st)
	}
	near(t, "score", st.Score, 0.7, 1e-12)
	near(t, "elo", st.Elo, 147.19071411783776, 1e-9)
	near(t, "elo lo", st.EloLo, 86.22501520030423, 1e-6)
	near(t, "elo hi", st.EloHi, 218.2517776410748, 1e-6)
	// LOS = Φ(40/√80) = Φ(4.4721) = 0.99999613
	near(t, "los", st.LOS, 0.9999961278917845, 1e-9)

	if los := NewMatchStats(10, 5, 10).LOS; los != 0.5 {
		t.Errorf("LOS with W = L is %v", los)
	}
	if los := NewMatchStats(0, 7, 0).LOS; los != 0.5 {
		t.Errorf("LOS with only draws is %v", los)
	}
	near(t, "LOS(5, 0, 10)", NewMatchStats(5, 0, 10).LOS, 0.0983528, 1e-6) // Φ(−5/√15) = Φ(−1.29099)

	z := NewMatchStats(0, 0, 0)
	if !math.IsNaN(z.Score) || !math.IsNaN(z.Elo) || z.LOS != 0.5 {
		t.Errorf("no games: %+v", z)
	}
}

func TestMatchStatsClamped(t *testing.T) {
	// 10 wins: the share is clamped to 1 − 1/20 = 0.95 (Elo 511.5); the
	// sd is that of a win/loss game at 0.95, √(0.95·0.05) = 0.2179, so
	// the lower end is 0.95 − 1.96·0.0689 = 0.8149 (Elo 257.5) and the
	// upper end stays at the clamp.
	st := NewMatchStats(10, 0, 0)
	near(t, "elo", st.Elo, 511.50144038113183, 1e-9)
	near(t, "lo", st.EloLo, 257.50081723632127, 1e-6)
	near(t, "hi", st.EloHi, 511.50144038113183, 1e-9)
	lost := NewMatchStats(0, 0, 10)
	near(t, "all lost", lost.Elo, -511.50144038113183, 1e-9)
	near(t, "all lost hi", lost.EloHi, -257.50081723632127, 1e-6)
}

func TestRating(t *testing.T) {
	var pts []float64
	for range 60 {
		pts = append(pts, 1)
	}
	for range 20 {
		pts = append(pts, 0.5, 0)
	}
	elo, lo, hi := Rating(pts)
	st := NewMatchStats(60, 20, 20)
	near(t, "rating", elo, st.Elo, 1e-9)
	near(t, "rating lo", lo, st.EloLo, 1e-9)
	near(t, "rating hi", hi, st.EloHi, 1e-9)
	if e, l, h := Rating(nil); !math.IsNaN(e) || !math.IsNaN(l) || !math.IsNaN(h) {
		t.Error("Rating(nil) should be NaN")
	}
	// Extremes stay finite.
	for _, p := range [][]float64{{1, 1, 1}, {0, 0}, {1}} {
		e, l, h := Rating(p)
		if math.IsInf(e, 0) || math.IsInf(l, 0) || math.IsInf(h, 0) || l > e || e > h {
			t.Errorf("Rating(%v) = %v %v %v", p, e, l, h)
		}
	}
	// Points of multi-seat games.
	ms := MatchStatsFromPoints([]float64{1, 2.0 / 3, 1.0 / 3, 0.5, 0})
	if ms.Wins != 2 || ms.Draws != 1 || ms.Losses != 2 || ms.Games != 5 {
		t.Errorf("%+v", ms)
	}
	near(t, "points", ms.Points, 2.5, 1e-12)
	near(t, "score", ms.Score, 0.5, 1e-12)
	near(t, "elo", ms.Elo, 0, 1e-9)
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0,10")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}) {
		t.Errorf("got %+v %v", s, err)
	}
	s, err = ParseSPRT("-5, 5, 0.1, 0.2")
	if err != nil || s != (SPRT{Elo0: -5, Elo1: 5, Alpha: 0.1, Beta: 0.2}) {
		t.Errorf("got %+v %v", s, err)
	}
	for in, want := range map[string]string{
		"10":           "want elo0,elo1",
		"0,10,0.05":    "want elo0,elo1",
		"0,x":          `elo1 "x" is not a number`,
		"10,0":         "elo0 (10) must be less than elo1 (0)",
		"0,10,0,0.05":  "must be between 0 and 1",
		"0,10,0.6,0.5": "alpha + beta < 1",
	} {
		_, err := ParseSPRT(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSPRT(%q) = %v, want %q", in, err, want)
		}
	}
}

func TestSPRT(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// Bounds: log(0.05/0.95) = −2.944439, log(0.95/0.05) = +2.944439.
	near(t, "lower", s.Lower(), -2.9444389791664403, 1e-12)
	near(t, "upper", s.Upper(), 2.9444389791664403, 1e-12)

	// 60/20/20: s0 = 0.5, s1 = 1/(1 + 10^(−10/400)) = 0.514387184,
	// μ = 0.7, σ² = 0.16 (see TestMatchStats), so
	// LLR = 100·(s1 − s0)·(2·0.7 − s0 − s1)/(2·0.16)
	//     = 100·0.014387184·0.385612816/0.32 = 1.733713.
	llr := s.LLR(60, 20, 20)
	near(t, "LLR(60,20,20)", llr, 1.7337133119290997, 1e-9)
	if st := s.State(llr); st != "continue" {
		t.Errorf("state %s", st)
	}
	if l, st := s.Test(600, 200, 200); st != "H1" || l < s.Upper() {
		t.Errorf("600/200/200: %v %s", l, st)
	}
	if l, st := s.Test(200, 200, 600); st != "H0" || l > s.Lower() {
		t.Errorf("200/200/600: %v %s", l, st)
	}
	// Equal results sit below the midpoint (5 Elo): negative LLR.
	if l := s.LLR(100, 100, 100); l >= 0 {
		t.Errorf("LLR(100,100,100) = %v", l)
	}
	// One win alone must not decide: with the missing loss taken as half
	// a game, μ = 2/3, σ² = 2/9 and LLR = 1.5·0.014387·0.31906/0.44444
	// = 0.015487.
	near(t, "LLR(1,0,0)", s.LLR(1, 0, 0), 0.015486987331484568, 1e-9)
	if s.LLR(0, 0, 0) != 0 {
		t.Error("LLR without games")
	}
	// All draws: Elo 0 precisely, so H0 (elo0 = 0) eventually.
	if _, st := s.Test(0, 200, 0); st != "H0" {
		t.Errorf("200 draws: %s", st)
	}
}
