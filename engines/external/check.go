package external

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"tourney/engines/game"
)

// CheckOptions configure Check.
type CheckOptions struct {
	Games  int         // games per map (default 2)
	Maps   int         // maps of the game, from the first (default 2)
	Budget game.Budget // per move (default depth 1)
}

// Check is `tourney check-bot`: it starts the declared bot, checks its
// hello, plays short games against the game's random bot (or its first
// bot) on the first maps with the bot in every seat in turn, checks
// that a game replayed with the same seed gives the same moves, that its
// actions echo the turn ids and nothing comes after end, and that the
// bot exits on quit. Every protocol fault is written to w as a line
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
	type played struct {
		moves []string
		fault string
	}
	var first *played
	var firstGame func() *played
	for _, mn := range maps {
		m, err := g.LoadMap(mn)
		if err != nil {
			return faults, err
		}
		for k := 0; k < opt.Games; k++ {
			seed := game.Mix(0xc4ec, uint64(k))
			seat := k % m.Players()
			playGame := func() *played {
				moves, f := checkGame(ctx, g, m, seed, seat, spec, ref, opt.Budget)
				return &played{moves, f}
			}
			pl := playGame()
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
		} else if again.fault == "" {
			fmt.Fprintf(w, "ok    reproducible: the same seed gave the same moves\n")
		}
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

// checkGame plays one game with the external bot in seat and ref
// elsewhere; it returns the bot's moves and its first fault.
func checkGame(ctx context.Context, g game.Game, m game.Map, seed uint64, seat int, spec, ref game.BotSpec, b game.Budget) (moves []string, fault string) {
	s, err := g.NewState(m, seed)
	if err != nil {
		return nil, err.Error()
	}
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
		a, err := bots[p].Step(ctx, s.Clone(), p, b)
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
