package cluster

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourney/arena"
	"tourney/engines/game"
	"tourney/tuner/plan"
)

func sampleWork() *workItem {
	return &workItem{Run: "run1", Version: "0.3.0", Seq: 7, Key: -3, First: 4, Games: []wireGame{
		{Scenario: 1, Map: 2, Seed: math.MaxUint64 >> 1, Budget: game.Budget{Depth: 3, Nodes: 1 << 40, Time: 250 * time.Millisecond},
			OpeningPlies: 2, Record: true, Seats: []wireSeat{
				{Ref: plan.SeatRef{Kind: plan.SeatVariant, Variant: 12, Point: 3}, ID: "12",
					Params: game.Params{"depth": 4, "w": -0.1, "on": true, "mode": "fast", "big": int64(1) << 50}, Budget: game.Budget{Nodes: 5}},
				{Ref: plan.SeatRef{Kind: plan.SeatField, Field: 1}, ID: "ref", Params: game.Params{}},
			}},
		{Seats: []wireSeat{{ID: "", Params: game.Params{"nan": math.Inf(-1)}}}},
	}}
}

func sampleResults() *resultBatch {
	full := arena.Result{Scores: []float64{1, -0.5, math.SmallestNonzeroFloat64}, Ranks: []int{1, 2, 2}, Plies: 61,
		End: []string{"normal", "max-length", "forfeit:timeout"}, Forfeit: 2, Detail: "seat 2 took 3s", Elapsed: 1234567 * time.Nanosecond,
		SeatTime: []time.Duration{1, 2, 3}, SeatMoves: []int{20, 20, 21}, SeatSearch: []arena.SeatSearch{{Moves: 20, Nodes: 1 << 33, DepthSum: 60}, {}, {Moves: 1}},
		Print: 0xdeadbeefcafef00d, Moves: []arena.MoveRecord{{Ply: 0, Seat: 1, Action: 17, Time: time.Millisecond, Nodes: 99, Depth: 3},
			{Ply: 1, Seat: 2, Action: game.NoAction, Fault: "timeout"}}}
	bare := arena.Result{Forfeit: -1, SeatTime: []time.Duration{}, Print: 1} // a game that could not be set up
	return &resultBatch{Run: "run1", Worker: "host.example-42", Blocks: []blockResult{
		{Seq: 1, Key: 0, Games: []arena.Result{full, bare}},
		{Seq: 1, Key: 9, Err: "engine: boom"},
		{Seq: 2, Key: 1 << 20, First: 3, Games: []arena.Result{full}},
	}}
}

// Everything the messages carry comes back as it went (the Go types of
// parameter values included, an int64 as an int).
func TestCodecRoundTrip(t *testing.T) {
	it := sampleWork()
	data, err := it.encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeWork(data)
	if err != nil {
		t.Fatal(err)
	}
	it.Games[0].Seats[0].Params["big"] = 1 << 50
	if !reflect.DeepEqual(got, it) {
		t.Errorf("work item:\n got %#v\nwant %#v", got, it)
	}

	rb := sampleResults()
	data, err = rb.encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeResults(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rb) {
		t.Errorf("results:\n got %#v\nwant %#v", back, rb)
	}
	// the decoded slices are independent: an append to one leaves the
	// next game's alone
	g := &back.Blocks[0].Games[0]
	_ = append(g.Scores, 99)
	_ = append(g.Ranks, 99)
	if !reflect.DeepEqual(back.Blocks[0].Games[1], rb.Blocks[0].Games[1]) || !reflect.DeepEqual(back.Blocks[2], rb.Blocks[2]) {
		t.Error("an append wrote into another game's results")
	}
}

// Records make large messages: deflated, and back the same.
func TestCodecDeflate(t *testing.T) {
	rb := sampleResults()
	g := &rb.Blocks[0].Games[0]
	for i := range 5000 {
		g.Moves = append(g.Moves, arena.MoveRecord{Ply: i, Seat: i % 3, Action: game.Action(i % 64), Time: time.Duration(i), Nodes: int64(i * 7), Depth: 3})
	}
	data, err := rb.encode()
	if err != nil {
		t.Fatal(err)
	}
	if data[0] != fmtDeflate {
		t.Fatalf("format %d, want deflated", data[0])
	}
	back, err := decodeResults(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rb) {
		t.Error("deflated results differ")
	}
}

// Truncated or corrupt messages are errors, never a panic or a huge
// allocation; gob (format 0) is named as another version's.
func TestCodecCorrupt(t *testing.T) {
	w, _ := sampleWork().encode()
	r, _ := sampleResults().encode()
	for i := range len(w) {
		if _, err := decodeWork(w[:i]); err == nil {
			t.Fatalf("work item cut at %d of %d: no error", i, len(w))
		}
	}
	for i := range len(r) {
		if _, err := decodeResults(r[:i]); err == nil {
			t.Fatalf("results cut at %d of %d: no error", i, len(r))
		}
	}
	if _, err := decodeWork(append(w, 0)); err == nil {
		t.Error("a byte too many: no error")
	}
	for i := 1; i < len(r); i++ { // flipped bytes: an error or other values, no panic
		c := append([]byte(nil), r...)
		c[i] ^= 0xff
		_, _ = decodeResults(c)
	}
	huge := []byte{fmtPlain, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f}
	if _, err := decodeResults(huge); err == nil {
		t.Error("a list of 2^32 blocks in 5 bytes: no error")
	}
	if _, err := decodeWork([]byte{0, 1, 2}); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("gob: %v", err)
	}
	if _, err := (&workItem{Games: []wireGame{{Seats: []wireSeat{{Params: game.Params{"x": []int{1}}}}}}}).encode(); err == nil {
		t.Error("a parameter of a type that does not travel: no error")
	}
}

// BenchmarkCodec: encoding a 2-game block's results on a worker and
// decoding a batch of 64 blocks on the coordinator, per game.
func BenchmarkCodec(b *testing.B) {
	g := arena.Result{Scores: []float64{1, 0}, Ranks: []int{1, 2}, Plies: 40, End: []string{"normal", "normal"}, Forfeit: -1,
		Elapsed: time.Millisecond, SeatTime: []time.Duration{1000, 2000}, SeatMoves: []int{20, 20}, SeatSearch: []arena.SeatSearch{{}, {}}, Print: 77}
	blk := blockResult{Seq: 3, Key: 1000, Games: []arena.Result{g, g}}
	var blocks [][]byte
	for range 64 {
		var e enc
		e.block(&blk)
		blocks = append(blocks, e.b)
	}
	data, _ := encodeBatch("abcdefghijklmnopqrstuv", "host-1234", blocks)
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			var e enc
			e.block(&blk)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N), "ns/result")
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := decodeResults(data); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(128*b.N), "ns/result")
	})
}
