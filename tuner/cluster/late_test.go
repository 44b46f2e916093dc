package cluster

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"tourney/arena"
	"tourney/tuner/plan"
	"tourney/tuner/runner"
	"tourney/tuner/study"
)

// A worker cut off while it holds a block comes back after the block was
// played by another and its results written: its late (here: wrong)
// results of the block, and its ack, change nothing.
func TestLateWorkerHarmless(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(p, []byte("[[scenario]]\ngame = \"synthetic\"\nbot = \"fixed\"\n[params]\nelo = { values = [0, 50] }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := study.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Serve(ServeOptions{Addr: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Shutdown(); srv.WaitForShutdown() }()
	url := ServerURL(srv, false)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	nc, err := Connect(url, "c", Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	co, err := NewCoordinator(ctx, nc, sp, Options{Version: "t", AckWait: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()

	sc := &sp.Scenarios[0]
	var blocks []runner.Block
	for k := range 20 {
		var b runner.Block
		b.Key = k
		for g := range 2 {
			seed := uint64(100 + 2*k + g)
			b.Jobs = append(b.Jobs, arena.Job{Game: sc.Game, Map: sc.Maps[0], Seed: seed,
				Seats: []arena.Entrant{{ID: "0", Spec: sc.Bot, Params: sp.DefaultParams(0)}, {ID: "default", Spec: sc.Bot, Params: sp.DefaultParams(0)}}})
			b.Plans = append(b.Plans, plan.GamePlan{Seed: seed, Seats: []plan.SeatRef{{Kind: plan.SeatVariant}, {Kind: plan.SeatFiller}}})
		}
		blocks = append(blocks, b)
	}
	var want []*arena.Result
	if err := (runner.Local{Workers: 1}).Play(ctx, blocks, func(r *arena.Result) error { want = append(want, r); return nil }); err != nil {
		t.Fatal(err)
	}

	var got []*arena.Result
	firstEmitted := make(chan struct{})
	resume := make(chan struct{})
	played := make(chan error, 1)
	go func() {
		played <- co.Play(ctx, blocks, func(r *arena.Result) error {
			got = append(got, r)
			if len(got) == 2 { // block 0 is written: let the late worker come back
				close(firstEmitted)
				<-resume
			}
			return nil
		})
	}()
	// the late worker takes block 0 and is cut off
	js, _ := jetstream.New(nc)
	cons, err := js.Consumer(ctx, workStream, consumerName)
	if err != nil {
		t.Fatal(err)
	}
	var held jetstream.Msg
	for held == nil {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		for m := range batch.Messages() {
			held = m
		}
	}
	it, err := decodeWork(held.Data())
	if err != nil {
		t.Fatal(err)
	}
	// a healthy worker plays everything (block 0 after AckWait)
	wc, err := Connect(url, "w", Security{})
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	wctx, wcancel := context.WithCancel(ctx)
	wdone := make(chan struct{})
	go func() {
		defer close(wdone)
		_ = RunWorker(wctx, wc, WorkerOptions{Name: "healthy", Workers: 2, Version: "t", Space: sp})
	}()
	defer func() { wcancel(); <-wdone }()
	select {
	case <-firstEmitted:
	case <-ctx.Done():
		t.Fatal("block 0 never written")
	}
	// ... then the late one's wrong results of its block, and its ack
	late := blockResult{Seq: it.Seq, Key: it.Key}
	for range it.Games {
		late.Games = append(late.Games, arena.Result{Scores: []float64{42, -42}, Ranks: []int{1, 2}, End: []string{"normal", "normal"}, Forfeit: -1})
	}
	data, _ := (&resultBatch{Run: it.Run, Worker: "late", Blocks: []blockResult{late}}).encode()
	if _, err := js.Publish(ctx, resultPrefix+it.Run+".b", data); err != nil {
		t.Fatal(err)
	}
	_ = held.Ack()
	close(resume)
	if err := <-played; err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i].Scores, want[i].Scores) || !reflect.DeepEqual(got[i].Ranks, want[i].Ranks) || got[i].Job != &blocks[i/2].Jobs[i%2] {
			t.Errorf("game %d: %v %v, want %v %v", i, got[i].Scores, got[i].Ranks, want[i].Scores, want[i].Ranks)
		}
	}
	if p := co.TakePlayers(); p[0] != "healthy" || len(p) != len(blocks) {
		t.Errorf("players %v", p)
	}
}
