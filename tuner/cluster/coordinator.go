package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"tourney/arena"
	"tourney/tuner/runner"
	"tourney/tuner/study"
)

// Options configure a coordinator.
type Options struct {
	Version string
	// AckWait is how long a block may go without an ack or a heartbeat
	// before it is given to another worker (default 30s; workers
	// heartbeat every third of it).
	AckWait time.Duration
	Log     io.Writer // refusals and workers joining (nil: discard)
	// Replicas of the streams on a clustered NATS server (default 1).
	Replicas int
	// StatusFile, when set, is rewritten every second with the workers
	// (status.go) while a sweep observes the coordinator (SetStatus: once
	// the sweep has prepared its results directory).
	StatusFile string
}

// Coordinator is the cluster runner: it publishes blocks to the work
// queue and hands their results on in block order.
type Coordinator struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	opt  Options
	run  string
	seq  int
	subs []*nats.Subscription
	cc   jetstream.ConsumeContext

	results chan *blockResult

	mu      sync.Mutex
	status  func(string)
	players map[int]string
	workers map[string]*workerSeen
	refused map[string]bool
	stop    chan struct{}
	wg      sync.WaitGroup

	ann announce           // the announcement (End marks it ended)
	kv  jetstream.KeyValue // where it is
}

type workerSeen struct {
	last   time.Time // last heartbeat or result
	first  time.Time // first result
	games  int       // results received
	slots  int
	played int // games played, by its last heartbeat
}

var _ runner.Runner = (*Coordinator)(nil)
var _ runner.Observed = (*Coordinator)(nil)

// NewCoordinator prepares the server for a run of sp: streams, the work
// consumer, the files in the object store and the announcement. Work
// items and results of an earlier run are purged.
func NewCoordinator(ctx context.Context, nc *nats.Conn, sp *study.Study, opt Options) (*Coordinator, error) {
	if opt.AckWait <= 0 {
		opt.AckWait = defaultAckDue
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Replicas <= 0 {
		opt.Replicas = 1
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncTimeout(30*time.Second))
	if err != nil {
		return nil, err
	}
	c := &Coordinator{nc: nc, js: js, opt: opt, run: nuid.Next(), results: make(chan *blockResult, 4096),
		players: map[int]string{}, workers: map[string]*workerSeen{}, refused: map[string]bool{}, stop: make(chan struct{})}
	ws, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: workStream, Subjects: []string{workPrefix + ">"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Replicas: opt.Replicas, Duplicates: 2 * time.Minute})
	if err != nil {
		return nil, fmt.Errorf("work stream: %w", err)
	}
	rs, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: resultStream, Subjects: []string{resultPrefix + ">"},
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage, Replicas: opt.Replicas, MaxAge: 48 * time.Hour, Duplicates: 2 * time.Minute})
	if err != nil {
		return nil, fmt.Errorf("result stream: %w", err)
	}
	// a fresh start: the previous coordinator's blocks and results go
	if err := js.DeleteConsumer(ctx, workStream, consumerName); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil, err
	}
	if err := ws.Purge(ctx); err != nil {
		return nil, err
	}
	if err := rs.Purge(ctx); err != nil {
		return nil, err
	}
	if _, err := js.CreateConsumer(ctx, workStream, jetstream.ConsumerConfig{Durable: consumerName, AckPolicy: jetstream.AckExplicitPolicy,
		AckWait: opt.AckWait, MaxDeliver: -1, MaxAckPending: 10000, FilterSubject: workPrefix + ">"}); err != nil {
		return nil, fmt.Errorf("work consumer: %w", err)
	}
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: filesBucket, Storage: jetstream.FileStorage, Replicas: opt.Replicas})
	if err != nil {
		return nil, fmt.Errorf("object store: %w", err)
	}
	a := announce{Run: c.run, Version: opt.Version, AckWait: opt.AckWait}
	if a.Space, a.Files, a.Depth, err = putFiles(ctx, obs, sp); err != nil {
		return nil, fmt.Errorf("putting the space's files in the object store: %w", err)
	}
	// results of this run only (a late worker of an earlier run is ignored)
	cons, err := js.OrderedConsumer(ctx, resultStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultPrefix + c.run + ".>"}})
	if err != nil {
		return nil, err
	}
	c.cc, err = cons.Consume(func(m jetstream.Msg) {
		r, err := decodeResults(m.Data())
		if err != nil {
			fmt.Fprintf(opt.Log, "cluster: results that do not decode: %v\n", err)
			return
		}
		if r.Run != c.run {
			return
		}
		for i := range r.Blocks {
			b := &r.Blocks[i]
			b.Worker = r.Worker
			select {
			case c.results <- b:
			case <-c.stop:
				return
			}
		}
	})
	if err != nil {
		return nil, err
	}
	sub, err := nc.Subscribe(refusePrefix+c.run, func(m *nats.Msg) {
		var r refusal
		_ = json.Unmarshal(m.Data, &r)
		c.mu.Lock()
		seen := c.refused[r.Worker+"\x00"+r.Reason]
		c.refused[r.Worker+"\x00"+r.Reason] = true
		c.mu.Unlock()
		if !seen {
			fmt.Fprintf(opt.Log, "cluster: worker %s refused the work: %s\n", r.Worker, r.Reason)
		}
	})
	if err != nil {
		return nil, err
	}
	c.subs = append(c.subs, sub)
	sub, err = nc.Subscribe(beatPrefix+c.run, func(m *nats.Msg) {
		var b beat
		if json.Unmarshal(m.Data, &b) != nil || b.Worker == "" {
			return
		}
		c.mu.Lock()
		w := c.workers[b.Worker]
		if w == nil {
			w = &workerSeen{}
			c.workers[b.Worker] = w
		}
		w.last, w.slots, w.played = time.Now(), b.Slots, b.Games
		c.mu.Unlock()
	})
	if err != nil {
		return nil, err
	}
	c.subs = append(c.subs, sub)
	if err := nc.Flush(); err != nil {
		return nil, err
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: runBucket, Storage: jetstream.FileStorage, Replicas: opt.Replicas})
	if err != nil {
		return nil, fmt.Errorf("run bucket: %w", err)
	}
	data, _ := json.Marshal(a)
	if _, err := kv.Put(ctx, runKey, data); err != nil {
		return nil, err
	}
	c.ann, c.kv = a, kv
	c.wg.Add(1)
	go c.report()
	return c, nil
}

// End tells the workers that the sweep is over: the announcement is
// marked ended (a worker that looks later sees it) and a message on
// tourney.end.RUN reaches those connected now; they stop. A sweep that
// was interrupted does not call it: its workers wait for --resume.
func (c *Coordinator) End(ctx context.Context) error {
	a := c.ann
	a.Ended = true
	data, _ := json.Marshal(a)
	if _, err := c.kv.Put(ctx, runKey, data); err != nil {
		return err
	}
	if err := c.nc.Publish(endPrefix+c.run, nil); err != nil {
		return err
	}
	return c.nc.FlushWithContext(ctx)
}

// Run is the id of this coordinator's run.
func (c *Coordinator) Run() string { return c.run }

// Close stops listening; the server's streams stay (a resumed sweep
// purges them).
func (c *Coordinator) Close() {
	select {
	case <-c.stop:
		return
	default:
	}
	close(c.stop)
	c.cc.Stop()
	for _, s := range c.subs {
		_ = s.Unsubscribe()
	}
	c.wg.Wait()
}

// SetStatus implements runner.Observed.
func (c *Coordinator) SetStatus(status func(string)) {
	c.mu.Lock()
	c.status = status
	c.mu.Unlock()
}

// TakePlayers implements runner.Observed.
func (c *Coordinator) TakePlayers() map[int]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.players
	c.players = map[int]string{}
	return p
}

// report updates the progress line: workers connected and games/s each.
func (c *Coordinator) report() {
	defer c.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for tick(context.Background(), c.stop, t) {
		c.mu.Lock()
		status := c.status
		now := time.Now()
		var names []string
		for n, w := range c.workers {
			if now.Sub(w.last) < 3*beatInterval {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		var parts []string
		for _, n := range names {
			w := c.workers[n]
			rate := 0.0
			if w.games > 0 {
				rate = float64(w.games) / max(now.Sub(w.first).Seconds(), 1)
			}
			parts = append(parts, fmt.Sprintf("%s %.1f g/s", n, rate))
		}
		c.mu.Unlock()
		if status != nil && c.opt.StatusFile != "" {
			c.writeStatus()
		}
		if status != nil {
			s := fmt.Sprintf("%d workers", len(names))
			if len(parts) > 0 {
				s += ": " + strings.Join(parts, ", ")
			}
			status(s)
		}
	}
}

// Play publishes the blocks and emits their results in block order.
func (c *Coordinator) Play(ctx context.Context, blocks []runner.Block, emit func(*arena.Result) error) error {
	if len(blocks) == 0 {
		return nil
	}
	c.seq++
	seq := c.seq
	index := make(map[int]int, len(blocks))
	for bi := range blocks {
		b := &blocks[bi]
		if len(b.Plans) != len(b.Jobs) {
			return fmt.Errorf("cluster: block %d has %d jobs but %d plans", b.Key, len(b.Jobs), len(b.Plans))
		}
		index[b.Key] = bi
	}
	parts := c.parts(len(blocks))
	// the blocks go out while the first results come in
	pctx, cancel := context.WithCancel(ctx)
	defer cancel()
	published := make(chan error, 1)
	go func() { published <- c.publish(pctx, seq, blocks, parts) }()
	pending := make(map[int]*collecting)
	next, n := 0, 0
	for next < len(blocks) {
		var r *blockResult
		select {
		case r = <-c.results:
		case err := <-published:
			if err != nil {
				return err
			}
			continue
		case <-ctx.Done():
			return ctx.Err()
		}
		bi, ok := index[r.Key]
		if r.Seq != seq || !ok || bi < next {
			continue // a leftover, or a block written already
		}
		if r.Err != "" {
			return fmt.Errorf("worker %s, block %d: %s", r.Worker, r.Key, r.Err)
		}
		b := &blocks[bi]
		p := pending[bi]
		if p == nil {
			p = &collecting{games: make([]arena.Result, len(b.Jobs)), starts: partStarts(len(b.Jobs), parts)}
			p.done = make([]bool, len(p.starts))
			p.missing = len(p.starts)
			pending[bi] = p
		}
		k := sort.SearchInts(p.starts, r.First)
		if k == len(p.starts) || p.starts[k] != r.First || len(r.Games) != partEnd(p.starts, k, len(b.Jobs))-r.First {
			return fmt.Errorf("worker %s, block %d: %d results from game %d, not a part of this block", r.Worker, r.Key, len(r.Games), r.First)
		}
		if p.done[k] {
			continue // a duplicate (redelivery, a late worker)
		}
		p.done[k] = true
		p.missing--
		copy(p.games[r.First:], r.Games)
		c.mu.Lock()
		if r.First == 0 {
			c.players[r.Key] = r.Worker
		}
		w := c.workers[r.Worker]
		if w == nil {
			w = &workerSeen{}
			c.workers[r.Worker] = w
		}
		if w.games == 0 {
			w.first = time.Now()
		}
		w.games += len(r.Games)
		w.last = time.Now()
		c.mu.Unlock()
		for pending[next] != nil && pending[next].missing == 0 {
			b := &blocks[next]
			for i := range pending[next].games {
				g := &pending[next].games[i]
				g.Index, g.Job = n, &b.Jobs[i]
				if err := emit(g); err != nil {
					return err
				}
				n++
			}
			delete(pending, next)
			next++
		}
	}
	return nil
}

// collecting is a block whose parts are coming in.
type collecting struct {
	games   []arena.Result
	starts  []int  // the parts' first games
	done    []bool // per part
	missing int
}

// parts is how many work items each block of a Play call of n blocks
// travels in: one, unless the blocks are too few to keep every worker
// slot busy (a round of few long blocks: a local run plays their games
// side by side). Then a block is cut in up to one item a game, towards
// 4 items a slot: the slots the workers' heartbeats announce, and at
// least 64 (workers that join while the round is played find items to
// take; a round of many blocks is not cut). The results do not depend
// on it.
func (c *Coordinator) parts(n int) int {
	slots := 0
	c.mu.Lock()
	now := time.Now()
	for _, w := range c.workers {
		if now.Sub(w.last) < 3*beatInterval {
			slots += w.slots
		}
	}
	c.mu.Unlock()
	slots = max(slots, 64)
	return max(1, (4*slots+n-1)/n)
}

// partStarts is where each of (up to) parts parts of a block of n games
// starts, as even as can be.
func partStarts(n, parts int) []int {
	parts = max(1, min(parts, n))
	s := make([]int, parts)
	for i := range s {
		s[i] = i * n / parts
	}
	return s
}

func partEnd(starts []int, k, n int) int {
	if k+1 < len(starts) {
		return starts[k+1]
	}
	return n
}

// publish puts the blocks of Play call seq on the work queue, each in
// its parts (a work item published twice, by a retry, is stored once:
// its message id).
func (c *Coordinator) publish(ctx context.Context, seq int, blocks []runner.Block, parts int) error {
	subj := workPrefix + c.run
	var futs []jetstream.PubAckFuture
	var msgs []*nats.Msg
	for bi := range blocks {
		b := &blocks[bi]
		starts := partStarts(len(b.Jobs), parts)
		for k, first := range starts {
			end := partEnd(starts, k, len(b.Jobs))
			it := workItem{Run: c.run, Version: c.opt.Version, Seq: seq, Key: b.Key, First: first, Games: make([]wireGame, end-first)}
			for i := first; i < end; i++ {
				it.Games[i-first] = toWire(&b.Jobs[i], b.Plans[i])
			}
			data, err := it.encode()
			if err != nil {
				return fmt.Errorf("cluster: block %d: %w", b.Key, err)
			}
			id := c.run + "." + strconv.Itoa(seq) + "." + strconv.Itoa(b.Key) + "." + strconv.Itoa(first)
			m := &nats.Msg{Subject: subj, Data: data, Header: nats.Header{jetstream.MsgIDHeader: []string{id}}}
			// a large round waits for room rather than failing
			f, err := c.js.PublishMsgAsync(m, jetstream.WithStallWait(time.Minute))
			if err != nil {
				return fmt.Errorf("cluster: publishing block %d: %w", b.Key, err)
			}
			futs, msgs = append(futs, f), append(msgs, m)
		}
	}
	select {
	case <-c.js.PublishAsyncComplete():
	case <-ctx.Done():
		return nil
	}
	for i, f := range futs {
		select {
		case <-f.Ok():
			continue
		case err := <-f.Err():
			// once more, waiting for the server's answer
			if _, err2 := c.js.PublishMsg(ctx, msgs[i]); err2 != nil {
				return fmt.Errorf("cluster: publishing work item %s: %v; again: %w", msgs[i].Header.Get(jetstream.MsgIDHeader), err, err2)
			}
		}
	}
	return nil
}
