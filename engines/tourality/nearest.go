package tourality

import (
	"context"
	"fmt"

	"tourney/engines/game"
)

// Parameter names (spec §5.4).
const (
	ParamFarDistance  = "far_distance"
	ParamChipHorizon  = "chip_horizon"
	ParamMaxPlies     = "max_plies"
	ParamEval         = "eval"
	ParamPlayoutPlies = "playout_plies"
	ParamAlphaBeta    = "alphabeta"
	ParamPrune        = "prune"
	ParamReuseTable   = "reuse_table"
	ParamMaxNodes     = "max_nodes"
	ParamTableMB      = "table_mb"
)

// Defaults and ranges of the parameters (spec §5.4).
const (
	DefaultFarDistance  = 4
	MinFarDistance      = 1
	MaxFarDistance      = 200
	DefaultChipHorizon  = 2
	MinChipHorizon      = 1
	MaxChipHorizon      = 8
	DefaultMaxPlies     = 16
	MaxMaxPlies         = 200
	DefaultPlayoutPlies = 60
	MaxPlayoutPlies     = 1600
	DefaultMaxNodes     = 200000
	MinMaxNodes         = 1000
	MaxMaxNodes         = 100000000
	DefaultTableMB      = 64
	MinTableMB          = 1
	MaxTableMB          = 4096
)

// Values of the eval parameter.
const (
	EvalPlayout = "playout"
	EvalZero    = "zero"
)

func farDistanceParam() game.Param {
	return game.Param{Name: ParamFarDistance, Kind: game.Int, Default: DefaultFarDistance,
		Min: MinFarDistance, Max: MaxFarDistance,
		Doc: "the opponent blocks paths only within this Manhattan distance (≥ W+H: always)"}
}

// NearestSpec is the nearest-neighbour bot (spec §5.2).
func NearestSpec() game.BotSpec {
	return game.BotSpec{
		Name:   "nearest",
		Doc:    "walks to the nearest chip (BFS); a far opponent counts as free",
		Params: []game.Param{farDistanceParam()},
		New: func(p game.Params) (game.Bot, error) {
			return &nearestBot{far: p.Int(ParamFarDistance)}, nil
		},
	}
}

type nearestBot struct {
	far int
	nn  nearest
}

func (b *nearestBot) Reset(uint64) {}

func (b *nearestBot) Step(ctx context.Context, gs game.State, player int, _ game.Budget) (game.Action, error) {
	s, ok := gs.(*State)
	if !ok {
		return game.NoAction, fmt.Errorf("tourality: not a Tourality state (%T)", gs)
	}
	if err := ctx.Err(); err != nil {
		return game.NoAction, err
	}
	return game.Action(b.nn.move(s.m, int(s.pos[player]), int(s.pos[1-player]), s.chips, b.far)), nil
}

// nearest holds the BFS buffers of the nearest-neighbour rule.
type nearest struct {
	from, to []int16
}

func manhattan(m *Map, a, b int) int {
	ax, ay := m.XY(a)
	bx, by := m.XY(b)
	return abs(ax-bx) + abs(ay-by)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// move is the nearest-neighbour move (spec §5.2) of the player on cell
// me against the opponent on opp with the chips left.
func (nn *nearest) move(m *Map, me, opp int, chips uint64, far int) int {
	if chips == 0 {
		return Stay
	}
	if manhattan(m, me, opp) > far {
		// The opponent counts as free: static distances.
		best, bd := -1, int16(0)
		for c := chips; c != 0; c &= c - 1 {
			i := trailing(c)
			d := m.dist[i][me]
			if d >= 0 && (best < 0 || d < bd) {
				best, bd = i, d
			}
		}
		if best < 0 {
			return Stay
		}
		for dir := 0; dir < 4; dir++ {
			t := int(m.nb[me][dir])
			if t >= 0 && t != opp && m.dist[best][t] == bd-1 {
				return dir
			}
		}
		return Stay
	}
	n := m.Cells()
	if len(nn.from) != n {
		nn.from, nn.to = make([]int16, n), make([]int16, n)
	}
	m.bfs(me, opp, nn.from)
	best, bd := -1, int16(0)
	for c := chips; c != 0; c &= c - 1 {
		i := trailing(c)
		d := nn.from[m.chipCell[i]]
		if d >= 0 && (best < 0 || d < bd) {
			best, bd = i, d
		}
	}
	if best < 0 {
		return Stay
	}
	m.bfs(m.chipCell[best], opp, nn.to)
	for dir := 0; dir < 4; dir++ {
		t := int(m.nb[me][dir])
		if t >= 0 && t != opp && nn.to[t] == bd-1 {
			return dir
		}
	}
	return Stay
}
