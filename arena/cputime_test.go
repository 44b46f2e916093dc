package arena

import "tourney/internal/proccpu"

// cpuTime is the CPU time (user + system) of the process so far: on a
// shared machine benchmarks report work per CPU second beside wall time.
var cpuTime = proccpu.Self
