//go:build !linux

package external

import "time"

// Without /proc a running process's CPU time is not read: it is counted
// from its rusage once it has been reaped (cpu.go).
func liveTreeCPU(*proc) (time.Duration, bool) { return 0, false }
