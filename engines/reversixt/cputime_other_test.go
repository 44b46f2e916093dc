//go:build !unix

package reversixt

import "time"

func cpuTime() time.Duration { return 0 }
