package reversixt

import "tourney/engines/game"

// LastMove implements game.Informer: the last phase-1 search's nodes and
// completed depth (zero after a phase-2 bomb, which does not search).
func (b *ParanoidBot) LastMove() game.MoveInfo { return b.Last.Info() }
