package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"
	"tourney/tuner/space"

	"github.com/coder/websocket"

	"tourney/engines/all"
	"tourney/engines/external/rxtproto"
	"tourney/engines/external/speedproto"
	"tourney/engines/game"
)

const clientUsage = `reversixt|speed [flags]

Plays one game in a real competition with a built-in bot and a promoted
configuration (a bot config file, e.g. winner.toml from tourney promote):

  reversixt  connects to a ReversiXT server over TCP (the course's protocol)
  speed      connects to a Spe_ed server over websocket (the contest's protocol)

Time: under a time limit the time decides. The ReversiXT server's limit
is read as the official time bank (it grows by -t every move, unused time
carries over) and spent over the moves the board still holds; a depth
sent along with a time limit is a hint, ignored (the official server
sends depth 1 without -d); --depth N forces a depth. A Spe_ed move is
bounded by the round's deadline, aligned to the server's clock
(/spe_ed_time). --margin keeps a share in reserve.

Without --config the game's default bot plays with its defaults.`

const clientRXTUsage = `[flags]

Plays one ReversiXT game over TCP (the course's protocol) with a built-in bot
and a promoted configuration (--config). Under a time limit the time
decides (the limit is read as the official time bank and spent over the
expected remaining moves; a depth sent with it is ignored); --depth N
forces a depth. Without a time limit the server's depth is obeyed.`

const clientSpeedUsage = `[flags]

Plays one Spe_ed game over websocket (the contest's protocol) with a built-in bot and
a promoted configuration (--config). Each move is bounded by the round's
deadline, read against the server's clock (/spe_ed_time).`

const (
	exampleRXT   = "tourney client reversixt --server 127.0.0.1:7777 --group 3 --config winner.toml"
	exampleSpeed = "tourney client speed --url ws://127.0.0.1:10101/spe_ed --key test01 --config winner.toml"
)

// clientFlags are the flags both clients take; the help texts of
// --depth, --margin, --budget and -v are each client's own.
type clientFlags struct {
	config, budget string
	depth          int
	margin         float64
	wait           time.Duration
	seed           uint64
	verbose        bool
}

// clientHelp is a client's help texts of its --depth, --margin,
// --budget and -v.
type clientHelp struct{ depth, margin, budget, verbose string }

func (f *clientFlags) register(fs *flag.FlagSet, h clientHelp) {
	fs.StringVar(&f.config, "config", "", "bot config file (default: the default bot)")
	fs.IntVar(&f.depth, "depth", 0, h.depth)
	fs.Float64Var(&f.margin, "margin", 0.25, h.margin)
	fs.StringVar(&f.budget, "budget", "", h.budget)
	fs.DurationVar(&f.wait, "wait", 0, "retry connecting this long while the server is not up yet (e.g. 30s)")
	fs.Uint64Var(&f.seed, "seed", 1, "the bot's seed")
	fs.BoolVar(&f.verbose, "v", false, h.verbose)
}

// rxtClientFlags are the flags of client reversixt.
type rxtClientFlags struct {
	server string
	group  int
	clientFlags
}

func (f *rxtClientFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.server, "server", "127.0.0.1:7777", "the server's HOST:PORT (port 7777 when left out)")
	fs.IntVar(&f.group, "group", 1, "group number (0..255)")
	f.clientFlags.register(fs, clientHelp{
		depth:   "search depth of every move, whatever the server sends (a time limit still bounds it)",
		margin:  "share of the server's time limit kept in reserve",
		budget:  "per move when the server sets no limit: depth=N, nodes=N or time=DURATION",
		verbose: "log each move (limit, planned time, time used, depth) on stderr",
	})
}

// speedClientFlags are the flags of client speed.
type speedClientFlags struct {
	url, key, timeURL string
	clientFlags
}

func (f *speedClientFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.url, "url", os.Getenv("URL"), "the server's websocket URL, e.g. wss://host/spe_ed (default $URL)")
	fs.StringVar(&f.key, "key", os.Getenv("KEY"), "the API key (default $KEY)")
	fs.StringVar(&f.timeURL, "time-url", os.Getenv("TIME_URL"), "the server's clock, /spe_ed_time (default $TIME_URL, else derived from --url; \"off\": the local clock)")
	f.clientFlags.register(fs, clientHelp{
		depth:   "search depth of every move (the deadline still bounds it)",
		margin:  "share of the time to the deadline kept in reserve",
		budget:  "per move (also bounded by the deadline): depth=N, nodes=N or time=DURATION",
		verbose: "log each round's action and time on stderr",
	})
}

func runClient(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fs := newFlags("client", clientUsage, exampleRXT, stderr)
		fs.Usage = func() {
			fmt.Fprintf(stderr, "Usage: tourney client %s\n\nExample:\n  %s\n  %s\n", clientUsage, exampleRXT, exampleSpeed)
			for _, sub := range []struct {
				name string
				reg  func(*flag.FlagSet)
			}{
				{"reversixt", func(fs *flag.FlagSet) { new(rxtClientFlags).register(fs) }},
				{"speed", func(fs *flag.FlagSet) { new(speedClientFlags).register(fs) }},
			} {
				sfs := flag.NewFlagSet("client "+sub.name, flag.ContinueOnError)
				sub.reg(sfs)
				fmt.Fprintf(stderr, "\nFlags of client %s:\n", sub.name)
				sfs.SetOutput(stderr)
				sfs.PrintDefaults()
			}
		}
		_, err := parse(fs, args)
		if err == nil {
			err = usagef("client: name the protocol: reversixt or speed (see 'tourney client -h')")
		}
		return err
	}
	switch args[0] {
	case "reversixt":
		return runClientReversiXT(ctx, args[1:], stdout, stderr)
	case "speed":
		return runClientSpeed(ctx, args[1:], stdout, stderr)
	}
	return usagef("client: unknown protocol %q (reversixt or speed)", args[0])
}

// withDefaultPort adds ReversiXT's port 7777 to a server address
// without one.
func withDefaultPort(addr string) string {
	if _, _, err := net.SplitHostPort(addr); err == nil {
		return addr
	}
	host := strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]")
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, "7777")
}

// retry calls dial until it succeeds, it fails for good (retryable
// says), wait has passed, or ctx ends.
func retry(ctx context.Context, wait time.Duration, dial func() error, retryable func(error) bool) error {
	end := time.Now().Add(wait)
	pause := 200 * time.Millisecond
	for {
		err := dial()
		if err == nil || wait <= 0 || !retryable(err) || time.Now().Add(pause).After(end) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(pause*2, 2*time.Second)
	}
}

// unreachable reports a connection that could not be made (refused, no
// route, timeout, unknown host): worth waiting for with --wait.
func unreachable(err error) bool {
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	return errors.As(err, &oe) || errors.As(err, &ne) || errors.As(err, &de) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET)
}

// clientBot builds the bot of a config file (or the game's default bot).
func clientBot(gameName, config string) (game.Bot, error) {
	g, err := all.Find(gameName)
	if err != nil {
		return nil, err
	}
	if config == "" {
		b, _, err := g.Bots()[0].Build(nil)
		return b, err
	}
	bc, err := space.LoadBotConfig(config)
	if err != nil {
		return nil, err
	}
	if bc.Game != gameName {
		return nil, usagef("%s is a bot config for %s, not %s", config, bc.Game, gameName)
	}
	return bc.Spec.New(bc.Resolved)
}

func runClientReversiXT(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var f rxtClientFlags
	if err := parseClient("reversixt", clientRXTUsage, exampleRXT, &f, args, stderr); err != nil {
		return err
	}
	if f.group < 0 || f.group > 255 {
		return usagef("--group %d: want 0..255", f.group)
	}
	b, err := clientLimits(f.margin, f.depth, " (0: the time decides)", f.budget)
	if err != nil {
		return err
	}
	bot, err := clientBot("reversixt", f.config)
	if err != nil {
		return err
	}
	addr := withDefaultPort(f.server)
	var conn net.Conn
	err = retry(ctx, f.wait, func() error {
		d := net.Dialer{Timeout: 10 * time.Second}
		c, err := d.DialContext(ctx, "tcp", addr)
		conn = c
		return err
	}, unreachable)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		hint := "is the server running and listening there? Check --server HOST:PORT (the course's server_nogl listens on port 7777), or add --wait 30s to wait for it"
		if f.wait > 0 {
			hint = fmt.Sprintf("still not up after --wait %s; check --server HOST:PORT (the course's server_nogl listens on port 7777)", f.wait)
		}
		return fmt.Errorf("cannot reach the ReversiXT server at %s: %v\n%s", addr, err, hint)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	opt := rxtproto.ClientOptions{Group: uint8(f.group), Margin: f.margin, Budget: b, Depth: f.depth, Seed: f.seed}
	if f.verbose {
		opt.Log = stderr
	}
	res, err := rxtproto.Play(ctx, conn, bot, opt)
	if err != nil {
		return err
	}
	switch {
	case res.Disqualified:
		fmt.Fprintf(stdout, "player %d: disqualified after %d moves\n", res.Player, res.Moves)
	case res.Ranks != nil:
		fmt.Fprintf(stdout, "player %d: rank %d of %d, %g stones, %d moves\n", res.Player, res.Ranks[res.Player-1], len(res.Ranks), res.Scores[res.Player-1], res.Moves)
	default:
		fmt.Fprintf(stdout, "player %d: game over after %d moves\n", res.Player, res.Moves)
	}
	if res.Requests > 0 {
		fmt.Fprintln(stdout, res.Summary())
	}
	return nil
}

func runClientSpeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var f speedClientFlags
	if err := parseClient("speed", clientSpeedUsage, exampleSpeed, &f, args, stderr); err != nil {
		return err
	}
	if f.url == "" {
		return usagef("client speed: --url (or $URL) is required")
	}
	b, err := clientLimits(f.margin, f.depth, "", f.budget)
	if err != nil {
		return err
	}
	if f.depth > 0 {
		b.Depth = f.depth
	}
	bot, err := clientBot("speed", f.config)
	if err != nil {
		return err
	}
	u := f.url
	if f.key != "" {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "key=" + url.QueryEscape(f.key)
	}
	var conn *websocket.Conn
	var resp *http.Response
	err = retry(ctx, f.wait, func() error {
		dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		var err error
		conn, resp, err = websocket.Dial(dctx, u, nil)
		return err
	}, func(err error) bool { return resp == nil && unreachable(err) })
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return speedDialError(f.url, f.wait, resp, err)
	}
	defer conn.CloseNow()
	opt := speedproto.Options{Margin: f.margin, Budget: b, Seed: f.seed}
	if f.timeURL != "off" {
		tu := f.timeURL
		if tu == "" {
			tu = speedproto.TimeURL(f.url)
		}
		if off, err := speedproto.ClockOffset(ctx, tu); err == nil {
			opt.Offset = off
		} else if f.verbose {
			fmt.Fprintf(stderr, "server clock %s: %v (the local clock is used)\n", tu, err)
		}
	}
	if f.verbose {
		opt.Log = stderr
	}
	res, err := speedproto.Play(ctx, conn, bot, opt)
	if err != nil {
		return err
	}
	state := "eliminated"
	if res.Alive {
		state = "alive"
	}
	winner := "no winner"
	if res.Winner > 0 {
		winner = fmt.Sprintf("winner player %d", res.Winner)
		if res.WinnerName != "" {
			winner += " (" + res.WinnerName + ")"
		}
	}
	fmt.Fprintf(stdout, "player %d: %s at the end, %d rounds, %s\n", res.You, state, res.Rounds, winner)
	if res.Moves > 0 {
		fmt.Fprintf(stdout, "player %d: %d moves, %s thinking (slowest %d ms), closest to a deadline %d ms\n",
			res.You, res.Moves, res.TimeUsed.Round(time.Millisecond), res.SlowestMS, res.MinSpareMS)
	}
	return nil
}

// parseClient parses the flags of client name (f registers them); a
// client takes no arguments.
func parseClient(name, usage, example string, f interface{ register(*flag.FlagSet) }, args []string, stderr io.Writer) error {
	fs := newFlags("client "+name, usage, example, stderr)
	f.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("%s takes no arguments, got %q", fs.Name(), pos[0])
	}
	return nil
}

// clientLimits checks a client's --margin and --depth (depthNote: what a
// depth of 0 means, if anything) and parses its --budget.
func clientLimits(margin float64, depth int, depthNote, budget string) (game.Budget, error) {
	if margin < 0 || margin >= 1 {
		return game.Budget{}, usagef("--margin %v: want 0 <= margin < 1", margin)
	}
	if depth < 0 {
		return game.Budget{}, usagef("--depth %d: want a positive depth%s", depth, depthNote)
	}
	return parseBudget(budget)
}

// speedDialError explains a failed websocket connection.
func speedDialError(u string, wait time.Duration, resp *http.Response, err error) error {
	if resp != nil {
		switch resp.StatusCode {
		case http.StatusForbidden:
			return fmt.Errorf("the server refused the key (HTTP 403): check --key (or $KEY)")
		case http.StatusTooManyRequests:
			return fmt.Errorf("the key is already in a game (HTTP 429): wait for that game to end or use another key")
		case http.StatusNotFound:
			return fmt.Errorf("no Spe_ed server at %s (HTTP 404): check --url (the path is /spe_ed)", u)
		}
		return fmt.Errorf("the server at %s answered HTTP %d (%s): %v", u, resp.StatusCode, http.StatusText(resp.StatusCode), err)
	}
	hint := "is the server running? Check --url (e.g. ws://127.0.0.1:10101/spe_ed for a local server), or add --wait 30s to wait for it"
	if wait > 0 {
		hint = fmt.Sprintf("still not up after --wait %s; check --url", wait)
	}
	return fmt.Errorf("cannot reach the Spe_ed server at %s: %v\n%s", u, err, hint)
}
