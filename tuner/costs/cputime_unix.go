//go:build unix

package costs

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time (user + system) of this process so far.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
