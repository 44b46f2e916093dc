package game

import "math/rand/v2"

// Mix derives a seed from a seed and further values (splitmix64 steps), so
// that every game, seat and bot gets an independent, reproducible stream.
func Mix(seed uint64, parts ...uint64) uint64 {
	h := splitmix(seed ^ 0x6a09e667f3bcc909)
	for _, p := range parts {
		h = splitmix(h ^ splitmix(p+0x9e3779b97f4a7c15))
	}
	return h
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// NewRand returns a deterministic generator for seed (PCG).
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, Mix(seed, 1)))
}
