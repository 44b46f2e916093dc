package external

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync/atomic"
	"time"

	"tourney/engines/external/rxtproto"
	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// rxtBot is one seat of a ReversiXT game played by an external program
// over the course's TCP protocol (reversixt.md §8): tourney is the server.
// Each seat has its own loopback listener, process and connection for
// the length of one game.
type rxtBot struct {
	hosted
	conn   net.Conn
	phase  int  // phase as told to the client (1, 2, 3 = over)
	seen   int  // moves relayed (Moved calls)
	closed bool // the connection is closed (disqualified or ended)
	buf    []byte
	// bank is the seat's time bank under a time budget (TimingBank): the
	// budget is added before each move request, the time the move took
	// is taken off, and the rest carries over (reversixt.md §8.4).
	bank time.Duration
}

var (
	_ game.Lifecycle = (*rxtBot)(nil)
	_ game.Observer  = (*rxtBot)(nil)
)

// ioDeadline bounds a write to a client (a client that never reads).
const ioDeadline = 10 * time.Second

// Timings of reversixt-tcp (Decl.Timing, the TOML key timing).
const (
	// TimingBank is the official server's time bank (reversixt.md §8.4):
	// message 4 carries the seat's bank, which grows by the time budget
	// before each of its moves; unused time carries over; a move may
	// take the whole bank plus Grace.
	TimingBank = "bank"
	// TimingPerMove caps every move at the time budget plus Grace, and
	// message 4 carries the budget.
	TimingPerMove = "per-move"
)

// Timings lists the values of Decl.Timing.
var Timings = []string{TimingBank, TimingPerMove}

func (b *rxtBot) banked() bool { return b.d.Timing != TimingPerMove }

// MoveAllowance implements game.Clocked: under the time bank, the next
// move may take the bank as it will be when requested.
func (b *rxtBot) MoveAllowance(bud game.Budget) time.Duration {
	b.call.Lock()
	defer b.call.Unlock()
	if bud.Time <= 0 || !b.banked() {
		return bud.Time
	}
	return b.bank + bud.Time
}

// BeginGame listens, starts the client with {addr}, accepts its
// connection, reads message 1 and sends 2 and 3.
func (b *rxtBot) BeginGame(m game.Map, seat int) {
	b.seat, b.phase, b.seen, b.bank = seat, 1, 0, 0
	rm, ok := m.(*reversixt.Map)
	if !ok {
		b.dead = fmt.Errorf("bot %s: protocol reversixt-tcp needs a ReversiXT map, got %T", b.d.Name, m)
		return
	}
	if err := b.begin(rm); err != nil {
		b.dead = err
		b.shut()
	}
}

func (b *rxtBot) begin(m *reversixt.Map) error {
	d := b.d
	if err := b.listen(); err != nil {
		return err
	}
	ln := b.ln
	addr := ln.Addr().String()
	argv, env, key := d.renderWith(b.params, map[string]string{
		"addr": addr, "port": strconv.Itoa(b.port()), "seed": strconv.FormatUint(b.seed, 10),
		"seat": strconv.Itoa(b.seat), "player": strconv.Itoa(b.seat + 1),
	})
	logf, err := b.start(argv, env, key)
	if err != nil {
		return err
	}
	type accepted struct {
		c   net.Conn
		err error
	}
	ch := make(chan accepted, 1)
	pr := b.pr
	go func() { c, err := acceptOwn(ln, pr, logf, b.seat); ch <- accepted{c, err} }() // seat.go
	a, err := await(&b.hosted, ch, addr)
	if err != nil {
		return err
	}
	if a.err != nil {
		return fault("crash", "bot %s: accept: %v", d.Name, a.err)
	}
	b.conn = a.c
	ln.Close()
	b.conn.SetReadDeadline(time.Now().Add(d.Startup))
	msg, err := rxtproto.Read(b.conn)
	if err != nil {
		return fault("protocol", "bot %s: reading message 1 (group): %v", d.Name, err)
	}
	if _, err := rxtproto.ParseByte(msg, rxtproto.TypeGroup); err != nil {
		return fault("protocol", "bot %s: %v", d.Name, err)
	}
	// After opening plies the arena hands the position as the map
	// (game.PositionMapper): its moves are not relayed.
	b.seen = m.Ply
	b.buf = rxtproto.Append(b.buf[:0], rxtproto.TypeMap, []byte(m.String()))
	b.buf = rxtproto.Append(b.buf, rxtproto.TypePlayer, rxtproto.Player(uint8(b.seat+1)))
	return b.write(b.buf)
}

func (b *rxtBot) write(p []byte) error {
	if b.conn == nil || b.closed {
		return nil
	}
	b.conn.SetWriteDeadline(time.Now().Add(ioDeadline))
	_, err := b.conn.Write(p)
	return err
}

// Step sends a move request (4) and reads the move (5).
func (b *rxtBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	return b.serve(func() (game.Action, error) { return b.ask(ctx, s, player, bud) })
}

// ask is Step under the call lock, the seat not faulted.
func (b *rxtBot) ask(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	d := b.d
	if b.conn == nil {
		return game.NoAction, b.fail(fmt.Errorf("bot %s: no connection: the game was not begun (game.Lifecycle)", d.Name))
	}
	if s.MoveNumber() != b.seen {
		return game.NoAction, b.fail(fmt.Errorf("bot %s: the game did not start from the map sent (%d moves played, %d relayed): after opening plies the position must be a map (same stocks for all players)", d.Name, s.MoveNumber(), b.seen))
	}
	t0 := time.Now()
	lim := bud.Time
	if lim > 0 && b.banked() {
		b.bank += bud.Time
		lim = b.bank
	}
	ms := uint32(min(lim.Milliseconds(), 1<<32-1))
	if lim > 0 && ms == 0 {
		ms = 1
	}
	depth := uint8(min(bud.Depth, 255))
	if err := b.write(rxtproto.Append(b.buf[:0], rxtproto.TypeMoveRequest, rxtproto.MoveRequest(ms, depth))); err != nil {
		return game.NoAction, b.fail(b.lost(err))
	}
	deadline := t0.Add(d.MoveTimeout)
	if lim > 0 {
		deadline = t0.Add(lim + d.Grace)
	}
	b.conn.SetReadDeadline(deadline)
	// A cancelled run aborts the move at once; the arena's own move
	// deadline (under a time budget) does not: the read deadline above
	// is the seat's clock, grace included.
	var cancelled atomic.Bool
	stop := context.AfterFunc(ctx, func() {
		if _, timed := ctx.Deadline(); !timed || lim == 0 || ctx.Err() == context.Canceled {
			cancelled.Store(true)
			b.conn.SetReadDeadline(time.Unix(1, 0))
		}
	})
	msg, err := rxtproto.Read(b.conn)
	stop()
	if lim > 0 && b.banked() {
		b.bank = max(b.bank-time.Since(t0), 0)
	}
	if err != nil {
		var ne net.Error
		switch {
		case cancelled.Load() && ctx.Err() != nil:
			return game.NoAction, b.fail(ctx.Err())
		case errors.As(err, &ne) && ne.Timeout():
			return game.NoAction, b.fail(fault("timeout", "bot %s: no move within %s", d.Name, deadline.Sub(t0)))
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed):
			return game.NoAction, b.fail(b.lost(err))
		default:
			return game.NoAction, b.fail(fault("protocol", "bot %s: %v", d.Name, err))
		}
	}
	x, y, special, err := rxtproto.ParseMove(msg)
	if err != nil {
		return game.NoAction, b.fail(fault("protocol", "bot %s: %v", d.Name, err))
	}
	rs := s.(*reversixt.State)
	str := fmt.Sprintf("%d,%d", x, y)
	if rs.Phase() == reversixt.Phase1 && special != 0 {
		str += "," + strconv.Itoa(int(special))
	}
	return b.move(s, player, str, "move "+str+" is not legal")
}

// lost is a connection that broke: the client crashed or left.
func (b *rxtBot) lost(err error) error { return b.pr.lost(b.d.Name, "closed its connection", err) }

// Moved relays a move (6), and the end of phase 1 (8) or of the game (9).
func (b *rxtBot) Moved(player int, a game.Action, after game.State) {
	b.call.Lock()
	defer b.call.Unlock()
	b.seen++
	if b.conn == nil || b.closed {
		return
	}
	rs := after.(*reversixt.State)
	t, code := reversixt.SplitAction(a)
	x, y := rs.Map().XY(t)
	sp := reversixt.SpecialByte(code)
	if b.phase == 2 {
		sp = 0
	}
	b.buf = rxtproto.Append(b.buf[:0], rxtproto.TypeMoveMade, rxtproto.MoveMade(uint16(x), uint16(y), uint8(sp), uint8(player+1)))
	b.buf = b.phaseNews(b.buf, rs)
	b.write(b.buf)
}

// phaseNews appends 8 and 9 as the state's phase requires.
func (b *rxtBot) phaseNews(buf []byte, rs *reversixt.State) []byte {
	ph := rs.Phase()
	if b.phase == 1 && ph >= reversixt.Phase2 {
		buf = rxtproto.Append(buf, rxtproto.TypePhase1End, nil)
		b.phase = 2
	}
	if b.phase == 2 && ph == reversixt.Over {
		buf = rxtproto.Append(buf, rxtproto.TypeGameOver, nil)
		b.phase = 3
	}
	return buf
}

// Eliminated sends 7; the disqualified seat's own client is then
// disconnected.
func (b *rxtBot) Eliminated(player int, after game.State) {
	b.call.Lock()
	defer b.call.Unlock()
	if b.conn == nil || b.closed {
		return
	}
	b.buf = rxtproto.Append(b.buf[:0], rxtproto.TypeDisq, rxtproto.Disq(uint8(player+1)))
	if player != b.seat {
		b.buf = b.phaseNews(b.buf, after.(*reversixt.State))
	}
	b.write(b.buf)
	if player == b.seat {
		b.closed = true
		b.conn.Close()
	}
}

// EndGame sends 9 if the game ended otherwise (length limit, a fault of
// the rules), closes the connection and waits for the client to exit.
func (b *rxtBot) EndGame(e game.GameEnd) {
	b.call.Lock()
	defer b.call.Unlock()
	if b.conn != nil && !b.closed && b.phase != 3 {
		b.write(rxtproto.Append(nil, rxtproto.TypeGameOver, nil))
	}
	b.shut()
}

func (b *rxtBot) shut() {
	if b.conn != nil {
		b.conn.Close()
		b.closed = true
	}
	if b.ln != nil {
		b.ln.Close()
	}
	b.end()
}
