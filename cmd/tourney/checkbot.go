package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"tourney/tuner/space"

	"tourney/engines/all"
	"tourney/engines/external"
)

const checkBotUsage = `FILE [NAME] [flags]

Checks an external bot declared in a [bots.NAME] table of FILE (a space or
a bot config file) against the JSON-lines protocol: start-up and hello,
the parameters it declares, short games against the game's random bot in
every seat on the first maps (each protocol fault is reported: malformed
or unknown messages, illegal actions, no answer in time, a crash), the
same game played twice (reproducibility), and quit. One line per check:
"ok", "note" or "FAULT". Exit 0 when there is no fault, 1 otherwise.
With several [bots] tables, NAME picks one.

The clock: a bot whose hello says "clock": "nodes" counts the nodes it
searches and reports them in each action's info.nodes; under a clock with
a node_rate its moves then cost nodes/node_rate, as a built-in bot's, and
its games replay byte for byte. check-bot says which clock the bot plays,
checks that every answer of a counting bot reports its nodes (a missing,
negative or non-integer count is a FAULT, as it is a forfeit:protocol in
a sweep), plays one more game and its replay under --clock (the balance
in nodes handed in each turn's clock.left_nodes; a move over it plus the
arena's 100ms of grace is a FAULT), and notes counts that look wrong (all
zero, rising like a running total, deaf to the balance) and the nodes
per second the bot searched here.`

func runCheckBot(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check-bot", checkBotUsage, "tourney check-bot scripts/examples/pybot.toml pyrandom --games 2", stderr)
	games := fs.Int("games", 2, "games per map")
	maps := fs.Int("maps", 2, "maps of the game to play on (from the first)")
	budget := fs.String("budget", "depth=1", "per move: depth=N, nodes=N or time=DURATION[,node_rate=N][,bank]")
	clock := fs.String("clock", "time=20ms,node_rate=100000,bank", "the clock in nodes of the extra game of a bot that counts its nodes: time=DURATION,node_rate=N[,bank]")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usagef("check-bot takes a file and optionally a bot name, got %d arguments", len(pos))
	}
	if *games < 1 || *maps < 1 {
		return usagef("--games and --maps must be at least 1")
	}
	b, err := parseBudget(*budget)
	if err != nil {
		return err
	}
	ck, err := parseBudget(*clock)
	if err != nil {
		return err
	}
	if !ck.NodeClock() {
		return usagef("--clock %q: a clock in nodes is time=DURATION,node_rate=N (and bank for a time bank)", *clock)
	}
	decls, err := space.LoadBotDecls(pos[0])
	if err != nil {
		return err
	}
	d := decls[0]
	if len(pos) == 2 {
		d = nil
		var names []string
		for _, x := range decls {
			names = append(names, x.Name)
			if x.Name == pos[1] {
				d = x
			}
		}
		if d == nil {
			return usagef("%s declares no bot %q (it declares %s)", pos[0], pos[1], strings.Join(names, ", "))
		}
	} else if len(decls) > 1 {
		var names []string
		for _, x := range decls {
			names = append(names, x.Name)
		}
		return usagef("%s declares several bots (%s): name the one to check", pos[0], strings.Join(names, ", "))
	}
	g, err := all.Find(d.Game)
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintf(stdout, "checking bot %s (%s, %s): %s\n", d.Name, d.Game, d.Protocol, strings.Join(d.Cmd, " "))
	n, err := external.Check(ctx, d, g, external.CheckOptions{Games: *games, Maps: *maps, Budget: b, Clock: ck}, stdout)
	if err != nil {
		return err
	}
	if n > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("bot %s: %d protocol fault(s)", d.Name, n)}
	}
	fmt.Fprintf(stdout, "bot %s: no protocol fault\n", d.Name)
	return nil
}
