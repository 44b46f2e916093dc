//go:build unix

package arena

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) of the process so far: on a
// shared machine benchmarks report work per CPU second beside wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
