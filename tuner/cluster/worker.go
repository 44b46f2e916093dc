package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/tuner/space"
	"tourney/tuner/study"
)

// WorkerOptions configure a worker.
type WorkerOptions struct {
	Name    string // in results and summary.json (default host-pid)
	Workers int    // games played at once (default 1)
	Version string // must be the coordinator's
	Cache   string // where the space's files are rebuilt (default the user cache dir)
	Log     io.Writer
	// Space, when set, is used as it is instead of the announced one
	// (the coordinator's own worker loop).
	Space       *study.Study
	Grace       time.Duration
	HangTimeout time.Duration
	// Idle, when positive, ends the worker after that long without work
	// (tests, benchmarks); 0 waits for work until ctx ends.
	Idle time.Duration
}

// BlockDelay, a test hook, makes every block take at least that long
// on a worker, so that a worker killed at a random moment dies mid-block.
var BlockDelay time.Duration

// RefusedError is a worker that refused a coordinator's run (another
// version, a space it cannot load, an external bot it does not have).
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string { return "refused the work: " + e.Reason }

// runState is the run a worker is working for.
type runState struct {
	a     announce
	sp    *study.Study
	cons  jetstream.Consumer
	games atomic.Int64
}

type worker struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	opt  WorkerOptions
	kv   jetstream.KeyValue
	slot chan struct{} // free game slots

	done    chan *played // blocks played, for the publisher
	pending atomic.Int64 // blocks fetched and not yet acked or given back

	mu      sync.Mutex
	checked map[string]error // external bots' commands, by bot name
	held    map[jetstream.Msg]struct{}
	fatal   error
	run     string // the run joined last
	over    bool   // it has ended (Coordinator.End): the worker stops
}

// RunWorker pulls blocks, plays them and acks them with their results
// until the sweep it joined ends (Coordinator.End; nil), ctx ends (nil)
// or the worker refuses a run (*RefusedError). A worker that has not
// joined a sweep yet waits for one (an ended one does not count); one
// whose coordinator was interrupted waits for the resumed sweep.
func RunWorker(ctx context.Context, nc *nats.Conn, opt WorkerOptions) error {
	if opt.Workers <= 0 {
		opt.Workers = 1
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Name == "" {
		h, _ := os.Hostname()
		opt.Name = fmt.Sprintf("%s-%d", h, os.Getpid())
	}
	if opt.Cache == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			d = os.TempDir()
		}
		opt.Cache = filepath.Join(d, "tourney", "cluster")
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncTimeout(30*time.Second))
	if err != nil {
		return err
	}
	w := &worker{nc: nc, js: js, opt: opt, slot: make(chan struct{}, opt.Workers), checked: map[string]error{},
		done: make(chan *played, 4*opt.Workers), held: map[jetstream.Msg]struct{}{}}
	for range opt.Workers {
		w.slot <- struct{}{}
	}
	ctx, cancel := context.WithCancel(ctx)
	endSub, err := nc.Subscribe(endPrefix+"*", func(m *nats.Msg) {
		w.ended(strings.TrimPrefix(m.Subject, endPrefix), cancel)
	})
	if err != nil {
		cancel()
		return err
	}
	defer endSub.Unsubscribe()
	pubDone := make(chan struct{})
	go func() {
		defer close(pubDone)
		w.publish(ctx)
	}()
	defer func() { cancel(); <-pubDone }() // last: the blocks played are handed over first
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()

	var cur *runState
	waiting := false
	lastWork, lastLook := time.Now(), time.Time{}
	var stopBeat chan struct{}
	defer func() {
		if stopBeat != nil {
			close(stopBeat)
		}
	}()
	for {
		if err := w.failed(); err != nil {
			cancel()
			wg.Wait()
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
		if opt.Idle > 0 && time.Since(lastWork) > opt.Idle && len(w.slot) == opt.Workers && w.pending.Load() == 0 {
			return nil
		}
		// the announcement: for a new run, and now and then (a new
		// coordinator also deletes the consumer, which the fetch notices)
		if cur == nil || time.Since(lastLook) >= time.Second {
			lastLook = time.Now()
			a, err := w.announcement(ctx)
			if err == nil && a.Ended {
				if w.ended(a.Run, cancel) {
					continue // the loop returns
				}
				err = fmt.Errorf("the last sweep (run %s) has ended", a.Run)
			}
			if err != nil {
				if !waiting {
					fmt.Fprintf(opt.Log, "worker %s: waiting for a coordinator (%s)\n", opt.Name, w.whyWaiting(err))
					waiting = true
				}
				sleep(ctx, 500*time.Millisecond)
				continue
			}
			if cur == nil || cur.a.Run != a.Run {
				st, err := w.prepare(ctx, a)
				if err != nil {
					var re *RefusedError
					if errors.As(err, &re) {
						w.refuse(a.Run, re.Reason)
						return err
					}
					if ctx.Err() != nil {
						return nil
					}
					fmt.Fprintf(opt.Log, "worker %s: %s (retrying)\n", opt.Name, w.whyWaiting(err))
					sleep(ctx, time.Second)
					continue
				}
				cur, waiting = st, false
				w.mu.Lock()
				w.run = a.Run
				w.mu.Unlock()
				if stopBeat != nil {
					close(stopBeat)
				}
				stopBeat = make(chan struct{})
				go w.heartbeat(ctx, stopBeat, cur)
				go w.keepAlive(ctx, stopBeat, max(a.AckWait/3, 100*time.Millisecond))
				fmt.Fprintf(opt.Log, "worker %s: joined run %s (%s, %d slots)\n", opt.Name, a.Run, a.Space.Name, opt.Workers)
			}
		}
		// free slots first (a block fetched is a block being played):
		// one, and every other that is free, fetched at once
		select {
		case <-w.slot:
		case <-ctx.Done():
			return nil
		}
		free := 1
		for free < opt.Workers {
			select {
			case <-w.slot:
				free++
				continue
			default:
			}
			break
		}
		release := func(n int) {
			for range n {
				w.slot <- struct{}{}
			}
		}
		// a long poll: the items there now come at once, the others as
		// they are published, each played as it comes. The server's
		// heartbeats keep the request alive on the client while the
		// server is slow to answer (a message sent to a request the client
		// gave up would wait for AckWait).
		wait := 5 * time.Second
		if opt.Idle > 0 {
			wait = min(wait, max(opt.Idle, 500*time.Millisecond))
		}
		batch, err := cur.cons.Fetch(free, jetstream.FetchMaxWait(wait), jetstream.FetchHeartbeat(wait*2/5))
		if err != nil {
			release(free)
			if errors.Is(err, jetstream.ErrConsumerDeleted) || errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, nats.ErrConnectionClosed) {
				cur = nil // the consumer may have been recreated by a new coordinator
			}
			sleep(ctx, 200*time.Millisecond)
			continue
		}
		got := 0
		var refused error
		msgs := batch.Messages()
		for {
			var msg jetstream.Msg
			ok := false
			select {
			case msg, ok = <-msgs:
			case <-ctx.Done():
				// leaving: what the request still brings goes back
				go func() {
					for m := range msgs {
						_ = m.NakWithDelay(0)
					}
				}()
				return nil
			}
			if !ok {
				break
			}
			got++
			lastWork = time.Now()
			if refused != nil || cur == nil {
				_ = msg.Nak()
				release(1)
				continue
			}
			it, err := decodeWork(msg.Data())
			if err != nil {
				_ = msg.Nak()
				release(1)
				refused = &RefusedError{Reason: fmt.Sprintf("a work item this worker cannot read (%v): the coordinator runs another tourney version than this worker's %s", err, opt.Version)}
				w.refuse(cur.a.Run, refused.(*RefusedError).Reason)
				continue
			}
			if it.Run != cur.a.Run {
				if a2, err := w.announcement(ctx); err == nil && a2.Run == it.Run {
					_ = msg.Nak() // ours to play once the new run is prepared
					cur = nil
				} else {
					_ = msg.Term() // a leftover of an earlier run
				}
				release(1)
				continue
			}
			if it.Version != opt.Version {
				_ = msg.Nak()
				release(1)
				refused = &RefusedError{Reason: fmt.Sprintf("the coordinator runs tourney %s, this worker %s", it.Version, opt.Version)}
				w.refuse(it.Run, refused.(*RefusedError).Reason)
				continue
			}
			w.hold(msg)
			w.pending.Add(1)
			wg.Add(1)
			go func(st *runState, msg jetstream.Msg, it *workItem) {
				defer wg.Done()
				defer release(1)
				w.play(ctx, st, msg, it, 1)
			}(cur, msg, it)
		}
		release(free - got)
		if got == 0 && !noMessages(batch.Error()) {
			cur = nil // the consumer may have been recreated by a new coordinator
		}
		if refused != nil {
			cancel()
			wg.Wait()
			return refused
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// ended handles the end of run (Coordinator.End): the worker stops if
// it is the run it joined (and says so once). It reports whether it
// stops.
func (w *worker) ended(run string, cancel context.CancelFunc) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if run == "" || run != w.run {
		return false
	}
	if !w.over {
		w.over = true
		fmt.Fprintf(w.opt.Log, "worker %s: the sweep it played for (run %s) has ended; stopping\n", w.opt.Name, run)
	}
	cancel()
	return true
}

// whyWaiting says why there is no run to join.
func (w *worker) whyWaiting(err error) string {
	switch {
	case !w.nc.IsConnected():
		return "the NATS server is not reachable; reconnecting"
	case errors.Is(err, jetstream.ErrKeyNotFound), errors.Is(err, jetstream.ErrBucketNotFound):
		return "no sweep announced on this server yet"
	}
	return err.Error()
}

func (w *worker) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fatal
}

func (w *worker) fail(err error) {
	w.mu.Lock()
	if w.fatal == nil {
		w.fatal = err
	}
	w.mu.Unlock()
}

// announcement reads the coordinator's announcement.
func (w *worker) announcement(ctx context.Context) (*announce, error) {
	if w.kv == nil {
		kv, err := w.js.KeyValue(ctx, runBucket)
		if err != nil {
			return nil, err
		}
		w.kv = kv
	}
	e, err := w.kv.Get(ctx, runKey)
	if err != nil {
		return nil, err
	}
	var a announce
	if err := json.Unmarshal(e.Value(), &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// prepare checks the run's version and loads its space.
func (w *worker) prepare(ctx context.Context, a *announce) (*runState, error) {
	if a.Version != w.opt.Version {
		return nil, &RefusedError{Reason: fmt.Sprintf("the coordinator runs tourney %s, this worker %s", a.Version, w.opt.Version)}
	}
	st := &runState{a: *a, sp: w.opt.Space}
	if st.sp == nil {
		obs, err := w.js.ObjectStore(ctx, filesBucket)
		if err != nil {
			return nil, err
		}
		sp, err := fetchSpace(ctx, obs, w.opt.Cache, a)
		if err != nil {
			var ie *space.InputError
			if errors.As(err, &ie) {
				return nil, &RefusedError{Reason: fmt.Sprintf("cannot load the space %s: %v", a.Space.Name, err)}
			}
			return nil, err
		}
		st.sp = sp
	}
	cons, err := w.js.Consumer(ctx, workStream, consumerName)
	if err != nil {
		return nil, err
	}
	st.cons = cons
	return st, nil
}

// refuse tells the coordinator (and the worker's log) why it does not
// play.
func (w *worker) refuse(run, reason string) {
	fmt.Fprintf(w.opt.Log, "worker %s: refused the work: %s\n", w.opt.Name, reason)
	data, _ := json.Marshal(refusal{Worker: w.opt.Name, Reason: reason})
	_ = w.nc.Publish(refusePrefix+run, data)
	_ = w.nc.Flush()
}

func (w *worker) heartbeat(ctx context.Context, stop chan struct{}, st *runState) {
	t := time.NewTicker(beatInterval)
	defer t.Stop()
	for {
		data, _ := json.Marshal(beat{Worker: w.opt.Name, Slots: w.opt.Workers, Games: int(st.games.Load())})
		_ = w.nc.Publish(beatPrefix+st.a.Run, data)
		if !tick(ctx, stop, t) {
			return
		}
	}
}

// checkBots checks, once per bot, that the external bots a job seats
// can be started here.
func (w *worker) checkBots(sp *study.Study, jobs []arena.Job) error {
	decls := sp.ExternalBots()
	for _, j := range jobs {
		for _, e := range j.Seats {
			d, ok := decls[e.Spec.Name]
			if !ok {
				continue
			}
			w.mu.Lock()
			err, done := w.checked[d.Name]
			if !done {
				err = checkCommand(d)
				w.checked[d.Name] = err
			}
			w.mu.Unlock()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func checkCommand(d *external.Decl) error {
	if err := d.CheckCommand(); err != nil {
		return fmt.Errorf("%v on this machine (install it here, or leave this worker out)", err)
	}
	return nil
}

// play plays one block on n slots and queues its results for the
// publisher (which acks it once they are stored).
func (w *worker) play(ctx context.Context, st *runState, msg jetstream.Msg, it *workItem, n int) {
	handed := false
	defer func() {
		if !handed {
			w.unhold(msg)
			w.pending.Add(-1)
		}
	}()
	res := blockResult{Seq: it.Seq, Key: it.Key, First: it.First}
	jobs := make([]arena.Job, len(it.Games))
	for i := range it.Games {
		j, err := it.Games[i].job(st.sp)
		if err != nil {
			reason := fmt.Sprintf("block %d does not fit the space %s: %v", it.Key, st.a.Space.Name, err)
			_ = msg.Nak()
			w.refuse(it.Run, reason)
			w.fail(&RefusedError{Reason: reason})
			return
		}
		jobs[i] = j
	}
	if err := w.checkBots(st.sp, jobs); err != nil {
		_ = msg.Nak()
		w.refuse(it.Run, err.Error())
		w.fail(&RefusedError{Reason: err.Error()})
		return
	}
	if BlockDelay > 0 {
		sleep(ctx, BlockDelay)
	}
	res.Games = make([]arena.Result, len(jobs))
	err := arena.Run(ctx, jobs, arena.Options{Workers: n, Grace: w.opt.Grace, HangTimeout: w.opt.HangTimeout}, func(r *arena.Result) error {
		res.Games[r.Index] = *r
		return nil
	})
	if ctx.Err() != nil {
		w.leave(msg)
		return
	}
	if err != nil {
		res.Games, res.Err = nil, err.Error()
	}
	for i := range res.Games {
		res.Games[i].Job, res.Games[i].Index = nil, 0
	}
	var e enc
	e.block(&res)
	select {
	case w.done <- &played{st: st, msg: msg, data: e.b, games: len(res.Games)}:
		handed = true
	case <-ctx.Done():
		w.leave(msg)
	}
}

// leave gives a block back at once (the worker is stopping).
func (w *worker) leave(msg jetstream.Msg) {
	nctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = msg.NakWithDelay(0)
	_ = w.nc.FlushWithContext(nctx)
}

// played is a block played, its results encoded, waiting to be
// published.
type played struct {
	st    *runState
	msg   jetstream.Msg
	data  []byte // enc.block
	games int
}

// flight is a batch of results published, waiting for the server's
// acknowledgement.
type flight struct {
	fut    jetstream.PubAckFuture
	blocks []*played
}

// Results travel in batches: the publisher takes every block played
// since its last message (up to batchBytes), and keeps at most
// maxFlights batches unacknowledged by the server; while it waits, the
// next batch grows.
const (
	batchBytes = 256 << 10
	maxFlights = 4
)

// publish sends the played blocks' results and, once the server has
// stored them, acks their work items; it returns when ctx ends.
func (w *worker) publish(ctx context.Context) {
	flights := make(chan *flight, maxFlights)
	confirmed := make(chan struct{})
	go func() {
		defer close(confirmed)
		for f := range flights {
			w.confirm(f)
		}
	}()
	defer func() {
		close(flights)
		select { // the last acknowledgements, briefly
		case <-confirmed:
		case <-time.After(2 * time.Second):
		}
		for { // played but not sent: another worker plays them
			select {
			case p := <-w.done:
				w.unhold(p.msg)
				_ = p.msg.NakWithDelay(0)
			default:
				return
			}
		}
	}()
	var next *played
	for {
		if next == nil {
			select {
			case next = <-w.done:
			case <-ctx.Done():
				return
			}
		}
		batch := []*played{next}
		size := len(next.data)
		next = nil
	more:
		for size < batchBytes {
			select {
			case p := <-w.done:
				if p.st != batch[0].st {
					next = p // another run: its own message
					break more
				}
				batch = append(batch, p)
				size += len(p.data)
			default:
				break more
			}
		}
		st := batch[0].st
		blocks := make([][]byte, len(batch))
		for i, p := range batch {
			blocks[i] = p.data
		}
		data, err := encodeBatch(st.a.Run, w.opt.Name, blocks)
		if err != nil {
			w.fail(err)
			return
		}
		// at most maxFlights unacknowledged (the channel's capacity)
		fut, err := w.js.PublishAsync(resultPrefix+st.a.Run+".b", data)
		if err != nil {
			fmt.Fprintf(w.opt.Log, "worker %s: publishing the results of %d blocks: %v (they will be played again)\n", w.opt.Name, len(batch), err)
			w.giveBack(batch)
			continue
		}
		select {
		case flights <- &flight{fut: fut, blocks: batch}:
		case <-ctx.Done():
			return
		}
	}
}

// confirm acks a batch's work items once the server stored its results
// (a lost ack is harmless: the block is played again and the
// coordinator keeps the first result of a block).
func (w *worker) confirm(f *flight) {
	select {
	case <-f.fut.Ok():
		games := 0
		for _, p := range f.blocks {
			w.unhold(p.msg)
			_ = p.msg.Ack()
			games += p.games
		}
		f.blocks[0].st.games.Add(int64(games))
		w.pending.Add(-int64(len(f.blocks)))
	case err := <-f.fut.Err():
		fmt.Fprintf(w.opt.Log, "worker %s: publishing the results of %d blocks: %v (they will be played again)\n", w.opt.Name, len(f.blocks), err)
		w.giveBack(f.blocks)
	}
}

func (w *worker) giveBack(batch []*played) {
	for _, p := range batch {
		w.unhold(p.msg)
		_ = p.msg.Nak()
	}
	w.pending.Add(-int64(len(batch)))
}

// hold keeps a block's work item ours (in-progress acks every third of
// AckWait) from its fetch to its ack.
func (w *worker) hold(msg jetstream.Msg) {
	w.mu.Lock()
	w.held[msg] = struct{}{}
	w.mu.Unlock()
}

func (w *worker) unhold(msg jetstream.Msg) {
	w.mu.Lock()
	delete(w.held, msg)
	w.mu.Unlock()
}

// tick waits for t's next tick: false when ctx is done or stop closed
// first.
func tick(ctx context.Context, stop chan struct{}, t *time.Ticker) bool {
	select {
	case <-ctx.Done():
		return false
	case <-stop:
		return false
	case <-t.C:
		return true
	}
}

// keepAlive sends the in-progress acks of the blocks held.
func (w *worker) keepAlive(ctx context.Context, stop chan struct{}, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	var msgs []jetstream.Msg
	for {
		if !tick(ctx, stop, t) {
			return
		}
		msgs = msgs[:0]
		w.mu.Lock()
		for m := range w.held {
			msgs = append(msgs, m)
		}
		w.mu.Unlock()
		for _, m := range msgs {
			_ = m.InProgress()
		}
	}
}

func noMessages(err error) bool {
	return err == nil || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}
