package external

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tourney/engines/game"
)

// Decl declares an external bot (a [bots.NAME] table).
type Decl struct {
	Name     string
	Game     string
	Protocol string   // "jsonl" (reversixt-tcp and speed-ws: not yet)
	Cmd      []string // argv; {param:NAME} and {name} are filled in
	Env      map[string]string
	Dir      string // working directory of the process ("": tourney's)
	// Params are the bot's parameters, declared in TOML or, with
	// HelloParams, by the bot's hello (read by Resolve).
	Params      []game.Param
	HelloParams bool
	Doc         string

	Startup     time.Duration // to start and say hello (default 10s)
	MoveTimeout time.Duration // per move under depth or node budgets (default 30s)
	// Grace is how long after a time budget an answer is still taken
	// (default 50ms); keep it below the arena's grace (--grace, 100ms),
	// whose watchdog would otherwise give up on the move first.
	Grace     time.Duration
	QuitGrace time.Duration // from quit to kill (default 1s)
	// NoRestart: a crashed bot is not started again (its later games are
	// forfeits by crash). Default: restart on crash.
	NoRestart bool
	// Timing is how reversixt-tcp times a time budget: TimingBank (""
	// too: the official server's time bank) or TimingPerMove.
	Timing string

	pool    *Pool
	crashed atomic.Bool
	// echoed, unechoed: some action carried the turn's id, some did not
	// (check-bot reports which).
	echoed, unechoed atomic.Bool
	// discarded counts the lines of a tourney/1 bot that arrived while
	// no turn was open (settle.go).
	discarded atomic.Int64
	// clock is what the last hello said: 0 no hello yet, 1 wall, 2 nodes.
	clock atomic.Int32
	// cpuEnded is the CPU time of the decl's processes that are gone.
	cpuEnded atomic.Int64
}

func clockOf(hello string) int32 {
	if hello == ClockNodes {
		return 2
	}
	return 1
}

// Clock is the clock the bot plays under a time budget, from its hello:
// ClockNodes (it counts its nodes: under a clock with a node rate its
// moves are charged nodes/node_rate and its games replay byte for byte),
// ClockWall (the wall clock: its games under a clock depend on the
// machine's load), or "" before any hello (not started yet).
func (d *Decl) Clock() string {
	switch d.clock.Load() {
	case 1:
		return ClockWall
	case 2:
		return ClockNodes
	}
	return ""
}

// NodeClocked reports whether the bot counts its nodes (Clock is
// ClockNodes): the same as game.NodeClocker on its bots.
func (d *Decl) NodeClocked() bool { return d.Clock() == ClockNodes }

// ClockLine says which clock the bot plays under budget b, for a sweep's
// or a match's summary: "" when b is no clock (depth, nodes) or the bot
// has not said hello yet.
func (d *Decl) ClockLine(b game.Budget) string {
	if b.Time <= 0 {
		return ""
	}
	switch {
	case d.Clock() == "":
		return ""
	case d.NodeClocked() && b.NodeRate > 0:
		return fmt.Sprintf("bot %s plays the clock in nodes (%s): each move costs the nodes it reports, its games replay byte for byte", d.Name, b)
	case d.NodeClocked():
		return fmt.Sprintf("bot %s counts its nodes, but the budget %s has no node_rate: it plays the wall clock, and its games depend on the machine's load", d.Name, b)
	}
	return fmt.Sprintf("bot %s plays the wall clock (%s per move; its hello has no \"clock\": \"nodes\"): its games depend on the machine's load and do not replay", d.Name, b.WallClock().Time)
}

// Defaults of Decl's durations.
const (
	DefaultStartup     = 10 * time.Second
	DefaultMoveTimeout = 30 * time.Second
	DefaultGrace       = 50 * time.Millisecond
	DefaultQuitGrace   = time.Second
)

func (d *Decl) defaults() {
	if d.Startup <= 0 {
		d.Startup = DefaultStartup
	}
	if d.MoveTimeout <= 0 {
		d.MoveTimeout = DefaultMoveTimeout
	}
	if d.Grace <= 0 {
		d.Grace = DefaultGrace
	}
	if d.QuitGrace <= 0 {
		d.QuitGrace = DefaultQuitGrace
	}
	if d.Protocol == "" {
		d.Protocol = "jsonl"
	}
}

// Protocols lists the protocols of [bots.NAME] protocol.
var Protocols = []string{"jsonl", "reversixt-tcp", "speed-ws"}

// protocolGame is the game of each official protocol.
var protocolGame = map[string]string{"reversixt-tcp": "reversixt", "speed-ws": "speed"}

// Resolve checks the declaration and, with HelloParams, starts the bot to
// read the parameters it declares (the process stays in the pool for the
// first game). It returns the bot's spec for the arena.
func (d *Decl) Resolve(ctx context.Context) (game.BotSpec, error) {
	d.defaults()
	if !slices.Contains(Protocols, d.Protocol) {
		return game.BotSpec{}, fmt.Errorf("protocol %q is not one of %s", d.Protocol, strings.Join(Protocols, ", "))
	}
	if d.HelloParams && d.Protocol != "jsonl" {
		return game.BotSpec{}, fmt.Errorf("params = \"hello\" needs protocol jsonl; declare the parameters in TOML and pass them with {param:NAME}")
	}
	if want := protocolGame[d.Protocol]; want != "" && d.Game != want {
		return game.BotSpec{}, fmt.Errorf("protocol %s plays %s, not %s", d.Protocol, want, d.Game)
	}
	if len(d.Cmd) == 0 || d.Cmd[0] == "" {
		return game.BotSpec{}, fmt.Errorf("cmd is empty")
	}
	if d.pool == nil {
		d.pool = newPool(d)
	}
	if d.HelloParams {
		_, ps, err := d.pool.Probe(ctx)
		if err != nil {
			return game.BotSpec{}, err
		}
		d.Params = ps
	}
	return d.Spec(), nil
}

// Spec is the bot's game.BotSpec (after Resolve).
func (d *Decl) Spec() game.BotSpec {
	doc := d.Doc
	if doc == "" {
		doc = fmt.Sprintf("external bot (%s): %v", d.Protocol, d.Cmd)
	}
	return game.BotSpec{
		Name:   d.Name,
		Doc:    doc,
		Params: d.Params,
		New: func(p game.Params) (game.Bot, error) {
			switch d.Protocol {
			case "reversixt-tcp":
				return &rxtBot{hosted: hosted{d: d, params: p.Clone(), seat: -1}}, nil
			case "speed-ws":
				return &speedBot{hosted: hosted{d: d, params: p.Clone(), seat: -1}}, nil
			}
			return &jsonlBot{d: d, params: p.Clone(), seat: -1}, nil
		},
	}
}

// jsonlBot plays one seat of one game through a leased process.
type jsonlBot struct {
	d      *Decl
	params game.Params
	seed   uint64
	m      game.Map
	seat   int
	pr     *proc
	begun  bool // newgame sent
	dead   error
	buf    []byte
	id     []byte // the open turn's id
	legal  []game.Action
	call   sync.Mutex // Step and EndGame (a watchdog continuation may end a game during a Step)
	// counted: the game's process said "clock": "nodes" in its hello
	// (fixed at the lease, for the game); last is the last move's info.
	counted bool
	last    game.MoveInfo
	// cpuGame is the CPU time of the processes the game no longer holds
	// (cpu.go).
	cpuGame time.Duration
}

var (
	_ game.Lifecycle    = (*jsonlBot)(nil)
	_ game.Informer     = (*jsonlBot)(nil)
	_ game.NodeClocker  = (*jsonlBot)(nil)
	_ game.ProcessTimer = (*jsonlBot)(nil)
)

// NodeClocked reports whether the bot counts its nodes (its hello said
// "clock": "nodes"): the arena then charges its moves nodes/node_rate
// under a clock counted in nodes, as a built-in bot's, and the wall
// clock is only its hang guard (MoveTimeout). Known after BeginGame.
func (b *jsonlBot) NodeClocked() bool { return b.counted }

// LastMove is what the bot's last action reported in its info (nodes,
// depth) when the bot counts its nodes; zero otherwise.
func (b *jsonlBot) LastMove() game.MoveInfo { return b.last }

func (b *jsonlBot) Reset(seed uint64) { b.seed = seed }

// BeginGame leases the seat's process: an idle one, or a new one started
// and greeted (hello) here, so that start-up is charged to Startup and
// never to the first move's clock (the arena does not time BeginGame).
func (b *jsonlBot) BeginGame(m game.Map, seat int) {
	b.call.Lock()
	defer b.call.Unlock()
	b.m, b.seat = m, seat
	b.cpuGame, b.counted = 0, false
	b.lease(runContext())
}

// runCtx is the run's context (SetRunContext): BeginGame has none of its
// own, and a Ctrl-C must not wait for a slow start-up.
var runCtx atomic.Pointer[context.Context]

// SetRunContext gives the context whose end aborts start-ups in
// BeginGame (cmd/tourney passes the command's, cancelled by Ctrl-C).
func SetRunContext(ctx context.Context) { runCtx.Store(&ctx) }

func runContext() context.Context {
	if p := runCtx.Load(); p != nil {
		return *p
	}
	return context.Background()
}

// lease acquires the process (once per game); a failure is kept in dead.
func (b *jsonlBot) lease(ctx context.Context) {
	d := b.d
	if b.pr != nil || b.dead != nil {
		return
	}
	if d.NoRestart && d.crashed.Load() {
		b.fail(fault("crash", "bot %s crashed earlier and restart is off", d.Name))
		return
	}
	pr, err := d.pool.acquire(ctx, b.params)
	if err != nil {
		b.fail(err)
		return
	}
	b.pr = pr
	b.counted = pr.counted()
}

// Step sends a turn and waits for the action.
func (b *jsonlBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	b.call.Lock()
	defer b.call.Unlock()
	b.lease(ctx) // BeginGame was not called (a caller outside the arena)
	if b.dead != nil {
		return game.NoAction, b.dead
	}
	d := b.d
	pr := b.pr
	if !b.begun && !pr.strict && pr.games > 0 {
		pr.settle() // a tourney/1 bot has handled end before newgame (settle.go)
	}
	// Lines that arrived while no turn was open (after the last answer:
	// an extra action, a line after end) are a protocol fault of a
	// tourney/2 bot; a tourney/1 bot's are discarded and counted.
	if n := pr.br.Buffered() + pendingBytes(pr.out); n > 0 {
		if pr.strict {
			return game.NoAction, b.unsolicited()
		}
		if err := b.discard(); err != nil {
			return game.NoAction, err
		}
	}
	t0 := time.Now()
	if !b.begun {
		b.begun = true
		pr.games++
		ng := newGameMsg{Type: "newgame", Seed: strconv.FormatUint(b.seed, 10), Params: paramsJSON(b.params),
			Seat: player, Players: s.NumPlayers()}
		if b.m != nil {
			ng.Map = b.m.Name()
			if t, ok := b.m.(game.MapTexter); ok {
				ng.MapData = t.MapText()
			}
		}
		msg, _ := json.Marshal(ng)
		if err := pr.send(msg); err != nil {
			return game.NoAction, b.lost()
		}
	}
	b.id = turnID(b.id, pr.games, s.MoveNumber())
	b.legal = s.LegalActions(player, b.legal[:0])
	b.buf = appendTurn(b.buf[:0], string(b.id), s, player, bud, b.legal)
	if err := pr.send(b.buf); err != nil {
		return game.NoAction, b.lost()
	}
	b.last = game.MoveInfo{}
	var deadline time.Time
	abort := ctx
	nodeClock := b.counted && bud.NodeClock()
	if bud.Time > 0 && !nodeClock {
		deadline = t0.Add(bud.Time + d.Grace)
		if _, ok := ctx.Deadline(); ok {
			// The arena's move context ends at the budget; the bot has
			// the grace beyond it. Run cancellation is seen at the
			// deadline at the latest.
			abort = nil
		}
	} else {
		// depth, nodes, no budget, or a clock counted in nodes: the wall
		// clock is only a hang guard
		deadline = t0.Add(d.MoveTimeout)
	}
	if bud.Time > 0 && !pr.clockNoted {
		pr.clockNoted = true // once a process; once a bot in its log (noteOnce)
		if nodeClock {
			pr.log.noteOnce("bot %s counts its nodes (hello \"clock\": \"nodes\"): under %s each move costs info.nodes / %d nodes/s, the same at any load and worker count", d.Name, bud, bud.NodeRate)
		} else {
			pr.log.noteOnce("bot %s plays %s on the wall clock (its games depend on the machine's load; to replay them byte for byte, count nodes: hello \"clock\": \"nodes\" and a node_rate in the budget)", d.Name, bud)
		}
	}
	line, err := pr.recv(deadline, abort)
	switch err {
	case nil:
	case errTimeout:
		b.drop()
		lim := d.MoveTimeout
		if bud.Time > 0 && !nodeClock {
			lim = bud.Time + d.Grace
		}
		return game.NoAction, b.fail(fault("timeout", "bot %s: no action within %s (killed)", d.Name, lim))
	case errExited:
		return game.NoAction, b.lost()
	case errAborted:
		b.drop()
		return game.NoAction, b.fail(ctx.Err())
	default:
		b.drop()
		return game.NoAction, b.fail(err)
	}
	a, info, echoed, err := parseAction(line, string(b.id), s, player, b.legal)
	if err == nil {
		b.last, err = parseInfo(info, b.counted, line)
	}
	switch {
	case echoed:
		pr.strict = true
		d.echoed.Store(true)
	case err != nil:
	case pr.strict:
		err = fault("protocol", "an action without the turn's id %q (the bot echoes ids or said tourney/2): %s", b.id, quoteLine(line))
	default: // a tourney/1 bot
		d.unechoed.Store(true)
		if !pr.noted {
			pr.noted = true
			pr.log.noteOnce("bot %s does not echo turn ids (protocol tourney/1): a late answer cannot be told from a fresh one; echo the turn's \"id\" in each action (tourney/2)", d.Name)
		}
	}
	if err != nil {
		if game.FaultReason(err, "") == "protocol" {
			// Out of step with the bot: start afresh next game.
			pr.log.note("bot %s: %v (forfeit:protocol, the process is replaced)", d.Name, err)
			b.drop()
		}
		return game.NoAction, b.fail(err)
	}
	return a, nil
}

// unsolicited is the fault of a bot that wrote while no turn was open:
// the line goes to its log, the process is replaced.
func (b *jsonlBot) unsolicited() error {
	pr := b.pr
	line, _ := pr.recv(time.Now().Add(20*time.Millisecond), nil)
	err := fault("protocol", "bot %s wrote a line while no turn was open (after its last answer or after end): %s", b.d.Name, quoteLine(line))
	pr.log.note("%v (forfeit:protocol, never a move; the process is replaced)", err)
	b.drop()
	return b.fail(err)
}

// lost handles a process that exited during a game: a crash.
func (b *jsonlBot) lost() error {
	select {
	case <-b.pr.done:
	case <-time.After(time.Second):
	}
	st := b.pr.exitStatus()
	b.drop()
	b.d.crashed.Store(true)
	return b.fail(fault("crash", "bot %s exited during the game (%s)", b.d.Name, st))
}

// drop kills the game's process (it is out of step, hung or gone) and
// keeps the CPU time it consumed in the game.
func (b *jsonlBot) drop() {
	b.pr.kill()
	b.cpuGame += b.pr.settleCPU()
	b.pr = nil
}

func (b *jsonlBot) fail(err error) error {
	if err == nil {
		err = errors.New("cancelled")
	}
	b.dead = err
	return err
}

// EndGame tells the bot the outcome and returns its process to the pool.
func (b *jsonlBot) EndGame(e game.GameEnd) {
	b.call.Lock()
	defer b.call.Unlock()
	pr := b.pr
	if pr == nil {
		return
	}
	b.cpuGame += pr.settleCPU()
	b.pr = nil
	if !b.begun { // leased in BeginGame, never played: no newgame, no end
		b.d.pool.release(pr)
		return
	}
	reason := "normal"
	if b.seat >= 0 && b.seat < len(e.End) {
		reason = e.End[b.seat]
	}
	msg, _ := json.Marshal(endMsg{Type: "end", Ranks: e.Ranks, Scores: e.Scores, Reason: reason})
	if pr.send(msg) != nil {
		pr.kill()
		return
	}
	b.d.pool.release(pr)
}
