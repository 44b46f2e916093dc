package reversixt

import "tourney/engines/game"

// LastMove implements game.Informer: the last phase-1 search's nodes and
// completed depth (zero after a phase-2 bomb, which does not search).
func (b *ParanoidBot) LastMove() game.MoveInfo { return b.Last.Info() }

// TimeShare is the factor on a time bank's even share the bot was given
// (time_share): the course client's clock spends the bank as tuned.
func (b *ParanoidBot) TimeShare() float64 { return b.cfg.Search.TimeShare }
