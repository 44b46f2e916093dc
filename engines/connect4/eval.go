package connect4

import (
	"math"
	"math/bits"
)

// Weights parameterise the threat evaluation of connect4.md §3. The
// defaults (DefaultWeights) are the seed's evaluation.
type Weights struct {
	// ThreatExponent γ: a threat with reachability r weighs (1/ln(r+1))^γ.
	ThreatExponent float64
	// AcuteBonus is added to the weight of an acute threat (r = 1).
	AcuteBonus float64
	// OpponentWeight multiplies the opponent's total threat.
	OpponentWeight float64
	// MaxReach: threats with r > MaxReach are ignored (1..6).
	MaxReach int
	// QuickWins scores a win found at ply k as 1e9 − k (a loss as its
	// negation) instead of ±∞.
	QuickWins bool
}

// DefaultWeights is the seed's evaluation.
func DefaultWeights() Weights {
	return Weights{ThreatExponent: 1, AcuteBonus: 0, OpponentWeight: 1, MaxReach: Height}
}

// WinScore is the value of a win at ply 0 with Weights.QuickWins; a win
// found k plies from the root scores WinScore − k.
const WinScore = 1e9

// Threats returns the threats of seat p as a bitboard: the empty cells x
// such that some line of four through x holds p's stones on its other
// three cells (connect4.md §3.1). A cell may be a threat of both seats.
func Threats(s *State, p int) uint64 {
	return threatCells(s.stones[p], s.stones[0]|s.stones[1])
}

// threatCells is the winning-cell computation of Pascal Pons' solver: for
// each direction d, the cells whose three neighbours on one of the four
// possible placements of a line are own stones. Sentinel bits above every
// column stay empty, so that no line wraps around the board.
func threatCells(pos, occupied uint64) uint64 {
	// vertical: only the three stones below can complete a column
	r := (pos << 1) & (pos << 2) & (pos << 3)
	for _, d := range [3]uint{Stride, Stride - 1, Stride + 1} {
		p := (pos << d) & (pos << (2 * d))
		r |= p & (pos << (3 * d)) // x-3d, x-2d, x-d
		r |= p & (pos >> d)       // x-2d, x-d, x+d
		p = (pos >> d) & (pos >> (2 * d))
		r |= p & (pos << d)       // x-d, x+d, x+2d
		r |= p & (pos >> (3 * d)) // x+d, x+2d, x+3d
	}
	return r & boardMask &^ occupied
}

// Reach returns the reachability r(x) of the empty cell (col, row): the
// number of stones to drop into col until the cell is filled, its own
// included (connect4.md §3.2).
func Reach(s *State, col, row int) int { return row - int(s.height[col]) + 1 }

// ThreatWeight is the weight of one threat of reachability r under w
// (0 for r > MaxReach).
func ThreatWeight(r int, w Weights) float64 {
	if r < 1 || r > w.MaxReach || r > Height {
		return 0
	}
	v := math.Pow(1/math.Log(float64(r+1)), w.ThreatExponent)
	if r == 1 {
		v += w.AcuteBonus
	}
	return v
}

// Evaluator evaluates positions under fixed weights; it precomputes the
// weight of every set of threats a column can hold.
type Evaluator struct {
	w Weights
	// colSum[m] is the total weight of the threats of a column whose bit
	// k (k = 0..5) says that the cell k+1 stones up is a threat (r = k+1).
	colSum [1 << Height]float64
}

// NewEvaluator returns an evaluator for w.
func NewEvaluator(w Weights) *Evaluator {
	e := &Evaluator{w: w}
	for m := range e.colSum {
		sum := 0.0
		for k := 0; k < Height; k++ {
			if m&(1<<k) != 0 {
				sum += ThreatWeight(k+1, w)
			}
		}
		e.colSum[m] = sum
	}
	return e
}

// Weights returns the evaluator's weights.
func (e *Evaluator) Weights() Weights { return e.w }

// Total is the total threat a_p of seat p (connect4.md §3.3).
func (e *Evaluator) Total(s *State, p int) float64 {
	return e.total(Threats(s, p), s)
}

func (e *Evaluator) total(t uint64, s *State) float64 {
	sum := 0.0
	for t != 0 {
		c := bits.TrailingZeros64(t) / Stride
		h := int(s.height[c])
		m := (t >> (c*Stride + h)) & (1<<(Height-h) - 1)
		sum += e.colSum[m]
		t &^= (1<<Height - 1) << (c * Stride)
	}
	return sum
}

// Evaluate is the value of s for seat player (connect4.md §3.4): −∞ when
// player has lost, +∞ when the opponent has, otherwise
// a_player − OpponentWeight · a_opponent. ply is the distance from the
// root of a search; it only matters with QuickWins.
func (e *Evaluator) Evaluate(s *State, player, ply int) float64 {
	if s.winner >= 0 {
		if e.w.QuickWins {
			v := WinScore - float64(ply)
			if int(s.winner) != player {
				v = -v
			}
			return v
		}
		if int(s.winner) == player {
			return math.Inf(1)
		}
		return math.Inf(-1)
	}
	occ := s.stones[0] | s.stones[1]
	ai := e.total(threatCells(s.stones[player], occ), s)
	aj := e.total(threatCells(s.stones[1-player], occ), s)
	return ai - e.w.OpponentWeight*aj
}

// Evaluate is the value of s for seat player under w (see
// Evaluator.Evaluate; ply 0). It builds an evaluator per call: searches
// should use NewEvaluator once.
func Evaluate(s *State, player int, w Weights) float64 {
	return NewEvaluator(w).Evaluate(s, player, 0)
}

// IsWinScore reports whether v is a won or lost value (±∞, or a quick-win
// score).
func IsWinScore(v float64) bool { return math.Abs(v) >= WinScore-Cells }
