package results

import (
	"math"

	"tourney/engines/game"
)

// The comparison of knobPairs costs, on a continuous method's sweep
// (tens of thousands of points, each an entity), a text per entity and
// knob (values) and a string of every other knob's value per entity and
// knob (identities): a tenth of a synthetic sweep's CPU. valuesLazy and
// identitiesFast give the same comparison without them: the tests in
// inert_fast_test.go check them against values and identities.

// lazyNames holds the values' texts of valuesLazy: a knob whose every
// value is a float (not NaN) is interned by the float's bits (a float's
// shortest text names it one to one), its texts written only for the
// values a pair of games needs (fill).
type lazyNames struct {
	names [][]string
	rep   [][]any // per knob, the value behind each id ("" names not written yet)
	lazy  []bool
}

// fill writes the text of knob k's value id (id < 0: none).
func (ln *lazyNames) fill(k int, id int32) {
	if id < 0 || !ln.lazy[k] || ln.names[k][id] != "" {
		return
	}
	ln.names[k][id] = game.FormatValue(ln.rep[k][id])
}

// valuesLazy is values with the texts of the float knobs left to fill:
// the same ids (first seen in the same order), the same texts once
// filled.
func (ents *playedEntities) valuesLazy(knobs []string, nsc int) ([][][]int32, *lazyNames) {
	ln := &lazyNames{names: make([][]string, len(knobs)), rep: make([][]any, len(knobs)), lazy: make([]bool, len(knobs))}
	val := make([][][]int32, len(knobs))
	prs := make([][]game.Params, nsc) // each entity's parameters per scenario, read once
	for sc := range nsc {
		prs[sc] = make([]game.Params, len(ents.params))
		for e, pr := range ents.params {
			if pr != nil {
				prs[sc][e] = pr(sc)
			}
		}
	}
	for k, name := range knobs {
		floats := true
	check:
		for sc := range nsc {
			for _, p := range prs[sc] {
				if p == nil {
					continue
				}
				v, ok := p[name]
				if !ok {
					continue
				}
				if x, isF := v.(float64); !isF || math.IsNaN(x) {
					floats = false
					break check
				}
			}
		}
		val[k] = make([][]int32, nsc)
		if !floats {
			ids := map[string]int32{}
			for sc := range nsc {
				val[k][sc] = make([]int32, len(ents.params))
				for e, p := range prs[sc] {
					val[k][sc][e] = -1
					if p == nil {
						continue
					}
					v, ok := p[name]
					if !ok {
						continue
					}
					s := game.FormatValue(v)
					id, seen := ids[s]
					if !seen {
						id = int32(len(ln.names[k]))
						ids[s] = id
						ln.names[k] = append(ln.names[k], s)
					}
					val[k][sc][e] = id
				}
			}
			continue
		}
		ln.lazy[k] = true
		ids := map[uint64]int32{}
		for sc := range nsc {
			val[k][sc] = make([]int32, len(ents.params))
			for e, p := range prs[sc] {
				val[k][sc][e] = -1
				if p == nil {
					continue
				}
				v, ok := p[name]
				if !ok {
					continue
				}
				bits := math.Float64bits(v.(float64))
				id, seen := ids[bits]
				if !seen {
					id = int32(len(ln.names[k]))
					ids[bits] = id
					ln.names[k] = append(ln.names[k], "")
					ln.rep[k] = append(ln.rep[k], v)
				}
				val[k][sc][e] = id
			}
		}
	}
	return val, ln
}

// identitiesFast is identities without the strings: entities of a
// scenario get one id when their bot and every other knob's value agree
// (a sum of hashed values without knob k finds the candidates, a
// comparison of the values decides).
func (ents *playedEntities) identitiesFast(val [][][]int32, k, nsc int) [][]int32 {
	proj := make([][]int32, nsc)
	botID := map[string]uint64{}
	for sc := range nsc {
		proj[sc] = make([]int32, len(ents.params))
		buckets := map[uint64][]int{} // hash: the entities first seen with it
		next := int32(0)
		for e := range ents.params {
			b, ok := botID[ents.bot[e]]
			if !ok {
				b = uint64(len(botID))
				botID[ents.bot[e]] = b
			}
			h := mix64(b ^ 0x5bd1e995)
			for j := range val {
				if j != k {
					h += mix64(uint64(j)<<32 ^ uint64(uint32(val[j][sc][e])))
				}
			}
			found := int32(-1)
			for _, o := range buckets[h] {
				if ents.bot[o] != ents.bot[e] {
					continue
				}
				same := true
				for j := range val {
					if j != k && val[j][sc][o] != val[j][sc][e] {
						same = false
						break
					}
				}
				if same {
					found = proj[sc][o]
					break
				}
			}
			if found < 0 {
				found = next
				next++
				buckets[h] = append(buckets[h], e)
			}
			proj[sc][e] = found
		}
	}
	return proj
}

// mix64 is a 64-bit finaliser (splitmix64's).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
