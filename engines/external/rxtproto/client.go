package rxtproto

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"tourney/engines/game"
	"tourney/engines/reversixt"
)

// ClientOptions configure Play.
type ClientOptions struct {
	Group uint8
	// Margin is the share of the server's time limit kept in reserve
	// (default 0.25): the bot gets (1 − Margin) × limit.
	Margin float64
	// Budget is used when the server gives neither a time nor a depth
	// limit (the zero value: the bot's own default).
	Budget game.Budget
	Seed   uint64 // the bot's seed (Reset)
	// Log, when set, receives one line per event.
	Log io.Writer
}

// Result is the outcome of a game as the client saw it.
type Result struct {
	Player       int // our player number, 1..8
	Disqualified bool
	Moves        int // moves of the game
	Ranks        []int
	Scores       []float64
}

// Play plays one game over conn (already connected) with bot: it sends
// the group (1), reads the map (2) and the player number (3), answers
// each move request (4) with the bot's move (5) under the server's
// limits, and follows the game from the server's moves (6),
// disqualifications (7) and phase ends (8, 9).
func Play(ctx context.Context, conn io.ReadWriter, bot game.Bot, opt ClientOptions) (*Result, error) {
	if opt.Margin <= 0 || opt.Margin >= 1 {
		opt.Margin = 0.25
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	if err := Write(conn, TypeGroup, Group(opt.Group)); err != nil {
		return nil, err
	}
	var s *reversixt.State
	res := &Result{}
	me := -1
	for {
		m, err := Read(conn)
		if err != nil {
			if err == io.EOF && s != nil && s.IsTerminal() {
				break
			}
			return res, fmt.Errorf("reading from the server: %v", err)
		}
		switch m.Type {
		case TypeMap:
			mp, err := reversixt.ParseMap("server", m.Payload)
			if err != nil {
				return res, fmt.Errorf("the server's map: %v", err)
			}
			s = reversixt.NewState(mp)
			logf("map %dx%d, %d players", mp.Width, mp.Height, mp.NPlayers)
		case TypePlayer:
			p, err := ParseByte(m, TypePlayer)
			if err != nil {
				return res, err
			}
			if s == nil || int(p) < 1 || int(p) > s.NumPlayers() {
				return res, fmt.Errorf("player number %d before the map or out of range", p)
			}
			me = int(p) - 1
			res.Player = int(p)
			bot.Reset(opt.Seed)
			logf("we are player %d", p)
		case TypeMoveRequest:
			ms, depth, err := ParseMoveRequest(m)
			if err != nil {
				return res, err
			}
			if s == nil || me < 0 {
				return res, fmt.Errorf("move request before the map and player number")
			}
			if cp := s.CurrentPlayer(); cp != me {
				return res, fmt.Errorf("move request for player %d, but by our reckoning player %d is to move", me+1, cp+1)
			}
			b := opt.Budget
			sctx := ctx
			var cancel context.CancelFunc = func() {}
			if depth > 0 {
				b = game.Budget{Depth: int(depth)}
			}
			if ms > 0 {
				lim := time.Duration(float64(ms)*(1-opt.Margin)) * time.Millisecond
				if depth == 0 {
					b = game.Budget{Time: lim}
				}
				sctx, cancel = context.WithTimeout(ctx, lim)
			}
			a, err := bot.Step(sctx, s.Clone(), me, b)
			cancel()
			if err != nil {
				return res, fmt.Errorf("the bot failed: %v", err)
			}
			t, code := reversixt.SplitAction(a)
			x, y := s.Map().XY(t)
			sp := reversixt.SpecialByte(code)
			if s.Phase() != reversixt.Phase1 {
				sp = 0
			}
			if err := Write(conn, TypeMove, Move(uint16(x), uint16(y), uint8(sp))); err != nil {
				return res, err
			}
		case TypeMoveMade:
			x, y, sp, p, err := ParseMoveMade(m)
			if err != nil {
				return res, err
			}
			if s == nil {
				return res, fmt.Errorf("a move before the map")
			}
			if cp := s.CurrentPlayer(); cp != int(p)-1 {
				return res, fmt.Errorf("the server says player %d moved, by our reckoning player %d is to move", p, cp+1)
			}
			str := fmt.Sprintf("%d,%d", x, y)
			if s.Phase() == reversixt.Phase1 && sp != 0 {
				str += "," + strconv.Itoa(int(sp))
			}
			a, err := s.ParseAction(str)
			if err != nil || !s.IsLegal(int(p)-1, a) {
				return res, fmt.Errorf("the server's move %s of player %d is not legal by our rules", str, p)
			}
			s.Apply(a)
			res.Moves++
		case TypeDisq:
			p, err := ParseByte(m, TypeDisq)
			if err != nil {
				return res, err
			}
			if s == nil || int(p) < 1 || int(p) > s.NumPlayers() {
				return res, fmt.Errorf("disqualification of player %d out of range", p)
			}
			s.Disqualify(int(p) - 1)
			logf("player %d disqualified", p)
			if int(p)-1 == me {
				res.Disqualified = true
				return res, nil
			}
		case TypePhase1End:
			if s == nil || s.Phase() == reversixt.Phase1 {
				return res, fmt.Errorf("the server ends phase 1, by our reckoning it goes on")
			}
			logf("end of phase 1")
		case TypeGameOver:
			if s == nil || !s.IsTerminal() {
				logf("the server ends the game before our rules do")
			}
			if s != nil {
				res.Ranks, res.Scores = game.Ranks(s), s.Returns(nil)
			}
			logf("game over after %d moves", res.Moves)
			return res, nil
		default:
			return res, fmt.Errorf("unknown message type %d", m.Type)
		}
	}
	return res, nil
}
