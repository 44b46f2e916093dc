package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tourney/arena"
	"tourney/engines/external"
	"tourney/tuner/space"
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
	Space       *space.Space
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
	sp    *space.Space
	cons  jetstream.Consumer
	games atomic.Int64
}

type worker struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	opt  WorkerOptions
	kv   jetstream.KeyValue
	slot chan struct{} // free game slots

	mu      sync.Mutex
	checked map[string]error // external bots' commands, by bot name
	fatal   error
}

// RunWorker pulls blocks, plays them and acks them with their results
// until ctx ends (nil) or the worker refuses a run (*RefusedError).
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
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	w := &worker{nc: nc, js: js, opt: opt, slot: make(chan struct{}, opt.Workers), checked: map[string]error{}}
	for range opt.Workers {
		w.slot <- struct{}{}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()

	var cur *runState
	waiting := false
	lastWork := time.Now()
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
		if opt.Idle > 0 && time.Since(lastWork) > opt.Idle && len(w.slot) == opt.Workers {
			return nil
		}
		a, err := w.announcement(ctx)
		if err != nil {
			if !waiting {
				fmt.Fprintf(opt.Log, "worker %s: waiting for a coordinator (%v)\n", opt.Name, err)
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
				fmt.Fprintf(opt.Log, "worker %s: %v (retrying)\n", opt.Name, err)
				sleep(ctx, time.Second)
				continue
			}
			cur, waiting = st, false
			if stopBeat != nil {
				close(stopBeat)
			}
			stopBeat = make(chan struct{})
			go w.heartbeat(ctx, stopBeat, cur)
			fmt.Fprintf(opt.Log, "worker %s: joined run %s (%s, %d slots)\n", opt.Name, a.Run, a.Space.Name, opt.Workers)
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
		batch, err := cur.cons.Fetch(free, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			release(free)
			if errors.Is(err, jetstream.ErrConsumerDeleted) || errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, nats.ErrConnectionClosed) {
				cur = nil
			}
			sleep(ctx, 200*time.Millisecond)
			continue
		}
		var msgs []jetstream.Msg
		for m := range batch.Messages() {
			msgs = append(msgs, m)
		}
		if len(msgs) == 0 {
			release(free)
			if batch.Error() != nil && !errors.Is(batch.Error(), nats.ErrTimeout) {
				cur = nil // the consumer may have been recreated by a new coordinator
			}
			continue
		}
		lastWork = time.Now()
		spare := free - len(msgs) // slots beyond one a block
		var refused error
		for _, msg := range msgs {
			if refused != nil || cur == nil {
				_ = msg.Nak()
				release(1)
				continue
			}
			var it workItem
			if err := decode(msg.Data(), &it); err != nil {
				fmt.Fprintf(opt.Log, "worker %s: a work item that does not decode (terminated): %v\n", opt.Name, err)
				_ = msg.Term()
				release(1)
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
			// spare slots for a block of several games
			n := 1 + min(spare, len(it.Games)-1)
			spare -= n - 1
			wg.Add(1)
			go func(st *runState, msg jetstream.Msg, it workItem, n int) {
				defer wg.Done()
				defer release(n)
				w.play(ctx, st, msg, &it, n)
			}(cur, msg, it, n)
		}
		release(spare)
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
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		case <-t.C:
		}
	}
}

// checkBots checks, once per bot, that the external bots a job seats
// can be started here.
func (w *worker) checkBots(sp *space.Space, jobs []arena.Job) error {
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
	if len(d.Cmd) == 0 || strings.Contains(d.Cmd[0], "{") {
		return nil
	}
	c := d.Cmd[0]
	if strings.ContainsRune(c, filepath.Separator) || strings.ContainsRune(c, '/') {
		p := c
		if !filepath.IsAbs(p) {
			p = filepath.Join(d.Dir, p)
		}
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return fmt.Errorf("external bot %s: command %s not found on this machine (install it here, or leave this worker out)", d.Name, p)
		}
		return nil
	}
	if _, err := exec.LookPath(c); err != nil {
		return fmt.Errorf("external bot %s: command %q not found on this machine (install it here, or leave this worker out)", d.Name, c)
	}
	return nil
}

// play plays one block on n slots, heartbeating it, then publishes its
// results and acks it.
func (w *worker) play(ctx context.Context, st *runState, msg jetstream.Msg, it *workItem, n int) {
	res := resultMsg{Run: it.Run, Seq: it.Seq, Key: it.Key, Worker: w.opt.Name}
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
	// heartbeat: the block stays ours while it is played
	hctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		every := max(st.a.AckWait/3, 100*time.Millisecond)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-hctx.Done():
				return
			case <-t.C:
				_ = msg.InProgress()
			}
		}
	}()
	if BlockDelay > 0 {
		sleep(ctx, BlockDelay)
	}
	err := arena.Run(ctx, jobs, arena.Options{Workers: n, Grace: w.opt.Grace, HangTimeout: w.opt.HangTimeout}, func(r *arena.Result) error {
		res.Games = append(res.Games, fromResult(r))
		return nil
	})
	stop()
	if ctx.Err() != nil {
		// leaving: the block goes to another worker at once
		nctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = msg.NakWithDelay(0)
		_ = w.nc.FlushWithContext(nctx)
		return
	}
	if err != nil {
		res.Games, res.Err = nil, err.Error()
	}
	data, err := encode(&res)
	if err != nil {
		w.fail(err)
		return
	}
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	id := it.Run + "." + strconv.Itoa(it.Seq) + "." + strconv.Itoa(it.Key)
	if _, err := w.js.Publish(pctx, resultPrefix+id, data, jetstream.WithMsgID(id)); err != nil {
		fmt.Fprintf(w.opt.Log, "worker %s: block %d: publishing the results: %v (the block will be played again)\n", w.opt.Name, it.Key, err)
		_ = msg.Nak()
		return
	}
	st.games.Add(int64(len(res.Games)))
	// a late ack (the block was given to another worker meanwhile) is
	// harmless: the coordinator keeps the first result of a block
	_ = msg.DoubleAck(pctx)
}
