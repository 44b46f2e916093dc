//go:build !unix

package arena

import "time"

func cpuTime() time.Duration { return 0 }
