// Package external plays bots that run as separate programs (Java,
// Python, C++ ...) behind game.Bot, so that the arena, the tournaments,
// the CSV files and the statistics treat them like built-in bots
// (protocols.md). A bot is declared by a Decl (a [bots.NAME] table, read
// by the tuner) and speaks one of three protocols:
//
//   - jsonl: JSON lines over stdin/stdout, every game (this file's
//     protocol, below);
//   - reversixt-tcp: the course's ReversiXT protocol (reversixt.md §8),
//     tourney being the server (rxthost.go, codec in rxtproto);
//   - speed-ws: the official Spe_ed websocket protocol (speed.md §7–§8),
//     tourney being the server (speedhost.go; the client side is
//     speedproto).
//
// # JSON lines (protocol "tourney/2")
//
// One JSON object per line, UTF-8, '\n'-terminated; every object has a
// "type". tourney writes to the bot's stdin and reads its stdout; stderr
// goes to the bot's log (below, "Logs").
//
//	→ {"type":"hello","protocol":"tourney/2","game":"connect4","options":{}}
//	← {"type":"hello","protocol":"tourney/2","name":"mybot","params":[{"name":"first_prob","type":"float","default":0.0,"min":0.0,"max":1.0}]}
//	→ {"type":"newgame","seed":"1234","params":{"first_prob":0.5},"seat":0,"players":2,"map":"standard","mapdata":"..."}
//	→ {"type":"turn","id":"1.0","ply":0,"player":0,"state":{...},"legal":["0","1",...],"budget":{"depth":1,"nodes":0,"time_ms":0}}
//	← {"type":"action","id":"1.0","action":"3","info":{"depth":5}}
//	→ {"type":"end","ranks":[1,2],"scores":[1,0],"reason":"normal"}
//	→ {"type":"quit"}
//
// and for a bot that plays the clock in nodes (below, "The clock"):
//
//	← {"type":"hello","protocol":"tourney/2","clock":"nodes","name":"mybot","params":[...]}
//	→ {"type":"turn","id":"1.2",...,"budget":{"depth":0,"nodes":0,"time_ms":200},"clock":{"kind":"nodes","time_ms":200,"bank":true,"node_rate":100000,"left_nodes":34000,"left_ms":340}}
//	← {"type":"action","id":"1.2","action":"3","info":{"nodes":10200,"depth":7}}
//
// # Turns and answers (tourney/2)
//
// Every turn carries an "id" (a string: the process's game number, a
// dot, the ply) and its action must echo it, so that an answer is tied
// to its turn. Before a turn is sent, tourney looks at the bot's stdout
// (its read buffer and the pipe, FIONREAD on Linux): a line that arrived
// while no turn was open (an extra action, a line after end) is a
// protocol fault of the game in which it is found, never a move; an
// action with another turn's id (stale or unsolicited) is one too. Both
// forfeit with reason protocol, write a line saying why into the bot's
// log, and replace the process (it is out of step).
//
// Old bots (tourney/1): a bot whose hello does not say "protocol":
// "tourney/2" may leave the id out of its actions; they are accepted, with
// one note in its log (and in check-bot's report). An id it sends is
// checked, and a process that echoed an id once must echo it always.
// Its lines that arrived while no turn was open are discarded, counted
// (Decl.Discarded, check-bot) and noted in its log, never a move; before
// its next game on a process, tourney waits until the bot has read end
// and waits for input again (settle.go), so that a line it writes after
// end arrives before the next turn. A line written later than that
// (after the next turn was sent) cannot be told from a fresh answer:
// echo the id.
//
// # The clock (tourney/2)
//
// Under a time budget every turn carries "clock" (under depth and node
// budgets it is left out):
//
//	kind        "nodes": the move's time is the nodes it reports over node_rate;
//	            "wall": the move's time is wall time
//	time_ms     the time of a move; with a bank, what is added to the bank before each move
//	bank        true: the contest's time bank (reversixt.md §8.4): what a move leaves carries over
//	node_rate   nodes per second (kind "nodes" only)
//	left_nodes  what this move may search, in nodes (kind "nodes" only): the bank's
//	            balance, this move's increment included, or time_ms worth of nodes
//	left_ms     the same as time (left_nodes/node_rate, rounded down); on the
//	            wall clock the move's limit, time_ms
//
// A bot whose hello says "clock": "nodes" counts the nodes it searches
// (every position its search visits, however it counts them, as long as
// the count depends only on the positions and its parameters, never on
// the clock on the wall) and reports them in every action's
// "info": {"nodes": N} — N the nodes of this move's search, an integer
// of at least 0. Such a bot is a game.NodeClocker (Decl.NodeClocked,
// Decl.Clock): under a budget with a node_rate the arena plays it exactly
// as a built-in searcher (arena/clock.go): kind "nodes", the bank kept
// in nodes by the arena, the move charged info.nodes, a move over its
// balance plus the arena's grace in nodes a forfeit by timeout. The
// wall clock is then only a hang guard (MoveTimeout, under the arena's
// hang timeout), so its games under the clock replay byte for byte at
// any --workers and any load. Every action of such a bot must carry
// info.nodes: one that is missing, negative, a string or not an integer
// is a protocol fault (forfeit:protocol, the process is replaced), never
// a move. A hello "clock" other than "nodes" or "wall" is a protocol
// fault of the hello. Counts are per move, not running totals
// (check-bot notes counts that rise at every move of a game).
//
// A bot that does not announce it plays the wall clock, as before: kind
// "wall", no node rate, no bank (the arena gives an external program the
// per-move time), left_ms the move's limit; its games under a clock
// depend on the machine's load. Its info is not read (games.csv and the
// records show no nodes for it, as before). The first move under a
// clock writes one line into the bot's log saying which clock it plays;
// `tourney check-bot` says it too. A tourney/1 bot ignores "clock" (an
// unknown field) and keeps working unchanged.
//
// # CPU time of the bot's processes
//
// A bot's moves are computed in its own processes, whose CPU time is not
// tourney's (getrusage of tourney does not see a running child). The
// bots are game.ProcessTimers: ProcessCPU is the CPU time (user and
// system) of the game's process and all its descendants in the game —
// for a pooled jsonl process from the end of its previous game (its
// start for the first: the start-up of a process counts in its first
// game) to now, or to EndGame once the game is over; one reading a game,
// at its end. Decl.ProcessCPU sums every process of a declaration in the
// run, ProcessCPU every bot process. On Linux it is read from
// /proc/PID/stat (utime, stime, and cutime and cstime of the children
// each process reaped) of the process and its descendants
// (/proc/PID/task/TID/children); when the process is reaped its rusage
// (wait4) replaces the reading, plus the CPU time of what it left behind
// (its process group, and the orphans carrying its tag that re-parented
// to tourney), read as they are killed. Readings are in clock ticks
// (10 ms) and never decrease. Elsewhere a running process reads as 0 and
// an ended one as its rusage: a pooled process's CPU time is then seen
// only when it ends.
//
// Start-up (spawn and hello) happens in BeginGame, which the arena does
// not time: it is charged to Startup, never to the first move's budget
// (a JVM, or a bot started again after a crash, keeps its first move).
// The move clock starts when the turn is about to be sent.
//
// Parameter types are int and float (min, max required), bool, and string
// (values required); the default must be allowed. "seed" is a decimal
// string (64 bits do not fit a JSON number everywhere). "state" is the
// game's JSON encoding (game.JSONEncoder; each game's doc.go, "JSON state
// encoding"); "mapdata" is the map file where the game has one
// (game.MapTexter). "legal" — an addition to protocols.md §2 — lists the
// legal actions in the game's notation (as `tourney play` prints them),
// so that a bot does not need the rules to play legally; it is left out
// above 4096 actions (none of today's games). Actions are matched against
// that notation exactly. tourney does not send "update": a bot rebuilds
// its view from "state". Simultaneous games (Groker, Spe_ed) send one turn
// to each active seat; a process plays one seat at a time.
//
// # Processes: reuse, deadlines, faults
//
// A Pool per declaration keeps idle processes; a game leases one from the
// seat's BeginGame (started and greeted there if none is idle; newgame
// goes with the first turn) to its end (game.Lifecycle's EndGame, called
// by the arena: end is sent and the process goes back to the pool), so
// one JVM serves many games. Processes are keyed by their
// rendered command line ({param:NAME} templates): a bot that takes its
// parameters from newgame needs one process per worker, one that takes
// them on the command line one per worker and parameter set.
//
// Deadlines: start-up and hello within Startup (default 10s); an action
// within the time budget plus Grace (default 50ms, under the arena's
// 100ms grace) on the wall clock, or within
// MoveTimeout (default 30s, below the arena's 2-minute hang timeout)
// under depth or node budgets and, for a bot that counts its nodes,
// under a clock in nodes. Faults forfeit the seat's game with a
// reason (game.FaultError, games.csv forfeit:<reason>), never the run:
//
//	timeout   no hello within Startup, no action in time (the process is killed)
//	crash     the process exited or could not start (it is started again for the next game,
//	          unless restart = "never")
//	protocol  malformed JSON, an unknown or unexpected message, a line while no turn
//	          was open, an answer to another turn (the process is killed: it is out of step)
//	illegal   an action that is not legal (the process is kept)
//
// Ownership: every process is in a registry from start until reaped.
// Processes run in their own process group and, on Linux, with
// Pdeathsig = SIGKILL, so that a killed tourney takes them along. That
// is not enough for descendants: a process that calls setsid leaves the
// group, and Pdeathsig covers direct children only. So every bot
// process gets TOURNEY_BOT=RUN/N in its environment (inherited by all
// it starts, however they detach), and tourney makes itself a child
// subreaper (prctl PR_SET_CHILD_SUBREAPER), so that orphans re-parent to
// it rather than to init. When a bot process exits or is killed, its
// process group and every process carrying its tag are killed with
// SIGKILL (SIGTERM may be ignored), and those that became tourney's
// children are reaped; CloseAll sends quit to idle processes, kills
// them after QuitGrace, kills busy ones, waits until all are reaped, and
// kills whatever still carries the run's tag. cmd/tourney defers
// CloseAll for every command, and Ctrl-C cancels the run's context,
// which aborts any move in progress, and any start-up in BeginGame
// (SetRunContext), and returns through that defer.
// A cgroup would hold the tree as well but needs a delegated cgroup,
// rarely available to a user: not used.
//
// After kill -9 of tourney nothing can clean up in the process, so a
// sweep records each bot process as it starts in RESULTS/bots/pids
// ("pid starttime tag argv0", after a "0 0 RUN/" line for the run), the
// start time from /proc/PID/stat (a process started before the directory
// is known, by Preflight or a params = "hello" bot, once it is: a kill -9
// before that leaves its setsid descendants unrecorded). The next sweep in that directory
// (--resume, under the directory's lock) and `tourney cleanup DIR` call
// CleanupDir: recorded processes whose start time still matches (a
// recycled pid is never killed) and every process carrying the tag of a
// recorded run are killed, and the record is emptied. Live and
// externaltest.Children and Marked let tests check the process table.
// Elsewhere than Linux: process groups only, no record is acted on. A
// process that empties its environment before it detaches escapes the
// tag (it is still killed at the end of the run if it stays in the
// group or is a subreaped child; not after a kill -9).
//
// # Logs
//
// Every byte a bot writes to stderr goes to its log, through a pipe and
// a copying goroutine per process: RESULTS/bots/NAME.log in a sweep
// (shared by the bot's processes, appended), tourney's stderr in
// check-bot, match and play. A sweep holds the stderr of bots that start
// before the results directory is known (params = "hello" bots start
// while the space is read) in memory and writes it to the log once the
// directory is locked, or to tourney's stderr if the sweep ends first.
// A log takes at most LogCap bytes (10 MB) per bot and run, then one
// line saying that the rest was dropped; the bot is never blocked on its
// stderr. tourney's own notes about a bot (a stale answer, a refused
// connection, no ids) go into the same log, as lines starting
// "tourney: ".
//
// Reproducibility: an external bot's games are byte-identical across runs
// and --workers only if it seeds its randomness from newgame.seed (the
// seed is the arena's per-seat seed) and obeys depth or node budgets, or
// plays the clock in nodes ("clock": "nodes", and obeys left_nodes). The
// tool cannot enforce it; `tourney check-bot` plays a game twice (and,
// for a bot that counts its nodes, once more under a clock in nodes) and
// says when the moves or the node counts differ.
//
// # ReversiXT over TCP, hosted (protocol reversixt-tcp)
//
// Per seat and game, tourney listens on a loopback port, starts the
// program with {addr} (also {port}, {player} 1..8, {seat}, {seed},
// {param:NAME}), accepts one connection within Startup and speaks §8 to
// the byte. The seat belongs to its bot: on Linux a connection is taken
// only from the process tourney started for the seat, a descendant, or a
// process with its tag — the peer's socket is found in /proc/net/tcp
// (and tcp6) by its ports, its inode among those processes'
// descriptors (/proc/PID/fd). Any other connection (another local
// process that connects first) is closed before a byte is read or
// written and noted in the bot's log; tourney waits on for the bot's
// own until Startup. Elsewhere every connection is accepted. Then it
// reads 1 (the group is ignored), sends 2 (the map in the file format,
// Map.String) and 3, then 4 to the player to move and reads
// 5, and sends 6 to every seat after every move (the arena's
// game.Observer hook), 7 on a disqualification (the disqualified seat is
// then disconnected), 8 when phase 1 ends and 9 at the end. Decisions
// where §8 is silent:
//   - Message 4 carries the budget: time in ms for a time budget, depth
//     for a depth budget, 0 for "none" (a node budget sends 0 and 0; the
//     move is then bounded by MoveTimeout). A time budget is the
//     official server's time bank (reversixt.md §8.4, Decl.Timing
//     TimingBank, the default): before each of the seat's moves the
//     budget is added to its bank, message 4 carries the bank, the
//     answer may take the bank plus Grace, and the unused time carries
//     over (rxtBot is a game.Clocked, so the arena and its watchdog
//     allow the longer move). timing = "per-move" (TimingPerMove) sends
//     the budget and caps every move at budget plus Grace.
//   - A game that ends straight from phase 1 (no bombs, or nobody holds
//     one) sends 8 then 9. A game ended otherwise (length limit) sends 9.
//   - In phase 2 the special byte of message 5 is ignored, and message 6
//     carries 0 (the official server echoes 0).
//   - A bad message 5 (length, type), an illegal move or a late one
//     disqualify the seat (forfeit protocol, illegal, timeout); ReversiXT
//     is a game.Eliminator, so the game goes on without it.
//   - Opening plies: the arena hands the position after the opening as
//     the map (game.PositionMapper, reversixt.PositionMap: the board,
//     and the stocks in the header), the same for every seat; the first
//     request may then go to another player than 1. When the position
//     is no map (the players' stocks differ after an overwrite or a
//     bonus), the seat gets the game's map and the opening's moves as
//     messages 6 before the first request.
//   - One process per seat per game (the protocol has one game per
//     connection); hello and params = "hello" are jsonl only, parameters
//     are declared in TOML and passed with {param:NAME}.
//
// # Spe_ed over websocket, hosted (protocol speed-ws)
//
// Per seat and game, tourney serves ws://127.0.0.1:PORT/spe_ed?key=KEY
// (403 for another key, 429 for a second connection) and
// /spe_ed_time (§7.3), and starts the program with URL, KEY and TIME_URL
// in its environment as the contest's containers had them (and {url},
// {key}, {addr}, {seed}, {param:NAME} in its command line). Each round an
// active seat gets the §8.1 state (fields in the server's order) with a
// deadline from the budget — RFC 3339 UTC in whole seconds, the
// fraction cut off, as the official server writes it (so the deadline
// written may be up to a second early; budgets below a second may show
// a deadline already past) — and must answer {"action": ...} by the true
// deadline plus Grace. Eliminated seats get each round's state too, and
// everybody the final state (running false, the players named with
// pseudonyms of three German nouns as the official server does), then
// the connection closes. /spe_ed_time answers with
// Access-Control-Allow-Origin: * and Cache-Control: no-cache, no-store,
// must-revalidate (a clock read from browser GUIs of other origins,
// never from a cache). A seat that misses its deadline or answers badly forfeits
// (timeout, protocol, illegal) and, as on the official server, is
// eliminated in that round while the others play on (Spe_ed is a
// game.Eliminator). Differences from the official server: one
// connection per server (per seat), and rounds are asked seat by seat
// rather than at once (the same state either way).
//
// Websocket library: github.com/coder/websocket (formerly
// nhooyr.io/websocket), maintained by Coder, small, context-aware
// (deadlines are contexts, which matches Step's ctx), no dependencies,
// passes the Autobahn suite, and both client and server in one API;
// gorilla/websocket was archived for a time and needs its own deadline
// plumbing, x/net/websocket is deprecated in its own docs.
package external
