package reversixt

import (
	"fmt"
	"math/bits"
	"strings"

	"tourney/engines/game"
)

// Phases of a game.
const (
	Phase1 = 1 // stones
	Phase2 = 2 // bombs
	Over   = 3
)

// Special codes: an action is cell<<4 | code (see the package doc).
const (
	CodeNone      = 0  // protocol byte 0
	CodeBomb      = 9  // bonus: take a bomb, protocol byte 20
	CodeOverwrite = 10 // bonus: take an overwrite stone, protocol byte 21
)

// MakeAction encodes a move on cell index c with special code code.
func MakeAction(c, code int) game.Action { return game.Action(c<<4 | code) }

// SplitAction decodes an action into its cell index and special code.
func SplitAction(a game.Action) (c, code int) { return int(a) >> 4, int(a) & 15 }

// SpecialByte is the protocol's special byte (spec §5.4) of a code.
func SpecialByte(code int) int {
	switch code {
	case CodeBomb:
		return 20
	case CodeOverwrite:
		return 21
	}
	return code
}

// CodeOf is the code of a protocol special byte, or -1.
func CodeOf(special int) int {
	switch {
	case special >= 0 && special <= 8:
		return special
	case special == 20:
		return CodeBomb
	case special == 21:
		return CodeOverwrite
	}
	return -1
}

type change struct {
	cell int32
	old  uint8
}

type undoRec struct {
	log       int32 // length of the change log before the move
	mover     int8
	cur, last int8
	phase     int8
	ow, bombs int    // the mover's stocks before the move
	nid       uint64 // the node id of the position before the move
}

// State is a ReversiXT position. Seats are 0-based: seat k is player k+1.
type State struct {
	m     *Map
	n     int
	board []uint8
	ow    [8]int
	bombs [8]int
	disq  [8]bool
	phase int8
	cur   int8 // seat to move, -1 when over
	last  int8 // seat of the last phase-1 mover, -1 none
	ply   int
	hash  uint64
	// nid identifies the position among those this state has been in
	// (apply gives each new position the next number of nids, Undo
	// restores the old one), so a bot can tell that a position it saw is
	// still an ancestor of the current one (undoRec.nid).
	nid, nids uint64
	cnt       int64      // move variants of the seat to move in phase 1, -1 unknown
	bb        [16]uint64 // small maps: bitboard of each cell value
	vals      [16]int32  // number of cells holding each value
	// Optional per-cell weights (a bot's strategic map, integers only)
	// and, per player value 1..8, the sum of the weights of the cells
	// holding it, kept up to date by set (see setWeights).
	sw   []float64
	wsum [16]float64

	// vb[v*nw+w] is word w of the bitset of the cells holding value v
	// (any map size; cell c is bit c%64 of word c/64).
	vb   []uint64
	vsum [16]uint64 // bit w of vsum[v]: word w of v's bitset is not 0
	tset []uint64   // scratch: the target set of rayTargets
	tsum uint64     // bit w: word w of tset is not 0
	// tvalid: tset holds the targets of seat tp in the position of node
	// id tnid (targetSet keeps its last set; Undo back to that position
	// finds it again; Disqualify and copies drop it).
	tvalid bool
	tp     int8
	tnid   uint64
	eager  bool // Perft is running: startTurn computes whole target sets
	// wit[p] is a hint for hasMove of seat p without overwrite stones: the
	// last capture found for it, t*8+d (free field t captures in
	// direction d). Moves change a few fields, so it mostly still holds
	// in the next position; hasMove checks it (one walk) before it walks
	// from all the seat's stones. Only ever read through witness.
	wit  [8]int32
	rmk  cellMarks // scratch: cells seen on the current ray
	cmk  cellMarks // scratch: targets counted by rayCount
	obuf []uint8   // scratch: the old values of the stones lightCount flips
	dmk  cellMarks // scratch: cells read by rayCount with deps

	log   []change
	undo  []undoRec
	fbuf  []int32   // scratch: the stones a move captures
	mark  cellMarks // scratch: the fields a blast reached
	queue []int32
	pbuf  [][]game.Action // Perft's action lists, one per depth
}

// NewState returns the initial state on m.
func NewState(m *Map) *State {
	s := &State{m: m, n: m.NPlayers, board: append([]uint8(nil), m.Cells...), phase: Phase1, last: -1}
	for p := 0; p < s.n; p++ {
		// The server keeps each stock in one byte (spec §1.3 rule 7).
		s.ow[p], s.bombs[p] = m.Overwrites&255, m.Bombs&255
	}
	s.vb = make([]uint64, 16*m.nw)
	for c, v := range s.board {
		s.vb[int(v&15)*m.nw+c>>6] |= 1 << (c & 63)
		s.vsum[v&15] |= 1 << (c >> 6)
		if m.small {
			s.bb[v] |= m.bit[c]
		}
		s.hash ^= m.zob[c*16+int(v)]
		s.vals[v&15]++
	}
	s.cur = -1
	s.startTurn(-1)
	return s
}

// setWeights attaches per-cell weights w (nil: none) whose sums per cell
// value the state then keeps up to date move by move (weightSums). The
// weights must be integers of magnitude below 2^40, so that the sums are
// exact whatever the order of the updates.
func (s *State) setWeights(w []float64) {
	s.sw, s.wsum = w, [16]float64{}
	if w == nil {
		return
	}
	// Only the sums of the players' stones are read (the others start
	// at 0 and mean nothing): from their bitsets, not the whole board.
	nw := s.m.nw
	for v := 1; v <= 8; v++ {
		vb := s.vb[v*nw : v*nw+nw]
		sum := 0.0
		for ws := s.vsum[v]; ws != 0; ws &= ws - 1 {
			i := bits.TrailingZeros64(ws)
			for word := vb[i]; word != 0; word &= word - 1 {
				sum += w[i<<6|bits.TrailingZeros64(word)]
			}
		}
		s.wsum[v] = sum
	}
}

// Map returns the state's map.
func (s *State) Map() *Map { return s.m }

// Phase is Phase1, Phase2 or Over.
func (s *State) Phase() int { return int(s.phase) }

// Cell returns the value of cell c (Empty, 1..8, Expansion, Choice,
// Inversion, Bonus or Hole).
func (s *State) Cell(c int) uint8 { return s.board[c] }

// Overwrites and BombsLeft are seat p's stocks.
func (s *State) Overwrites(p int) int { return s.ow[p] }
func (s *State) BombsLeft(p int) int  { return s.bombs[p] }

// Disqualified reports whether seat p is disqualified.
func (s *State) Disqualified(p int) bool { return s.disq[p] }

// Count is the number of stones of seat p on the board.
func (s *State) Count(p int) int {
	v := uint8(p + 1)
	k := 0
	for _, b := range s.board {
		if b == v {
			k++
		}
	}
	return k
}

func (s *State) put(c int, v uint8) {
	old := s.board[c]
	s.log = append(s.log, change{int32(c), old})
	s.set(c, old, v)
}

// set changes cell c from old to v, keeping the hash and adj up to date.
func (s *State) set(c int, old, v uint8) {
	s.hash ^= s.m.zob[c*16+int(old)] ^ s.m.zob[c*16+int(v)]
	s.board[c] = v
	s.vals[old&15]--
	s.vals[v&15]++
	nw, w, bit := s.m.nw, c>>6, uint64(1)<<(c&63)
	if i := int(old&15)*nw + w; s.vb[i]^bit == 0 {
		s.vb[i] = 0
		s.vsum[old&15] &^= 1 << w
	} else {
		s.vb[i] ^= bit
	}
	s.vb[int(v&15)*nw+w] |= bit
	s.vsum[v&15] |= 1 << w
	if s.sw != nil {
		w := s.sw[c]
		s.wsum[old&15] -= w
		s.wsum[v&15] += w
	}
	if s.m.small {
		b := s.m.bit[c]
		s.bb[old&15] ^= b
		s.bb[v&15] ^= b
	}
}

// line returns the number of foreign stones captured from t in direction
// d by player value p, or 0.
func (s *State) line(t, d int, p uint8) int {
	next, b := s.m.next, s.board
	k := 0
	cur := t*8 + d
	for {
		nx := next[cur]
		if nx < 0 {
			return 0
		}
		c := int(nx >> 3)
		v := b[c]
		if c == t || !isStone(v) {
			return 0
		}
		if v == p {
			return k
		}
		k++
		cur = int(nx)
	}
}

// classTab[p][v] classifies cell value v for player value p: 0 stops a
// line (no stone), 1 is a foreign stone, 2 is p's own stone.
var classTab [9][16]uint8

func init() {
	for p := 1; p <= 8; p++ {
		for v := 1; v <= 9; v++ {
			classTab[p][v] = 1
		}
		classTab[p][p] = 2
	}
}

// captures reports whether some direction from t captures for p.
func (s *State) captures(t int, p uint8) bool {
	cls := &classTab[p]
	next, b := s.m.next, s.board
	for _, nx := range next[t*8 : t*8+8] {
		// A first step back onto t (a self-loop transition) ends the
		// walk too (spec §3.5): t's own stone is not a line.
		if nx < 0 || cls[b[nx>>3]&15] != 1 || int(nx>>3) == t {
			continue
		}
		cur := nx
		for {
			cur = next[cur]
			if cur < 0 {
				break
			}
			c := int(cur >> 3)
			k := cls[b[c]&15]
			if k == 0 || c == t {
				break
			}
			if k == 2 {
				return true
			}
		}
	}
	return false
}

// bbTargets returns the phase-1 target fields of seat p as a bitboard
// (small maps, seat without overwrite stones).
func (s *State) bbTargets(p int) uint64 {
	var stones uint64
	for v := 1; v <= 9; v++ {
		stones |= s.bb[v]
	}
	own := s.bb[p+1]
	return othelloMoves(own, stones&^own) & (s.bb[Empty] | s.bb[Choice] | s.bb[Inversion] | s.bb[Bonus])
}

// countFor counts the phase-1 move variants of seat p.
func (s *State) countFor(p int) uint64 {
	ow := s.ow[p] > 0
	if s.m.small && !ow {
		t := s.bbTargets(p)
		return uint64(bits.OnesCount64(t&(s.bb[Empty]|s.bb[Inversion]))) +
			uint64(s.n)*uint64(bits.OnesCount64(t&s.bb[Choice])) + 2*uint64(bits.OnesCount64(t&s.bb[Bonus]))
	}
	n := uint64(s.n)
	k := uint64(0)
	set := s.targetsOf(p)
	for ws := s.tsum; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := set[w]; word != 0; {
			t := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			switch s.board[t] {
			case Choice:
				k += n
			case Bonus:
				k += 2
			default:
				k++
			}
		}
	}
	return k
}

// targetOK reports whether seat p may play on t in phase 1.
func (s *State) targetOK(t, p int) bool {
	v := s.board[t]
	switch {
	case v == Hole:
		return false
	case isStone(v):
		if s.ow[p] <= 0 {
			return false
		}
		if v == Expansion {
			return true
		}
	}
	return s.captures(t, uint8(p+1))
}

// hasMove reports whether seat p has a legal move in the current phase.
func (s *State) hasMove(p int) bool {
	if s.disq[p] {
		return false
	}
	if s.phase == Phase2 {
		return s.bombs[p] > 0 && s.anyField()
	}
	if !s.hasMoveQuick(p) {
		return false
	}
	if s.ow[p] > 0 {
		if s.vals[Expansion] > 0 {
			return true
		}
	} else if s.witness(p) {
		return true
	}
	return s.rayTargets(p, nil)
}

// witness reports whether seat p's hint wit[p] is a capture in the
// current position: a free field t from which the walk in direction d
// crosses one or more foreign stones and then reaches an own stone, t
// not met again (captures, one direction). Then t is a target of p
// (without overwrite stones: the targets are the free fields that
// capture).
func (s *State) witness(p int) bool {
	w := int(s.wit[p])
	t := w >> 3
	b := s.board
	if t >= len(b) {
		return false
	}
	if v := b[t]; isStone(v) || v == Hole {
		return false
	}
	cls := &classTab[p+1]
	next := s.m.next
	cur := next[w]
	if cur < 0 || int(cur>>3) == t || cls[b[cur>>3]&15] != 1 {
		return false
	}
	for {
		cur = next[cur]
		if cur < 0 {
			return false
		}
		c := int(cur >> 3)
		k := cls[b[c]&15]
		if k == 0 || c == t {
			return false
		}
		if k == 2 {
			return true
		}
	}
}

// hasMoveQuick is false when seat p surely has no phase-1 move: without
// an own stone only an expansion stone can be taken (with an overwrite
// stone); without overwrite stones only a free field can.
func (s *State) hasMoveQuick(p int) bool {
	ow := s.ow[p] > 0
	if s.vals[p+1] == 0 {
		return ow && s.vals[Expansion] > 0
	}
	return ow || s.vals[Empty]+s.vals[Choice]+s.vals[Inversion]+s.vals[Bonus] > 0
}

func (s *State) anyField() bool {
	for _, v := range s.board {
		if v != Hole {
			return true
		}
	}
	return false
}

// startTurn finds the next seat to move after seat prev has moved (prev =
// -1: the first move of the phase search), switching phases as needed.
func (s *State) startTurn(prev int) {
	s.cnt = -1
	if s.phase == Phase1 {
		for k := 1; k <= s.n; k++ {
			p := (prev + k + s.n) % s.n
			if s.disq[p] {
				continue
			}
			if s.m.small && s.ow[p] == 0 {
				// The bitboard count is as cheap as a yes/no test.
				if c := s.countFor(p); c > 0 {
					s.cur = int8(p)
					s.cnt = int64(c)
					return
				}
				continue
			}
			// Perft counts the moves of every node it enters: compute
			// the seat's target set once, it says whether the seat can
			// move and countMoves uses it (tvalid). A search enters
			// mostly leaves, which list no moves: there only ask
			// whether a move exists (the walk stops at the first).
			if s.eager {
				if s.hasMoveQuick(p) && s.targetSet(p) != nil && s.tsum != 0 {
					s.cur = int8(p)
					return
				}
				continue
			}
			if s.hasMove(p) {
				s.cur = int8(p)
				return
			}
		}
		s.phase = Phase2
		prev = int(s.last)
	}
	if s.phase == Phase2 {
		for k := 1; k <= s.n; k++ {
			p := (prev + k) % s.n
			if prev < 0 {
				p = k - 1
			}
			if s.hasMove(p) {
				s.cur = int8(p)
				return
			}
		}
	}
	s.phase = Over
	s.cur = -1
}

// IsLegal reports whether action a is legal for seat p.
func (s *State) IsLegal(p int, a game.Action) bool {
	if p != int(s.cur) || s.phase == Over || a < 0 {
		return false
	}
	t, code := SplitAction(a)
	if t >= len(s.board) {
		return false
	}
	v := s.board[t]
	if s.phase == Phase2 {
		// A bomb is code 0 in LegalActions, but any code is the same
		// bomb, as the official server accepts any special byte (spec
		// §5.4; Canonical maps it to code 0).
		return v != Hole
	}
	switch v {
	case Choice:
		if code < 1 || code > s.n {
			return false
		}
	case Bonus:
		if code != CodeBomb && code != CodeOverwrite {
			return false
		}
	default:
		if code != 0 {
			return false
		}
	}
	return s.targetOK(t, p)
}

// Canonical is game.Canonicalizer: in the bomb phase every code of a
// target is the bomb there, code 0; other actions are their own.
func (s *State) Canonical(p int, a game.Action) game.Action {
	if s.phase == Phase2 && a >= 0 {
		t, _ := SplitAction(a)
		return MakeAction(t, CodeNone)
	}
	return a
}

// HasLegal reports whether seat p has a legal action now.
func (s *State) HasLegal(p int) bool { return p == int(s.cur) && s.phase != Over }

// --- game.State ---

func (s *State) NumPlayers() int { return s.n }

func (s *State) CurrentPlayer() int {
	if s.phase == Over {
		return game.TerminalPlayer
	}
	return int(s.cur)
}

func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if s.phase == Over || player != int(s.cur) {
		return buf
	}
	if s.phase == Phase2 {
		for t, v := range s.board {
			if v != Hole {
				buf = append(buf, MakeAction(t, 0))
			}
		}
		return buf
	}
	if s.m.small && s.ow[player] == 0 {
		// standard8 and the like: bit y*8+x is cell y*Width+x only when
		// Width is 8, so go through the cells.
		small := s.bbTargets(player)
		for t := range s.board {
			if small&s.m.bit[t] != 0 {
				buf = s.appendVariants(buf, t)
			}
		}
		return buf
	}
	set := s.targetsOf(player)
	for ws := s.tsum; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		for word := set[w]; word != 0; {
			t := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			buf = s.appendVariants(buf, t)
		}
	}
	return buf
}

// appendVariants appends the move variants on target t (spec §5.4).
func (s *State) appendVariants(buf []game.Action, t int) []game.Action {
	switch s.board[t] {
	case Choice:
		for q := 1; q <= s.n; q++ {
			buf = append(buf, MakeAction(t, q))
		}
	case Bonus:
		buf = append(buf, MakeAction(t, CodeBomb), MakeAction(t, CodeOverwrite))
	default:
		buf = append(buf, MakeAction(t, 0))
	}
	return buf
}

// countMoves is len(LegalActions(cur)) without building the list.
func (s *State) countMoves() uint64 {
	if s.phase == Phase2 {
		k := uint64(0)
		for _, v := range s.board {
			if v != Hole {
				k++
			}
		}
		return k
	}
	if s.cnt < 0 {
		s.cnt = int64(s.countFor(int(s.cur)))
	}
	return uint64(s.cnt)
}

func (s *State) Apply(a game.Action) {
	p := int(s.cur)
	if !s.IsLegal(p, a) {
		panic(fmt.Sprintf("reversixt: illegal action %d (%s) for seat %d at move %d", a, s.ActionString(p, a), p, s.ply))
	}
	s.apply(a)
}

// apply plays a, which must be legal for the player to move (Perft's
// actions come from LegalActions, so it skips Apply's check).
func (s *State) apply(a game.Action) {
	p := int(s.cur)
	t, code := SplitAction(a)
	s.undo = append(s.undo, undoRec{log: int32(len(s.log)), mover: int8(p), cur: s.cur, last: s.last, phase: s.phase, ow: s.ow[p], bombs: s.bombs[p], nid: s.nid})
	s.ply++
	s.nids++
	s.nid = s.nids
	if s.phase == Phase2 {
		s.bombs[p]--
		s.blast(t)
		s.startTurn(p)
		return
	}
	pv := uint8(p + 1)
	v := s.board[t]
	if isStone(v) {
		s.ow[p]--
	}
	for _, c := range s.collectFlips(t, pv) {
		s.put(int(c), pv)
	}
	s.put(t, pv)
	switch v {
	case Choice:
		if q := uint8(code); q != pv {
			for c, b := range s.board {
				if b == pv {
					s.put(c, q)
				} else if b == q {
					s.put(c, pv)
				}
			}
		}
	case Inversion:
		n := uint8(s.n)
		for c, b := range s.board {
			if b >= 1 && b <= n {
				s.put(c, b%n+1)
			}
		}
	case Bonus:
		// Stocks are one byte on the server: 255 + 1 = 0.
		if code == CodeBomb {
			s.bombs[p] = (s.bombs[p] + 1) & 255
		} else {
			s.ow[p] = (s.ow[p] + 1) & 255
		}
	}
	s.last = int8(p)
	s.startTurn(p)
}

// blastArea appends to q[:0] the fields within the bomb strength of t
// (spec §6.2–6.4): t, then by distance, holes neither counted nor
// crossed. mk is the caller's scratch.
func (s *State) blastArea(mk *cellMarks, q []int32, t int) []int32 {
	ep := mk.begin(len(s.board))
	mark := mk.m
	q = append(q[:0], int32(t))
	mark[t] = ep
	next := s.m.next
	head := 0
	for dist := 0; dist < s.m.Strength && head < len(q); dist++ {
		end := len(q)
		for ; head < end; head++ {
			c := int(q[head])
			for d := 0; d < 8; d++ {
				nx := next[c*8+d]
				if nx < 0 {
					continue
				}
				c2 := int(nx >> 3)
				if s.board[c2] == Hole || mark[c2] == ep {
					continue
				}
				mark[c2] = ep
				q = append(q, int32(c2))
			}
		}
	}
	return q
}

// blast destroys the fields within the bomb strength of t (spec §6.2).
func (s *State) blast(t int) {
	q := s.blastArea(&s.mark, s.queue, t)
	for _, c := range q {
		s.put(int(c), Hole)
	}
	s.queue = q
}

// Undo implements game.Undoer.
func (s *State) Undo(a game.Action) {
	r := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	for i := len(s.log) - 1; i >= int(r.log); i-- {
		ch := s.log[i]
		c := int(ch.cell)
		s.set(c, s.board[c], ch.old)
	}
	s.log = s.log[:r.log]
	p := int(r.mover)
	s.ow[p], s.bombs[p] = r.ow, r.bombs
	s.cur, s.last, s.phase = r.cur, r.last, r.phase
	s.cnt = -1
	s.nid = r.nid
	s.ply--
}

// Disqualify removes seat p from the game (spec §7.2): it takes no further
// turns, its stones stay and its stocks freeze. If p was to move, the turn
// passes on. It cannot be undone and clears the undo history.
func (s *State) Disqualify(p int) {
	if p < 0 || p >= s.n || s.disq[p] {
		return
	}
	s.disq[p] = true
	s.cnt, s.tvalid = -1, false
	s.undo, s.log = s.undo[:0], s.log[:0]
	if s.phase == Over {
		return
	}
	// The game ends at once when one player is left (spec §7.3).
	active := 0
	for q := 0; q < s.n; q++ {
		if !s.disq[q] {
			active++
		}
	}
	if active <= 1 {
		s.phase, s.cur = Over, -1
		return
	}
	if int(s.cur) == p {
		s.startTurn(p)
	}
}

func (s *State) IsTerminal() bool { return s.phase == Over }

// Returns is each seat's stone count; a disqualified seat scores 0.
func (s *State) Returns(buf []float64) []float64 {
	var cnt [10]int
	for _, v := range s.board {
		if v <= 8 {
			cnt[v]++
		}
	}
	for p := 0; p < s.n; p++ {
		if s.disq[p] {
			buf = append(buf, 0)
		} else {
			buf = append(buf, float64(cnt[p+1]))
		}
	}
	return buf
}

// Ranks implements game.Ranker: more stones rank better, ties share the
// better rank, disqualified seats share the last rank.
func (s *State) Ranks(buf []int) []int {
	sc := s.Returns(nil)
	active := 0
	for p := 0; p < s.n; p++ {
		if !s.disq[p] {
			active++
		}
	}
	for p := 0; p < s.n; p++ {
		if s.disq[p] {
			buf = append(buf, active+1)
			continue
		}
		r := 1
		for q := 0; q < s.n; q++ {
			if !s.disq[q] && sc[q] > sc[p] {
				r++
			}
		}
		buf = append(buf, r)
	}
	return buf
}

func (s *State) MoveNumber() int { return s.ply }

// Clone returns an independent copy without the change history: Undo on
// the copy takes back the moves applied to the copy only. A search on the
// copy therefore costs nothing for the length of the game so far.
func (s *State) Clone() game.State { return s.CloneInto(nil) }

// CloneInto implements game.CloneIntoer: Clone into dst's memory when dst
// is a *State (of any map), keeping dst's buffers (history, blast queue,
// perft lists) for the copy's own use.
func (s *State) CloneInto(dst game.State) game.State {
	c, _ := dst.(*State)
	if c == nil || c == s {
		c = &State{}
	}
	board, log, undo, vb := c.board, c.log, c.undo, c.vb
	mark, queue, pbuf := c.mark, c.queue, c.pbuf
	tset, tsum, rmk, fbuf := c.tset, c.tsum, c.rmk, c.fbuf
	cmk, obuf, dmk := c.cmk, c.obuf, c.dmk
	*c = *s
	// The marks are dst's: kept with their epochs when the size fits.
	n := len(s.board)
	c.mark, c.rmk, c.cmk, c.dmk = mark.kept(n), rmk.kept(n), cmk.kept(n), dmk.kept(n)
	c.obuf = obuf[:0]
	c.fbuf = fbuf[:0]
	c.tsum, c.tvalid = tsum, false // tsum describes dst's scratch set
	c.board = append(board[:0], s.board...)
	c.vb = append(vb[:0], s.vb...)
	c.tset = tset
	c.log, c.undo = log[:0], undo[:0]
	c.pbuf = pbuf
	c.queue = queue[:0]
	c.sw, c.wsum = nil, [16]float64{} // a copy pays nothing for weights it may not use
	return c
}

// Hash implements game.Hasher: the board (Zobrist), the seat to move, the
// phase and the stocks.
func (s *State) Hash() uint64 {
	h := s.hash ^ uint64(s.cur+2)*0x9e3779b97f4a7c15 ^ uint64(s.phase)<<56
	for p := 0; p < s.n; p++ {
		k := uint64(s.ow[p])<<32 ^ uint64(s.bombs[p]) ^ uint64(p)<<60
		if s.disq[p] {
			k ^= 1 << 59
		}
		k *= 0xbf58476d1ce4e5b9
		h ^= k ^ k>>31
	}
	return h
}

// ActionString is "x,y" or "x,y,s" with s the protocol's special byte.
func (s *State) ActionString(player int, a game.Action) string {
	if a < 0 {
		return fmt.Sprintf("action(%d)", a)
	}
	t, code := SplitAction(a)
	x, y := s.m.XY(t)
	if code == 0 {
		return fmt.Sprintf("%d,%d", x, y)
	}
	return fmt.Sprintf("%d,%d,%d", x, y, SpecialByte(code))
}

// String draws the board in the map format, with a status line.
func (s *State) String() string {
	var sb strings.Builder
	ph := [4]string{"", "phase 1", "phase 2", "over"}[s.phase]
	fmt.Fprintf(&sb, "%s, move %d, to move: %d\n", ph, s.ply, s.cur+1)
	for p := 0; p < s.n; p++ {
		fmt.Fprintf(&sb, "player %d: overwrites %d, bombs %d", p+1, s.ow[p], s.bombs[p])
		if s.disq[p] {
			sb.WriteString(", disqualified")
		}
		sb.WriteByte('\n')
	}
	writeBoard(&sb, s.board, s.m.Width)
	return sb.String()
}

// Perft counts leaves in mode 2 (spec §9.1): skips use no ply and a
// finished game is one leaf.
func (s *State) Perft(depth int) uint64 {
	if depth == 0 || s.phase == Over {
		return 1
	}
	if depth == 1 {
		return s.countMoves()
	}
	if !s.eager {
		s.eager = true
		defer func() { s.eager = false }()
	}
	if s.othelloLike() {
		p := int(s.cur)
		return bbPerft(s.bb[p+1], s.bb[2-p], s.bb[Empty], depth)
	}
	if depth == 2 && s.phase == Phase1 && !s.m.small {
		return s.perft2()
	}
	for len(s.pbuf) <= depth {
		s.pbuf = append(s.pbuf, make([]game.Action, 0, 32))
	}
	acts := s.LegalActions(int(s.cur), s.pbuf[depth][:0])
	s.pbuf[depth] = acts
	var n uint64
	for _, a := range acts {
		s.apply(a)
		n += s.Perft(depth - 1)
		s.Undo(a)
	}
	return n
}

// Targets lists the distinct legal target cells of the player to move
// (the count the official server prints).
func (s *State) Targets() []int {
	var out []int
	if s.phase == Over {
		return nil
	}
	for t, v := range s.board {
		if s.phase == Phase2 {
			if v != Hole {
				out = append(out, t)
			}
		} else if s.targetOK(t, int(s.cur)) {
			out = append(out, t)
		}
	}
	return out
}

// ParseAction reads "x,y" or "x,y,special" (the protocol's special byte:
// 0, 1..8, 20 or 21); it checks the syntax and the board, not legality.
func (s *State) ParseAction(str string) (game.Action, error) {
	parts := strings.Split(strings.TrimSpace(str), ",")
	if len(parts) < 2 || len(parts) > 3 {
		return game.NoAction, fmt.Errorf("move %q: want x,y or x,y,special", str)
	}
	var v [3]int
	for i, p := range parts {
		n, ok := parseInt(strings.TrimSpace(p))
		if !ok || n < 0 || n > 1<<20 {
			return game.NoAction, fmt.Errorf("move %q: %q is not a non-negative integer", str, p)
		}
		v[i] = int(n)
	}
	a, err := s.ProtocolAction(v[0], v[1], v[2])
	if err != nil {
		return game.NoAction, fmt.Errorf("move %q: %v", str, err)
	}
	return a, nil
}

// ProtocolAction is the action of a protocol move (x, y, special byte). In
// the bomb phase every special byte 0..255 is a bomb (code 0), as on the
// official server (spec §5.4, §8 rule 2); in phase 1 the byte must be 0,
// 1..8, 20 or 21. It checks the board, not legality.
func (s *State) ProtocolAction(x, y, special int) (game.Action, error) {
	if x < 0 || y < 0 || x >= s.m.Width || y >= s.m.Height {
		return game.NoAction, fmt.Errorf("(%d,%d) is outside the %d×%d board", x, y, s.m.Width, s.m.Height)
	}
	code := CodeOf(special)
	if s.phase == Phase2 && special >= 0 && special <= 255 {
		code = 0
	}
	if code < 0 {
		return game.NoAction, fmt.Errorf("special %d is not 0, 1..8, 20 or 21", special)
	}
	return MakeAction(s.m.Index(x, y), code), nil
}

// cellMarks marks cells without clearing between uses: cell c is marked
// in the current epoch e when m[c] == e, and a new epoch unmarks every
// cell at once (the slice is cleared only when the counter wraps).
type cellMarks struct {
	m []uint32
	e uint32
}

// fit sizes the marks for a board of n cells (all unmarked when resized).
func (k *cellMarks) fit(n int) {
	if len(k.m) != n {
		k.m, k.e = make([]uint32, n), 0
	}
}

// next starts a new epoch and returns it.
func (k *cellMarks) next() uint32 {
	k.e++
	if k.e == 0 {
		clear(k.m)
		k.e = 1
	}
	return k.e
}

// begin is fit then next.
func (k *cellMarks) begin(n int) uint32 {
	k.fit(n)
	return k.next()
}

// kept is k for a board of n cells, or no marks when its size differs.
func (k cellMarks) kept(n int) cellMarks {
	if len(k.m) != n {
		return cellMarks{}
	}
	return k
}
