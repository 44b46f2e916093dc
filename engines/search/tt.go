package search

import "tourney/engines/game"

// Bound types of a table entry.
const (
	boundNone  uint8 = iota
	boundExact       // the value is the node's value
	boundLower       // the value is a lower bound (the node failed high)
	boundUpper       // the value is an upper bound (the node failed low)
)

// ttEntry is one slot of the transposition table (32 bytes).
type ttEntry struct {
	key      uint64
	value    float64
	move     game.Action
	depth    int16
	bound    uint8
	complete bool   // no horizon was reached below: the value holds for any deeper horizon
	gen      uint32 // search generation; older entries count as empty
}

// table is a fixed-size, direct-mapped transposition table.
type table struct {
	entries []ttEntry
	mask    uint64
	gen     uint32
	always  bool
}

func newTable(log2 int) *table {
	n := 1 << log2
	return &table{entries: make([]ttEntry, n), mask: uint64(n - 1)}
}

// newSearch invalidates every entry (generation counter; no clearing).
func (t *table) newSearch() {
	t.gen++
	if t.gen == 0 { // wrapped: really clear, so that ancient entries cannot revive
		clear(t.entries)
		t.gen = 1
	}
}

func (t *table) probe(key uint64) *ttEntry {
	e := &t.entries[key&t.mask]
	if e.gen != t.gen || e.key != key || e.bound == boundNone {
		return nil
	}
	return e
}

func (t *table) store(key uint64, depth int, value float64, bound uint8, move game.Action, complete bool) {
	e := &t.entries[key&t.mask]
	if !t.always && e.gen == t.gen && e.bound != boundNone && e.key != key && int(e.depth) > depth {
		return
	}
	if !t.always && e.gen == t.gen && e.key == key && int(e.depth) > depth && !complete {
		return
	}
	if move == game.NoAction && e.gen == t.gen && e.key == key {
		move = e.move // keep the older best move when this search found none
	}
	*e = ttEntry{key: key, value: value, move: move, depth: int16(depth), bound: bound, complete: complete, gen: t.gen}
}
