package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
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

  reversixt  connects to a ReversiXT server over TCP (reversixt.md §8),
             honours its time and depth limits (time with a safety margin)
  speed      connects to a Spe_ed server over websocket (speed.md §8)

Without --config the game's default bot plays with its defaults.`

func runClient(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fs := newFlags("client", clientUsage, "tourney client reversixt --server 127.0.0.1:7777 --group 3", stderr)
		_, err := parse(fs, args)
		if err == nil {
			err = usagef("client: name the protocol: reversixt or speed")
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
	fs := newFlags("client reversixt", clientUsage, "tourney client reversixt --server 127.0.0.1:7777 --group 3", stderr)
	server := fs.String("server", "127.0.0.1:7777", "the server's HOST:PORT")
	group := fs.Int("group", 1, "group number (0..255)")
	config := fs.String("config", "", "bot config file (default: the default bot)")
	margin := fs.Float64("margin", 0.25, "share of the server's time limit kept in reserve")
	budget := fs.String("budget", "", "per move when the server sets no limit: depth=N, nodes=N or time=DURATION")
	seed := fs.Uint64("seed", 1, "the bot's seed")
	verbose := fs.Bool("v", false, "log the game's events on stderr")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("client reversixt takes no arguments, got %q", pos[0])
	}
	if *group < 0 || *group > 255 {
		return usagef("--group %d: want 0..255", *group)
	}
	if *margin < 0 || *margin >= 1 {
		return usagef("--margin %v: want 0 <= margin < 1", *margin)
	}
	b, err := parseBudget(*budget)
	if err != nil {
		return err
	}
	bot, err := clientBot("reversixt", *config)
	if err != nil {
		return err
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", *server)
	if err != nil {
		return err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	opt := rxtproto.ClientOptions{Group: uint8(*group), Margin: *margin, Budget: b, Seed: *seed}
	if *verbose {
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
	return nil
}

func runClientSpeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("client speed", clientUsage, "tourney client speed --url wss://host/spe_ed --key KEY --config winner.toml", stderr)
	url := fs.String("url", os.Getenv("URL"), "the server's websocket URL (default $URL)")
	key := fs.String("key", os.Getenv("KEY"), "the API key (default $KEY)")
	config := fs.String("config", "", "bot config file (default: the default bot)")
	margin := fs.Float64("margin", 0.25, "share of the time to the deadline kept in reserve")
	budget := fs.String("budget", "", "per move (also bounded by the deadline): depth=N, nodes=N or time=DURATION")
	seed := fs.Uint64("seed", 1, "the bot's seed")
	verbose := fs.Bool("v", false, "log each round's action on stderr")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("client speed takes no arguments, got %q", pos[0])
	}
	if *url == "" {
		return usagef("client speed: --url (or $URL) is required")
	}
	if *margin < 0 || *margin >= 1 {
		return usagef("--margin %v: want 0 <= margin < 1", *margin)
	}
	b, err := parseBudget(*budget)
	if err != nil {
		return err
	}
	bot, err := clientBot("speed", *config)
	if err != nil {
		return err
	}
	u := *url
	if *key != "" {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "key=" + *key
	}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	conn, _, err := websocket.Dial(dctx, u, nil)
	cancel()
	if err != nil {
		return err
	}
	defer conn.CloseNow()
	opt := speedproto.Options{Margin: *margin, Budget: b, Seed: *seed}
	if *verbose {
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
	fmt.Fprintf(stdout, "player %d: %s at the end, %d rounds, winner %d\n", res.You, state, res.Rounds, res.Winner)
	return nil
}
