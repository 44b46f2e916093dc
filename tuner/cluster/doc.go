// Package cluster plays a sweep on many machines over NATS JetStream
// (product.md §7): the Coordinator is a runner.Runner for the sweep
// loop; RunWorker is the loop of `tourney worker` (and of the
// coordinator's own local workers).
//
// # On the server
//
//   - TOURNEY_WORK: a work-queue stream on tourney.work.>; one work item
//     per block on tourney.work.RUN (gob: run id, version, the Play
//     call's sequence number, the block key, and each game's scenario,
//     map, seed, seats with their parameters, budget, opening plies and
//     record flag). One durable pull consumer, "workers", shared by every
//     worker: explicit acks, AckWait = --nats-ack-wait (30s), unlimited
//     deliveries.
//   - TOURNEY_RESULTS: a stream on tourney.result.>; a worker publishes a
//     block's results on tourney.result.RUN.SEQ.KEY (message id the
//     same, so the server drops a duplicate within two minutes) and only
//     then acks the work item (a double ack, confirmed by the server).
//     The coordinator reads tourney.result.RUN.> with an ordered
//     consumer.
//   - TOURNEY_RUN (key-value): "run", the coordinator's announcement
//     (run id, version, the space's and its files' hashes, AckWait).
//   - TOURNEY_FILES (object store): the space file, its map files, bot
//     config files and the files its external bots' command lines name,
//     by sha256. A worker rebuilds the space's directory layout in its
//     cache (so relative paths resolve) and parses the space there.
//   - tourney.beat.RUN (core NATS): worker heartbeats every 2s (the
//     progress line's workers); tourney.refuse.RUN: a worker's refusal,
//     logged by the coordinator.
//
// A coordinator starts with a fresh run id: it deletes the work
// consumer, purges both streams and announces the run, so that nothing
// of an earlier coordinator (killed, resumed) is played or counted. One
// sweep per NATS server (account) at a time.
//
// # Exactly once, in order
//
// A worker pulls as many blocks as it has free slots, plays each with
// the local arena, heartbeats it with in-progress acks every AckWait/3,
// publishes its results and acks it. A worker that dies (or is cut off)
// does not ack: the block is delivered again after AckWait. The
// coordinator keeps the first result of each (run, Play call, block
// key) and drops the others (a redelivery, a late worker), buffers
// blocks that come early and emits every game in block order and job
// order: the files are the bytes of a local run.
package cluster
