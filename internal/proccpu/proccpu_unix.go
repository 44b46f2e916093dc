//go:build unix

// Package proccpu is the CPU time of the running process, for the
// benchmarks that report work per CPU second beside wall time on a
// shared machine. It imports the standard library only.
package proccpu

import (
	"syscall"
	"time"
)

// Self is the CPU time (user + system) of the process so far; 0 when
// the system does not say.
func Self() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
