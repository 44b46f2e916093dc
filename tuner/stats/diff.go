package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Diff is the summary of paired differences (statistics.md §3, more than
// two seats): the mean with a Student-t interval at the requested
// confidence and the two-sided p-value of mean = 0.
type Diff struct {
	N                   int
	Mean, SD, Lo, Hi, P float64
}

// PairedDiff summarises the per-block differences d (e.g. mean points of
// configuration A minus those of B on the same block).
//
// N ≥ 2 and SD > 0: SD is the sample standard deviation (n − 1), the
// interval Mean ± t_{n−1,(1+conf)/2}·SD/√n and P the two-sided t-test.
//
// Degenerate cases never claim certainty with a zero-width interval:
//   - N = 0: Mean and SD NaN, interval (−Inf, +Inf), P = 1.
//   - N = 1: Mean = d[0], SD NaN, interval (−Inf, +Inf), P = 1.
//   - SD = 0 (all N ≥ 2 differences equal to m): the spread cannot be
//     estimated, so only the sign is tested, by the exact two-sided sign
//     test: P = min(1, 2·2^−N) for m ≠ 0, P = 1 for m = 0. The interval
//     claims only the sign: (0, +Inf) — reported as Lo = 0, Hi = +Inf —
//     when m > 0 and P < 1 − conf, mirrored for m < 0, else (−Inf, +Inf).
//     Decide on P (or Lo > 0, which stays false here) in this case.
func PairedDiff(d []float64, conf float64) Diff {
	n := len(d)
	r := Diff{N: n, Lo: math.Inf(-1), Hi: math.Inf(1), P: 1}
	switch n {
	case 0:
		r.Mean, r.SD = math.NaN(), math.NaN()
		return r
	case 1:
		r.Mean, r.SD = d[0], math.NaN()
		return r
	}
	mean, sd := stat.MeanStdDev(d, nil)
	r.Mean, r.SD = mean, sd
	allEqual := true
	for _, x := range d {
		if x != d[0] {
			allEqual = false
			break
		}
	}
	if allEqual {
		r.SD = 0
		if d[0] == 0 {
			return r
		}
		r.P = math.Min(1, 2*math.Pow(0.5, float64(n)))
		if r.P < 1-conf {
			if d[0] > 0 {
				r.Lo = 0
			} else {
				r.Hi = 0
			}
		}
		return r
	}
	se := sd / math.Sqrt(float64(n))
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}
	q := st.Quantile(0.5 + conf/2)
	r.Lo, r.Hi = mean-q*se, mean+q*se
	r.P = math.Min(1, 2*st.Survival(math.Abs(mean)/se))
	return r
}
