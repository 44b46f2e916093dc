package stats

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// ranksWithin returns the ranks of the values of one block, 1 for the
// lowest, tied values sharing the mean of their ranks, and adds Σ(t³ − t)
// over the groups of ties to *ties.
func ranksWithin(v []float64, ties *float64) []float64 {
	k := len(v)
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
	r := make([]float64, k)
	for i := 0; i < k; {
		j := i + 1
		for j < k && v[idx[j]] == v[idx[i]] {
			j++
		}
		avg := float64(i+j+1) / 2 // mean of ranks i+1..j
		for q := i; q < j; q++ {
			r[idx[q]] = avg
		}
		if t := float64(j - i); t > 1 && ties != nil {
			*ties += t*t*t - t
		}
		i = j
	}
	return r
}

func checkRect(x [][]float64) int {
	if len(x) == 0 {
		return 0
	}
	k := len(x[0])
	for b, row := range x {
		if len(row) != k {
			panic(fmt.Sprintf("stats: block %d has %d results, block 0 has %d", b, len(row), k))
		}
	}
	return k
}

// friedman computes rank sums, the tie-corrected Friedman statistic and
// its p-value, plus Σ r² for Conover's comparisons.
func friedman(x [][]float64) (rankSums []float64, stat, p, sumSq float64) {
	k := checkRect(x)
	n := len(x)
	rankSums = make([]float64, k)
	if n == 0 || k < 2 {
		return rankSums, 0, 1, 0
	}
	var ties float64
	for _, row := range x {
		for i, r := range ranksWithin(row, &ties) {
			rankSums[i] += r
			sumSq += r * r
		}
	}
	fn, fk := float64(n), float64(k)
	var ss float64
	for _, r := range rankSums {
		d := r - fn*(fk+1)/2
		ss += d * d
	}
	den := fn*fk*(fk+1) - ties/(fk-1)
	if !(den > 0) {
		return rankSums, 0, 1, sumSq // every block all tied: no evidence
	}
	stat = 12 * ss / den
	p = distuv.ChiSquared{K: fk - 1}.Survival(stat)
	return rankSums, stat, p, sumSq
}

// Friedman is the Friedman rank test over blocks (statistics.md §5):
// x[block][i] is the result of treatment i in that block. Results are
// ranked within each block (ties get mean ranks) and
//
//	stat = 12·Σ_i (R_i − n(k+1)/2)² / (n·k·(k+1) − Σ(t³ − t)/(k − 1))
//
// with R_i the rank sums and t the sizes of the groups of ties; p is the
// chi-square (k − 1 degrees of freedom) upper tail. Fewer than 2
// treatments, no blocks, or every block entirely tied give stat 0, p 1.
// Every block must have the same number of results (it panics otherwise).
func Friedman(x [][]float64) (stat, p float64) {
	_, stat, p, _ = friedman(x)
	return stat, p
}

// Race is one elimination step of irace's F-race (statistics.md §5):
// x[block][i] = result of treatment i in that block, higher is better.
//
// With k ≥ 3 treatments: the Friedman test (see Friedman); if p < alpha,
// Conover's multiple comparisons (Conover, Practical Nonparametric
// Statistics, 1999, pp. 369–371, as irace does) mark treatment i worse
// than the best (highest rank sum R_b) when
//
//	R_b − R_i > t_{1−α/2, (n−1)(k−1)} · √(2·(n·A − Σ R_j²) / ((n−1)(k−1)))
//
// with A = Σ r² over all ranks. With k = 2: the Wilcoxon signed-rank test
// of the paired differences (zero differences dropped, mean ranks for
// ties with the tie-corrected variance, normal approximation with
// continuity correction — irace's choice); if p < alpha the treatment
// with the lower mean (then the lower rank sum) is worse. If p ≥ alpha,
// worse is all false. rankSums are the Friedman rank sums (rank 1 = lowest
// result in a block), whatever k.
func Race(x [][]float64, alpha float64) (rankSums []float64, worse []bool, p float64) {
	rankSums, _, p, sumSq := friedman(x)
	k, n := len(rankSums), len(x)
	worse = make([]bool, k)
	switch {
	case k < 2 || n == 0:
		return rankSums, worse, 1
	case k == 2:
		d := make([]float64, n)
		var m0, m1 float64
		for b, row := range x {
			d[b] = row[1] - row[0]
			m0 += row[0]
			m1 += row[1]
		}
		p = wilcoxonSignedRank(d)
		if p < alpha {
			switch {
			case m0 < m1 || (m0 == m1 && rankSums[0] < rankSums[1]):
				worse[0] = true
			case m1 < m0 || (m0 == m1 && rankSums[1] < rankSums[0]):
				worse[1] = true
			}
		}
		return rankSums, worse, p
	}
	if !(p < alpha) || n < 2 {
		return rankSums, worse, p
	}
	best := 0
	var sumR2 float64
	for i, r := range rankSums {
		sumR2 += r * r
		if r > rankSums[best] {
			best = i
		}
	}
	fn, fk := float64(n), float64(k)
	df := (fn - 1) * (fk - 1)
	v := 2 * (fn*sumSq - sumR2) / df
	if !(v > 0) {
		return rankSums, worse, p
	}
	crit := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(1-alpha/2) * math.Sqrt(v)
	for i, r := range rankSums {
		worse[i] = rankSums[best]-r > crit
	}
	return rankSums, worse, p
}

// wilcoxonSignedRank is the two-sided p-value of the Wilcoxon signed-rank
// test of differences d against 0: zero differences dropped, |d| ranked
// with mean ranks for ties, V = Σ ranks of positive d, normal
// approximation with mean n(n+1)/4, variance n(n+1)(2n+1)/24 − Σ(t³−t)/48
// and a continuity correction of ½ towards the mean. No non-zero
// differences (or no variance) give 1.
func wilcoxonSignedRank(d []float64) float64 {
	var abs []float64
	var pos []bool
	for _, v := range d {
		if v != 0 && !math.IsNaN(v) {
			abs = append(abs, math.Abs(v))
			pos = append(pos, v > 0)
		}
	}
	n := float64(len(abs))
	if n == 0 {
		return 1
	}
	var ties float64
	r := ranksWithin(abs, &ties)
	var V float64
	for i, x := range r {
		if pos[i] {
			V += x
		}
	}
	mean := n * (n + 1) / 4
	variance := n*(n+1)*(2*n+1)/24 - ties/48
	if !(variance > 0) {
		return 1
	}
	z := V - mean
	switch {
	case z > 0:
		z -= 0.5
	case z < 0:
		z += 0.5
	}
	z /= math.Sqrt(variance)
	return math.Min(1, 2*distuv.UnitNormal.CDF(-math.Abs(z)))
}
