package game

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Action is a move. Its meaning is the game's own (a column, a cell index,
// a bid, a turn); actions of a state are small non-negative integers.
type Action int32

// NoAction is what a player contributes to a simultaneous node when it has
// no legal action (an eliminated snake, say). It is never a legal action.
const NoAction Action = -1

// Special values of State.CurrentPlayer.
const (
	// SimultaneousPlayer means every live player chooses an action at once;
	// the state must implement JointApplier.
	SimultaneousPlayer = -2
	// TerminalPlayer means the game is over.
	TerminalPlayer = -4
)

// Info describes a game.
type Info struct {
	Name string // short lower-case name used on the command line and in TOML
	Doc  string // one line for `tourney list`

	MinPlayers, MaxPlayers int

	// Simultaneous is true when some nodes of the game are simultaneous-move
	// nodes (CurrentPlayer returns SimultaneousPlayer there).
	Simultaneous bool

	// MaxLength bounds the number of Apply/ApplyJoint calls of a game.
	// The arena adjudicates a game that reaches it by Returns ("max-length").
	MaxLength int

	// HasMaps is true when the game is played on maps that users may supply
	// as files; otherwise Maps lists the game's fixed variants.
	HasMaps bool
}

// Map is a playing field (or a fixed game variant). It is immutable and may
// be shared by any number of states and goroutines.
type Map interface {
	Name() string
	Players() int // seats of a game on this map
}

// Game creates states and lists its maps and bots. A Game value is
// immutable and safe for concurrent use.
type Game interface {
	Info() Info
	// Maps lists the built-in map names; the first is the default.
	Maps() []string
	// LoadMap returns a built-in map by name, or reads a map file by path.
	// Errors name the file and line where they can.
	LoadMap(nameOrPath string) (Map, error)
	// NewState returns the initial state on m. Games whose setup is random
	// (start positions, board size) derive it from seed and nothing else.
	NewState(m Map, seed uint64) (State, error)
	// Bots lists the game's bots; the first is the default bot.
	Bots() []BotSpec
}

// State is a position of a game, with its history as far as the rules need
// it. Methods must not be called concurrently on one State; clones are
// independent.
type State interface {
	NumPlayers() int
	// CurrentPlayer is the seat to move (0-based), SimultaneousPlayer, or
	// TerminalPlayer.
	CurrentPlayer() int
	// LegalActions appends the legal actions of player to buf and returns
	// it. It is empty at terminal states and for a player who is not to
	// move. The order is stable (part of determinism).
	LegalActions(player int, buf []Action) []Action
	// Apply plays the current player's action at a sequential node. It
	// panics on an illegal action (callers check legality first).
	Apply(a Action)
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Returns appends one value per player to buf: the raw score (stones,
	// chips, 1 for a win) with higher better. At a terminal state it is
	// final; before, it is the score the game would be adjudicated by.
	Returns(buf []float64) []float64
	// MoveNumber counts the Apply/ApplyJoint calls so far.
	MoveNumber() int
	Clone() State
	// ActionString names an action the way the game's users write it.
	ActionString(player int, a Action) string
	// String draws the position (for logs and tests).
	String() string
}

// JointApplier is implemented by states of simultaneous games.
type JointApplier interface {
	// ApplyJoint plays one action per player (NoAction for players that
	// have no legal action) at a simultaneous node.
	ApplyJoint(actions []Action)
}

// Undoer is an optional capability: Undo takes back the last Apply, which
// played a. Searches use it instead of Clone when it is there.
type Undoer interface {
	Undo(a Action)
}

// Hasher is an optional capability: a hash of the position (including the
// player to move) for transposition tables.
type Hasher interface {
	Hash() uint64
}

// SeedFree is an optional capability of a game: on map m neither its
// setup nor its rules draw from the game's seed, so two games on m with
// the same opening and the same moves are the same game (statistics.md
// §8: identical games are one observation). A game that does not say so
// is taken to draw from its seed (a generated board, chance in the rules).
type SeedFree interface {
	SeedFree(m Map) bool
}

// Opener is an optional capability of a game: the number of seeded
// random plies that open every deal of a tournament when a scenario does
// not set opening_plies (0 when the game has its own variety, e.g. a
// board generated from the seed, or when random plies would change what
// is measured).
type Opener interface {
	DefaultOpeningPlies() int
}

// Ranker is an optional capability for games whose ranking is not simply
// "higher return is better" (disqualified players, tie rules). Ranks
// appends one rank per player, 1 = best, ties sharing the better rank.
type Ranker interface {
	Ranks(buf []int) []int
}

// Ranks returns the ranks of a state's players: the game's own (Ranker) or
// derived from Returns (ties share the better rank).
func Ranks(s State) []int {
	if r, ok := s.(Ranker); ok {
		return r.Ranks(nil)
	}
	return RanksFromScores(s.Returns(nil))
}

// RanksFromScores ranks scores, higher better: rank 1 + the number of
// strictly better scores.
func RanksFromScores(scores []float64) []int {
	ranks := make([]int, len(scores))
	for i, si := range scores {
		r := 1
		for _, sj := range scores {
			if sj > si {
				r++
			}
		}
		ranks[i] = r
	}
	return ranks
}

// Budget limits one move's work. The zero value means "the bot's own
// default". At most one of Depth, Nodes and Time is normally set.
//
// A Time with NodeRate > 0 is a clock in nodes (in the spirit of
// Stockfish's nodestime; product.md §6): a move's time is the nodes it
// searches divided by NodeRate, so time management and search efficiency
// act as under a wall clock while every game replays to the last byte.
// Bank makes the clock the contest's time bank (reversixt.md §8.4):
// Time is added to the seat's bank before each of its moves and what a
// move leaves over carries over. The arena keeps the bank and hands the
// move its balance in Left: in nodes under a node clock, in nanoseconds
// of wall time otherwise. A bot turns a clock into its own search budget
// with search.Allot.
type Budget struct {
	Depth int           // plies of search
	Nodes int64         // search nodes
	Time  time.Duration // wall clock (not reproducible), or a node clock's time
	// NodeRate, nodes per second, makes Time a clock counted in nodes.
	NodeRate int64
	// Bank: Time is the bank's increment per move (a clock only).
	Bank bool
	// Left is the bank's balance for this move, this move's increment
	// included (set by the arena under a Bank clock; 0 otherwise).
	Left int64
}

// IsZero reports whether no limit is set.
func (b Budget) IsZero() bool { return b.Depth == 0 && b.Nodes == 0 && b.Time == 0 }

// NodeClock reports whether the budget is a clock counted in nodes.
func (b Budget) NodeClock() bool { return b.Time > 0 && b.NodeRate > 0 }

// ClockNodes is the number of nodes worth d under the budget's node rate
// (integer arithmetic, the same on every machine; at least 1).
func (b Budget) ClockNodes(d time.Duration) int64 {
	return max(d.Microseconds()*b.NodeRate/1_000_000, 1)
}

// WallClock returns the budget as a bot that cannot count nodes plays it
// (an external program that is no NodeClocker): the same time on the
// wall clock.
func (b Budget) WallClock() Budget {
	b.NodeRate, b.Left = 0, 0
	return b
}

func (b Budget) String() string {
	switch {
	case b.Depth > 0:
		return fmt.Sprintf("depth=%d", b.Depth)
	case b.Nodes > 0:
		return fmt.Sprintf("nodes=%d", b.Nodes)
	case b.Time > 0:
		s := fmt.Sprintf("time=%s", b.Time)
		if b.NodeRate > 0 {
			s += fmt.Sprintf(",node_rate=%d", b.NodeRate)
		}
		if b.Bank {
			s += ",bank"
		}
		return s
	}
	return "default"
}

// Bot chooses actions. A Bot value plays one seat of one game at a time;
// the arena makes a new bot (or calls Reset) for every game.
type Bot interface {
	// Reset prepares the bot for a new game; all of its randomness must
	// come from seed.
	Reset(seed uint64)
	// Step returns player's action in s. s is the bot's own copy: it may
	// be changed freely. The bot must honour ctx (cancellation and time
	// deadlines) and b; an illegal action, an error or a panic forfeits.
	Step(ctx context.Context, s State, player int, b Budget) (Action, error)
}

// ActionChecker is an optional capability for games with many legal
// actions (Groker's bids): the arena checks a bot's action with IsLegal
// and asks HasLegal at simultaneous nodes instead of listing
// LegalActions. Both must agree with LegalActions.
type ActionChecker interface {
	IsLegal(player int, a Action) bool
	HasLegal(player int) bool
}

// Canonicalizer is an optional capability of games in which several
// actions mean one move (ReversiXT's bomb with any special byte, which
// the official server accepts). Canonical maps a to the action that
// LegalActions lists for that move (a itself when there is none). With
// it, IsLegal(p, a) must agree with LegalActions on Canonical(p, a), and
// the arena applies and records the canonical action.
type Canonicalizer interface {
	Canonical(player int, a Action) Action
}

// ReadOnlyBot is an optional capability of bots that never change the
// state given to Step (they only read it). The arena then hands them its
// own state instead of a clone. A bot that searches by Apply and Undo is
// not read-only.
type ReadOnlyBot interface {
	ReadOnly() bool
}

// Forfeiter is an optional capability of games whose rules record a
// forfeiting player with a penalty score (Groker and Tourality: −1).
// Without it a forfeiter keeps its current return; it ranks last either
// way.
type Forfeiter interface {
	ForfeitScore(player int) float64
}

// Eliminator is an optional capability of games whose rules take a
// faulty player out and play on without it (ReversiXT's disqualification).
// When a seat forfeits (panic, error, illegal move, timeout or hang) the
// arena calls Eliminate instead of ending the game. Afterwards the state
// never gives that seat a turn (at simultaneous nodes it has no legal
// action and its joint action is NoAction), and Returns and Ranks account
// for it (ReversiXT: score 0, last rank). Eliminate is not undoable.
type Eliminator interface {
	Eliminate(player int)
}

// Replayer is an optional capability of games with a recorded-game format
// (Spe_ed's official logs): Replay checks a recording against the engine
// state by state and returns the number of states reproduced, or an error
// naming the first difference.
type Replayer interface {
	Replay(r io.Reader) (states int, err error)
}
