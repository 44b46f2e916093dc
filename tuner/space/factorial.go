package space

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"tourney/engines/game"
)

// method = "factorial" (statistics.md §7): a two-level fractional
// factorial of resolution IV for the two-value knobs (main effects clear
// of two-way interactions), with a balanced seeded assignment of levels
// for knobs of more values. The design's runs are the candidates a
// tournament plays; every other point of the full grid is a variant too
// (numbered after them), so that the effects model can predict it and a
// planner can play the predicted best for real.
//
// Construction: with q base factors (2^q runs), the columns are the
// products of odd numbers of base factors, 2^(q−1) of them: the product
// of three odd-sized sets is odd-sized, never the identity, so no
// defining word has length 3 and the resolution is at least IV (the
// "even" or foldover design). q is the smallest with 2^(q−1) ≥ k for k
// two-value knobs: 8 runs for up to 4 knobs, 16 for 5–8, 32 for 9–16, 64
// for 17–32. Singletons come first (base factors), then triples, then
// quintuples, in lexicographic order. A knob's low level is its default
// value (or its first value when the default is not among them).

const seedTagFactorial = 0xfac7

// Factorial describes a generated design.
type Factorial struct {
	Runs       int      // design points (the defaults not counted)
	TwoLevel   []string // knobs in the two-level part, in file order
	MultiLevel []string // knobs assigned by balanced levels
	Columns    []uint   // per two-level knob: its set of base factors
	// Aliases lists the two-way interactions that share a column (each
	// group's members cannot be told apart by the design).
	Aliases [][]string
	// mirror maps a design variant to its foldover (every two-level knob
	// flipped), when that is a design variant too.
	mirror map[int]int
}

// Mirror is the design variant whose two-level knobs are all flipped
// (the foldover of v's run), or −1. A game between a run and its mirror
// informs every main effect at once (statistics.md §7).
func (f *Factorial) Mirror(v int) int {
	if m, ok := f.mirror[v]; ok {
		return m
	}
	return -1
}

// Resolution is 4 (IV) when main effects are clear of two-way
// interactions, 5 (V) when no two-way interaction is aliased with another
// (the full factorial counts as V).
func (f *Factorial) Resolution() int {
	if len(f.Aliases) == 0 {
		return 5
	}
	return 4
}

func (f *Factorial) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d runs for %d two-level knobs", f.Runs, len(f.TwoLevel))
	if len(f.MultiLevel) > 0 {
		fmt.Fprintf(&b, " and %d of more levels (balanced)", len(f.MultiLevel))
	}
	if f.Resolution() >= 5 {
		b.WriteString("; every main effect and two-way interaction separable")
	} else {
		fmt.Fprintf(&b, "; resolution IV: main effects clear of two-way interactions, %d groups of aliased two-way interactions (e.g. %s)",
			len(f.Aliases), strings.Join(f.Aliases[0], " = "))
	}
	return b.String()
}

// factorialColumns picks k odd-sized subsets of q base factors.
func factorialColumns(k int) (q int, cols []uint) {
	q = 1
	for 1<<(q-1) < k {
		q++
	}
	for size := 1; size <= q; size += 2 {
		for m := uint(1); m < 1<<q; m++ {
			if bits.OnesCount(m) == size {
				cols = append(cols, m)
			}
		}
	}
	return q, cols[:k]
}

// factorialPoints is the design: its points (values of s.Params in order)
// and its description.
func (s *Space) factorialPoints() ([][]any, *Factorial, error) {
	def := s.DefaultPoint()
	f := &Factorial{}
	var two []int
	for i, p := range s.Params {
		if p.Continuous || len(p.Values) == 0 {
			return nil, nil, &genError{key: "params." + p.Name, msg: "method factorial needs a list of values (values = [...], or min/max with steps); a continuous range goes with random or lhs"}
		}
		if len(p.Values) == 2 {
			two = append(two, i)
			f.TwoLevel = append(f.TwoLevel, p.Name)
		} else if len(p.Values) > 2 {
			f.MultiLevel = append(f.MultiLevel, p.Name)
		}
	}
	runs := 1
	if len(two) > 0 {
		q, cols := factorialColumns(len(two))
		f.Columns = cols
		runs = 1 << q
	}
	// more levels: at least as many runs as the largest level count
	for _, p := range s.Params {
		for runs < len(p.Values) {
			runs *= 2
		}
	}
	f.Runs = runs
	pts := make([][]any, runs)
	for r := range pts {
		pts[r] = slices.Clone(def)
	}
	for j, i := range two {
		p := s.Params[i]
		lo, hi := p.Values[0], p.Values[1]
		if ValueEqual(hi, def[i]) {
			lo, hi = hi, lo
		}
		for r := range runs {
			// the column's sign in run r: the parity of the base
			// factors at +1 (bit b of r) that are in the column
			if bits.OnesCount(uint(r)&f.Columns[j])%2 == 1 {
				pts[r][i] = hi
			} else {
				pts[r][i] = lo
			}
		}
	}
	rng := game.NewRand(game.Mix(s.Seed, seedTagFactorial))
	for i, p := range s.Params {
		if len(p.Values) <= 2 {
			if len(p.Values) == 1 {
				for r := range pts {
					pts[r][i] = p.Values[0]
				}
			}
			continue
		}
		lv := make([]int, runs)
		for r := range lv {
			lv[r] = r % len(p.Values)
		}
		rng.Shuffle(len(lv), func(a, b int) { lv[a], lv[b] = lv[b], lv[a] })
		for r := range pts {
			pts[r][i] = p.Values[lv[r]]
		}
	}
	// aliases among two-way interactions of the two-level part
	groups := map[uint][]string{}
	var order []uint
	for a := range two {
		for b := a + 1; b < len(two); b++ {
			c := f.Columns[a] ^ f.Columns[b]
			if _, ok := groups[c]; !ok {
				order = append(order, c)
			}
			groups[c] = append(groups[c], f.TwoLevel[a]+"*"+f.TwoLevel[b])
		}
	}
	for _, c := range order {
		if len(groups[c]) > 1 {
			f.Aliases = append(f.Aliases, groups[c])
		}
	}
	return pts, f, nil
}
