package stats

// TEMPORARY stub until the helper's Race lands (not committed).
func Race(x [][]float64, alpha float64) (rankSums []float64, worse []bool, p float64) {
	return make([]float64, len(x[0])), make([]bool, len(x[0])), 1
}
