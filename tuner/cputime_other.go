//go:build !unix

package tuner

import "time"

var cpuStart = time.Now()

// processCPU falls back to the wall clock where rusage is not available.
func processCPU() time.Duration { return time.Since(cpuStart) }
