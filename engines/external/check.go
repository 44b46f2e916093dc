package external

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"tourney/engines/game"
)

// CheckOptions configure Check.
type CheckOptions struct {
	Games  int         // games per map (default 2)
	Maps   int         // maps of the game, from the first (default 2)
	Budget game.Budget // per move (default depth 1)
	// Clock is the clock counted in nodes under which a bot that counts
	// its nodes plays one more game (and its replay), unless Budget is
	// one (default DefaultCheckClock).
	Clock game.Budget
}

// DefaultCheckClock is check-bot's clock for a bot that counts its
// nodes: 20 ms a move at 100 000 nodes per second (2 000 nodes), banked.
var DefaultCheckClock = game.Budget{Time: 20 * time.Millisecond, NodeRate: 100_000, Bank: true}

// checkGrace is the arena's default grace (arena.Options.Grace), in which
// a move under a node clock may overrun its balance.
const checkGrace = 100 * time.Millisecond

// Check is `tourney check-bot`: it starts the declared bot, checks its
// hello, plays short games against the game's random bot (or its first
// bot) on the first maps with the bot in every seat in turn, checks
// that a game replayed with the same seed gives the same moves, that its
// actions echo the turn ids and nothing comes after end, and that the
// bot exits on quit. It says which clock the bot plays; a bot that
// counts its nodes must report info.nodes in every action, plays one more
// game and its replay under opt.Clock (a move over its balance plus the
// arena's grace is a fault), and its counts are checked for plausibility
// (notes: all zero, rising like a running total, deaf to the balance;
// its nodes per second of wall time). Every protocol fault is written to w as a line
// starting with "FAULT"; other lines start with "ok" or "note". It
// returns the number of faults.
func Check(ctx context.Context, d *Decl, g game.Game, opt CheckOptions, w io.Writer) (int, error) {
	d.defaults()
	if opt.Games <= 0 {
		opt.Games = 2
	}
	if opt.Maps <= 0 {
		opt.Maps = 2
	}
	if opt.Budget.IsZero() {
		opt.Budget = game.Budget{Depth: 1}
	}
	if !opt.Clock.NodeClock() {
		opt.Clock = DefaultCheckClock
	}
	faults := 0
	fail := func(format string, args ...any) {
		faults++
		fmt.Fprintf(w, "FAULT "+format+"\n", args...)
	}
	if d.Protocol != "jsonl" {
		return 0, fmt.Errorf("check-bot checks jsonl bots (this one speaks %s)", d.Protocol)
	}
	if d.pool == nil {
		d.pool = newPool(d)
	}
	// 1. start-up and hello.
	t0 := time.Now()
	argv, env, key := d.render(nil)
	pr, err := d.pool.start(ctx, argv, env, key)
	if err != nil {
		fail("start-up: %v", err)
		return faults, nil
	}
	fmt.Fprintf(w, "ok    hello from %q in %s\n", pr.hello.Name, time.Since(t0).Round(time.Millisecond))
	if d.HelloParams {
		ps, err := paramsFromHello(pr.hello.Params)
		if err != nil {
			fail("%v", err)
			pr.kill()
			return faults, nil
		}
		d.Params = ps
	}
	for _, p := range d.Params {
		fmt.Fprintf(w, "ok    parameter %s (%s, default %s, %s)\n", p.Name, p.Kind, game.FormatValue(p.Default), p.Range())
	}
	counts := pr.counted()
	if counts {
		fmt.Fprintf(w, "ok    clock: the bot counts its nodes (hello \"clock\": \"nodes\"): under a clock with a node_rate each move costs info.nodes/node_rate, so its games replay byte for byte at any load; every action must report info.nodes\n")
	} else {
		fmt.Fprintf(w, "note  clock: the wall clock (its hello has no \"clock\": \"nodes\"): under a time budget its games depend on the machine's load and do not replay; count the nodes the bot searches, say \"clock\": \"nodes\" and report info.nodes with every action to play the clock in nodes\n")
	}
	d.pool.release(pr)
	spec := d.Spec()

	// 2. games against a reference bot.
	ref := g.Bots()[0]
	for _, b := range g.Bots() {
		if b.Name == "random" {
			ref = b
		}
	}
	maps := g.Maps()
	if len(maps) > opt.Maps {
		maps = maps[:opt.Maps]
	}
	var first *played
	var firstGame func() *played
	var all []*played
	for _, mn := range maps {
		m, err := g.LoadMap(mn)
		if err != nil {
			return faults, err
		}
		for k := 0; k < opt.Games; k++ {
			seed := game.Mix(0xc4ec, uint64(k))
			seat := k % m.Players()
			playGame := func() *played {
				return checkGame(ctx, g, m, seed, seat, spec, ref, opt.Budget)
			}
			pl := playGame()
			all = append(all, pl)
			if first == nil {
				first, firstGame = pl, playGame
			}
			if pl.fault != "" {
				fail("map %s, seed %d, seat %d: %s", mn, seed, seat, pl.fault)
			} else {
				fmt.Fprintf(w, "ok    map %s, seed %d, seat %d: %d moves of the bot, no fault\n", mn, seed, seat, len(pl.moves))
			}
			if ctx.Err() != nil {
				return faults, ctx.Err()
			}
		}
	}
	// 3. reproducibility (a note: the tool cannot enforce it).
	if first != nil && first.fault == "" {
		again := firstGame()
		if again.fault == "" && !slices.Equal(first.moves, again.moves) {
			fmt.Fprintf(w, "note  the same game (same seed) gave other moves the second time: seed the bot's randomness from newgame.seed and obey depth or node budgets, or results will not be reproducible\n")
		} else if again.fault == "" && counts && !slices.Equal(first.nodes, again.nodes) {
			fmt.Fprintf(w, "note  the same game (same seed) gave the same moves but other node counts the second time (%s, then %s): under a clock in nodes its games will not replay\n", countsText(first.nodes), countsText(again.nodes))
		} else if again.fault == "" {
			fmt.Fprintf(w, "ok    reproducible: the same seed gave the same moves\n")
		}
	}
	// 3b. the clock in nodes: a game (and its replay) under it, and the
	// node reports of every game.
	if counts && ctx.Err() == nil && len(maps) > 0 {
		faults += checkNodeClock(ctx, w, g, maps[0], spec, ref, opt, all)
	}
	// 4. turn ids, and nothing written after end.
	switch {
	case d.echoed.Load() && !d.unechoed.Load():
		fmt.Fprintf(w, "ok    every action echoed its turn's id (tourney/2)\n")
	case d.unechoed.Load():
		fmt.Fprintf(w, "note  actions without the turn's \"id\" (the tourney/1 behaviour, still accepted): a late answer cannot be told from a fresh one; echo the id of each turn (tourney/2)\n")
	}
	time.Sleep(100 * time.Millisecond) // a line the bot writes after end
	d.pool.mu.Lock()
	idle := d.pool.idle
	d.pool.idle = nil
	d.pool.mu.Unlock()
	for _, pr := range idle {
		if pr.br.Buffered()+pendingBytes(pr.out) > 0 {
			line, _ := pr.recv(time.Now().Add(20*time.Millisecond), nil)
			if pr.strict {
				fail("the bot wrote a line after end, when no turn was open: %s (in a sweep its next game is a protocol forfeit)", quoteLine(line))
			} else {
				fmt.Fprintf(w, "note  the bot wrote a line after end, when no turn was open: %s (tourney/1: discarded in a sweep and noted in its log; echo the turn ids)\n", quoteLine(line))
			}
		}
	}
	if n := d.Discarded(); n > 0 {
		fmt.Fprintf(w, "note  %d lines arrived while no turn was open (after an answer or after end) and were discarded, never a move (tourney/1; each is noted in the bot's log)\n", n)
	}

	// 5. quit.
	for _, pr := range idle {
		t0 := time.Now()
		if !pr.exited() {
			pr.send([]byte(`{"type":"quit"}`))
			pr.in.Close()
		}
		select {
		case <-pr.done:
			fmt.Fprintf(w, "ok    exited on quit in %s\n", time.Since(t0).Round(time.Millisecond))
		case <-time.After(d.QuitGrace):
			fail("did not exit within %s of quit (killed)", d.QuitGrace)
		}
		pr.kill()
	}
	return faults, nil
}

// played is a game of check-bot, seen from the external bot's seat.
type played struct {
	moves  []string
	nodes  []int64         // what each move reported (info.nodes)
	left   []int64         // under a node clock: the balance each move was handed
	walls  []time.Duration // the wall time of each move
	clock  game.Budget
	fault  string
	counts bool // the bot counted its nodes
}

// checkGame plays one game with the external bot in seat and ref
// elsewhere; it returns the bot's moves and its first fault. A bot that
// counts its nodes plays a clock counted in nodes as the arena plays it
// (its balance in nodes; a move over balance plus the arena's grace is a
// timeout); other bots play it on the wall clock.
func checkGame(ctx context.Context, g game.Game, m game.Map, seed uint64, seat int, spec, ref game.BotSpec, b game.Budget) *played {
	pl := &played{clock: b}
	pl.moves, pl.fault = checkGameInto(ctx, g, m, seed, seat, spec, ref, b, pl)
	return pl
}

func checkGameInto(ctx context.Context, g game.Game, m game.Map, seed uint64, seat int, spec, ref game.BotSpec, b game.Budget, pl *played) (moves []string, fault string) {
	s, err := g.NewState(m, seed)
	if err != nil {
		return nil, err.Error()
	}
	var bank int64
	n := s.NumPlayers()
	bots := make([]game.Bot, n)
	for i := range bots {
		sp := ref
		if i == seat {
			sp = spec
		}
		bt, _, err := sp.Build(nil)
		if err != nil {
			return nil, err.Error()
		}
		bt.Reset(game.Mix(seed, uint64(i)+1))
		if l, ok := bt.(game.Lifecycle); ok {
			l.BeginGame(m, i)
		}
		bots[i] = bt
	}
	defer func() {
		e := game.GameEnd{Ranks: game.Ranks(s), Scores: s.Returns(nil), End: make([]string, n)}
		for _, bt := range bots {
			if l, ok := bt.(game.Lifecycle); ok {
				l.EndGame(e)
			}
		}
	}()
	maxLen := g.Info().MaxLength
	step := func(p int) (game.Action, bool) {
		bud := b
		var left int64
		nodeClock := false
		if p == seat && b.Time > 0 {
			nc, ok := bots[p].(game.NodeClocker)
			pl.counts = ok && nc.NodeClocked()
			nodeClock = pl.counts && b.NodeClock()
			if nodeClock {
				left = b.ClockNodes(b.Time)
				if b.Bank {
					bank += left
					left = bank
					bud.Left = left
				}
			} else {
				bud = b.WallClock()
				bud.Bank = false
			}
		}
		t0 := time.Now()
		a, err := bots[p].Step(ctx, s.Clone(), p, bud)
		wall := time.Since(t0)
		if err != nil {
			if p == seat {
				fault = fmt.Sprintf("ply %d: %s: %v", s.MoveNumber(), game.FaultReason(err, "error"), err)
			} else {
				fault = fmt.Sprintf("ply %d: the reference bot failed: %v", s.MoveNumber(), err)
			}
			return a, false
		}
		if p == seat {
			moves = append(moves, s.ActionString(p, a))
			var used int64
			if in, ok := bots[p].(game.Informer); ok {
				used = in.LastMove().Nodes
			}
			pl.nodes = append(pl.nodes, used)
			pl.walls = append(pl.walls, wall)
			if nodeClock {
				pl.left = append(pl.left, left)
				if grace := b.ClockNodes(checkGrace); used > left+grace {
					fault = fmt.Sprintf("ply %d: timeout: the move searched %d nodes, the clock allowed %d (%s at %d nodes/s) + grace %d: obey clock.left_nodes", s.MoveNumber(), used, left, time.Duration(float64(left)/float64(b.NodeRate)*float64(time.Second)).Round(time.Millisecond), b.NodeRate, grace)
					return a, false
				}
				if b.Bank {
					bank = max(left-used, 0)
				}
			}
		}
		return a, true
	}
	for !s.IsTerminal() && (maxLen <= 0 || s.MoveNumber() < maxLen) {
		if cp := s.CurrentPlayer(); cp == game.SimultaneousPlayer {
			joint := make([]game.Action, n)
			for p := range joint {
				joint[p] = game.NoAction
				if len(s.LegalActions(p, nil)) == 0 {
					continue
				}
				a, ok := step(p)
				if !ok {
					return moves, fault
				}
				joint[p] = a
			}
			s.(game.JointApplier).ApplyJoint(joint)
		} else {
			a, ok := step(cp)
			if !ok {
				return moves, fault
			}
			if !slices.Contains(s.LegalActions(cp, nil), a) {
				return moves, fmt.Sprintf("ply %d: illegal action %s", s.MoveNumber(), s.ActionString(cp, a))
			}
			s.Apply(a)
		}
	}
	return moves, ""
}

// checkNodeClock plays the first game of the first map (and its replay)
// under opt.Clock, a clock counted in nodes (unless opt.Budget was one),
// and reports the node counts of every game. It returns its faults.
func checkNodeClock(ctx context.Context, w io.Writer, g game.Game, mn string, spec, ref game.BotSpec, opt CheckOptions, all []*played) int {
	faults := 0
	fail := func(format string, args ...any) {
		faults++
		fmt.Fprintf(w, "FAULT "+format+"\n", args...)
	}
	m, err := g.LoadMap(mn)
	if err != nil {
		fail("%v", err)
		return faults
	}
	clocked := all
	if !opt.Budget.NodeClock() {
		seed := game.Mix(0xc4ec, 0)
		var pls [2]*played
		for i := range pls {
			pls[i] = checkGame(ctx, g, m, seed, 0, spec, ref, opt.Clock)
			all = append(all, pls[i])
		}
		clocked = pls[:]
		if f := pls[0].fault; f != "" {
			fail("under the clock in nodes %s, map %s, seed %d, seat 0: %s", opt.Clock, mn, seed, f)
		} else {
			fmt.Fprintf(w, "ok    clock in nodes %s: map %s, seed %d, seat 0: %d moves, balances %s, searched %s, none over its balance\n", opt.Clock, mn, seed, len(pls[0].moves), countsText(pls[0].left), countsText(pls[0].nodes))
			if pls[1].fault == "" && (!slices.Equal(pls[0].moves, pls[1].moves) || !slices.Equal(pls[0].nodes, pls[1].nodes)) {
				fmt.Fprintf(w, "note  under the clock in nodes the same game (same seed) gave other moves or node counts the second time: its games will not replay (count only the work of the search, not time; seed from newgame.seed)\n")
			} else if pls[1].fault == "" {
				fmt.Fprintf(w, "ok    reproducible under the clock in nodes: the same seed gave the same moves and node counts\n")
			}
		}
	}
	// every answer carried a report (a missing one was a protocol fault
	// of its game, above); are they plausible?
	var moves, zero, clockedMoves int
	var total int64
	var wall time.Duration
	cumulative := false
	for _, pl := range clocked {
		for _, n := range pl.nodes {
			clockedMoves++
			if n == 0 {
				zero++
			}
		}
	}
	for _, pl := range all {
		rising := len(pl.nodes) >= 6
		for i, n := range pl.nodes {
			moves++
			total += n
			wall += pl.walls[i]
			if i > 0 && n <= pl.nodes[i-1] {
				rising = false
			}
		}
		cumulative = cumulative || rising
	}
	if moves == 0 {
		return faults
	}
	fmt.Fprintf(w, "ok    node reports: info.nodes on all %d answers, none negative\n", moves)
	if clockedMoves > 0 && zero == clockedMoves {
		fmt.Fprintf(w, "note  every move under the clock in nodes reported 0 nodes: under a clock in nodes its moves cost nothing and it never runs out of time; count every position the search visits\n")
	}
	if cumulative {
		fmt.Fprintf(w, "note  the node counts of a game rise at every move, like a running total: info.nodes is the nodes of this move's search, not of the game or the process\n")
	}
	for _, pl := range clocked {
		if pl.fault == "" && len(pl.left) > 2 && !obeys(pl) {
			fmt.Fprintf(w, "note  under the clock in nodes its moves searched the same whatever its balance (%s for %s): a bot that obeys clock.left_nodes plays the contest's time management\n", countsText(pl.nodes), countsText(pl.left))
			break
		}
	}
	if total > 0 && wall > 0 {
		fmt.Fprintf(w, "ok    node rate: about %d nodes per second of wall time here (%d nodes in %s): a node_rate near what the bot searches on the contest's machine makes the clock in nodes last what the contest's clock lasts\n",
			int64(float64(total)/wall.Seconds()), total, wall.Round(time.Millisecond))
	}
	return faults
}

// obeys tells whether a game's node counts change with the balance
// handed (or the bot searched nothing).
func obeys(pl *played) bool {
	for i := 1; i < len(pl.nodes); i++ {
		if pl.nodes[i] != pl.nodes[0] {
			return true
		}
	}
	return pl.nodes[0] == 0
}

// countsText shows node counts briefly: "n1, n2, ... (k moves)".
func countsText(ns []int64) string {
	if len(ns) == 0 {
		return "none"
	}
	var b strings.Builder
	for i, n := range ns {
		if i == 6 {
			fmt.Fprintf(&b, ", ... (%d moves)", len(ns))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", n)
	}
	return b.String()
}
