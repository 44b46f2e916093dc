package external

import (
	"time"

	"tourney/engines/game"
)

var (
	_ game.ProcessTimer = (*rxtBot)(nil)
	_ game.ProcessTimer = (*speedBot)(nil)
)

// ProcessCPU is the CPU time of the seat's process tree in this game
// (the hosted protocols start one process a seat and game; cpu.go). Ask
// from the goroutine that plays the game, as the arena asks LastMove.
func (b *rxtBot) ProcessCPU() time.Duration { return b.hosted.processCPU() }

// ProcessCPU is the CPU time of the seat's process tree in this game
// (one process a seat and game; cpu.go). Ask from the goroutine that
// plays the game, as the arena asks LastMove.
func (b *speedBot) ProcessCPU() time.Duration { return b.hosted.processCPU() }

func (h *hosted) processCPU() time.Duration {
	if h.pr != nil {
		return h.pr.treeCPU()
	}
	return h.cpu
}
