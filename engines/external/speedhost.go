package external

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"tourney/engines/game"
	"tourney/engines/speed"
)

// speedBot is one seat of a Spe_ed game played by an external program
// over the official websocket protocol (speed.md §7–§8): tourney serves
// ws://127.0.0.1:PORT/spe_ed?key=KEY and /spe_ed_time for this seat, and
// the program gets URL, KEY and TIME_URL in its environment as the
// contest's containers did.
type speedBot struct {
	hosted
	key    string
	srv    *http.Server
	connCh chan *websocket.Conn
	conn   *websocket.Conn
	over   bool // the final state was sent

	mu        sync.Mutex
	connected bool

	// msgs receives the client's messages from the reader goroutine
	// (closed when the connection ends, readErr then says why): a Step
	// waits on it with a timer, so a missed deadline never blocks in the
	// websocket library's close handshake.
	msgs    chan wsMsg
	stop    chan struct{} // closed by shut: the reader stops
	readErr error
}

type wsMsg struct {
	typ  websocket.MessageType
	data []byte
}

// readLoop forwards the client's messages until the connection ends.
func (b *speedBot) readLoop(c *websocket.Conn) {
	defer close(b.msgs)
	for {
		typ, data, err := c.Read(context.Background())
		if err != nil {
			b.readErr = err
			return
		}
		select {
		case b.msgs <- wsMsg{typ, data}:
		case <-b.stop:
			return
		}
	}
}

var (
	_ game.Lifecycle = (*speedBot)(nil)
	_ game.Observer  = (*speedBot)(nil)
)

// BeginGame starts the server and the program and waits for its
// connection.
func (b *speedBot) BeginGame(m game.Map, seat int) {
	b.seat = seat
	if err := b.begin(); err != nil {
		b.dead = err
		b.shut()
	}
}

func (b *speedBot) begin() error {
	d := b.d
	if err := b.listen(); err != nil {
		return err
	}
	b.key = fmt.Sprintf("tourney-%016x", b.seed)
	b.connCh = make(chan *websocket.Conn, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/spe_ed", b.serveWS)
	mux.HandleFunc("/spe_ed_time", serveTime)
	b.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go b.srv.Serve(b.ln)
	base := "127.0.0.1:" + strconv.Itoa(b.port())
	url := "ws://" + base + "/spe_ed"
	vars := map[string]string{
		"addr": base, "url": url + "?key=" + b.key, "key": b.key, "seed": strconv.FormatUint(b.seed, 10),
		"seat": strconv.Itoa(b.seat), "player": strconv.Itoa(b.seat + 1),
	}
	argv, env, key := d.renderWith(b.params, vars)
	env = append(env, "URL="+url, "KEY="+b.key, "TIME_URL=http://"+base+"/spe_ed_time")
	if _, err := b.start(argv, env, key); err != nil {
		return err
	}
	c, err := await(&b.hosted, b.connCh, url)
	if err != nil {
		return err
	}
	b.conn = c
	b.msgs = make(chan wsMsg, 4)
	b.stop = make(chan struct{})
	go b.readLoop(c)
	return nil
}

// serveWS accepts the seat's one connection: 403 for a wrong key, 429
// for a second connection (speed.md §8.3).
func (b *speedBot) serveWS(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("key") != b.key {
		http.Error(w, "unknown key", http.StatusForbidden)
		return
	}
	b.mu.Lock()
	if b.connected {
		b.mu.Unlock()
		http.Error(w, "key already in a game", http.StatusTooManyRequests)
		return
	}
	b.connected = true
	b.mu.Unlock()
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	c.SetReadLimit(1 << 16)
	b.connCh <- c
}

// serveTime answers /spe_ed_time (speed.md §7.3): the time in whole
// seconds and the milliseconds apart. A clock is fetched by browser GUIs
// of other origins and must never come from a cache: any origin may read
// it, and no cache may keep it.
func serveTime(w http.ResponseWriter, r *http.Request) {
	now := time.Now().UTC()
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Cache-Control", "no-cache, no-store, must-revalidate")
	fmt.Fprintf(w, `{"time":%q,"milliseconds":%d}`, now.Format(time.RFC3339), now.Nanosecond()/1e6)
}

// pseudonymWords are the words of the players' names in the final state:
// the official server names players with three German nouns joined by
// hyphens (speed.md §8.1, e.g. "Panik-Xenolith-Crêpe").
var pseudonymWords = []string{
	"Apfelbaum", "Bergwerk", "Dampflokomotive", "Eisenbahn", "Fernrohr", "Gartenzaun",
	"Holunderbaum", "Jazz", "Kabel", "Leuchtturm", "Mittelmeer", "Nordlicht",
	"Orientteppich", "Phosphor", "Raddampfer", "Schienennetz", "Tintenfass", "Uhrwerk",
	"Vorteil", "Wachhund", "Xylofon", "Zeppelin", "Diskette", "Rekordflug",
}

// pseudonym is player p's name in a game on a w×h board: the same for
// every seat's server (they share the board), distinct within a game.
func pseudonym(w, h, p int) string {
	n := len(pseudonymWords)
	k := w*31 + h*17
	return pseudonymWords[(k+p)%n] + "-" + pseudonymWords[(k*7+3*p+5)%n] + "-" + pseudonymWords[(k*13+5*p+11)%n]
}

// message is the state message of §8.1 for this seat.
func (b *speedBot) message(s *speed.State, deadline time.Time, final bool) []byte {
	js := speed.JSONState{Width: s.Width(), Height: s.Height(), Players: map[string]speed.JSONPlayer{}, You: b.seat + 1, Running: !final}
	js.Cells = make([][]int, s.Height())
	for y := range js.Cells {
		row := make([]int, s.Width())
		for x := range row {
			row[x] = int(s.Cell(x, y))
		}
		js.Cells[y] = row
	}
	for p := 0; p < s.NumPlayers(); p++ {
		q := s.Player(p)
		jp := speed.JSONPlayer{X: q.X, Y: q.Y, Direction: q.Direction.String(), Speed: q.Speed, Active: q.Active}
		if final {
			jp.Name = pseudonym(s.Width(), s.Height(), p)
		}
		js.Players[strconv.Itoa(p+1)] = jp
	}
	if !final {
		js.Deadline = formatDeadline(deadline)
	}
	msg, _ := json.Marshal(js)
	return msg
}

// formatDeadline writes RFC 3339 UTC in whole seconds, the fraction cut
// off, as the official server does (speed.md §7.1; strict parsers expect
// it): the deadline written is up to a second before the one enforced.
func formatDeadline(t time.Time) string {
	return t.UTC().Truncate(time.Second).Format(time.RFC3339)
}

// Step sends the round's state and reads the action.
func (b *speedBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	return b.serve(func() (game.Action, error) { return b.ask(ctx, s, player, bud) })
}

// ask is Step under the call lock, the seat not faulted.
func (b *speedBot) ask(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	d := b.d
	ss, ok := s.(*speed.State)
	if !ok {
		return game.NoAction, b.fail(fmt.Errorf("bot %s: protocol speed-ws plays Spe_ed, got %T", d.Name, s))
	}
	t0 := time.Now()
	lim := d.MoveTimeout
	if bud.Time > 0 {
		lim = bud.Time
	}
	deadline := t0.Add(lim)
	wctx, cancel := context.WithTimeout(context.Background(), ioDeadline)
	err := b.conn.Write(wctx, websocket.MessageText, b.message(ss, deadline, false))
	cancel()
	if err != nil {
		return game.NoAction, b.fail(b.lost(err))
	}
	// The answer may come until deadline + grace; a run cancellation
	// (not the arena's move deadline) aborts at once.
	t := time.NewTimer(time.Until(deadline.Add(d.Grace)))
	defer t.Stop()
	var abort <-chan struct{}
	if _, timed := ctx.Deadline(); !timed || bud.Time == 0 {
		abort = ctx.Done()
	}
	var msg wsMsg
	select {
	case m, ok := <-b.msgs:
		if !ok {
			return game.NoAction, b.fail(b.lost(b.readErr))
		}
		msg = m
	case <-t.C:
		return game.NoAction, b.fail(fault("timeout", "bot %s: no action before the deadline (%s + grace %s)", d.Name, lim, d.Grace))
	case <-abort:
		return game.NoAction, b.fail(ctx.Err())
	}
	typ, data := msg.typ, msg.data
	if typ != websocket.MessageText {
		return game.NoAction, b.fail(fault("protocol", "bot %s: a binary message", d.Name))
	}
	var m struct {
		Action string `json:"action"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return game.NoAction, b.fail(fault("protocol", "bot %s: %s is not an action message (%v)", d.Name, quoteLine(data), err))
	}
	return b.move(s, player, m.Action, fmt.Sprintf("action %q is not one of turn_left, turn_right, slow_down, speed_up, change_nothing", m.Action))
}

func (b *speedBot) lost(err error) error { return b.pr.lost(b.d.Name, ": connection lost", err) }

// Moved sends the state after a round to an eliminated player (active
// players get it with their next turn) and the final state to everyone.
func (b *speedBot) Moved(player int, a game.Action, after game.State) {
	b.call.Lock()
	defer b.call.Unlock()
	if b.conn == nil || b.over || b.dead != nil {
		return
	}
	s, ok := after.(*speed.State)
	if !ok {
		return
	}
	final := s.IsTerminal()
	if !final && s.Player(b.seat).Active {
		return
	}
	b.over = final
	ctx, cancel := context.WithTimeout(context.Background(), ioDeadline)
	defer cancel()
	b.conn.Write(ctx, websocket.MessageText, b.message(s, time.Now().Add(b.d.MoveTimeout), final))
}

func (b *speedBot) Eliminated(int, game.State) {}

// EndGame closes the connection and waits for the program to exit.
func (b *speedBot) EndGame(game.GameEnd) {
	b.call.Lock()
	defer b.call.Unlock()
	b.shut()
}

func (b *speedBot) shut() {
	if b.conn != nil {
		// a short close handshake; a client that does not answer it is
		// cut off (the library would wait 5 s)
		c := b.conn
		b.conn = nil
		close(b.stop)
		done := make(chan struct{})
		go func() { c.Close(websocket.StatusNormalClosure, "game over"); close(done) }()
		select {
		case <-done:
		case <-time.After(b.d.QuitGrace):
			c.CloseNow()
		}
	}
	if b.srv != nil {
		b.srv.Close()
	}
	b.end()
}
