package groker

// SortedSimilar exposes the first two steps for tests.
func SortedSimilar(a AI, e, g []int) []Situation {
	s := a.Similar(e, g, nil)
	SortSituations(s)
	return s
}
