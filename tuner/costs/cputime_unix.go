//go:build unix

package costs

import (
	"syscall"
	"time"

	"tourney/engines/external"
)

// ProcessCPU is the CPU time (user + system) of this process so far and
// of every external bot process it started (external.ProcessCPU: their
// process trees, those that ended included). getrusage of tourney alone
// does not see its bots while they run: a calibration, validate's
// estimate and a CPU budget that counted only tourney's missed an
// external bot's whole search (an estimate of 0.8 ms a game for a run of
// 2.3 s of CPU, issue 39).
func ProcessCPU() time.Duration {
	return selfCPU() + external.ProcessCPU()
}

// selfCPU is the CPU time (user + system) of this process so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
