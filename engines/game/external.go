package game

import (
	"errors"
	"strconv"
	"time"
)

// This file holds the optional capabilities that let bots outside the Go
// program (engines/external) play: a JSON encoding of states, the text of
// maps, a game's begin and end for bots that hold a resource (a process)
// for the length of a game, and forfeit reasons carried by errors.

// JSONEncoder is an optional capability of states: AppendJSON appends the
// position as one JSON value (no newline), as seen by player. Each game
// documents its encoding in its doc.go ("JSON state encoding").
type JSONEncoder interface {
	AppendJSON(buf []byte, player int) []byte
}

// AppendJSONInt appends key (the JSON text before the number, such as
// `,"width":`) and n: one field of an AppendJSON encoding.
func AppendJSONInt(buf []byte, key string, n int64) []byte {
	return strconv.AppendInt(append(buf, key...), n, 10)
}

// AppendJSONBool appends key and b, as AppendJSONInt does n.
func AppendJSONBool(buf []byte, key string, b bool) []byte {
	return strconv.AppendBool(append(buf, key...), b)
}

// AppendJSONList appends the n values elem appends (elem(buf, i) for i =
// 0 .. n−1), separated by commas: the inside of a JSON array.
func AppendJSONList(buf []byte, n int, elem func(buf []byte, i int) []byte) []byte {
	for i := range n {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = elem(buf, i)
	}
	return buf
}

// MapTexter is an optional capability of maps that have a text file format
// (ReversiXT, Tourality): MapText returns the map in that format.
type MapTexter interface {
	MapText() string
}

// GameEnd is the outcome of a game as told to a bot.
type GameEnd struct {
	Ranks  []int
	Scores []float64
	// End is the game's end per seat (normal, max-length,
	// forfeit:<reason>), Reason the seat's own.
	End []string
}

// Lifecycle is an optional capability of bots: the arena calls BeginGame
// after Reset, before the first Step (m is the game's map, seat the bot's
// seat), and EndGame exactly once when the game is over, whatever the
// reason (also after a forfeit or an engine failure; then e may be
// incomplete). Bots that hold an external process for the game release it
// in EndGame.
type Lifecycle interface {
	BeginGame(m Map, seat int)
	EndGame(e GameEnd)
}

// FaultError is an error of Step that names its forfeit reason (games.csv
// `forfeit:<reason>`): "timeout", "crash", "protocol", "illegal".
type FaultError struct {
	Reason string
	Err    error
}

func (e *FaultError) Error() string { return e.Err.Error() }
func (e *FaultError) Unwrap() error { return e.Err }

// FaultReason returns the reason of a FaultError in err's chain, or def.
func FaultReason(err error, def string) string {
	var fe *FaultError
	if errors.As(err, &fe) && fe.Reason != "" {
		return fe.Reason
	}
	return def
}

// Observer is an optional capability of bots that relay a game move by
// move (the hosted ReversiXT server tells its client every move): the
// arena calls Moved after every move at a sequential node, with the state
// after it (read it during the call, do not keep it), after every joint
// move at a simultaneous node with player SimultaneousPlayer and action
// NoAction, and Eliminated when
// a seat is taken out (game.Eliminator games). Moves of an opening
// (Job.OpeningPlies) are played before the bots exist and are not
// observed, except when the position after them is no map
// (PositionMapper fails): a Lifecycle observer then gets the game's map
// and the opening's moves right after BeginGame.
type Observer interface {
	Moved(player int, a Action, after State)
	Eliminated(player int, after State)
}

// PositionMapper is an optional capability of states whose position can
// be written as a map of their game (ReversiXT: a map file carries the
// stones and the stocks). After opening plies (arena Job.OpeningPlies)
// the arena hands Lifecycle bots the position's map in BeginGame instead
// of the game's map, so that a bot that reads the map as the start of
// the game (the course's protocols) starts from the position. An error
// means the position is no map; the game's map is handed then.
type PositionMapper interface {
	PositionMap() (Map, error)
}

// Clocked is an optional capability of bots that keep their own clock
// under a time budget (the hosted ReversiXT server's time bank: the
// budget is added to the seat's bank each move, unused time carries
// over). MoveAllowance is how long the next Step may take, grace not
// included (at least b.Time); the arena asks for it right before that
// Step and counts the move late only after it. The bot enforces its
// clock itself (a Step past it returns a timeout FaultError).
type Clocked interface {
	MoveAllowance(b Budget) time.Duration
}

// NodeClocker is an optional capability of bots run as external programs
// (Lifecycle bots): NodeClocked reports whether the bot counts the nodes
// it searches and reports them with every move (a JSON-lines bot whose
// hello says "clock": "nodes"). The arena then plays it under a node
// clock exactly as an in-process bot (its move's time is the nodes its
// LastMove reports over the node rate) instead of the wall clock. Asked
// after BeginGame, before each Step; its answer is fixed for the game.
type NodeClocker interface {
	NodeClocked() bool
}

// ProcessTimer is an optional capability of bots run as external
// programs: ProcessCPU is the CPU time (user and system) the bot's
// processes (the process it runs and all of its descendants, those that
// exited included) consumed for the current game so far (engines/external
// documents what it can see on each system). tourney's own CPU time does
// not count it.
type ProcessTimer interface {
	ProcessCPU() time.Duration
}
