package speed

import (
	"context"
	"fmt"

	"tourney/engines/game"
)

// Parameters of the survivor bot.
const (
	ParamAvoidHeads = "avoid_heads"
	ParamFloodLimit = "flood_limit"

	DefaultFloodLimit = MaxSide * MaxSide
	MinFloodLimit     = 1
	MaxFloodLimit     = MaxSide * MaxSide
)

// survivorOrder is the tie-break among moves of equal rank: keep going,
// slow down, turn left, turn right, speed up. Slow and straight first
// keeps the trail compact; speed-ups come last because they consume
// more cells per round.
var survivorOrder = [numActions]game.Action{ChangeNothing, SlowDown, TurnLeft, TurnRight, SpeedUp}

// SurvivorSpec is the baseline bot: it plays the move that leaves it
// the largest reachable free area.
//
// For each of the five actions it simulates its own round with the real
// rules (speed limits, board edge, jump rounds), the opponents standing
// still. Moves are ranked by, in this order:
//
//  1. not fatal (leaving 1..10, leaving the board, writing a non-free
//     cell) before fatal;
//  2. with avoid_heads, not writing any cell an active opponent could
//     write in the same round (head-on and crossing crashes) before
//     writing one;
//  3. the larger flood-fill area: free cells reachable in 4-neighbour
//     steps from the landing cell, the move's own cells blocked, counted
//     up to flood_limit (and up to Budget.Nodes / 5 when a node budget is
//     set);
//  4. the fixed order change_nothing, slow_down, turn_left, turn_right,
//     speed_up.
//
// It is deterministic (the seed is not used) and only reads the state.
// When ctx is cancelled during the evaluation it returns the best move
// found so far.
func SurvivorSpec() game.BotSpec {
	return game.BotSpec{
		Name: "survivor",
		Doc:  "plays the safe move that keeps the largest reachable free area (flood fill)",
		Params: []game.Param{
			{Name: ParamAvoidHeads, Kind: game.Bool, Default: true,
				Doc: "rank moves that write a cell an opponent could write this round after those that do not"},
			{Name: ParamFloodLimit, Kind: game.Int, Default: DefaultFloodLimit, Min: MinFloodLimit, Max: MaxFloodLimit,
				Doc: "largest area counted per move (caps the work of a flood fill)"},
		},
		New: func(p game.Params) (game.Bot, error) {
			lim := p.Int(ParamFloodLimit)
			if lim < MinFloodLimit || lim > MaxFloodLimit {
				return nil, fmt.Errorf("survivor: %s %d out of %d..%d", ParamFloodLimit, lim, MinFloodLimit, MaxFloodLimit)
			}
			return &survivorBot{avoidHeads: p.Bool(ParamAvoidHeads), limit: lim}, nil
		},
	}
}

type survivorBot struct {
	avoidHeads bool
	limit      int
	reach      marks
	own        marks
	fl         flooder
}

// ReadOnly implements game.ReadOnlyBot.
func (b *survivorBot) ReadOnly() bool { return true }

// Reset implements game.Bot; the bot uses no randomness.
func (b *survivorBot) Reset(uint64) {}

// survivorScore is one move's rank: smaller tier first, then larger area.
type survivorScore struct {
	tier int // 0 safe, 1 contested by an opponent, 2 fatal
	area int
}

func (a survivorScore) better(b survivorScore) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	return a.area > b.area
}

// stepState is the Spe_ed state in which bot (its name) is to move
// player: an error when gs is another game's, the run is cancelled or
// player is out.
func stepState(ctx context.Context, bot string, gs game.State, player int) (*State, error) {
	s, ok := gs.(*State)
	if !ok {
		return nil, fmt.Errorf("speed: %s needs a Spe_ed state, got %T", bot, gs)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if player < 0 || player >= s.n || !s.pl[player].active {
		return nil, fmt.Errorf("speed: %s asked to move inactive player %d", bot, player+1)
	}
	return s, nil
}

// Step implements game.Bot.
func (b *survivorBot) Step(ctx context.Context, gs game.State, player int, budget game.Budget) (game.Action, error) {
	s, err := stepState(ctx, "survivor", gs, player)
	if err != nil {
		return game.NoAction, err
	}
	a, _ := b.choose(ctx, s, player, budget)
	return a, nil
}

// choose ranks the five moves; it also returns the scores by action (for
// tests).
func (b *survivorBot) choose(ctx context.Context, s *State, player int, budget game.Budget) (game.Action, [numActions]survivorScore) {
	limit := b.limit
	if budget.Nodes > 0 {
		limit = min(limit, max(1, int(budget.Nodes/int64(numActions))))
	}
	if b.avoidHeads {
		opponentReach(s, player, &b.reach)
	}
	b.own.reset(s.w * s.h)
	q := &s.pl[player]
	r := s.round + 1
	var scores [numActions]survivorScore
	best := game.NoAction
	for _, a := range survivorOrder {
		if best != game.NoAction && ctx.Err() != nil {
			break
		}
		m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), r, a)
		sc := survivorScore{tier: 2}
		if !m.fatal {
			sc.tier = 0
			b.own.next()
			for _, i := range m.cells[:m.n] {
				b.own.set(i)
				if b.avoidHeads && b.reach.has(i) {
					sc.tier = 1
				}
			}
			sc.area = b.fl.area(s, m.x, m.y, &b.own, limit)
		}
		scores[a] = sc
		if best == game.NoAction || sc.better(scores[best]) {
			best = a
		}
	}
	return best, scores
}
