package tuner

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// z95 is the two-sided 95 % quantile of the standard normal (≈ 1.96).
var z95 = distuv.UnitNormal.Quantile(0.975)

// EloFromScore is the logistic Elo difference of an expected score p:
// −400·log10(1/p − 1). It is −Inf at 0 and +Inf at 1.
func EloFromScore(p float64) float64 { return -400 * math.Log10(1/p-1) }

// ScoreFromElo is the expected score of an Elo difference (the inverse of
// EloFromScore).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// eloInterval maps a mean points share over n games, and the per-game
// (population) variance of the points, to a logistic Elo with a 95 %
// normal-approximation interval.
//
// So that 0 % and 100 % stay finite, the share and the interval ends are
// clamped into [1/(2n), 1 − 1/(2n)] (half a game from either end); when
// the share had to be clamped, the per-game standard deviation is at least
// that of a win/loss game at the clamped share, √(p(1−p)), so a clean
// sweep still gets an interval. n = 0 gives NaNs.
func eloInterval(mean, variance float64, n int) (elo, lo, hi float64) {
	if n <= 0 || math.IsNaN(mean) {
		return math.NaN(), math.NaN(), math.NaN()
	}
	eps := 1 / (2 * float64(n))
	clamp := func(p float64) float64 { return math.Min(math.Max(p, eps), 1-eps) }
	pc := clamp(mean)
	sd := math.Sqrt(math.Max(variance, 0))
	if pc != mean {
		sd = math.Max(sd, math.Sqrt(pc*(1-pc)))
	}
	se := sd / math.Sqrt(float64(n))
	return EloFromScore(pc), EloFromScore(clamp(pc - z95*se)), EloFromScore(clamp(pc + z95*se))
}

// Rating is the logistic Elo of the mean points share over games (each
// game's points in [0, 1]) with a 95 % interval from the per-game
// variance: mean ± 1.96·sd/√n, mapped through EloFromScore. Shares are
// clamped into [1/(2n), 1 − 1/(2n)] so that results stay finite (see
// MatchStats); no games give NaN, NaN, NaN.
func Rating(points []float64) (elo, lo, hi float64) {
	if len(points) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	mean, variance := stat.PopMeanVariance(points, nil)
	return eloInterval(mean, variance, len(points))
}

// MatchStats summarises a match from one side's point of view.
type MatchStats struct {
	Games, Wins, Draws, Losses int
	Points                     float64 // wins + draws/2 (or the sum of per-game points)
	Score                      float64 // Points / Games
	// Elo is the logistic Elo difference of Score with its 95 % interval
	// [EloLo, EloHi] (see Rating for the clamping at 0 % and 100 %).
	Elo, EloLo, EloHi float64
	// LOS is the likelihood of superiority, Φ((W−L)/√(W+L)); 0.5 when
	// W+L = 0.
	LOS float64
}

// NewMatchStats computes the statistics of w wins, d draws and l losses.
// With no games, Score and the Elo values are NaN and LOS is 0.5.
func NewMatchStats(w, d, l int) MatchStats {
	st := MatchStats{Games: w + d + l, Wins: w, Draws: d, Losses: l}
	st.Points = float64(w) + float64(d)/2
	st.LOS = los(w, l)
	if st.Games == 0 {
		st.Score, st.Elo, st.EloLo, st.EloHi = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return st
	}
	n := float64(st.Games)
	s := st.Points / n
	st.Score = s
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	st.Elo, st.EloLo, st.EloHi = eloInterval(s, variance, st.Games)
	return st
}

// MatchStatsFromPoints generalises NewMatchStats to per-game points in
// [0, 1] (e.g. rank points of games with more than two seats): a game
// counts as a win above ½, a draw at ½ and a loss below; Points, Score
// and the Elo interval use the points themselves.
func MatchStatsFromPoints(points []float64) MatchStats {
	var st MatchStats
	for _, p := range points {
		switch {
		case p > 0.5:
			st.Wins++
		case p < 0.5:
			st.Losses++
		default:
			st.Draws++
		}
		st.Points += p
	}
	st.Games = len(points)
	st.LOS = los(st.Wins, st.Losses)
	if st.Games == 0 {
		st.Score, st.Elo, st.EloLo, st.EloHi = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return st
	}
	mean, variance := stat.PopMeanVariance(points, nil)
	st.Score = mean
	st.Elo, st.EloLo, st.EloHi = eloInterval(mean, variance, st.Games)
	return st
}

// los is Φ((W−L)/√(W+L)).
func los(w, l int) float64 {
	if w+l == 0 {
		return 0.5
	}
	return distuv.UnitNormal.CDF(float64(w-l) / math.Sqrt(float64(w+l)))
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1" or "elo0,elo1,alpha,beta" (alpha and beta
// default to 0.05). elo0 must be less than elo1, and alpha, beta in (0, 1)
// with alpha + beta < 1.
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, fmt.Errorf("%q: want elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	var v [4]float64
	v[2], v[3] = 0.05, 0.05
	names := []string{"elo0", "elo1", "alpha", "beta"}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("%s %q is not a number", names[i], strings.TrimSpace(p))
		}
		v[i] = x
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if !(t.Elo0 < t.Elo1) {
		return SPRT{}, fmt.Errorf("elo0 (%g) must be less than elo1 (%g)", t.Elo0, t.Elo1)
	}
	if !(t.Alpha > 0 && t.Alpha < 1 && t.Beta > 0 && t.Beta < 1 && t.Alpha+t.Beta < 1) {
		return SPRT{}, fmt.Errorf("alpha (%g) and beta (%g) must be between 0 and 1, with alpha + beta < 1", t.Alpha, t.Beta)
	}
	return t, nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Lower is the bound log(β/(1−α)) at or below which H0 is accepted.
func (t SPRT) Lower() float64 { return math.Log(t.Beta / (1 - t.Alpha)) }

// Upper is the bound log((1−β)/α) at or above which H1 is accepted.
func (t SPRT) Upper() float64 { return math.Log((1 - t.Beta) / t.Alpha) }

// LLR is the log-likelihood ratio of w wins, d draws and l losses, by the
// usual trinomial GSPRT approximation (fishtest's LLR_logistic):
//
//	LLR = N·(s1 − s0)·(2·μ − s0 − s1) / (2·σ²)
//
// with s0, s1 the expected scores of Elo0 and Elo1, μ the mean score per
// game and σ² its per-game variance. While there are no wins or no losses
// the missing count is taken as half a game (fishtest takes 1e-3,
// cutechess-cli waits until every count is non-zero), so that one or two
// one-sided games cannot decide the test. No games give 0.
func (t SPRT) LLR(w, d, l int) float64 {
	if w+d+l == 0 {
		return 0
	}
	fw, fd, fl := float64(w), float64(d), float64(l)
	if w == 0 {
		fw = 0.5
	}
	if l == 0 {
		fl = 0.5
	}
	n := fw + fd + fl
	mu := (fw + fd/2) / n
	variance := (fw*(1-mu)*(1-mu) + fd*(0.5-mu)*(0.5-mu) + fl*mu*mu) / n
	if variance <= 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*mu - s0 - s1) / (2 * variance)
}

// State is the test's verdict for a log-likelihood ratio: "H1" (accepted)
// at or above Upper, "H0" at or below Lower, "continue" otherwise.
func (t SPRT) State(llr float64) string {
	switch {
	case llr >= t.Upper():
		return "H1"
	case llr <= t.Lower():
		return "H0"
	}
	return "continue"
}

// Test returns the LLR of w, d, l and the verdict (see State).
func (t SPRT) Test(w, d, l int) (llr float64, state string) {
	llr = t.LLR(w, d, l)
	return llr, t.State(llr)
}
