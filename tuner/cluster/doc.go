// Package cluster plays a sweep on many machines over NATS JetStream
// (product.md §7): the Coordinator is a runner.Runner for the sweep
// loop; RunWorker is the loop of `tourney worker` (and of the
// coordinator's own local workers).
//
// # On the server
//
//   - TOURNEY_WORK: a work-queue stream on tourney.work.>; one work item
//     per block on tourney.work.RUN, or per part of a block when a Play
//     call has too few blocks to keep every worker slot busy (see
//     Coordinator.parts): run id, version, the Play call's sequence
//     number, the block key, the index of the part's first game, and
//     each game's scenario, map, seed, seats with their parameters,
//     budget, opening plies and record flag (message id
//     RUN.SEQ.KEY.FIRST). One durable pull consumer, "workers", shared
//     by every worker: explicit acks, AckWait = --nats-ack-wait (30s),
//     unlimited deliveries.
//   - TOURNEY_RESULTS: a stream on tourney.result.>; a worker publishes
//     its results on tourney.result.RUN.b, every block (part) it
//     finished since its previous message in one message (up to
//     256 KiB), asynchronously with at most 4 messages unacknowledged
//     by the server, and acks the work items of a message once the
//     server has stored it. The coordinator reads tourney.result.RUN.>
//     with an ordered consumer.
//   - The messages are a compact binary format (codec.go: varints,
//     floats as their 8 bytes, deflated past 32 KiB when games are
//     recorded), every field of arena.Result the sweep writes, the
//     game's fingerprint (game_hash) included.
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
// A worker pulls as many work items as it has free slots (what is
// there at once, else it waits for one), plays each with the local
// arena, keeps it with in-progress acks every AckWait/3 until it is
// acked, publishes its results and acks it. A worker that dies (or is
// cut off) does not ack: the item is delivered again after AckWait. A
// lost ack is harmless the same way. The coordinator keeps the first
// result of each (run, Play call, block key, part) and drops the others
// (a redelivery, a late worker), buffers blocks that come early and
// emits every game in block order and job order: the files are the
// bytes of a local run, whatever the parts.
package cluster
