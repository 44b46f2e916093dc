package cluster

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/plan"
)

// The wire format of work items and result batches: a first byte says
// which format (fmtPlain, or fmtDeflate past compressAbove bytes, move
// records), then the fields in a fixed order, integers as varints,
// floats as their 8 IEEE bytes (exact), strings and lists as a length
// and their elements. The run id and the version come first, so that
// a worker of another version can still say whose work it is.
const (
	fmtPlain      = 2 // 0 and 1 were gob (tourney before the binary format)
	fmtDeflate    = 3
	compressAbove = 32 << 10
)

// enc appends to a byte slice.
type enc struct{ b []byte }

func (e *enc) uint(u uint64)       { e.b = binary.AppendUvarint(e.b, u) }
func (e *enc) int(i int64)         { e.b = binary.AppendVarint(e.b, i) }
func (e *enc) f64(f float64)       { e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(f)) }
func (e *enc) str(s string)        { e.uint(uint64(len(s))); e.b = append(e.b, s...) }
func (e *enc) dur(d time.Duration) { e.int(int64(d)) }
func (e *enc) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

func (e *enc) budget(b game.Budget) {
	e.int(int64(b.Depth))
	e.int(b.Nodes)
	e.dur(b.Time)
	e.int(b.NodeRate) // a clock in nodes: the coordinator's rate, measured or declared
	e.bool(b.Bank)
}

// Parameter values keep their Go types: a tag byte, then the value.
const (
	tagInt    = 'i'
	tagFloat  = 'f'
	tagBool   = 'b'
	tagString = 's'
)

func (e *enc) params(p game.Params) error {
	e.uint(uint64(len(p)))
	for k, v := range p {
		e.str(k)
		switch x := v.(type) {
		case int:
			e.b = append(e.b, tagInt)
			e.int(int64(x))
		case int64:
			e.b = append(e.b, tagInt)
			e.int(x)
		case float64:
			e.b = append(e.b, tagFloat)
			e.f64(x)
		case bool:
			e.b = append(e.b, tagBool)
			e.bool(x)
		case string:
			e.b = append(e.b, tagString)
			e.str(x)
		default:
			return fmt.Errorf("parameter %s = %v: a %T does not travel", k, v, v)
		}
	}
	return nil
}

// finish deflates a large payload.
func (e *enc) finish() ([]byte, error) {
	if len(e.b) <= compressAbove {
		return e.b, nil
	}
	var z bytes.Buffer
	z.Grow(len(e.b) / 4)
	z.WriteByte(fmtDeflate)
	fw, _ := flate.NewWriter(&z, flate.BestSpeed)
	_, _ = fw.Write(e.b[1:])
	if err := fw.Close(); err != nil {
		return nil, err
	}
	return z.Bytes(), nil
}

func (it *workItem) encode() ([]byte, error) {
	e := enc{b: make([]byte, 0, 64+len(it.Games)*96)}
	e.b = append(e.b, fmtPlain)
	e.str(it.Run)
	e.str(it.Version)
	e.int(int64(it.Seq))
	e.int(int64(it.Key))
	e.int(int64(it.First))
	e.uint(uint64(len(it.Games)))
	for i := range it.Games {
		g := &it.Games[i]
		e.int(int64(g.Scenario))
		e.int(int64(g.Map))
		e.uint(g.Seed)
		e.budget(g.Budget)
		e.int(int64(g.OpeningPlies))
		e.bool(g.Record)
		e.uint(uint64(len(g.Seats)))
		for j := range g.Seats {
			s := &g.Seats[j]
			e.int(int64(s.Ref.Kind))
			e.int(int64(s.Ref.Variant))
			e.int(int64(s.Ref.Field))
			e.int(int64(s.Ref.Point))
			e.str(s.ID)
			if err := e.params(s.Params); err != nil {
				return nil, err
			}
			e.budget(s.Budget)
		}
	}
	return e.finish()
}

// encode is a batch's message (tests; workers use encodeBatch with
// blocks encoded as they finish).
func (r *resultBatch) encode() ([]byte, error) {
	blocks := make([][]byte, len(r.Blocks))
	for i := range r.Blocks {
		var e enc
		e.block(&r.Blocks[i])
		blocks[i] = e.b
	}
	return encodeBatch(r.Run, r.Worker, blocks)
}

// encodeBatch is the message of a worker's blocks (each from enc.block).
func encodeBatch(run, worker string, blocks [][]byte) ([]byte, error) {
	n := 16 + len(run) + len(worker)
	for _, b := range blocks {
		n += len(b)
	}
	e := enc{b: make([]byte, 0, n)}
	e.b = append(e.b, fmtPlain)
	e.str(run)
	e.str(worker)
	e.uint(uint64(len(blocks)))
	for _, b := range blocks {
		e.b = append(e.b, b...)
	}
	return e.finish()
}

// block appends a played block.
func (e *enc) block(b *blockResult) {
	if e.b == nil {
		e.b = make([]byte, 0, 64+len(b.Games)*64)
	}
	e.int(int64(b.Seq))
	e.int(int64(b.Key))
	e.int(int64(b.First))
	e.str(b.Err)
	e.uint(uint64(len(b.Games)))
	for gi := range b.Games {
		g := &b.Games[gi]
		e.uint(uint64(len(g.Scores)))
		for _, s := range g.Scores {
			e.f64(s)
		}
		e.uint(uint64(len(g.Ranks)))
		for _, r := range g.Ranks {
			e.int(int64(r))
		}
		e.int(int64(g.Plies))
		e.uint(uint64(len(g.End)))
		for _, s := range g.End {
			e.str(s)
		}
		e.int(int64(g.Forfeit))
		e.str(g.Detail)
		e.dur(g.Elapsed)
		// SeatTime, SeatMoves and SeatSearch: nil (a game that could
		// not be set up) is told from empty
		e.uint(nilLen(g.SeatTime == nil, len(g.SeatTime)))
		for _, t := range g.SeatTime {
			e.dur(t)
		}
		e.uint(nilLen(g.SeatMoves == nil, len(g.SeatMoves)))
		for _, m := range g.SeatMoves {
			e.int(int64(m))
		}
		e.uint(nilLen(g.SeatSearch == nil, len(g.SeatSearch)))
		for _, s := range g.SeatSearch {
			e.int(int64(s.Moves))
			e.int(s.Nodes)
			e.int(s.DepthSum)
		}
		e.uint(g.Print)
		e.uint(nilLen(g.Moves == nil, len(g.Moves)))
		for _, m := range g.Moves {
			e.int(int64(m.Ply))
			e.int(int64(m.Seat))
			e.int(int64(m.Action))
			e.str(m.Fault)
			e.dur(m.Time)
			e.int(m.Nodes)
			e.int(int64(m.Depth))
		}
	}
}

// nilLen is a list's length on the wire: 0 for nil, 1+n otherwise.
func nilLen(isNil bool, n int) uint64 {
	if isNil {
		return 0
	}
	return uint64(n) + 1
}

var errShort = errors.New("truncated message")

// dec reads what enc wrote; the first error sticks (and every later
// read returns zero values), so a caller checks d.err once.
type dec struct {
	b   []byte
	err error
}

func newDec(data []byte) (*dec, error) {
	if len(data) == 0 {
		return nil, errors.New("empty message")
	}
	switch data[0] {
	case fmtPlain:
		return &dec{b: data[1:]}, nil
	case fmtDeflate:
		b, err := io.ReadAll(flate.NewReader(bytes.NewReader(data[1:])))
		if err != nil {
			return nil, fmt.Errorf("deflated message: %w", err)
		}
		return &dec{b: b}, nil
	}
	return nil, fmt.Errorf("unknown message format %d (a tourney of another version?)", data[0])
}

func (d *dec) fail(err error) {
	if d.err == nil {
		d.err = err
	}
	d.b = nil
}

func (d *dec) uint() uint64 { return varint(d, binary.Uvarint) }

func (d *dec) int64() int64 { return varint(d, binary.Varint) }

// varint reads one varint with read (binary.Uvarint or binary.Varint).
func varint[T uint64 | int64](d *dec, read func([]byte) (T, int)) T {
	v, n := read(d.b)
	if n <= 0 {
		d.fail(errShort)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *dec) int() int { return int(d.int64()) }

// take is the next n bytes; nil, the message short, when fewer are left.
func (d *dec) take(n uint64) []byte {
	if n > uint64(len(d.b)) {
		d.fail(errShort)
		return nil
	}
	s := d.b[:n]
	d.b = d.b[n:]
	return s
}

func (d *dec) f64() float64 {
	b := d.take(8)
	if b == nil {
		return 0
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

func (d *dec) byte() byte {
	b := d.take(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func (d *dec) bool() bool { return d.byte() != 0 }

func (d *dec) dur() time.Duration { return time.Duration(d.int64()) }

// count reads a list's length; each element takes at least min bytes,
// so a corrupt length cannot make a huge allocation.
func (d *dec) count(min int) int {
	u := d.uint()
	if u > uint64(len(d.b)/min) {
		d.fail(fmt.Errorf("a list of %d in %d bytes", u, len(d.b)))
		return 0
	}
	return int(u)
}

// nilCount reads a nilLen: -1 for nil.
func (d *dec) nilCount(min int) int {
	u := d.uint()
	if u == 0 {
		return -1
	}
	if u-1 > uint64(len(d.b)/min) {
		d.fail(fmt.Errorf("a list of %d in %d bytes", u-1, len(d.b)))
		return -1
	}
	return int(u - 1)
}

func (d *dec) bytes() []byte { return d.take(d.uint()) }

func (d *dec) str() string { return string(d.bytes()) }

// end reads a seat's end, without an allocation for the usual ones.
func (d *dec) end() string {
	b := d.bytes()
	switch string(b) {
	case "":
		return ""
	case "normal":
		return "normal"
	case "max-length":
		return "max-length"
	}
	return string(b)
}

func (d *dec) budget() game.Budget {
	return game.Budget{Depth: d.int(), Nodes: d.int64(), Time: d.dur(), NodeRate: d.int64(), Bank: d.bool()}
}

func (d *dec) params() game.Params {
	n := d.count(3)
	p := make(game.Params, n)
	for range n {
		k := d.str()
		switch t := d.byte(); t {
		case tagInt:
			p[k] = d.int()
		case tagFloat:
			p[k] = d.f64()
		case tagBool:
			p[k] = d.bool()
		case tagString:
			p[k] = d.str()
		default:
			if d.err == nil {
				d.fail(fmt.Errorf("parameter %s: unknown type %d", k, t))
			}
			return nil
		}
	}
	return p
}

func decodeWork(data []byte) (*workItem, error) {
	d, err := newDec(data)
	if err != nil {
		return nil, err
	}
	it := &workItem{Run: d.str(), Version: d.str(), Seq: d.int(), Key: d.int(), First: d.int()}
	it.Games = make([]wireGame, d.count(8))
	for i := range it.Games {
		g := &it.Games[i]
		g.Scenario, g.Map, g.Seed = d.int(), d.int(), d.uint()
		g.Budget = d.budget()
		g.OpeningPlies, g.Record = d.int(), d.bool()
		g.Seats = make([]wireSeat, d.count(9))
		for j := range g.Seats {
			s := &g.Seats[j]
			s.Ref = plan.SeatRef{Kind: plan.SeatKind(d.int()), Variant: d.int(), Field: d.int(), Point: d.int()}
			s.ID = d.str()
			s.Params = d.params()
			s.Budget = d.budget()
		}
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%d bytes after the work item", len(d.b))
	}
	if d.err != nil {
		return nil, fmt.Errorf("work item: %w", d.err)
	}
	return it, nil
}

// slab hands out small slices of one larger allocation (capacity
// clipped, so an append to one does not write into the next).
type slab[T any] struct{ free []T }

func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return nil // as gob had it
	}
	if n > len(s.free) {
		s.free = make([]T, max(n, 256))
	}
	x := s.free[:n:n]
	s.free = s.free[n:]
	return x
}

// takeNil is take for a list that may be nil (n < 0) or empty.
func (s *slab[T]) takeNil(n int) []T {
	switch {
	case n < 0:
		return nil
	case n == 0:
		return []T{}
	}
	return s.take(n)
}

// fill sets every element of xs, in order, to what read reads.
func fill[T any](xs []T, read func() T) []T {
	for i := range xs {
		xs[i] = read()
	}
	return xs
}

func decodeResults(data []byte) (*resultBatch, error) {
	d, err := newDec(data)
	if err != nil {
		return nil, err
	}
	var (
		floats slab[float64]
		ints   slab[int]
		strs   slab[string]
		durs   slab[time.Duration]
		search slab[arena.SeatSearch]
	)
	r := &resultBatch{Run: d.str(), Worker: d.str()}
	r.Blocks = make([]blockResult, d.count(5))
	for bi := range r.Blocks {
		b := &r.Blocks[bi]
		b.Seq, b.Key, b.First, b.Err = d.int(), d.int(), d.int(), d.str()
		if n := d.count(12); n > 0 {
			b.Games = make([]arena.Result, n)
		}
		for gi := range b.Games {
			g := &b.Games[gi]
			g.Scores = fill(floats.take(d.count(8)), d.f64)
			g.Ranks = fill(ints.take(d.count(1)), d.int)
			g.Plies = d.int()
			g.End = fill(strs.take(d.count(1)), d.end)
			g.Forfeit, g.Detail, g.Elapsed = d.int(), d.str(), d.dur()
			g.SeatTime = fill(durs.takeNil(d.nilCount(1)), d.dur)
			g.SeatMoves = fill(ints.takeNil(d.nilCount(1)), d.int)
			g.SeatSearch = search.takeNil(d.nilCount(3))
			for i := range g.SeatSearch {
				g.SeatSearch[i] = arena.SeatSearch{Moves: d.int(), Nodes: d.int64(), DepthSum: d.int64()}
			}
			g.Print = d.uint()
			if n := d.nilCount(7); n >= 0 {
				g.Moves = make([]arena.MoveRecord, n)
				for i := range g.Moves {
					g.Moves[i] = arena.MoveRecord{Ply: d.int(), Seat: d.int(), Action: game.Action(d.int64()), Fault: d.str(),
						Time: d.dur(), Nodes: d.int64(), Depth: d.int()}
				}
			}
		}
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%d bytes after the results", len(d.b))
	}
	if d.err != nil {
		return nil, fmt.Errorf("results: %w", d.err)
	}
	return r, nil
}
