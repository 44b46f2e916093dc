package speed

import (
	"context"
	"fmt"
	"math"
	"time"

	"tourney/engines/game"
)

// Parameters of the risk bot (spec §11.2), every module of the spec, plus
// the move-level area terms of this project (area_flood_weight,
// area_voronoi_weight, area_safety, area_fill_*).
const (
	ParamMoveDepth     = "move_depth"
	ParamUseOpponents  = "use_opponents"
	ParamOppDepth      = "opp_depth"
	ParamOppRisk       = "opp_risk"
	ParamOppRiskDecay  = "opp_risk_decay"
	ParamUseArea       = "use_area"
	ParamAreaSection   = "area_section"
	ParamAreaLevels    = "area_levels"
	ParamAreaLevelW    = "area_level_weight"
	ParamAreaRisk      = "area_risk"
	ParamAreaFloodW    = "area_flood_weight"
	ParamAreaVoronoiW  = "area_voronoi_weight"
	ParamAreaSafety    = "area_safety"
	ParamAreaVorReply  = "area_voronoi_reply"
	ParamAreaFillSpeed = "area_fill_speed"
	ParamAreaFillHug   = "area_fill_hug"
	ParamAreaFillMap   = "area_fill_map"
	ParamAreaFillCh    = "area_fill_chambers"
	ParamUsePath       = "use_path"
	ParamPathCells     = "path_cells"
	ParamPathIncent    = "path_incentive"
	ParamUseKill       = "use_kill"
	ParamKillRange     = "kill_range"
	ParamKillLead      = "kill_lead"
	ParamKillRegionMax = "kill_region_max"
	ParamKillIncent    = "kill_incentive"
	ParamUseDeadend1   = "use_deadend1"
	ParamDeadend1W     = "deadend1_weight"
	ParamDeadend1Cap   = "deadend1_cap"
	ParamUseDeadend2   = "use_deadend2"
	ParamDeadend2Block = "deadend2_blocks"
	ParamDeadend2Risk  = "deadend2_risk"
	ParamDeadend2Entry = "deadend2_entry_penalty"
	ParamUseEscape     = "use_escape"
	ParamEscapeBlocks  = "escape_blocks"
	ParamEscapeIncent  = "escape_incentive"
	ParamSpeedLow      = "speed_low"
	ParamSpeedHigh     = "speed_high"
	ParamAvoidSpirals  = "avoid_spirals"
	ParamTieEpsilon    = "tie_epsilon"
)

func riskParams() []game.Param {
	i := func(name string, def, lo, hi int, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Int, Default: def, Min: float64(lo), Max: float64(hi), Doc: doc}
	}
	f := func(name string, def, lo, hi float64, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Float, Default: def, Min: lo, Max: hi, Doc: doc}
	}
	b := func(name string, doc string) game.Param {
		return game.Param{Name: name, Kind: game.Bool, Default: true, Doc: doc}
	}
	return []game.Param{
		i(ParamMoveDepth, 4, 1, 7, "own plies searched (5^d paths)"),
		b(ParamUseOpponents, "enable the opponent reach module"),
		i(ParamOppDepth, 2, 0, 4, "opponent plies enumerated"),
		f(ParamOppRisk, 4.0, 1, 50, "factor on cells an opponent can enter on its next move"),
		f(ParamOppRiskDecay, 0.5, 0, 1, "at opponent depth k the factor is 1 + (opp_risk − 1)·decay^(k−1)"),
		b(ParamUseArea, "enable the area evaluation module"),
		i(ParamAreaSection, 4, 2, 16, "side of the smallest section, in cells"),
		i(ParamAreaLevels, 3, 1, 5, "levels; the side doubles per level"),
		f(ParamAreaLevelW, 0.75, 0.25, 1, "weight of each level relative to the next finer one"),
		f(ParamAreaRisk, 1.5, 1, 5, "factor for the worst section; the best gets 1"),
		f(ParamAreaFloodW, 4, 0, 20, "a first move whose flood-fill area is F costs (max F + 1)/(F + 1) to this power more"),
		f(ParamAreaVoronoiW, 5, 0, 20, "a first move whose Voronoi territory is V costs (max V + 1)/(V + 1) to this power more"),
		i(ParamAreaVorReply, 12, 0, 80, "opponents within this Manhattan distance of the head may answer a move with one move of theirs in the Voronoi territory; the worst answer counts (0: opponents stand still)"),
		f(ParamAreaSafety, 0.5, 0, 1, "a first move whose flood-fill area is below this share of the best ranks after every other safe move"),
		f(ParamAreaFillSpeed, 1, 0, 10, "alone in its region, a first move ending at speed v costs e^(this·(v − 1)) more"),
		f(ParamAreaFillHug, 0.5, 0, 5, "alone in its region, each free neighbour of the landing cell costs e^(this/4) more (wall hugging)"),
		f(ParamAreaFillMap, 0, 0, 1, "alone in its region, the cell map's path cost counts with this weight"),
		b(ParamAreaFillCh, "alone in its region, the area of a move is the room it can still fill (one chamber behind each articulation point), not its flood-fill area"),
		b(ParamUsePath, "enable the path highlighting module"),
		i(ParamPathCells, 12, 0, 40, "cells of the path to the best section that get the incentive"),
		f(ParamPathIncent, 0.8, 0.1, 1, "strongest factor on those cells"),
		b(ParamUseKill, "enable the kill/attack module"),
		i(ParamKillRange, 20, 0, 80, "largest Manhattan distance to an opponent's head considered"),
		f(ParamKillLead, 2.0, 0.5, 5, "attack cells lie kill_lead × the opponent's speed ahead of its head"),
		i(ParamKillRegionMax, 150, 10, 2000, "a side region smaller than this counts as a trap worth closing"),
		f(ParamKillIncent, 0.6, 0.1, 1, "factor on the attack cells"),
		b(ParamUseDeadend1, "enable the dead end 1 module"),
		f(ParamDeadend1W, 2.0, 0, 20, "region of size m gets 1 + weight·max(0, 1 − ln(1+m)/ln(1+cap))"),
		i(ParamDeadend1Cap, 300, 10, 5000, "regions this large or larger are not penalised"),
		b(ParamUseDeadend2, "enable the dead end 2 module"),
		i(ParamDeadend2Block, 50, 5, 1000, "flood limit; fewer cells means a dead end"),
		f(ParamDeadend2Risk, 8.0, 1, 100, "factor for a region of 0 cells"),
		f(ParamDeadend2Entry, 0.5, 0, 10, "added to the factor of a dead-end move's own next cell"),
		b(ParamUseEscape, "enable the dead-end escape module"),
		i(ParamEscapeBlocks, 50, 5, 1000, "own region below this size triggers the escape"),
		f(ParamEscapeIncent, 0.02, 0.0001, 1, "factor on every free cell outside the region"),
		i(ParamSpeedLow, 1, 1, 10, "preferred speed band, lower end"),
		i(ParamSpeedHigh, 2, 1, 10, "preferred speed band, upper end (≥ speed_low)"),
		b(ParamAvoidSpirals, "among tied turns, prefer the one opposite to the previous turn"),
		f(ParamTieEpsilon, 1e-6, 0, 0.1, "relative cost difference treated as a tie"),
	}
}

// RiskSpec is the cost-map bot of spec §11.1. Every cell gets a value,
// the product of the factors of the enabled modules (computed in log
// space, as a sum). The bot enumerates its own action sequences up to
// move_depth with the real rules, the opponents standing still; a path's
// cost is the product of the values of the cells it writes (jumped cells
// excluded), a fatal path is cut. The first action of the cheapest path is
// played; when every path dies early, the one surviving the most plies
// counts. Moves whose costs differ by at most tie_epsilon (relative) are
// ordered by MoveOrder (§11.2 rule 7): a speed change into
// [speed_low, speed_high], then change_nothing, then turns (with
// avoid_spirals the turn opposite to the previous turn first; otherwise,
// and before any turn, turn_left before turn_right), then the remaining
// speed changes, then the order of survivorOrder.
//
// Modules: OpponentMoveCalculation, Area-Evaluation (section factors
// plus the move-level flood, Voronoi and fill-mode terms), path
// highlighting, kill/attack, dead end 1 and 2, dead-end escape (see
// doc.go for the choices the spec leaves open).
// Budget.Depth lowers move_depth; Budget.Nodes caps the search nodes
// (path prefixes); on a cancelled context the search stops and the best
// move found so far is played. All five first moves are always looked
// at one ply deep, whatever the budget. The bot only reads the state; it
// remembers its previous turn for avoid_spirals.
func RiskSpec() game.BotSpec {
	return game.BotSpec{
		Name:   "risk",
		Doc:    "cost-map bot (spec §11): own look-ahead over a risk map of opponent reach, area and dead ends",
		Params: riskParams(),
		New: func(p game.Params) (game.Bot, error) {
			b := &riskBot{
				moveDepth: p.Int(ParamMoveDepth), useOpp: p.Bool(ParamUseOpponents), oppDepth: p.Int(ParamOppDepth),
				oppRisk: p.Float(ParamOppRisk), oppDecay: p.Float(ParamOppRiskDecay),
				useArea: p.Bool(ParamUseArea), areaSection: p.Int(ParamAreaSection), areaLevels: p.Int(ParamAreaLevels),
				areaLevelW: p.Float(ParamAreaLevelW), areaRisk: p.Float(ParamAreaRisk),
				areaFloodW: p.Float(ParamAreaFloodW), areaVorW: p.Float(ParamAreaVoronoiW), areaSafety: p.Float(ParamAreaSafety),
				vorReply:  p.Int(ParamAreaVorReply),
				fillSpeed: p.Float(ParamAreaFillSpeed), fillHug: p.Float(ParamAreaFillHug), fillMap: p.Float(ParamAreaFillMap),
				fillChambers: p.Bool(ParamAreaFillCh),
				usePath:      p.Bool(ParamUsePath), pathCells: p.Int(ParamPathCells), pathIncent: p.Float(ParamPathIncent),
				useKill: p.Bool(ParamUseKill), killRange: p.Int(ParamKillRange), killLead: p.Float(ParamKillLead),
				killRegionMax: p.Int(ParamKillRegionMax), killIncent: p.Float(ParamKillIncent),
				useDE1: p.Bool(ParamUseDeadend1), de1Weight: p.Float(ParamDeadend1W), de1Cap: p.Int(ParamDeadend1Cap),
				useDE2: p.Bool(ParamUseDeadend2), de2Blocks: p.Int(ParamDeadend2Block), de2Risk: p.Float(ParamDeadend2Risk),
				de2Entry:  p.Float(ParamDeadend2Entry),
				useEscape: p.Bool(ParamUseEscape), escBlocks: p.Int(ParamEscapeBlocks), escIncent: p.Float(ParamEscapeIncent),
				speedLow: p.Int(ParamSpeedLow), speedHigh: p.Int(ParamSpeedHigh), avoidSpirals: p.Bool(ParamAvoidSpirals),
				tieEps: p.Float(ParamTieEpsilon),
			}
			for _, d := range riskParams() {
				if _, err := d.Check(p[d.Name]); err != nil {
					return nil, fmt.Errorf("risk: %s: %w", d.Name, err)
				}
			}
			if b.speedHigh < b.speedLow {
				return nil, fmt.Errorf("risk: %s %d below %s %d", ParamSpeedHigh, b.speedHigh, ParamSpeedLow, b.speedLow)
			}
			b.Reset(0)
			return b, nil
		},
	}
}

type riskBot struct {
	moveDepth            int
	useOpp               bool
	oppDepth             int
	oppRisk, oppDecay    float64
	useArea              bool
	areaSection          int
	areaLevels           int
	areaLevelW, areaRisk float64
	areaFloodW, areaVorW float64
	areaSafety           float64
	vorReply             int
	fillSpeed, fillHug   float64
	fillMap              float64
	fillChambers         bool
	usePath              bool
	pathCells            int
	pathIncent           float64
	useKill              bool
	killRange            int
	killLead             float64
	killRegionMax        int
	killIncent           float64
	useDE1               bool
	de1Weight            float64
	de1Cap               int
	useDE2               bool
	de2Blocks            int
	de2Risk, de2Entry    float64
	useEscape            bool
	escBlocks            int
	escIncent            float64
	speedLow, speedHigh  int
	avoidSpirals         bool
	tieEps               float64

	lastTurn game.Action // previous turn played, NoAction before any

	// Per-step buffers.
	logv    []float64 // ln(value) per cell
	fac     []float64 // one module's factor per cell
	overlay []int8    // cells written by the path being searched
	score   []float64 // area scores
	scored  bool      // score holds this step's area scores
	alone   bool      // no opponent can reach the player's region
	dist    []int32   // BFS scratch
	prev    []int32   // BFS parents
	own     marks
	reach   marks
	bf      bfs
	cells   []int32 // path scratch
	ray     []int32 // kill scratch
	fl      flooder
	vor     voronoi
	ch      chamber
	vsrc    []vsrc
	vsrc2   []vsrc
	blk     marks
	done    marks
	nodes   int64
	limit   int64
	ctx     context.Context
	stopped bool
}

// ReadOnly implements game.ReadOnlyBot.
func (b *riskBot) ReadOnly() bool { return true }

// Reset implements game.Bot; the bot uses no randomness.
func (b *riskBot) Reset(uint64) { b.lastTurn = game.NoAction }

// riskResult is the best path found below a first move.
type riskResult struct {
	plies int     // plies survived (the search depth when not cut)
	cost  float64 // sum of ln(values) of the path's cells, plus the move terms
	// Area evaluation of the first move (0 when fatal or not evaluated).
	flood, voronoi int
	unsafe         bool // flood below area_safety × the best flood
}

func (a riskResult) better(c riskResult) bool {
	if a.plies != c.plies {
		return a.plies > c.plies
	}
	if a.unsafe != c.unsafe {
		return c.unsafe
	}
	return a.cost < c.cost
}

// Step implements game.Bot.
func (b *riskBot) Step(ctx context.Context, gs game.State, player int, budget game.Budget) (game.Action, error) {
	s, err := stepState(ctx, "risk", gs, player)
	if err != nil {
		return game.NoAction, err
	}
	a, _ := b.choose(ctx, s, player, budget)
	switch a {
	case TurnLeft, TurnRight:
		b.lastTurn = a
	}
	return a, nil
}

// choose builds the cost map and searches; it returns the results per
// first action too (for tests).
func (b *riskBot) choose(ctx context.Context, s *State, player int, budget game.Budget) (game.Action, [numActions]riskResult) {
	n := s.w * s.h
	b.logv = resize(b.logv, n)
	clear(b.logv)
	b.fac = resize(b.fac, n)
	if cap(b.overlay) < n {
		b.overlay = make([]int8, n)
	}
	b.overlay = b.overlay[:n]
	clear(b.overlay)
	b.scored = false
	if b.useOpp && b.oppDepth > 0 && b.oppRisk > 1 {
		b.opponents(s, player)
	}
	if b.useArea && b.areaRisk > 1 {
		b.area(s)
	}
	if b.usePath && b.pathCells > 0 && b.pathIncent < 1 {
		b.path(s, player)
	}
	if b.useKill && b.killRange > 0 && b.killIncent < 1 {
		b.kill(s, player)
	}
	if b.useDE1 && b.de1Weight > 0 {
		b.deadend1(s, player)
	}
	if b.useDE2 && (b.de2Risk > 1 || b.de2Entry > 0) {
		b.deadend2(s, player)
	}
	if b.useEscape && b.escIncent < 1 {
		b.escape(s, player)
	}

	depth := b.moveDepth
	if budget.Depth > 0 {
		depth = min(depth, budget.Depth)
	}
	b.nodes, b.limit, b.ctx, b.stopped = 0, budget.Nodes, ctx, false
	q := &s.pl[player]
	var res [numActions]riskResult
	first := depth
	var clock int64 // a clock in nodes (no bank in Spe_ed): its nodes
	if budget.NodeClock() && budget.Depth == 0 && budget.Nodes == 0 {
		clock = budget.ClockNodes(budget.Time)
		b.limit = clock
	}
	if budget.Time > 0 && budget.Depth == 0 && budget.Nodes == 0 {
		// Under a time budget alone (a deadline): iterative deepening,
		// each depth searched whole, so that a deadline never leaves the
		// first moves searched to different depths; a depth that would
		// not finish in the time left (about 5 times the last one) is
		// not started.
		first = 1
	}
	start := time.Now()
	for d := first; d <= depth; d++ {
		t0, n0 := time.Now(), b.nodes
		var rd [numActions]riskResult
		for _, a := range survivorOrder {
			// Every first move is evaluated, at least one ply deep,
			// whatever the budget.
			rd[a] = b.search(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a, 1, d, 0)
		}
		if b.stopped && d > first {
			break // the deeper search did not finish: keep the last
		}
		res = rd
		if b.stopped {
			break
		}
		if clock > 0 {
			if clock-b.nodes < 5*(b.nodes-n0) {
				break // the same rule as the wall clock's, in nodes
			}
		} else if budget.Time-time.Since(start) < 5*time.Since(t0) {
			break
		}
	}
	if b.useArea {
		b.moveAreas(s, player, &res)
	}
	// The best plies, then the cheapest cost; ties by MoveOrder.
	best := game.NoAction
	for _, a := range survivorOrder {
		if best == game.NoAction || res[a].better(res[best]) {
			best = a
		}
	}
	tol := math.Log1p(b.tieEps)
	if res[best].plies == 0 {
		tol = math.Inf(1) // every move is fatal: take the preferred one
	}
	pick, pr := best, 1<<30
	for _, a := range survivorOrder {
		if res[a].plies != res[best].plies || res[a].cost-res[best].cost > tol {
			continue
		}
		if r := b.orderRank(int(q.speed), a); r < pr {
			pick, pr = a, r
		}
	}
	return pick, res
}

// resize returns v with length n, reallocated when its capacity is short
// (the contents are not cleared).
func resize[T any](v []T, n int) []T {
	if cap(v) < n {
		return make([]T, n)
	}
	return v[:n]
}

// orderRank is MoveOrder: smaller is preferred.
func (b *riskBot) orderRank(speed int, a game.Action) int {
	in := func(v int) bool { return v >= b.speedLow && v <= b.speedHigh }
	switch a {
	case SpeedUp:
		if speed < b.speedLow && in(speed+1) {
			return 0
		}
		return 5
	case SlowDown:
		if speed > b.speedHigh && in(speed-1) {
			return 0
		}
		return 5
	case ChangeNothing:
		return 1
	}
	if b.avoidSpirals && b.lastTurn != game.NoAction {
		if a == b.lastTurn {
			return 3
		}
		return 2
	}
	if a == TurnLeft {
		return 2
	}
	return 3
}

// search plays action a at ply k of depth; it returns the best result of
// the subtree. The overlay holds the cells the path wrote so far.
func (b *riskBot) search(s *State, x, y int, dir Direction, sp, r int, a game.Action, k, depth int, cost float64) riskResult {
	b.nodes++
	if b.limit > 0 && b.nodes > b.limit || b.nodes&255 == 0 && b.ctx.Err() != nil {
		b.stopped = true
	}
	dead := riskResult{plies: k - 1, cost: cost}
	dir, sp = steer(a, dir, sp)
	if sp < 1 || sp > MaxSpeed {
		return dead
	}
	jump := r%6 == 0 && sp >= 3
	dx, dy := dir.Delta()
	var written [MaxSpeed]int32
	nw := 0
	fatal := false
	for st := 0; st < sp; st++ {
		x += dx
		y += dy
		if x < 0 || y < 0 || x >= s.w || y >= s.h {
			fatal = true
			break
		}
		if jump && st != 0 && st != sp-1 {
			continue
		}
		i := int32(y*s.w + x)
		if s.cells[i] != Free || b.overlay[i] != 0 {
			fatal = true
			break
		}
		b.overlay[i] = 1
		written[nw] = i
		nw++
		cost += b.logv[i]
	}
	res := dead
	if !fatal {
		res = riskResult{plies: k, cost: cost}
		if k < depth && !b.stopped {
			first := true
			for _, a2 := range survivorOrder {
				r2 := b.search(s, x, y, dir, sp, r+1, a2, k+1, depth, cost)
				if first || r2.better(res) {
					res, first = r2, false
				}
				if b.stopped {
					break
				}
			}
		}
	}
	for _, i := range written[:nw] {
		b.overlay[i] = 0
	}
	return res
}

// addFactors folds b.fac (a module's factors, 0 meaning none) into logv.
func (b *riskBot) addFactors() {
	for i, f := range b.fac {
		if f > 0 && f != 1 {
			b.logv[i] += math.Log(f)
		}
	}
}

// opponents: every cell an opponent can write at its ply k gets
// 1 + (opp_risk − 1)·decay^(k−1), the largest over k.
func (b *riskBot) opponents(s *State, player int) {
	clear(b.fac)
	for p := 0; p < s.n; p++ {
		q := &s.pl[p]
		if p == player || !q.active {
			continue
		}
		b.oppWalk(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, 1)
	}
	b.addFactors()
}

func (b *riskBot) oppWalk(s *State, x0, y0 int, dir0 Direction, sp0, r, k int) {
	f := 1 + (b.oppRisk-1)*math.Pow(b.oppDecay, float64(k-1))
	for a := range numActions {
		m := simulate(s, x0, y0, dir0, sp0, r, a)
		for _, i := range m.cells[:m.n] {
			if b.overlay[i] == 0 && b.fac[i] < f {
				b.fac[i] = f
			}
		}
		if m.fatal || k >= b.oppDepth {
			continue
		}
		blocked := false
		for _, i := range m.cells[:m.n] {
			if b.overlay[i] != 0 {
				blocked = true
			}
		}
		if blocked {
			continue
		}
		for _, i := range m.cells[:m.n] {
			b.overlay[i] = 1
		}
		b.oppWalk(s, m.x, m.y, m.dir, m.speed, r+1, k+1)
		for _, i := range m.cells[:m.n] {
			b.overlay[i] = 0
		}
	}
}

// area: each cell's score is the weighted mean of the free shares of its
// sections over area_levels levels (weight area_level_weight^level);
// normalised to t in 0..1, the factor is area_risk + (1 − area_risk)·t.
func (b *riskBot) area(s *State) {
	lo, hi := b.areaScores(s)
	if hi-lo < 1e-12 {
		return
	}
	for i, v := range b.score {
		t := (v - lo) / (hi - lo)
		b.fac[i] = b.areaRisk + (1-b.areaRisk)*t
	}
	b.addFactors()
}

// deadend2: for each own move, flood from the landing cell with the
// move's cells blocked, up to deadend2_blocks; a smaller region's cells
// get deadend2_risk + (1 − deadend2_risk)·count/blocks, and the move's
// first cell gets deadend2_entry_penalty more.
func (b *riskBot) deadend2(s *State, player int) {
	clear(b.fac)
	q := &s.pl[player]
	b.blk.reset(s.w * s.h)
	for a := range numActions {
		m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
		if m.fatal {
			continue
		}
		b.blk.next()
		for _, i := range m.cells[:m.n] {
			b.blk.set(i)
		}
		cnt := b.fl.area(s, m.x, m.y, &b.blk, b.de2Blocks)
		if cnt >= b.de2Blocks {
			continue
		}
		f := b.de2Risk + (1-b.de2Risk)*float64(cnt)/float64(b.de2Blocks)
		for _, i := range b.fl.queue[1:] {
			b.fac[i] = max(b.fac[i], f)
		}
		land := int32(m.y*s.w + m.x)
		b.fac[land] = max(b.fac[land], f)
		first := m.cells[0]
		b.fac[first] = max(b.fac[first], 1) + b.de2Entry
	}
	b.addFactors()
}

// escape: when the region around the head is smaller than escape_blocks,
// every free cell outside it gets escape_incentive.
func (b *riskBot) escape(s *State, player int) {
	q := &s.pl[player]
	if q.x < 0 || q.y < 0 || int(q.x) >= s.w || int(q.y) >= s.h {
		return
	}
	cnt := b.fl.area(s, int(q.x), int(q.y), nil, b.escBlocks)
	if cnt >= b.escBlocks {
		return
	}
	clear(b.fac)
	for i, c := range s.cells {
		if c == Free && !b.fl.seen.has(int32(i)) {
			b.fac[i] = b.escIncent
		}
	}
	b.addFactors()
}

// deadend1: for each own move, the move's cells count as blocked and
// every free region touching them is flooded; each cell of a region of m
// cells gets 1 + deadend1_weight·max(0, 1 − ln(1+m)/ln(1+deadend1_cap)),
// the largest over the moves. The flood stops at deadend1_cap cells
// (such regions get no factor).
func (b *riskBot) deadend1(s *State, player int) {
	clear(b.fac)
	q := &s.pl[player]
	w, h := s.w, s.h
	b.blk.reset(w * h)
	b.done.reset(w * h)
	lcap := math.Log1p(float64(b.de1Cap))
	for a := range numActions {
		m := simulate(s, int(q.x), int(q.y), q.dir, int(q.speed), s.round+1, a)
		if m.fatal {
			continue
		}
		b.blk.next()
		b.done.next()
		for _, i := range m.cells[:m.n] {
			b.blk.set(i)
		}
		for _, c := range m.cells[:m.n] {
			cx, cy := int(c)%w, int(c)/w
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y := cx+d[0], cy+d[1]
				if x < 0 || y < 0 || x >= w || y >= h {
					continue
				}
				j := int32(y*w + x)
				if s.cells[j] != Free || b.blk.has(j) || b.done.has(j) {
					continue
				}
				// The region holds j and what the flood finds from it.
				cnt := 1 + b.fl.area(s, x, y, &b.blk, b.de1Cap)
				for _, i := range b.fl.queue {
					b.done.set(i)
				}
				if cnt >= b.de1Cap {
					continue
				}
				f := 1 + b.de1Weight*max(0, 1-math.Log1p(float64(cnt))/lcap)
				for _, i := range b.fl.queue {
					b.fac[i] = max(b.fac[i], f)
				}
			}
		}
	}
	b.addFactors()
}
