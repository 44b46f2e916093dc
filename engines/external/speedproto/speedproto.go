// Package speedproto is the client side of the official Spe_ed protocol
// (games/speed.md §7–§8): state messages in, one action per round out,
// over a websocket. The hosted server (engines/external, protocol
// speed-ws) writes the same speed.JSONState messages.
package speedproto

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/coder/websocket"

	"tourney/engines/game"
	"tourney/engines/speed"
)

// Options configure Play.
type Options struct {
	// Margin is the share of the time to the deadline kept in reserve
	// (default 0.25).
	Margin float64
	// Budget, when not zero, is the bot's budget per move (a depth or
	// node budget keeps the bot reproducible); the deadline still bounds
	// it. Zero: a time budget up to the deadline minus the margin.
	Budget game.Budget
	Seed   uint64
	Log    io.Writer
}

// Result is the end of a game as the client saw it.
type Result struct {
	You    int // our player ID
	Rounds int // states received − 1
	Alive  bool
	Winner int // the last active player's ID, 0 for none
}

// Play plays one game on conn with bot.
func Play(ctx context.Context, conn *websocket.Conn, bot game.Bot, opt Options) (*Result, error) {
	if opt.Margin <= 0 || opt.Margin >= 1 {
		opt.Margin = 0.25
	}
	conn.SetReadLimit(1 << 20)
	res := &Result{}
	bot.Reset(opt.Seed)
	for k := 0; ; k++ {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if res.You > 0 && websocket.CloseStatus(err) != -1 {
				return res, fmt.Errorf("the server closed the connection before the final state: %v", err)
			}
			return res, err
		}
		var js speed.JSONState
		if err := json.Unmarshal(data, &js); err != nil {
			return res, fmt.Errorf("state %d: %v", k+1, err)
		}
		res.You, res.Rounds = js.You, k
		me, ok := js.Players[fmt.Sprint(js.You)]
		if !ok {
			return res, fmt.Errorf("state %d: you = %d is not a player", k+1, js.You)
		}
		res.Alive = me.Active
		if !js.Running {
			for id, p := range js.Players {
				if p.Active {
					fmt.Sscan(id, &res.Winner)
				}
			}
			conn.Close(websocket.StatusNormalClosure, "")
			return res, nil
		}
		if !me.Active {
			continue // eliminated: watch until the end
		}
		s, err := speed.FromJSON(&js, k)
		if err != nil {
			return res, fmt.Errorf("state %d: %v", k+1, err)
		}
		deadline, err := time.Parse(time.RFC3339Nano, js.Deadline)
		if err != nil {
			return res, fmt.Errorf("state %d: deadline %q: %v", k+1, js.Deadline, err)
		}
		left := time.Until(deadline)
		lim := time.Duration(float64(left) * (1 - opt.Margin))
		if lim < time.Millisecond {
			lim = time.Millisecond
		}
		b := opt.Budget
		if b.IsZero() {
			b = game.Budget{Time: lim}
		}
		sctx, cancel := context.WithTimeout(ctx, lim)
		a, err := bot.Step(sctx, s, js.You-1, b)
		cancel()
		if err != nil {
			return res, fmt.Errorf("round %d: the bot failed: %v", k+1, err)
		}
		msg, _ := json.Marshal(map[string]string{"action": s.ActionString(js.You-1, a)})
		if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
			return res, err
		}
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "round %d: %s\n", k+1, msg)
		}
	}
}
