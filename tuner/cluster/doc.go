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
//
// # Throughput
//
// Measured on 2 cores shared with other jobs (load average 11 to 14:
// wall times swing, CPU times hold), 2026-11-25, 3 repeats each:
//
//	go test -run '^$' -bench 'Coordinator' -benchtime 1x -count 3 ./tuner/cluster
//
// BenchmarkCoordinatorProcs runs the coordinator with its embedded
// server in the benchmark's process and 32 worker processes of 2 slots
// (synthetic games, 20 000 a run), so that the coordinator's own CPU
// time is the process's (coord-results/cpu-s) and the workers' is read
// from /proc:
//
//	blocks of 2 games: 7 961, 7 665, 6 677 results/s of wall time;
//	  15 265, 14 922, 14 875 results per coordinator CPU-second
//	  (the coordinator used 0.52, 0.51, 0.45 of a core);
//	  4 950, 5 037, 4 982 results per CPU-second of every process
//	blocks of 8 games: 16 565, 17 126, 15 487 results/s;
//	  45 364, 42 987, 41 069 results per coordinator CPU-second
//	  (0.37, 0.40, 0.38 of a core); 11 970, 11 460, 11 717 in all
//
// BenchmarkCoordinator, everything in one process (16 worker
// connections of 4 slots): 2-game blocks 5 611 and 4 479 results/s
// (10 609, 10 628 results per CPU-second of the process) and one run of
// 611 results/s (see below); 8-game blocks 14 036, 13 290, 8 877
// results/s (20 450, 20 081, 18 246 per CPU-second). With gob, one
// message a block and a synchronous publish and double ack the same
// benchmark gave 2 152 and 2 437 results/s (4 882 and 9 647 per
// CPU-second) the same day.
//
// What bounds it: the coordinator costs about 65 µs of CPU a result with
// 2-game blocks and 23 µs with 8-game blocks, and about 72 % of that is
// the NATS server (JetStream storing and deleting each work item,
// delivering it on a pull request and taking its ack, storing the
// result batches and pushing them to the coordinator, the socket
// writes), some 15 % this package and the client library (encoding the
// work items, decoding the results, putting blocks in order) and 8 % the
// garbage collector (CPU profile of the 2-game benchmark). The cost is
// per work item more than per game: one coordinator core takes about
// 15 000 results/s of 2-game blocks and over 40 000 of 8-game blocks
// (the study's blocks have 6 to 100 games), more than 5 000 either way,
// when the workers run elsewhere; here the workers' share of the 2
// cores bounds the wall time (the 32 processes take about 2/3 of the CPU
// for fetching, playing and publishing). Hundreds of machines of 8 slots
// playing games of a second or so send a few thousand results a second:
// a fraction of one coordinator core. The sweep's own work on each
// result (its files, its statistics) comes on top and is not measured
// here.
//
// An in-process run sometimes stalls for AckWait (the 611 results/s
// run, 2 of 21 in-process runs under that load, none of 16 with worker
// processes): a work item delivered but not played until it is given
// again after 30 s. The likeliest cause is a pull request's message
// that the server sends after the client gave the request up (a
// no-wait fetch gives up after one second): the results stay right, the
// block is late.
//
// Overhead on one machine (BenchmarkClusterStudy in cmd/tourney: a cut
// of the study, 60 games; a local sweep --workers 2 against a
// coordinator --workers 0 and two worker processes of 1 slot, in turns;
// the games.csv of both are compared byte for byte):
//
//	go test -run '^$' -bench ClusterStudy -benchtime 1x -count 3 ./cmd/tourney
//
// STUDY_FIGURES
package cluster
