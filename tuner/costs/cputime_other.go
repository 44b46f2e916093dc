//go:build !unix

package costs

import "time"

var cpuStart = time.Now()

// ProcessCPU falls back to the wall clock where rusage is not available.
func ProcessCPU() time.Duration { return time.Since(cpuStart) }
