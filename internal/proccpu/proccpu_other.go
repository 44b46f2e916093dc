//go:build !unix

// Package proccpu is the CPU time of the running process, for the
// benchmarks that report work per CPU second beside wall time on a
// shared machine. It imports the standard library only.
package proccpu

import "time"

// Self is 0: this system's process CPU time is not read.
func Self() time.Duration { return 0 }
