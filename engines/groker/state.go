package groker

import (
	"fmt"
	"strconv"
	"sync/atomic"

	"tourney/engines/game"
)

// Round is one completed round: both bids and both bank totals after it.
type Round struct {
	Bid   [2]int32
	Total [2]int64
}

// history is an append-only list of rounds shared by a state and its
// clones. A state owns the slot after its own rounds only if it wins the
// compare-and-swap on used; a state that loses (a clone, or the original
// after a clone moved on) copies its rounds into a new history. Slots below
// a state's round count are never written again, so clones read them
// without locks.
type history struct {
	v    *Variant
	used atomic.Int32
	r    []Round // fixed length; grows by copying into a new history
}

// State is a Groker position: the rounds played so far (with the bank
// totals after each) and, through the shared history, the variant. Clone
// copies two words.
type State struct {
	h     *history
	n     int32 // rounds played
	ended bool  // cached end test of the last round (the hot path asks often)
}

// NewState returns the position before round 1 of variant v.
func NewState(v *Variant) *State {
	return &State{h: &history{v: v, r: make([]Round, min(v.MaxRounds, 256))}}
}

// Bank returns what each player banks in a round with bids b1, b2 under the
// band rule (spec §1.4): both their own bid if |b1−b2| ≤ band, else only
// the lower bidder.
func Bank(b1, b2 int64, band int64) (g1, g2 int64) {
	d := b1 - b2
	switch {
	case d <= band && -d <= band:
		return b1, b2
	case b1 < b2:
		return b1, 0
	default:
		return 0, b2
	}
}

// Ends reports whether bank totals t1, t2 end the game early under v.
func (v *Variant) Ends(t1, t2 int64) bool {
	d := t1 - t2
	if d < 0 {
		d = -d
	}
	if v.EndStrict {
		return d > v.EndMargin
	}
	return d >= v.EndMargin
}

// Variant returns the rules of the game.
func (s *State) Variant() *Variant { return s.h.v }

func (s *State) totals() [2]int64 {
	if s.n == 0 {
		return [2]int64{}
	}
	return s.h.r[s.n-1].Total
}

func (s *State) over() bool { return s.ended }

// overNow evaluates the end conditions after the last round.
func (s *State) overNow() bool {
	if s.n == 0 {
		return false
	}
	v := s.h.v
	t := &s.h.r[s.n-1].Total
	return int(s.n) >= v.MaxRounds || v.Ends(t[0], t[1])
}

// Rounds is the number of completed rounds.
func (s *State) Rounds() int { return int(s.n) }

// History returns the completed rounds, oldest first. The slice is shared
// with the state and its clones: read it, never write it.
func (s *State) History() []Round { return s.h.r[:s.n:s.n] }

// Total returns player p's bank total.
func (s *State) Total(p int) int64 { return s.totals()[p] }

// Play plays one round with the bids of seat 0 and seat 1. It panics if the
// game is over or a bid is outside 1..MaxBid.
func (s *State) Play(b0, b1 int) {
	if s.over() {
		panic(fmt.Sprintf("groker: bids %d, %d after the end of the game", b0, b1))
	}
	if b0 < 1 || b0 > MaxBid || b1 < 1 || b1 > MaxBid {
		panic(fmt.Sprintf("groker: illegal bids %d, %d (valid: 1..%d)", b0, b1, MaxBid))
	}
	g0, g1 := Bank(int64(b0), int64(b1), int64(s.h.v.Band))
	t := s.totals()
	s.push(Round{Bid: [2]int32{int32(b0), int32(b1)}, Total: [2]int64{t[0] + g0, t[1] + g1}})
}

func (s *State) push(r Round) {
	h := s.h
	if int(s.n) < len(h.r) && h.used.CompareAndSwap(s.n, s.n+1) {
		h.r[s.n] = r
	} else {
		nh := &history{v: h.v, r: make([]Round, max(2*len(h.r), int(s.n)+1, 16))}
		copy(nh.r, h.r[:s.n])
		nh.r[s.n] = r
		nh.used.Store(s.n + 1)
		s.h = nh
	}
	s.n++
	s.ended = s.overNow()
}

// --- game.State ---

func (s *State) NumPlayers() int { return 2 }

func (s *State) CurrentPlayer() int {
	if s.over() {
		return game.TerminalPlayer
	}
	return game.SimultaneousPlayer
}

// bidActions holds the actions 1..MaxBid; LegalActions copies it.
var bidActions = func() (a [MaxBid]game.Action) {
	for i := range a {
		a[i] = game.Action(i + 1)
	}
	return a
}()

// LegalActions lists the bids 1..MaxBid (the action is the bid) for both
// players while the game runs.
func (s *State) LegalActions(player int, buf []game.Action) []game.Action {
	if player < 0 || player > 1 || s.over() {
		return buf
	}
	return append(buf, bidActions[:]...)
}

// Apply panics: Groker has no sequential nodes.
func (s *State) Apply(a game.Action) {
	panic(fmt.Sprintf("groker: Apply(%d) at a simultaneous node (use ApplyJoint)", a))
}

// ApplyJoint plays a round with one bid per seat (game.JointApplier).
func (s *State) ApplyJoint(actions []game.Action) {
	if len(actions) != 2 {
		panic(fmt.Sprintf("groker: ApplyJoint with %d actions, want 2", len(actions)))
	}
	s.Play(int(actions[0]), int(actions[1]))
}

func (s *State) IsTerminal() bool { return s.over() }

// Returns are the bank totals (chips).
func (s *State) Returns(buf []float64) []float64 {
	t := s.totals()
	return append(buf, float64(t[0]), float64(t[1]))
}

// MoveNumber is the number of rounds played.
func (s *State) MoveNumber() int { return int(s.n) }

func (s *State) Clone() game.State { c := *s; return &c }

func (s *State) ActionString(player int, a game.Action) string { return strconv.Itoa(int(a)) }

// String shows the round count, the totals and the last round's bids.
func (s *State) String() string {
	t := s.totals()
	str := fmt.Sprintf("groker %s round %d/%d banks %d:%d", s.h.v.name, s.n, s.h.v.MaxRounds, t[0], t[1])
	if s.n > 0 {
		r := s.h.r[s.n-1]
		str += fmt.Sprintf(" last bids %d:%d", r.Bid[0], r.Bid[1])
	}
	if s.over() {
		str += " over"
	}
	return str
}

// IsLegal implements game.ActionChecker: a bid of 1..MaxBid while the
// game runs (the arena checks bids without listing all of them).
func (s *State) IsLegal(player int, a game.Action) bool {
	return player >= 0 && player <= 1 && !s.over() && a >= 1 && a <= MaxBid
}

// HasLegal implements game.ActionChecker: both players bid every round.
func (s *State) HasLegal(player int) bool { return player >= 0 && player <= 1 && !s.over() }

// ForfeitScore implements game.Forfeiter: the rules record a forfeiting
// player's score as −1 (groker.md).
func (s *State) ForfeitScore(int) float64 { return -1 }
