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
	// Depth, when > 0, is the search depth of every move, whatever the
	// server sends (a time limit still bounds the move).
	Depth int
	// Safety is the fixed reserve per move for the network under a
	// time limit (default 20ms; see Clock).
	Safety time.Duration
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

	// Our own moves and their time, from each request to its answer.
	Requests  int
	TimeUsed  time.Duration
	SlowestMS int64 // the longest move, ms
	// LimitMS is the time limit of the last request (the bank, on the
	// official server), BankLeft what was left of it after our answer.
	LimitMS  uint32
	BankLeft time.Duration
	// Depth telemetry of the bot's phase-1 searches (game.Informer).
	Searches  int
	DepthSum  int
	DepthMax  int
	TimedOut  int // moves answered after their time limit by our clock
	TimeLimit bool
}

// MeanDepth is the mean depth of the completed searches.
func (r *Result) MeanDepth() float64 {
	if r.Searches == 0 {
		return 0
	}
	return float64(r.DepthSum) / float64(r.Searches)
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
	clock := &Clock{Margin: opt.Margin, Safety: opt.Safety}
	if ts, ok := bot.(interface{ TimeShare() float64 }); ok {
		clock.Share = ts.TimeShare() // spend the bank as tuned
	}
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
			p, err := playerByte(m, TypePlayer, s, "player number %d before the map or out of range")
			if err != nil {
				return res, err
			}
			me = int(p) - 1
			res.Player = int(p)
			bot.Reset(opt.Seed)
			logf("we are player %d", p)
		case TypeMoveRequest:
			t0 := time.Now()
			ms, depth, err := ParseMoveRequest(m)
			if err != nil {
				return res, err
			}
			if s == nil || me < 0 {
				return res, fmt.Errorf("move request before the map and player number")
			}
			if cp := s.CurrentPlayer(); cp != me {
				// A position sent as the map (a hosted game after
				// opening plies) may start with another player.
				if res.Moves > 0 || s.StartAt(me) != nil {
					return res, fmt.Errorf("move request for player %d, but by our reckoning player %d is to move", me+1, cp+1)
				}
			}
			// Under a time limit the time decides: a depth sent along
			// with it is a hint (the official server sends depth 1
			// without -d), unless Depth forces one.
			b := opt.Budget
			sctx := ctx
			var cancel context.CancelFunc = func() {}
			var plan Plan
			switch {
			case ms > 0:
				res.TimeLimit = true
				plan = clock.Plan(ms, s, me)
				b = game.Budget{Time: plan.Think}
				if opt.Depth > 0 {
					b = game.Budget{Depth: opt.Depth}
				}
				sctx, cancel = context.WithDeadline(ctx, t0.Add(plan.Hard))
			case opt.Depth > 0:
				b = game.Budget{Depth: opt.Depth}
			case depth > 0:
				b = game.Budget{Depth: int(depth)}
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
			used := time.Since(t0)
			clock.Used(used)
			res.Requests++
			res.TimeUsed += used
			res.SlowestMS = max(res.SlowestMS, used.Milliseconds())
			res.LimitMS, res.BankLeft = ms, time.Duration(ms)*time.Millisecond-used
			if ms > 0 && used > time.Duration(ms)*time.Millisecond {
				res.TimedOut++
			}
			var info game.MoveInfo
			if in, ok := bot.(game.Informer); ok && s.Phase() == reversixt.Phase1 {
				info = in.LastMove()
				if info.Depth > 0 {
					res.Searches++
					res.DepthSum += info.Depth
					res.DepthMax = max(res.DepthMax, info.Depth)
				}
			}
			if ms > 0 {
				logf("move %d: limit %d ms (depth %d sent), planned %s of ~%d moves (bank %v), used %s, depth %d",
					res.Requests, ms, depth, plan.Think.Round(time.Millisecond), plan.Moves, plan.Bank, used.Round(time.Millisecond), info.Depth)
			} else {
				logf("move %d: depth %d sent, budget %s, used %s, depth %d", res.Requests, depth, b, used.Round(time.Millisecond), info.Depth)
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
				// A position sent as the map may start with another
				// player (see the move request).
				if res.Moves > 0 || s.StartAt(int(p)-1) != nil {
					return res, fmt.Errorf("the server says player %d moved, by our reckoning player %d is to move", p, cp+1)
				}
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
			p, err := playerByte(m, TypeDisq, s, "disqualification of player %d out of range")
			if err != nil {
				return res, err
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
			logf("%s", res.Summary())
			return res, nil
		default:
			return res, fmt.Errorf("unknown message type %d", m.Type)
		}
	}
	return res, nil
}

// Summary is one line on our moves: their number and time, the last
// limit and what was left of it, the depths reached.
func (r *Result) Summary() string {
	s := fmt.Sprintf("player %d: %d own moves, %s thinking (slowest %d ms)", r.Player, r.Requests, r.TimeUsed.Round(time.Millisecond), r.SlowestMS)
	if r.TimeLimit {
		s += fmt.Sprintf(", last limit %d ms, %s of it left", r.LimitMS, r.BankLeft.Round(time.Millisecond))
		if r.TimedOut > 0 {
			s += fmt.Sprintf(", %d answers later than the limit by our clock", r.TimedOut)
		}
	}
	if r.Searches > 0 {
		s += fmt.Sprintf(", depth mean %.1f max %d", r.MeanDepth(), r.DepthMax)
	}
	return s
}

// playerByte reads the player number (from 1) of a message of type typ,
// which must be a player of s; bad is the error's format for a number
// out of range or before the map.
func playerByte(m Msg, typ byte, s *reversixt.State, bad string) (int, error) {
	p, err := ParseByte(m, typ)
	if err != nil {
		return 0, err
	}
	if s == nil || int(p) < 1 || int(p) > s.NumPlayers() {
		return 0, fmt.Errorf(bad, p)
	}
	return int(p), nil
}
