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
	"net/http"
	"net/url"
	"strings"
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
	// Budget's depth and nodes, when set, bound every move (a depth or
	// node budget keeps the bot reproducible). Every move also gets a
	// time budget: the time to the deadline (on the server's clock,
	// Offset) less the Margin share and Safety, or Budget.Time when that
	// is shorter.
	Budget game.Budget
	Seed   uint64
	Log    io.Writer
	// Offset is the server's clock minus ours (ClockOffset): deadlines
	// are the server's instants.
	Offset time.Duration
	// Safety is the fixed reserve per move for the network (default
	// 100ms).
	Safety time.Duration
}

// Result is the end of a game as the client saw it.
type Result struct {
	You        int // our player ID
	Rounds     int // states received − 1
	Alive      bool
	Winner     int    // the last active player's ID, 0 for none
	WinnerName string // its name in the final state
	// Our moves: how many, their time, the longest, and the least time
	// left to a deadline when an answer was sent (ms).
	Moves      int
	TimeUsed   time.Duration
	SlowestMS  int64
	MinSpareMS int64
}

// TimeURL derives the server clock's URL from the game's websocket URL
// (wss://host/spe_ed → https://host/spe_ed_time), "" when it cannot.
func TimeURL(wsURL string) string {
	u, err := url.Parse(wsURL)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "wss":
		u.Scheme = "https"
	case "ws":
		u.Scheme = "http"
	default:
		return ""
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "_time"
	if !strings.HasSuffix(u.Path, "/spe_ed_time") {
		u.Path = "/spe_ed_time"
	}
	u.RawQuery = ""
	return u.String()
}

// ClockOffset reads the server's clock (GET /spe_ed_time, speed.md §7.3)
// and returns the server's time minus ours, taken at the middle of the
// request.
func ClockOffset(ctx context.Context, timeURL string) (time.Duration, error) {
	if timeURL == "" {
		return 0, fmt.Errorf("no time URL")
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, timeURL, nil)
	if err != nil {
		return 0, err
	}
	t0 := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	t1 := time.Now()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	var st struct {
		Time         string `json:"time"`
		Milliseconds int    `json:"milliseconds"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&st); err != nil {
		return 0, err
	}
	srv, err := time.Parse(time.RFC3339Nano, st.Time)
	if err != nil {
		return 0, err
	}
	srv = srv.Truncate(time.Second).Add(time.Duration(st.Milliseconds) * time.Millisecond)
	return srv.Sub(t0.Add(t1.Sub(t0) / 2)), nil
}

// Play plays one game on conn with bot.
func Play(ctx context.Context, conn *websocket.Conn, bot game.Bot, opt Options) (*Result, error) {
	if opt.Margin <= 0 || opt.Margin >= 1 {
		opt.Margin = 0.25
	}
	if opt.Safety <= 0 {
		opt.Safety = 100 * time.Millisecond
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
					res.WinnerName = p.Name
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
		// The deadline is the server's instant: on our clock it is
		// Offset earlier. The bot gets the time left less the margin
		// share and the network reserve.
		t0 := time.Now()
		hard := deadline.Add(-opt.Offset)
		left := hard.Sub(t0)
		lim := time.Duration(float64(left)*(1-opt.Margin)) - opt.Safety
		lim = max(lim, min(left/2, 50*time.Millisecond), time.Millisecond)
		b := opt.Budget
		b.Time = lim
		if opt.Budget.Time > 0 {
			b.Time = min(opt.Budget.Time, lim)
		}
		sctx, cancel := context.WithDeadline(ctx, t0.Add(lim))
		a, err := bot.Step(sctx, s, js.You-1, b)
		cancel()
		if err != nil {
			return res, fmt.Errorf("round %d: the bot failed: %v", k+1, err)
		}
		msg, _ := json.Marshal(map[string]string{"action": s.ActionString(js.You-1, a)})
		if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
			return res, err
		}
		used := time.Since(t0)
		spare := time.Until(hard).Milliseconds()
		if res.Moves == 0 || spare < res.MinSpareMS {
			res.MinSpareMS = spare
		}
		res.Moves++
		res.TimeUsed += used
		res.SlowestMS = max(res.SlowestMS, used.Milliseconds())
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "round %d: %s (%s to the deadline, budget %s, used %s)\n", k+1, msg, left.Round(time.Millisecond), lim.Round(time.Millisecond), used.Round(time.Millisecond))
		}
	}
}
