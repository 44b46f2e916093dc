package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// NEloScale converts a per-game t-value (s−½)/σ into normalized Elo:
// nElo = t · 800/ln 10 (statistics.md §3).
const NEloScale = 800 / math.Ln10

// EloFromScore is the logistic Elo difference of an expected score p:
// −400·log10(1/p − 1) (statistics.md §3). It is −Inf at 0, +Inf at 1 and
// NaN outside [0, 1].
func EloFromScore(p float64) float64 {
	switch {
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case !(p > 0 && p < 1):
		return math.NaN()
	}
	return -400 * math.Log10(1/p-1)
}

// ScoreFromElo is the expected score of a logistic Elo difference, the
// inverse of EloFromScore: 1/(1 + 10^(−elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Tri holds per-game counts: wins, draws, losses.
type Tri struct{ W, D, L int }

// Penta holds game-pair outcomes indexed by the pair score 0, ½, 1, 1½, 2:
// LL, LD, WL+DD, WD, WW (statistics.md §2).
type Penta [5]int

// PentaFrom6 builds a Penta from the spec's six-count notation
// (LL, LD, WL, DD, WD, WW); WL and DD both score 1 per pair.
func PentaFrom6(ll, ld, wl, dd, wd, ww int) Penta {
	return Penta{ll, ld, wl + dd, wd, ww}
}

// Estimate summarises a two-configuration comparison (statistics.md §3).
type Estimate struct {
	N     int     // units: pairs (Penta), games (Tri), blocks (BlockEstimate)
	Score float64 // mean per-game score in [0,1]
	SD    float64 // per-unit standard deviation of the per-game-scaled unit score
	// Elo is the logistic Elo of Score; [EloLo, EloHi] maps the interval
	// of the score through the same curve.
	Elo, EloLo, EloHi float64
	// NElo is the normalized Elo (s−½)/(√g·σ)·800/ln 10 with g games per
	// unit, with the interval of the score mapped at the same σ.
	NElo, NEloLo, NEloHi float64
	LOS                  float64 // Φ((s−½)/(σ/√n))
	// Exact is true when s is 0 or 1 or σ = 0; the interval is then the
	// Wilson score interval of the unit scores (see doc.go).
	Exact bool
}

// Estimate computes the per-game statistics of the counts; the unit is a
// game (g = 1).
func (t Tri) Estimate(conf float64) Estimate {
	return countsEstimate([]float64{1, 0.5, 0}, []float64{float64(t.W), float64(t.D), float64(t.L)}, 1, conf)
}

// Estimate computes the per-pair statistics of the counts; the unit is a
// game pair (g = 2) and its score is the pair score / 2.
func (p Penta) Estimate(conf float64) Estimate {
	c := make([]float64, 5)
	for i, v := range p {
		c[i] = float64(v)
	}
	return countsEstimate(pentaValues[:], c, 2, conf)
}

// BlockEstimate computes the statistics of per-block mean scores x (each
// in [0,1]) with the pair convention of statistics.md §3 (g = 2 games per
// block, so that a Penta is the special case x = pair score / 2). For
// blocks of another size use UnitEstimate.
func BlockEstimate(x []float64, conf float64) Estimate {
	return UnitEstimate(x, 2, conf)
}

// UnitEstimate computes the statistics of unit scores x (each in [0,1])
// where every unit stands for g games: g only enters the normalized Elo,
// nElo = (s−½)/(√g·σ)·800/ln 10 (statistics.md §3 with g = 2 for pairs).
func UnitEstimate(x []float64, g float64, conf float64) Estimate {
	c := make([]float64, len(x))
	for i := range c {
		c[i] = 1
	}
	return countsEstimate(x, c, g, conf)
}

var pentaValues = [5]float64{0, 0.25, 0.5, 0.75, 1}

// zConf is the two-sided normal quantile for confidence conf.
func zConf(conf float64) float64 { return distuv.UnitNormal.Quantile(0.5 + conf/2) }

// countsEstimate is the common code: values with (possibly fractional)
// counts, g games per unit.
func countsEstimate(values, counts []float64, g, conf float64) Estimate {
	var n, sum float64
	for i, c := range counts {
		n += c
		sum += c * values[i]
	}
	e := Estimate{N: int(math.Round(n))}
	if n <= 0 {
		nan := math.NaN()
		e.Score, e.SD, e.Elo, e.EloLo, e.EloHi = nan, nan, nan, nan, nan
		e.NElo, e.NEloLo, e.NEloHi, e.LOS = nan, nan, nan, nan
		return e
	}
	s := sum / n
	var ss float64
	for i, c := range counts {
		d := values[i] - s
		ss += c * d * d
	}
	sd := math.Sqrt(ss / n)
	// Rounding can leave a tiny variance where every unit scored the same.
	if sd < 1e-12 {
		sd = 0
	}
	e.Score, e.SD = s, sd
	e.Elo = EloFromScore(s)
	z := zConf(conf)
	se := sd / math.Sqrt(n)
	nelo := func(score, sigma float64) float64 {
		if sigma == 0 {
			switch {
			case score > 0.5:
				return math.Inf(1)
			case score < 0.5:
				return math.Inf(-1)
			}
			return 0
		}
		return (score - 0.5) / (math.Sqrt(g) * sigma) * NEloScale
	}
	switch {
	case sd == 0 && s == 0.5:
		e.LOS = 0.5
	case sd == 0 && s > 0.5:
		e.LOS = 1
	case sd == 0:
		e.LOS = 0
	default:
		e.LOS = distuv.UnitNormal.CDF((s - 0.5) / se)
	}
	e.NElo = nelo(s, sd)
	if s == 0 || s == 1 || sd == 0 {
		// statistics.md §3: the normal interval is meaningless here. Use
		// the Wilson score interval of n Bernoulli-like units with mean s:
		// the binomial variance s(1−s) is the largest a [0,1] score with
		// mean s can have, so the interval is conservative. The nElo ends
		// use the same worst-case σ = √(b(1−b)) at each end b.
		e.Exact = true
		lo, hi := Wilson(s, n, z)
		e.EloLo, e.EloHi = EloFromScore(lo), EloFromScore(hi)
		e.NEloLo = nelo(lo, math.Sqrt(lo*(1-lo)))
		e.NEloHi = nelo(hi, math.Sqrt(hi*(1-hi)))
		return e
	}
	lo, hi := clamp01(s-z*se), clamp01(s+z*se)
	e.EloLo, e.EloHi = EloFromScore(lo), EloFromScore(hi)
	e.NEloLo, e.NEloHi = nelo(lo, sd), nelo(hi, sd)
	return e
}

func clamp01(x float64) float64 { return math.Min(1, math.Max(0, x)) }

// Wilson is the Wilson score interval of a proportion p observed on n
// trials with normal quantile z. Its ends differ from p except at p = 0
// (lower end 0) and p = 1 (upper end 1), where the other end is
// n/(n+z²) from the boundary.
func Wilson(p, n, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	z2 := z * z
	den := 1 + z2/n
	c := (p + z2/(2*n)) / den
	h := z / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return clamp01(c - h), clamp01(c + h)
}
