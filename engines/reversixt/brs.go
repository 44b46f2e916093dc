package reversixt

import (
	"context"
	"errors"
	"fmt"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Best-Reply Search (Schadd & Winands 2011) for ReversiXT: the root
// player's layers alternate with one layer in which all opponents move
// together, and only the single best reply among all of their moves is
// searched (the minimum of the root player's value). It runs on the
// shared paranoid search (search.Searcher.Paranoid) over brsState, which
// makes the opponents' layer one "player": its moves are the union of
// every active opponent's moves, each tagged with its seat. With two
// players the opponents' layer is the opponent's move, and BRS is the
// paranoid bot's minimax, node for node.

// brsSeatShift is the bit position of the seat tag of an opponent's move
// in brsState's actions: action | (seat+1) << brsSeatShift. Cells are
// below 2^12 (64×64) and codes 4 bits, so plain actions stay below 2^16.
const brsSeatShift = 20

// brsUndo is what brsState.Apply changed beyond the State's own undo
// record: the seat to move and the layer before the move.
type brsUndo struct {
	cur int8
	opp bool
}

// brsState is the search's view of a position for Best-Reply Search:
// layers alternate between the root seat and "the opponents" (opp). In
// an opponents' layer CurrentPlayer is some opponent (never the root) and
// LegalActions lists the moves of every active opponent that can move,
// tagged with the mover's seat; Apply plays the tagged move for that
// seat. A layer whose side cannot move passes to the other side (the
// root without a move: the opponents move again; no opponent with a
// move: the root moves again); phase 1 ends as in the rules, when nobody
// can move. The bomb phase is a leaf, and bonus fields offer only the
// variant of the bonus rule, as in the paranoid bot's searchState. Hash
// is the State's: it includes the seat to move, which tells the layer
// (the root moves exactly in the root's layers).
type brsState struct {
	*State
	root  int
	bonus int
	opp   bool // the opponents' layer is to move
	stack []brsUndo
	buf   []game.Action // scratch for one opponent's moves
}

func newBRSState(s *State, root, bonus int) *brsState {
	w := &brsState{State: s, root: root, bonus: bonus}
	w.opp = s.phase == Phase1 && int(s.cur) != root
	return w
}

func (w *brsState) CurrentPlayer() int {
	if w.phase != Phase1 {
		return game.TerminalPlayer
	}
	return int(w.cur)
}

func (w *brsState) IsTerminal() bool { return w.phase != Phase1 }

func (w *brsState) Clone() game.State {
	return &brsState{State: w.State.Clone().(*State), root: w.root, bonus: w.bonus, opp: w.opp,
		stack: append([]brsUndo(nil), w.stack...)}
}

// setCur makes seat p the State's seat to move (the move-count cache
// belongs to the seat to move).
func (w *brsState) setCur(p int) {
	if int(w.cur) != p {
		w.cur = int8(p)
		w.cnt = -1
	}
}

// filtered appends seat p's phase-1 moves to buf without the bonus
// variant the bonus rule does not take, each tagged with tag.
func (w *brsState) filtered(p int, tag game.Action, buf []game.Action) []game.Action {
	w.buf = w.State.LegalActions(p, w.buf[:0])
	for _, a := range w.buf {
		if c, code := SplitAction(a); (code == CodeBomb || code == CodeOverwrite) && w.board[c] == Bonus && code != w.bonus {
			continue
		}
		buf = append(buf, a|tag)
	}
	return buf
}

func (w *brsState) LegalActions(player int, buf []game.Action) []game.Action {
	if w.phase != Phase1 {
		return buf
	}
	if !w.opp {
		if player != w.root {
			return buf
		}
		return w.filtered(w.root, 0, buf)
	}
	if player == w.root {
		return buf
	}
	cur := int(w.cur)
	for q := 0; q < w.n; q++ {
		if q == w.root || w.disq[q] {
			continue
		}
		w.setCur(q)
		buf = w.filtered(q, game.Action(q+1)<<brsSeatShift, buf)
	}
	w.setCur(cur)
	return buf
}

// brsSplit returns the seat tag (−1 for none) and the plain action.
func brsSplit(a game.Action) (seat int, plain game.Action) {
	return int(a>>brsSeatShift) - 1, a & (1<<brsSeatShift - 1)
}

// Apply plays a move of LegalActions (without checking it again).
func (w *brsState) Apply(a game.Action) {
	w.stack = append(w.stack, brsUndo{cur: w.cur, opp: w.opp})
	seat, plain := brsSplit(a)
	if seat >= 0 {
		w.setCur(seat)
	}
	w.State.apply(plain)
	if w.phase != Phase1 {
		return
	}
	// The State's turn order found a seat that can move (startTurn
	// cycles through every other seat before it comes back to the
	// mover). After the root's move that is an opponent when any can
	// move; after an opponent's move the root moves next if it can.
	if seat < 0 {
		w.opp = int(w.cur) != w.root
		return
	}
	if int(w.cur) == w.root || w.hasMove(w.root) {
		w.setCur(w.root)
		w.opp = false
		return
	}
	w.opp = true
}

// Undo implements game.Undoer.
func (w *brsState) Undo(a game.Action) {
	_, plain := brsSplit(a)
	w.State.Undo(plain)
	u := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	w.cur, w.opp = u.cur, u.opp
	w.cnt = -1
}

// BRS is the configuration of the best-reply bot: the paranoid bot's
// evaluation, bomb rule and search settings (brsState replaces the
// paranoid searchState).
type BRS = Paranoid

// DefaultBRS is the best-reply bot with every default: those of the
// paranoid bot, except that it searches full width. The late-move
// reductions became paranoid's default on paranoid's games
// (results/measurements.md); brs's strength was measured without them.
func DefaultBRS() BRS {
	c := DefaultParanoid()
	c.Search = brsSearchDefaults()
	return c
}

// brsSearchDefaults is paranoid's search configuration with the shared
// search's default reductions (none).
func brsSearchDefaults() search.Config {
	c, d := ParanoidSearchDefaults(), search.DefaultConfig()
	c.ReduceAfter, c.ReduceAfterOwn, c.ReduceBy, c.ReduceAt = d.ReduceAfter, d.ReduceAfterOwn, d.ReduceBy, d.ReduceAt
	return c
}

// BRSFrom reads resolved parameters; missing ones keep the defaults.
func BRSFrom(p game.Params) BRS { return configFrom(DefaultBRS(), p) }

// BRSSpec is the Best-Reply Search bot. Its parameters are the paranoid
// bot's (the same names, defaults and ranges: one evaluation, one bomb
// rule, one search schedule), without `search`.
func BRSSpec() game.BotSpec {
	var params []game.Param
	sd := brsSearchDefaults()
	for _, p := range ParanoidSpec().Params {
		if p.Name == ParamSearch || p.Name == ParamMultiSearch {
			continue
		}
		switch p.Name {
		case ParamUseOrdering:
			p.Doc = "sort moves by gain, best first, at every node (in the opponents' layer all opponents' moves together)"
		case ParamMaxDepth:
			p.Doc = "depth cap in layers (the root's and the opponents' layers alternate)"
		case ParamReduceAfter:
			p.Default = sd.ReduceAfter
		case ParamReduceAfterOwn:
			p.Default = sd.ReduceAfterOwn
		case ParamReduceBy:
			p.Default = sd.ReduceBy
		case ParamReduceAt:
			p.Default = sd.ReduceAt
		}
		params = append(params, p)
	}
	return game.BotSpec{
		Name:   "brs",
		Doc:    fmt.Sprintf("Best-Reply Search: the root's moves alternate with the single best reply of all opponents; paranoid's evaluation, ordering and greedy bombs (depth %d without a budget)", DefaultDepth),
		Params: params,
		New: func(p game.Params) (game.Bot, error) {
			return NewBRSBot(BRSFrom(p)), nil
		},
	}
}

// BRSBot plays Best-Reply Search.
type BRSBot struct {
	cfg       BRS
	leaves    int
	capLeaves bool
	ev        *evaluator
	sr        *search.Searcher
	bl        blaster
	ws        *brsState
	Last      search.Result
}

// NewBRSBot returns the bot of a configuration.
func NewBRSBot(c BRS) *BRSBot {
	b := &BRSBot{cfg: c, ev: newEvaluator(c.Eval)}
	h := search.Hooks{Evaluate: func(s game.State, player, ply int) float64 {
		b.leaves++
		if b.capLeaves && b.leaves > b.cfg.MaxLeaves {
			b.sr.Abort()
		}
		return b.ev.value(s.(*brsState).State, player)
	}}
	h.Keys = func(s game.State, player int, moves []game.Action, buf []float64) []float64 {
		if !b.cfg.UseOrdering {
			return nil
		}
		return b.moveKeys(s.(*brsState).State, moves, buf)
	}
	b.sr = search.New(c.Search, h)
	return b
}

// moveKeys is the gain of each move for its mover (spec §10.2 rule 3),
// the tag giving the mover in the opponents' layer: the paranoid bot's
// key, so that the best reply of all opponents is tried first. A run of
// many moves of one mover with overwrite stones takes its gains from one
// rayGains pass, as the paranoid bot does.
func (b *BRSBot) moveKeys(s *State, moves []game.Action, buf []float64) []float64 {
	e := b.ev
	for i := 0; i < len(moves); {
		seat, _ := brsSplit(moves[i])
		p := seat
		if p < 0 {
			p = b.ws.root
		}
		j := i + 1
		for j < len(moves) {
			if q, _ := brsSplit(moves[j]); q != seat {
				break
			}
			j++
		}
		lines := e.intStrat && s.ow[p] > 0 && j-i >= rayGainsMoves
		if lines {
			e.rayGains(s, p, false)
		}
		lastCell, lastGain := -1, 0.0
		for _, a := range moves[i:j] {
			_, plain := brsSplit(a)
			t, code := SplitAction(plain)
			if t != lastCell {
				if lines {
					lastCell, lastGain = t, e.gain(s, t, p)
				} else {
					lastCell, lastGain = t, e.cellGain(s, t, p)
				}
			}
			buf = append(buf, lastGain+e.specialGain(s, t, code, p))
		}
		i = j
	}
	return buf
}

// Reset implements game.Bot; the bot has no randomness.
func (b *BRSBot) Reset(seed uint64) {}

// Reconfigure implements game.Reconfigurer.
func (b *BRSBot) Reconfigure(p game.Params) bool {
	c := BRSFrom(p)
	b.cfg = c
	if b.ev.ec != c.Eval {
		b.ev = newEvaluator(c.Eval)
	}
	b.sr.SetConfig(c.Search)
	b.leaves, b.capLeaves = 0, false
	b.ws = nil
	b.Last = search.Result{}
	return true
}

// LastMove implements game.Informer.
func (b *BRSBot) LastMove() game.MoveInfo { return b.Last.Info() }

// TimeShare is the factor on a time bank's even share (time_share).
func (b *BRSBot) TimeShare() float64 { return b.cfg.Search.TimeShare }

// Step implements game.Bot. Phase 1: Best-Reply Search under the budget;
// phase 2: the greedy bomb rule (no search).
func (b *BRSBot) Step(ctx context.Context, s game.State, player int, bud game.Budget) (game.Action, error) {
	st, err := stepState("brs", s, player)
	if err != nil {
		return game.NoAction, err
	}
	b.sr.MoveStarted(b.sr.Now()) // the wall clock counts from here (pace.go)
	if st.phase == Phase2 {
		b.Last = search.Result{Move: game.NoAction}
		a := greedyBomb(&b.bl, st, player, b.cfg.Bomb)
		if a == game.NoAction {
			return a, errors.New("reversixt brs: no field left to bomb")
		}
		return a, nil
	}
	b.ev.setMap(st.m)
	if b.ev.intStrat {
		st.setWeights(b.ev.strat)
	}
	b.ev.setRoot(st, player)
	cfg := b.ev.windows(b.cfg.Search, b.cfg.AspirationFactor, st)
	b.sr.SetConfig(cfg)
	b.ws = newBRSState(st, player, b.ev.bonus)
	bud = search.Allot(bud, RemainingMoves(st, player), cfg.TimeShare)
	if bud.IsZero() {
		bud.Depth = DefaultDepth
	}
	if bud.Depth > 0 {
		bud.Depth = min(bud.Depth, cfg.MaxDepth)
	}
	b.leaves = 0
	b.capLeaves = bud.Nodes == 0 && bud.Time == 0 && b.cfg.MaxLeaves > 0
	b.Last = b.sr.Paranoid(ctx, b.ws, bud)
	b.capLeaves = false
	st.setWeights(nil)
	b.ws.State = nil
	if b.Last.Move == game.NoAction {
		legal := st.LegalActions(player, nil)
		if len(legal) == 0 {
			return game.NoAction, errors.New("reversixt brs: no legal move")
		}
		return legal[0], nil
	}
	return b.Last.Move, nil
}

// greedyBomb is the bomb rule of spec §10.4 (the paranoid bot's phase 2).
func greedyBomb(bl *blaster, st *State, player int, c BombConfig) game.Action {
	focus := BombFocus(st, player, c.FocusAhead)
	return bl.bombTarget(st, player, focus, c.FocusWeight, c.OwnWeight)
}
