package game

// MoveInfo is what a bot that searches reports about its last move. The
// zero value means "not reported" (a bot that does not search).
type MoveInfo struct {
	// Nodes is the number of search nodes the move cost (all iterations).
	Nodes int64
	// Depth is the depth (plies, or the game's own horizon unit) of the
	// deepest completed search iteration; 0 when none completed.
	Depth int
}

// Informer is an optional capability of bots that search: LastMove
// describes the work of the bot's last Step. The arena asks for it right
// after every Step that returned a move, on the same goroutine (games.csv
// sums it per seat; game records keep it per move).
type Informer interface {
	LastMove() MoveInfo
}
