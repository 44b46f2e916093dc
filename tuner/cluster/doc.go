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
// Measured on 2 cores shared with other jobs (load average 11 to 16:
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
//	blocks of 2 games: 8 344, 7 603, 7 913 results/s of wall time;
//	  15 230, 15 913, 15 848 results per coordinator CPU-second
//	  (the coordinator used 0.55, 0.48, 0.50 of a core);
//	  5 059, 5 295, 5 302 results per CPU-second of every process
//	blocks of 8 games: 17 373, 17 879, 16 443 results/s;
//	  44 612, 46 080, 42 623 results per coordinator CPU-second
//	  (0.39 of a core); 12 672, 13 038, 12 585 in all
//
// BenchmarkCoordinator, everything in one process (16 worker
// connections of 4 slots): 2-game blocks 6 783, 7 235, 6 821 results/s
// (11 210, 11 183, 10 726 results per CPU-second of the process); 8-game
// blocks 5 067, 9 966, 6 223 results/s (15 649, 19 555, 16 762 per
// CPU-second). With gob, one message a block, a synchronous publish and
// a double ack, the same benchmark gave 2 152 and 2 437 results/s
// (4 882 and 9 647 per CPU-second) the same day.
//
// What bounds it: the coordinator costs about 65 µs of CPU a result with
// 2-game blocks and 23 µs with 8-game blocks, and about 68 % of that is
// the NATS server (JetStream storing and deleting each work item,
// delivering it on a pull request and taking its ack, storing the
// result batches and pushing them to the coordinator, the socket
// writes), some 16 % this package and 9 % the client library (encoding
// the work items, decoding the results, putting blocks in order) and 9 %
// the garbage collector (CPU profile of the 2-game benchmark). The cost
// is per work item more than per game: one coordinator core takes about
// 15 000 results/s of 2-game blocks and over 40 000 of 8-game blocks
// (the study's blocks have 6 to about 100 games), more than 5 000
// either way, when the workers run elsewhere; here the workers' share of
// the 2 cores bounds the wall time (the 32 processes take about 2/3 of
// the CPU for fetching, playing and publishing). Hundreds of machines of
// 8 slots playing games of a second or so send a few thousand results a
// second: a fraction of one coordinator core. The sweep's own work on
// each result (its files, its statistics) comes on top and is not
// measured here.
//
// Before workers long-polled for work, an in-process run sometimes
// stalled for AckWait (2 of 21 runs under that load, none of 16 with
// worker processes): a work item delivered but not played until it was
// given again after 30 s, most likely a message the server sent to a
// no-wait pull request the client had given up after one second. The
// long poll's heartbeats keep the request alive while the server is
// slow; the results were right either way, the block late.
//
// Overhead on one machine (BenchmarkClusterStudy in cmd/tourney: a cut
// of the study, 144 games in 24 blocks and the hold-out rung's 48; a
// local sweep --workers 2, then a coordinator --workers 0 with two worker
// processes of 1 slot; the games.csv of both are compared byte for
// byte):
//
//	go test -run '^$' -bench ClusterStudy -benchtime 1x -count 3 ./cmd/tourney
//
//	on idle cores (2026-11-25, load 1.6–2.2):
//	local 4.110, 4.227, 4.233 games/s; cluster 4.017, 4.177, 4.212
//	  games/s (speed-ratio 0.977, 0.988, 0.995)
//	local 471.2, 458.4, 457.0 CPU-ms a game (every process); cluster
//	  475.4, 457.9, 453.4 (cpu-ratio 1.009, 0.999, 0.992)
//
// The cluster's CPU a game is within 1 % of the local run's (the
// embedded server, two more processes, the wire), and so is its speed
// but for a run's fixed costs (worker start-up, the last games of each
// round): with a 60-game cut the speed ratio was 0.953, 0.940, 0.948.
// On a loaded machine the wall figures mean little (three processes get
// a larger share of it than one: speed ratios of 1.5–2.0 at load 10–17,
// CPU ratios 0.996–1.015; three runs before the long poll gave cpu-ratio 1.014, 1.008,
// 1.003 and speed-ratio 1.47, 1.34, 1.49). Blocks of a round too few to
// fill the slots travel in parts (Coordinator.parts): before, with
// whole 6-game blocks on 1-slot workers, the same benchmark gave a
// speed ratio of 0.68.
//
// It imports the study (tuner/study; a worker compiles the space it is
// sent), the planners' blocks (tuner/plan), the runner's interface
// (tuner/runner), the arena and the external bots; the commands import
// it, never the loop.
package cluster
