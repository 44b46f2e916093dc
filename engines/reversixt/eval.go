package reversixt

import (
	"math"
	"math/bits"

	"tourney/engines/game"
	"tourney/engines/search"
)

// Strategic-map modes (spec §10.2, parameter strat_mode).
const (
	StratTable = "table" // values by number of passages (seed §3.2)
	StratReach = "reach" // the reach rule (seed §3.4)
)

// EvalConfig holds the evaluation constants of the paranoid bot (spec
// §10.1 and §10.2).
type EvalConfig struct {
	PlayerDistance int     // K
	BonusBomb      float64 // bonus_bomb_weight
	BonusOverwrite float64 // bonus_overwrite_weight
	ChoiceWeight   float64
	PositionWeight float64
	StonesWeight   float64
	BreakEven      float64

	StratCorner, StratOne, StratTwo, StratThree, StratFour int
	StratMode                                              string
	CornerReachFactor                                      float64
	CornerNeighbourShare                                   float64
	EdgeReachShare                                         float64

	BombValueFactor      float64
	OverwriteValueFactor float64

	// LegacyScale is the first spec version's scale (parameter
	// score_scale = "legacy"): Score carries K with any number of
	// players, and with two players a taken field weighs K − 1 in the
	// move gain and the opponent's Score (K − 1)/K in V, while the stock
	// values carry K only with more than two. With two players an
	// overwrite stone is then worth 1/16 of what it is worth with more.
	// Off (score_scale = "ratio", the default): the fields' values carry
	// K exactly when the stock values do (spec §10.2 rule 5).
	LegacyScale bool

	// RankValue is the leaf value with more than two active players
	// (parameter rank_value): RankDistance (the default of spec §10.2
	// rule 4) weighs each opponent's Score by (m − rd)/m, RankSoft values
	// the expected points, a soft count of the opponents the root player
	// is ahead of (see evaluator.value). With two active players both are
	// V of rule 4.
	RankValue string
	// RankWidth is rank_value = "soft"'s width T as a share of a player's
	// fair share of the map: T = RankWidth × m × fields / n_act.
	RankWidth float64
}

// Values of RankValue (parameter rank_value).
const (
	RankDistance = "distance" // spec §10.2 rule 4: opponents weighted (m − rd)/m
	RankSoft     = "soft"     // the expected points: Stock(p) + Σ T·tanh((Score(p) − Score(q))/T)
)

// DefaultEvalConfig is the evaluation of spec §10 with every default.
func DefaultEvalConfig() EvalConfig {
	return EvalConfig{
		PlayerDistance: 16,
		BonusBomb:      1, BonusOverwrite: 1, ChoiceWeight: 1,
		PositionWeight: 1, StonesWeight: 1, BreakEven: 0.5,
		StratCorner: 50, StratOne: -5, StratTwo: 3, StratThree: 2, StratFour: 1,
		StratMode:            StratTable,
		CornerReachFactor:    4,
		CornerNeighbourShare: 0.5,
		EdgeReachShare:       0.333,
		BombValueFactor:      2,
		OverwriteValueFactor: 10,
		RankValue:            RankDistance,
		RankWidth:            DefaultRankWidth,
	}
}

// DefaultRankWidth is the default of rank_width.
const DefaultRankWidth = 0.25

// Passages returns, for every cell of m, the number of the 4 axes
// (vertical, horizontal, the two diagonals) along which the step function
// leads to a field in both directions (spec §10.2 rule 1), or -1 for a
// hole.
func Passages(m *Map) []int {
	out := make([]int, len(m.Cells))
	for c, v := range m.Cells {
		if v == Hole {
			out[c] = -1
			continue
		}
		k := 0
		for d := 0; d < 4; d++ {
			_, _, ok1 := m.Next(c, d)
			_, _, ok2 := m.Next(c, d+4)
			if ok1 && ok2 {
				k++
			}
		}
		out[c] = k
	}
	return out
}

// Reach returns, for every cell, the most stones one move there could
// capture: the sum over the 8 directions of the fields the walk from the
// cell visits before it ends, minus the last one (which must be the
// mover's own stone). Holes have reach 0.
func Reach(m *Map) []int {
	out := make([]int, len(m.Cells))
	for c, v := range m.Cells {
		if v == Hole {
			continue
		}
		total := 0
		for d := 0; d < 8; d++ {
			k := 0
			cur, dir := c, d
			for {
				c2, d2, ok := m.Next(cur, dir)
				if !ok || c2 == c {
					break
				}
				k++
				cur, dir = c2, d2
				if k > len(m.Cells) { // cannot happen (spec §3.5); a guard
					break
				}
			}
			if k > 0 {
				total += k - 1
			}
		}
		out[c] = total
	}
	return out
}

// StrategicMap computes the strategic value of every cell of m (spec
// §10.2): holes 0; in table mode the value by number of passages; in
// reach mode corners (0 passages) are worth corner_reach_factor × reach,
// their neighbours lose corner_neighbour_share of the strongest adjacent
// corner's value, and 1-passage fields gain edge_reach_share × reach.
func StrategicMap(m *Map, ec EvalConfig) []float64 {
	pass := Passages(m)
	table := [5]float64{float64(ec.StratCorner), float64(ec.StratOne), float64(ec.StratTwo), float64(ec.StratThree), float64(ec.StratFour)}
	out := make([]float64, len(m.Cells))
	for c, k := range pass {
		if k >= 0 {
			out[c] = table[k]
		}
	}
	if ec.StratMode != StratReach {
		return out
	}
	reach := Reach(m)
	corner := make([]float64, len(m.Cells))
	for c, k := range pass {
		switch k {
		case 0:
			corner[c] = ec.CornerReachFactor * float64(reach[c])
			out[c] = corner[c]
		case 1:
			out[c] += ec.EdgeReachShare * float64(reach[c])
		}
	}
	for c, k := range pass {
		if k <= 0 {
			continue
		}
		strongest := 0.0
		for d := 0; d < 8; d++ {
			if c2, _, ok := m.Next(c, d); ok && pass[c2] == 0 && corner[c2] > strongest {
				strongest = corner[c2]
			}
		}
		out[c] -= ec.CornerNeighbourShare * strongest
	}
	return out
}

// Blend is s(g) of spec §10: 0 at g = 0, ½ at g = breakEven, 1 at g = 1,
// linear in between.
func Blend(g, breakEven float64) float64 {
	g = min(max(g, 0), 1)
	if g <= breakEven {
		if breakEven <= 0 {
			return 0.5
		}
		return 0.5 * g / breakEven
	}
	if breakEven >= 1 {
		return 1
	}
	return 0.5 + 0.5*(g-breakEven)/(1-breakEven)
}

// AspirationWindow is w = max(minWidth, factor × 0.2 × sin(π·g) × H × W)
// (spec §10.1 rule 1).
func AspirationWindow(minWidth, factor, g float64, h, w int) float64 {
	return max(minWidth, factor*0.2*math.Sin(math.Pi*g)*float64(h)*float64(w))
}

// AspirationUnitK is the multiplier m in whose evaluation units the
// aspiration widths (aspiration_width and the computed width of
// AspirationWindow) are given: the seed's K = 16 of a multi-player game.
// The search's windows follow the evaluation's scale: it uses the widths
// times m/16, so that a window spans the same stones in a 2-player game
// (m = 1) as with more players (m = K), and for any K.
const AspirationUnitK = 16

// aspirationScale is the factor m/16 on the aspiration widths.
func (e *evaluator) aspirationScale() float64 { return e.mul / AspirationUnitK }

// windows is the search configuration c of a move at the root s (after
// setRoot) with its aspiration windows (spec §10.1 rule 1): the computed
// width from the progress and the map, at least c's AspirationMinWidth,
// both on the evaluation's scale (× m/16).
func (e *evaluator) windows(c search.Config, factor float64, s *State) search.Config {
	scale := e.aspirationScale()
	_, _, stones := e.tally(s)
	c.AspirationWidth = scale * AspirationWindow(0, factor, e.progress(stones), s.m.Height, s.m.Width)
	c.AspirationMinWidth *= scale
	return c
}

// BombValue is Vb = bomb_value_factor × (2·strength + 1)² and OverwriteValue
// Vo = overwrite_value_factor × H·W / (H + W), both ×K while more than 2
// players are active (spec §10.2 rule 2).
func BombValue(ec EvalConfig, m *Map, active int) float64 {
	s := float64(2*m.Strength + 1)
	v := ec.BombValueFactor * s * s
	if active > 2 {
		v *= float64(ec.PlayerDistance)
	}
	return v
}

// OverwriteValue: see BombValue.
func OverwriteValue(ec EvalConfig, m *Map, active int) float64 {
	v := ec.OverwriteValueFactor * float64(m.Height*m.Width) / float64(m.Height+m.Width)
	if active > 2 {
		v *= float64(ec.PlayerDistance)
	}
	return v
}

// BonusCode is the bonus-field decision of spec §10.1 rule 3: with at
// least 3 active players take the bomb when bonus_bomb_weight·Vb ≥
// bonus_overwrite_weight·Vo, with 2 when Vb ≥ Vo; otherwise the overwrite
// stone.
func BonusCode(ec EvalConfig, vb, vo float64, active int) int {
	if active >= 3 {
		if ec.BonusBomb*vb >= ec.BonusOverwrite*vo {
			return CodeBomb
		}
		return CodeOverwrite
	}
	if vb >= vo {
		return CodeBomb
	}
	return CodeOverwrite
}

// evaluator is the per-game and per-move data of the paranoid bot's
// evaluation: the strategic map (per map), the special-stone values and
// the ranking distances (per root).
type evaluator struct {
	ec    EvalConfig
	m     *Map
	strat []float64
	// intStrat: every strategic value is an integer, so the state can keep
	// the sums per seat exactly, move by move (State.setWeights).
	intStrat bool
	// stones and free fields at the start (progress g)
	initStones, initFree int
	fields               int // the cells that are not holes

	// per root
	n      int
	active int
	// mul is m of spec §10.2 rule 4: K while more than 2 players are
	// active, 1 with 2 (always K under LegacyScale). Score, the move
	// gains and the aspiration windows carry it.
	mul    float64
	disq   [8]bool
	vb, vo float64
	// soft: the leaf value is rank_value = "soft"'s (more than 2 active
	// players), with width softT.
	soft  bool
	softT float64
	bonus int // CodeBomb or CodeOverwrite

	rd   [8][8]int      // rank distance between seats
	oppW [8]float64     // root's weight on opponent q's Score: (m − rd)/m/(n_act − 1)
	wt   [8][16]float64 // move-gain weight of a field of value v taken by seat p: m, or m − rd from a seat

	// The captured lines of every target of one seat (rayGains), found
	// from that seat's stones: cell c has lines when lmk marks it, lmask
	// holds the directions (from c) that capture and line[c*8+d] the sum
	// of strat·w over the stones captured in direction d.
	lmk   cellMarks
	rmk   cellMarks // scratch: the cells of the current walk
	lmask []uint8
	line  []float64
	total []float64 // the sum of c's lines, for voInt
	lkey  lineKey
	// voInt: Vo is an integer, so with an integer strategic map every
	// gain is a sum of integers, exact in any order.
	voInt bool
	// steps counts the walk steps of the move order (rayGains and
	// cellGain), orders the move lists it ordered: the tests bound the
	// work per ordered node with them.
	steps, orders int64

	tset []uint64  // rayMoves: the target set (one bit per cell) and
	tsum uint64    // its summary word
	keys []float64 // rayMoves: the keys of the moves it listed
	kkey lineKey   // the position and mover of keys

	// rayDelta: parent data by the parent's depth (len(State.undo)), and
	// scratch.
	gen      uint64 // counts setRoot: parent data of an older root is stale
	bases    []*lineBase
	nbuf     []uint8
	cmk, omk cellMarks
	ov       []ovCell
	ovEp     uint32
	ovLine   []float64
	chg, aff []int32
	redo     []int32
	oldv     []uint8
	tf       []touchedField
	tb       []uint64 // the touched fields, one bit each
	olds     []uint8
}

func newEvaluator(ec EvalConfig) *evaluator { return &evaluator{ec: ec} }

// setMap computes the per-map data (once per map).
func (e *evaluator) setMap(m *Map) {
	if e.m == m {
		return
	}
	e.m = m
	e.strat = StrategicMap(m, e.ec)
	e.intStrat = true
	for _, v := range e.strat {
		if v != math.Trunc(v) || math.Abs(v) >= 1<<40 {
			e.intStrat = false
		}
	}
	e.initStones, e.initFree, e.fields = 0, 0, 0
	for _, v := range m.Cells {
		if v != Hole {
			e.fields++
		}
		switch {
		case isStone(v):
			e.initStones++
		case v != Hole:
			e.initFree++
		}
	}
}

// progress is g: the share of the fields free at the start that hold a
// stone now. In phase 1 stones never leave the board, so this is the
// number of stones added since the start.
func (e *evaluator) progress(stones int) float64 {
	if e.initFree == 0 {
		return 1
	}
	return min(max(float64(stones-e.initStones)/float64(e.initFree), 0), 1)
}

// tally counts, per seat, the stones and the sum of strategic values, and
// all stones on the board (x included).
func (e *evaluator) tally(s *State) (cnt [9]int, strat [9]float64, stones int) {
	st := e.strat
	if len(s.sw) > 0 && len(st) > 0 && &s.sw[0] == &st[0] {
		// The state keeps the counts and the (exact, integer) sums.
		for v := 1; v <= 8; v++ {
			cnt[v] = int(s.vals[v])
			strat[v] = s.wsum[v]
			stones += cnt[v]
		}
		stones += int(s.vals[Expansion])
		return
	}
	for c, v := range s.board {
		if v-1 < 8 {
			cnt[v]++
			strat[v] += st[c]
			stones++
		} else if v == Expansion {
			stones++
		}
	}
	return
}

// scores returns Score(q) for every seat (spec §10.2 rule 4).
func (e *evaluator) scores(s *State) (sc [8]float64, cnt [9]int) {
	cnt, strat, stones := e.tally(s)
	bl := Blend(e.progress(stones), e.ec.BreakEven)
	k := e.mul
	pw := (1 - bl) * e.ec.PositionWeight
	sw := bl * e.ec.StonesWeight
	for q := 0; q < s.n; q++ {
		sc[q] = k * (pw*strat[q+1] + sw*float64(cnt[q+1]))
	}
	return
}

// multiplier is m of spec §10.2 rule 4 for the given number of active
// players: K while more than 2 are active, 1 with 2 (K with any number
// under LegacyScale).
func multiplier(ec EvalConfig, active int) float64 {
	if active > 2 || ec.LegacyScale {
		return float64(ec.PlayerDistance)
	}
	return 1
}

// setRoot computes the per-move data at the root for seat p: active
// players, the multiplier m, Vb and Vo, the bonus decision, ranks by
// Score and the rank distances (all 0 while at most 2 players are
// active; 1 under LegacyScale, as the first spec version had it).
func (e *evaluator) setRoot(s *State, p int) {
	e.setMap(s.m)
	e.n = s.n
	e.active = 0
	for q := 0; q < s.n; q++ {
		e.disq[q] = s.disq[q]
		if !s.disq[q] {
			e.active++
		}
	}
	e.mul = multiplier(e.ec, e.active)
	e.vb = BombValue(e.ec, s.m, e.active)
	e.vo = OverwriteValue(e.ec, s.m, e.active)
	e.voInt = e.vo == math.Trunc(e.vo) && math.Abs(e.vo) < 1<<40
	e.lkey, e.kkey = lineKey{}, lineKey{}
	e.gen++
	e.bonus = BonusCode(e.ec, e.vb, e.vo, e.active)
	e.soft = e.ec.RankValue == RankSoft && e.active > 2
	e.softT = max(e.ec.RankWidth*e.mul*float64(e.fields)/float64(max(e.active, 1)), 1e-9)
	sc, _ := e.scores(s)
	var rank [8]int
	for q := 0; q < s.n; q++ {
		rank[q] = 1
		for r := 0; r < s.n; r++ {
			if !s.disq[r] && sc[r] > sc[q] {
				rank[q]++
			}
		}
	}
	for a := 0; a < s.n; a++ {
		for b := 0; b < s.n; b++ {
			switch {
			case e.active <= 2 && e.ec.LegacyScale:
				e.rd[a][b] = 1
			case e.active <= 2:
				e.rd[a][b] = 0
			case s.disq[a] || s.disq[b]:
				e.rd[a][b] = 0
			default:
				e.rd[a][b] = rank[a] - rank[b]
				if e.rd[a][b] < 0 {
					e.rd[a][b] = -e.rd[a][b]
				}
			}
		}
	}
	k := e.mul
	for a := 0; a < s.n; a++ {
		for v := range e.wt[a] {
			e.wt[a][v] = k
			if v >= 1 && v <= s.n {
				e.wt[a][v] = k - float64(e.rd[a][v-1])
			}
		}
	}
	for q := 0; q < s.n; q++ {
		e.oppW[q] = 0
		if q != p && !s.disq[q] && e.active > 1 {
			e.oppW[q] = (k - float64(e.rd[p][q])) / k / float64(e.active-1)
		}
	}
}

// WinValue is added (times the share of opponents beaten minus the share
// that beat p) at finished games, so that a won game outweighs any
// heuristic value.
const WinValue = 1e7

// value is V of spec §10.2 rule 4 for seat p (the root player), plus the
// result at a finished game. Overwrite stones count in Stock(p) only
// during phase 1 (they are worthless once the bombs start).
func (e *evaluator) value(s *State, p int) float64 {
	sc, cnt := e.scores(s)
	v := sc[p] + float64(s.bombs[p])*e.vb
	if s.phase == Phase1 {
		v += float64(s.ow[p]) * e.vo
	}
	if e.soft {
		v += e.softValue(s, p, &sc) - sc[p]
	} else {
		for q := 0; q < s.n; q++ {
			if w := e.oppW[q]; w != 0 {
				v -= w * sc[q]
			}
		}
	}
	if s.phase == Over && e.active > 1 {
		better, worse := 0, 0
		for q := 0; q < s.n; q++ {
			if q == p || s.disq[q] {
				continue
			}
			switch {
			case cnt[q+1] > cnt[p+1]:
				better++
			case cnt[q+1] < cnt[p+1]:
				worse++
			}
		}
		v += WinValue * float64(worse-better) / float64(e.active-1)
	}
	return v
}

// softValue is rank_value = "soft"'s value of the fields for seat p
// with more than two active players, which replaces Score(p) minus the
// weighted opponents' Scores in V (Stock(p) counts as in rule 4):
//
//	V = Stock(p) + Σ_{q active, q≠p} T·tanh((Score(p) − Score(q))/T) / (n_act − 1)
//
// A game's points are linear in the opponents p finishes ahead of (points
// (n − rank)/(n − 1), ties sharing the better rank), so the sum is a soft
// count of them, a share of the points: a field taken from an opponent
// close in Score weighs most, one taken from an opponent far ahead or far
// behind (whose order against p it will hardly change) little. The stock
// stays outside the count: an overwrite stone is worth tens of fields
// (Vo), and inside the tanh a map's stocks would put every gap beyond T.
// With gaps small against T, V is rule 4's without the rank distances.
func (e *evaluator) softValue(s *State, p int, sc *[8]float64) float64 {
	t := e.softT
	v := 0.0
	for q := 0; q < s.n; q++ {
		if q != p && !e.disq[q] {
			v += t * math.Tanh((sc[p]-sc[q])/t)
		}
	}
	return v / float64(e.active-1)
}

// rayGains finds the captured lines of every target of mover p at once,
// walking from p's stones as rayTargets does: on the walk from own stone
// o, every field reached after one or more foreign stones, and not
// earlier on the walk, captures in the direction back towards o exactly
// the stones in between (spec §3.5: the step function is reversible), so
// their sum is that direction's line of cellGain. One walk per own stone
// and direction gives the lines of all targets, where cellGain walks
// again from each target: in the overwrite phase every foreign stone on
// a ray is a target, and walking from each costs the square of the ray
// length, for every node of the search. The sums are of integers
// (intStrat), exact in any order, so gain gives cellGain's value bit for
// bit.
//
// The same walk finds p's phase-1 targets (rayTargets' rule): with
// moves set, they are left in e.tset (summary e.tsum) for rayMoves.
// Without an overwrite stone p's targets are free fields only, and only
// free fields get lines.
func (e *evaluator) rayGains(s *State, p int, moves bool) {
	n := len(s.board)
	if len(e.lmask) != n {
		e.lmask, e.line, e.total = make([]uint8, n), make([]float64, 8*n), make([]float64, n)
	}
	lep := e.lmk.begin(n)
	e.rmk.fit(n)
	e.keys, e.kkey = e.keys[:0], lineKey{} // rayMoves fills them
	nw := s.m.nw
	pv := uint8(p + 1)
	ow := s.ow[p] > 0
	var set []uint64
	if moves {
		if len(e.tset) < nw {
			e.tset, e.tsum = make([]uint64, 64), 0
		}
		for ws := e.tsum; ws != 0; ws &= ws - 1 {
			e.tset[bits.TrailingZeros64(ws)] = 0
		}
		e.tsum = 0
		set = e.tset[:nw]
		if ow && s.vals[Expansion] > 0 {
			// Expansion stones need no capture (spec §5.2).
			xs := s.vb[int(Expansion)*nw : int(Expansion)*nw+nw]
			for ws := s.vsum[Expansion]; ws != 0; ws &= ws - 1 {
				w := bits.TrailingZeros64(ws)
				set[w] |= xs[w]
			}
			e.tsum |= s.vsum[Expansion]
		}
	}
	wt := &e.wt[p]
	cls := &classTab[pv]
	next, nb, b, strat := s.m.next, s.m.nb, s.board, e.strat
	lmk, rmk, lmask, line, total := e.lmk.m, e.rmk.m, e.lmask, e.line, e.total
	tsum, voInt, steps := e.tsum, e.voInt, int64(0)
	own := s.vb[int(pv)*nw : int(pv)*nw+nw]
	if !ow {
		// Without an overwrite stone the only field with a line on a
		// walk is its end, the first one that is not a foreign stone:
		// no field is met twice before it (o is own, the others are
		// foreign), so the walk needs no marks; the same lines and
		// targets as the general loop below.
		for ws := s.vsum[pv]; ws != 0; ws &= ws - 1 {
			w := bits.TrailingZeros64(ws)
			for word := own[w]; word != 0; word &= word - 1 {
				o := w<<6 | bits.TrailingZeros64(word)
				for dm := foreignDirs(cls, b, nb, o); dm != 0; dm &= dm - 1 {
					cur := next[o*8+bits.TrailingZeros(dm)]
					f := int(cur >> 3)
					sum := strat[f] * wt[b[f]&15]
					for {
						cur = next[cur]
						if cur < 0 {
							break
						}
						steps++
						c := int(cur >> 3)
						v := b[c]
						k := cls[v&15]
						if k == 1 {
							sum += strat[c] * wt[v&15]
							continue
						}
						if k == 0 {
							d := int(cur+4) & 7
							if lmk[c] != lep {
								lmk[c], lmask[c], total[c] = lep, 1<<d, sum
							} else {
								lmask[c] |= 1 << d
								total[c] += sum
							}
							if !voInt {
								line[c*8+d] = sum
							}
							if set != nil && v != Hole {
								set[c>>6] |= 1 << (c & 63)
								tsum |= 1 << (c >> 6)
							}
						}
						break
					}
				}
			}
		}
		e.tsum = tsum
		e.steps += steps
		e.lkey = lineKey{s, p, s.hash, s.ply, len(s.log)}
		return
	}
	for ws := s.vsum[pv]; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := own[w]; word != 0; word &= word - 1 {
			o := w<<6 | bits.TrailingZeros64(word)
			for dm := foreignDirs(cls, b, nb, o); dm != 0; dm &= dm - 1 {
				cur := next[o*8+bits.TrailingZeros(dm)]
				f := int(cur >> 3)
				ep := e.rmk.next()
				rmk[o], rmk[f] = ep, ep
				sum := strat[f] * wt[b[f]&15]
				for {
					cur = next[cur]
					if cur < 0 {
						break
					}
					steps++
					c := int(cur >> 3)
					v := b[c]
					k := cls[v&15]
					if rmk[c] != ep && (ow || k == 0) {
						// c captures back towards o: the direction
						// opposite to the one the walk arrived in.
						// (Without an overwrite stone only free fields
						// are targets: stones get no lines.)
						d := int(cur+4) & 7
						if lmk[c] != lep {
							lmk[c], lmask[c], total[c] = lep, 1<<d, sum
						} else {
							lmask[c] |= 1 << d
							total[c] += sum
						}
						if !voInt {
							line[c*8+d] = sum
						}
						// A foreign or own stone is an overwrite target,
						// a free field a normal one.
						if set != nil && v != Hole {
							set[c>>6] |= 1 << (c & 63)
							tsum |= 1 << (c >> 6)
						}
					}
					if k != 1 {
						break
					}
					rmk[c] = ep
					sum += strat[c] * wt[v&15]
				}
			}
		}
	}
	e.tsum = tsum
	e.steps += steps
	e.lkey = lineKey{s, p, s.hash, s.ply, len(s.log)}
}

// lineKey tells which position and mover the lines are of.
type lineKey struct {
	s         *State
	p         int
	hash      uint64
	ply, logs int
}

// hasLines reports whether the lines of the last rayGains are those of
// seat p in s as it is now.
func (e *evaluator) hasLines(s *State, p int) bool {
	return e.lkey == lineKey{s, p, s.hash, s.ply, len(s.log)}
}

// hasKeys reports whether e.keys are the keys of rayMoves for seat p in s
// as it is now.
func (e *evaluator) hasKeys(s *State, p int) bool {
	return e.kkey == lineKey{s, p, s.hash, s.ply, len(s.log)}
}

// rayMoves appends the phase-1 moves of seat p (s.LegalActions(p) in
// the same order) to buf, keeping on each bonus field only the variant
// with code bonus, from one rayGains walk; it leaves the move keys of
// the paranoid bot's order (gain + specialGain) in e.keys.
func (e *evaluator) rayMoves(s *State, p, bonus int, buf []game.Action) []game.Action {
	key := lineKey{s, p, s.hash, s.ply, len(s.log)}
	if bs := e.baseFor(s, p, bonus); bs != nil {
		buf = e.rayDelta(s, p, bonus, bs, buf)
		e.kkey = key
		return buf
	}
	e.rayGains(s, p, true)
	keys := e.keys[:0]
	if s.ow[p] == 0 && e.voInt {
		// Without overwrite stones every target is a free field with
		// lines: its gain is its own value plus its lines' total (gain,
		// inline), and most are empty fields (one move each).
		b, strat, wt, total := s.board, e.strat, &e.wt[p], e.total
		for ws := e.tsum; ws != 0; ws &= ws - 1 {
			w := bits.TrailingZeros64(ws)
			for word := e.tset[w]; word != 0; word &= word - 1 {
				t := w<<6 | bits.TrailingZeros64(word)
				tv := b[t]
				g := strat[t]*wt[tv&15] + total[t]
				if tv == Empty {
					buf = append(buf, MakeAction(t, 0))
					keys = append(keys, g)
				} else {
					buf, keys = e.appendMoves(s, t, tv, p, bonus, g, buf, keys)
				}
			}
		}
		e.keys, e.kkey = keys, key
		return buf
	}
	for ws := e.tsum; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := e.tset[w]; word != 0; word &= word - 1 {
			t := w<<6 | bits.TrailingZeros64(word)
			buf, keys = e.appendMoves(s, t, s.board[t], p, bonus, e.gain(s, t, p), buf, keys)
		}
	}
	e.keys, e.kkey = keys, key
	return buf
}

// specialGain is the choice term of the move gain (spec §10.1 rule 4):
// with at least 3 active players a move onto `c` swapping with seat q
// earns choice_weight · K · max(0, stones of q − own stones); for the
// leader as q this is the spec's formula.
func (e *evaluator) specialGain(s *State, t, code, p int) float64 {
	if code < 1 || code > 8 || e.active < 3 || s.board[t] != Choice || code == p+1 {
		return 0
	}
	own, other := int(s.vals[p+1]), int(s.vals[code])
	return e.ec.ChoiceWeight * float64(e.ec.PlayerDistance) * float64(max(0, other-own))
}

// gain is cellGain(s, t, p) from the lines of the last rayGains(s, p):
// base + the sum of the lines when every term is an integer (the sum is
// then exact in any order), otherwise the lines added in cellGain's
// order, direction by direction.
func (e *evaluator) gain(s *State, t, p int) float64 {
	tv := s.board[t]
	gain := 0.0
	if tv != uint8(p+1) {
		gain += e.strat[t] * e.wt[p][tv&15]
	}
	if isStone(tv) {
		gain -= e.vo
	}
	if e.lmk.m[t] != e.lmk.e {
		return gain
	}
	if e.voInt {
		return gain + e.total[t]
	}
	for dm := uint(e.lmask[t]); dm != 0; dm &= dm - 1 {
		gain += e.line[t*8+bits.TrailingZeros(dm)]
	}
	return gain
}

// cellGain is the move-gain of spec §10.2 rule 3 for mover p on target t
// without the special-field terms: Σ strat(f)·w over the fields that
// become p's (flips and target), w = m for a field nobody owned, m − rd
// for a field taken from seat q (so w = 1 with 2 active players); an
// overwrite stone costs Vo.
func (e *evaluator) cellGain(s *State, t, p int) float64 {
	pv := uint8(p + 1)
	wt := &e.wt[p]
	next, b, strat := s.m.next, s.board, e.strat
	gain := 0.0
	tv := b[t]
	if tv != pv {
		gain += strat[t] * wt[tv&15]
	}
	if isStone(tv) {
		gain -= e.vo
	}
	// Only the directions whose first step is a foreign stone can
	// capture (foreignDirs: no branch per direction); the walk still
	// checks every step (no step, back at t, end of the line).
	cls := &classTab[pv]
	for dm := foreignDirs(cls, b, s.m.nb, t); dm != 0; dm &= dm - 1 {
		cur := int32(t*8 + bits.TrailingZeros(dm))
		line := 0.0
		n := 0
		for {
			nx := next[cur]
			if nx < 0 {
				break
			}
			c := int(nx >> 3)
			v := b[c]
			k := cls[v&15]
			if c == t || k == 0 {
				break
			}
			if k == 2 {
				if n > 0 {
					gain += line
				}
				break
			}
			line += strat[c] * wt[v&15]
			n++
			cur = nx
		}
		e.steps += int64(n) + 1
	}
	return gain
}

// appendMoves appends target t's moves (every colour on a choice field,
// the bonus code on a bonus field) and their keys: gain, plus the
// special field's gain on a choice field.
func (e *evaluator) appendMoves(s *State, t int, tv uint8, p, bonus int, gain float64, buf []game.Action, keys []float64) ([]game.Action, []float64) {
	switch tv {
	case Choice:
		for q := 1; q <= s.n; q++ {
			buf = append(buf, MakeAction(t, q))
			keys = append(keys, gain+e.specialGain(s, t, q, p))
		}
	case Bonus:
		buf = append(buf, MakeAction(t, bonus))
		keys = append(keys, gain)
	default:
		buf = append(buf, MakeAction(t, 0))
		keys = append(keys, gain)
	}
	return buf, keys
}

// freeMoves appends the phase-1 moves of seat p, which has no overwrite
// stone, to buf in s.LegalActions(p) order, keeping on each bonus field
// only the variant with code bonus, and leaves their keys (cellGain +
// specialGain) in e.keys: one walk from each free field in each
// direction whose first step is a foreign stone gives both whether the
// field is a target (freeTargets' rule: a walk over foreign stones to an
// own stone, the field not met again) and its lines, where the listing
// and the move order walked from it twice. The walks and sums are
// cellGain's, so the keys are the same bit for bit. For seats with fewer
// stones than twice the free fields (rayTargets walks from the stones
// then) and small maps, and without a strategic map of integers, the
// caller lists with LegalActions instead.
func (e *evaluator) freeMoves(s *State, p, bonus int, buf []game.Action) []game.Action {
	pv := uint8(p + 1)
	wt := &e.wt[p]
	cls := &classTab[pv]
	next, nb, b, strat := s.m.next, s.m.nb, s.board, e.strat
	nw := s.m.nw
	ev, cv, iv, bv := s.vb[int(Empty)*nw:], s.vb[int(Choice)*nw:], s.vb[int(Inversion)*nw:], s.vb[int(Bonus)*nw:]
	keys := e.keys[:0]
	steps := int64(0)
	for ws := s.vsum[Empty] | s.vsum[Choice] | s.vsum[Inversion] | s.vsum[Bonus]; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := ev[w] | cv[w] | iv[w] | bv[w]; word != 0; word &= word - 1 {
			t := w<<6 | bits.TrailingZeros64(word)
			tv := b[t]
			gain := strat[t] * wt[tv&15]
			target := false
			walked := int64(0)
			for dm := foreignDirs(cls, b, nb, t); dm != 0; dm &= dm - 1 {
				// First the walk alone (most free fields are no
				// target): its first step is a foreign stone, and t,
				// being free, ends it too (no check for a loop back
				// to t needed).
				d := int32(t*8 + bits.TrailingZeros(dm))
				cur := next[d]
				n := 1
				k := uint8(0)
				for {
					cur = next[cur]
					if cur < 0 {
						break
					}
					if k = cls[b[cur>>3]&15]; k != 1 {
						break
					}
					n++
				}
				walked += int64(n) + 1
				if k == 2 {
					// It captures: the line, as cellGain sums it.
					line := 0.0
					for cur = d; n > 0; n-- {
						cur = next[cur]
						line += strat[cur>>3] * wt[b[cur>>3]&15]
					}
					gain += line
					target = true
				}
			}
			if !target {
				continue
			}
			steps += walked // the move order's walk (cellGain's count)
			buf, keys = e.appendMoves(s, t, tv, p, bonus, gain, buf, keys)
		}
	}
	e.steps += steps
	e.keys, e.kkey = keys, lineKey{s, p, s.hash, s.ply, len(s.log)}
	return buf
}
