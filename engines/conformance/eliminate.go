package conformance

import (
	"fmt"
	"math"
	"runtime/debug"

	"tourney/engines/game"
)

// eliminationPlayouts checks game.Eliminator (for states that implement
// it): random games in which random seats are eliminated at random moments
// (sometimes every seat but one, sometimes all). An eliminated seat never
// moves again and has no legal action; the game still ends within its
// maximum length; with game.Ranker an eliminated seat ranks below every
// seat still in play; returns stay finite.
func (r *runner) eliminationPlayouts(m game.Map, mapName string, mi uint64) {
	r.t.Helper()
	probe, err := r.newState(m, game.Mix(r.opt.Seed, mi))
	if err != nil {
		return // checkNewState reported it
	}
	if _, ok := probe.(game.Eliminator); !ok {
		return
	}
	n := min(r.opt.Playouts, 8)
	for i := 0; i < n && !r.stopped; i++ {
		seed := game.Mix(r.opt.Seed, mi, uint64(i), 0xe1)
		if msg := r.eliminationPlayout(m, seed); msg != "" {
			r.errorf("%s on map %s, elimination playout %d: %s", r.info.Name, mapName, i, msg)
		}
	}
}

func (r *runner) eliminationPlayout(m game.Map, seed uint64) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	s, err := r.newState(m, seed)
	if err != nil {
		return "NewState: " + err.Error()
	}
	np := s.NumPlayers()
	rng := game.NewRand(seed)
	out := make([]bool, np)
	// Eliminate up to all seats (all of them in one playout of four).
	limit := np - 1
	if rng.IntN(4) == 0 {
		limit = np
	}
	eliminated := 0
	maxLen := r.info.MaxLength
	if r.opt.MaxSteps > 0 && (maxLen <= 0 || r.opt.MaxSteps < maxLen) {
		maxLen = r.opt.MaxSteps
	}
	var legal []game.Action
	for step := 0; !s.IsTerminal(); step++ {
		if maxLen > 0 && step >= maxLen {
			if r.opt.AllowUnfinished || r.opt.MaxSteps > 0 {
				break
			}
			return fmt.Sprintf("no terminal state after %d moves", step)
		}
		if eliminated < limit && rng.IntN(8) == 0 {
			p := rng.IntN(np)
			if !out[p] {
				s.(game.Eliminator).Eliminate(p)
				out[p] = true
				eliminated++
				if s.IsTerminal() {
					break
				}
			}
		}
		cp := s.CurrentPlayer()
		if cp >= 0 && cp < np && out[cp] {
			return fmt.Sprintf("step %d: eliminated seat %d is to move", step, cp)
		}
		for p := range np {
			if out[p] {
				if legal = s.LegalActions(p, legal[:0]); len(legal) > 0 {
					return fmt.Sprintf("step %d: eliminated seat %d has %d legal actions", step, p, len(legal))
				}
			}
		}
		switch {
		case cp == game.SimultaneousPlayer:
			joint := make([]game.Action, np)
			for p := range np {
				joint[p] = game.NoAction
				if legal = s.LegalActions(p, legal[:0]); len(legal) > 0 {
					joint[p] = legal[rng.IntN(len(legal))]
				}
			}
			s.(game.JointApplier).ApplyJoint(joint)
		case cp >= 0 && cp < np:
			legal = s.LegalActions(cp, legal[:0])
			if len(legal) == 0 {
				return fmt.Sprintf("step %d: seat %d to move has no legal action", step, cp)
			}
			s.Apply(legal[rng.IntN(len(legal))])
		default:
			return fmt.Sprintf("step %d: current player %d in a non-terminal state", step, cp)
		}
	}
	for p, v := range s.Returns(nil) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Sprintf("seat %d returns %v", p, v)
		}
	}
	if rk, ok := s.(game.Ranker); ok && s.IsTerminal() {
		ranks := rk.Ranks(nil)
		for p := range np {
			for q := range np {
				if out[p] && !out[q] && ranks[p] <= ranks[q] {
					return fmt.Sprintf("eliminated seat %d ranks %d, not below seat %d still in play (rank %d): ranks %v", p, ranks[p], q, ranks[q], ranks)
				}
			}
		}
	}
	return ""
}
