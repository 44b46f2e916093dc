package external

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"time"
)

// userHZ is the unit of the times in /proc/PID/stat (USER_HZ: 100 on
// every Linux architecture, whatever the kernel's own tick).
const userHZ = 100

// statCPU reads a process's CPU time from /proc/PID/stat: its own (utime
// and stime, all of its threads) and that of the children it has reaped
// (cutime and cstime); start is its start time.
func statCPU(pid int) (cpu time.Duration, start uint64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	j := bytes.LastIndexByte(b, ')')
	if j < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(b[j+1:]))
	if len(f) < 20 {
		return 0, 0, false
	}
	var ticks uint64
	for _, k := range []int{11, 12, 13, 14} { // utime stime cutime cstime (fields 14-17)
		v, _ := strconv.ParseUint(f[k], 10, 64)
		ticks += v
	}
	start, _ = strconv.ParseUint(f[19], 10, 64)
	return time.Duration(ticks) * (time.Second / userHZ), start, true
}

// childPids lists pid's children from /proc/PID/task/TID/children (ok is
// false where the kernel has no such file).
func childPids(pid int) (kids []int, ok bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, true // gone
	}
	for _, e := range ents {
		b, err := os.ReadFile(dir + e.Name() + "/children")
		if err != nil {
			if os.IsNotExist(err) {
				if _, err := os.Stat(dir + e.Name()); err == nil {
					return nil, false // the thread is there, its children file is not
				}
			}
			continue
		}
		for _, s := range strings.Fields(string(b)) {
			if k, err := strconv.Atoi(s); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids, true
}

// subtreeCPU sums statCPU over root and its descendants.
func subtreeCPU(root int) time.Duration {
	var kidsOf map[int][]int // by parent pids, where children files are missing
	var t time.Duration
	stack := []int{root}
	seen := map[int]bool{}
	for len(stack) > 0 {
		pid := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		cpu, _, ok := statCPU(pid)
		if !ok {
			continue
		}
		t += cpu
		kids, ok := childPids(pid)
		if !ok {
			if kidsOf == nil {
				kidsOf = map[int][]int{}
				for _, q := range allProcs(false, 0) {
					kidsOf[q.ppid] = append(kidsOf[q.ppid], q.pid)
				}
			}
			kids = kidsOf[pid]
		}
		stack = append(stack, kids...)
	}
	return t
}

// liveTreeCPU reads the CPU time of p's tree (cpu.go): the process and
// its descendants. Orphans of the tree that re-parented to tourney are
// counted when the process ends (killTagged, in reap), not here: finding
// them takes a read of every child's environment.
func liveTreeCPU(p *proc) (time.Duration, bool) {
	if !canTrack() {
		return 0, false
	}
	return subtreeCPU(p.pid), true
}
