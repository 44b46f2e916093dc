package external

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// procAttr puts a bot in its own process group (so that a kill reaches
// the JVM or interpreter it may start) and asks the kernel to kill it
// when tourney dies without cleaning up (SIGKILL of tourney). The first
// call makes tourney a child subreaper: orphans of a bot's processes
// re-parent to tourney, which kills and reaps them (killTagged).
func procAttr() *syscall.SysProcAttr {
	subreaper.Do(func() {
		const prSetChildSubreaper = 36
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	})
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

var subreaper sync.Once

func killGroup(pid int) {
	if pid > 0 {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
}

func canTrack() bool {
	_, err := os.Stat("/proc/self/stat")
	return err == nil
}

// pinfo is a process as /proc shows it.
type pinfo struct {
	pid, ppid, pgid int
	state           byte
	start           uint64 // start time (clock ticks after boot)
	comm            string
	tag             string // its TagEnv ("" when none or unreadable)
}

// readStat reads /proc/PID/stat.
func readStat(pid int) (pinfo, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return pinfo{}, false
	}
	i, j := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if i < 0 || j < i {
		return pinfo{}, false
	}
	f := strings.Fields(string(b[j+1:]))
	if len(f) < 20 {
		return pinfo{}, false
	}
	p := pinfo{pid: pid, comm: string(b[i+1 : j]), state: f[0][0]}
	p.ppid, _ = strconv.Atoi(f[1])
	p.pgid, _ = strconv.Atoi(f[2])
	p.start, _ = strconv.ParseUint(f[19], 10, 64)
	return p, true
}

// procStart is a process's start time (0: gone).
func procStart(pid int) uint64 {
	p, ok := readStat(pid)
	if !ok || p.state == 'Z' {
		return 0
	}
	return p.start
}

// sameProc tells whether pid is still the process that started at start
// (ok), and whether it is alive rather than a zombie (a zombie of
// tourney's is reaped by killPid).
func sameProc(pid int, start uint64) (alive, ok bool) {
	p, found := readStat(pid)
	if !found || p.start != start {
		return false, false
	}
	return p.state != 'Z', true
}

// readTag reads TagEnv from a process's environment.
func readTag(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return ""
	}
	key := []byte(TagEnv + "=")
	for _, kv := range bytes.Split(b, []byte{0}) {
		if bytes.HasPrefix(kv, key) {
			return string(kv[len(key):])
		}
	}
	return ""
}

// selfStart is tourney's start time: processes older than tourney are
// not its bots' (their environment is not read).
var selfStart = procStart(os.Getpid())

// allProcs lists the processes, with their tags when withTags, read only
// from processes that started at minStart or later.
func allProcs(withTags bool, minStart uint64) []pinfo {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	out := make([]pinfo, 0, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		p, ok := readStat(pid)
		if !ok {
			continue
		}
		if withTags && p.state != 'Z' && p.start >= minStart {
			p.tag = readTag(pid)
		}
		out = append(out, p)
	}
	return out
}

// taggedProcs lists the live processes whose tag starts with prefix.
func taggedProcs(prefix string) []pinfo {
	var out []pinfo
	for _, p := range allProcs(true, 0) {
		if p.tag != "" && strings.HasPrefix(p.tag, prefix) {
			out = append(out, p)
		}
	}
	return out
}

// killPid kills a process with SIGKILL; a child of tourney is reaped.
func killPid(pid int) bool {
	if syscall.Kill(pid, syscall.SIGKILL) != nil {
		return false
	}
	reapOrphans([]int{pid})
	return true
}

// killTagged ends what a bot process left behind once it has exited:
// the members of its process group and every process carrying its tag
// (a tag ending in "/" is a run: all of its processes), except the pids
// in skip (processes tourney waits for itself). Orphans re-parented to
// tourney are reaped. It returns the CPU time those processes (and their
// descendants) had consumed (cpu.go), read as they are killed.
func killTagged(tag string, pgid int, skip map[int]bool) time.Duration {
	var victims []int
	var cpu time.Duration
	for _, p := range allProcs(true, selfStart) {
		if skip[p.pid] {
			continue
		}
		mine := (pgid > 0 && p.pgid == pgid) || p.tag == tag || (strings.HasSuffix(tag, "/") && strings.HasPrefix(p.tag, tag))
		if !mine {
			continue
		}
		if p.state != 'Z' {
			syscall.Kill(p.pid, syscall.SIGKILL)
		}
		victims = append(victims, p.pid)
	}
	for _, pid := range victims {
		// a killed process's times stay readable until it is reaped
		c, _, _ := statCPU(pid)
		cpu += c
	}
	reapOrphans(victims)
	return cpu
}

// reapOrphans waits (up to five seconds: a loaded machine can take
// more than one to tear a killed process down) for killed processes to
// go: those that are tourney's children (orphans adopted as subreaper, now or once
// their parent is gone) are reaped here.
func reapOrphans(pids []int) {
	me := os.Getpid()
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for {
			p, ok := readStat(pid)
			if !ok {
				break
			}
			if p.ppid == me {
				var ws syscall.WaitStatus
				if got, _ := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); got == pid {
					break
				}
			} else if p.state == 'Z' {
				break // dead: its parent (or init) reaps it
			}
			if time.Now().After(deadline) {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
}

// reapAdopted reaps the zombie children of tourney that were process
// group leaders and are not processes tourney waits for (skip): bots of
// a killed tourney process that re-parented to this one as a subreaper
// (its parent, a test, say) before anyone recorded them.
func reapAdopted(skip map[int]bool) {
	me := os.Getpid()
	for _, p := range allProcs(false, 0) {
		if p.ppid == me && p.state == 'Z' && p.pgid == p.pid && !skip[p.pid] {
			var ws syscall.WaitStatus
			syscall.Wait4(p.pid, &ws, syscall.WNOHANG, nil)
		}
	}
}

// pendingBytes is how many bytes wait in a pipe (FIONREAD), without
// reading them.
func pendingBytes(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	rc.Control(func(fd uintptr) {
		var v int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); e == 0 {
			n = int(v)
		}
	})
	return n
}

// peerOwned tells whether the peer of a loopback connection c (accepted
// by tourney) is a process of the bot p started: the process itself, a
// descendant, or a process carrying its tag. It finds the peer's socket
// (local and remote ports swapped) in /proc/net/tcp and tcp6, and that
// socket's inode among those processes' descriptors. who describes the
// peer when it is refused.
func peerOwned(c net.Conn, p *proc) (ok bool, who string) {
	la, ok1 := c.LocalAddr().(*net.TCPAddr)
	ra, ok2 := c.RemoteAddr().(*net.TCPAddr)
	if !ok1 || !ok2 {
		return true, ""
	}
	inode := peerInode(ra.Port, la.Port)
	if inode == "" {
		return false, fmt.Sprintf("%s (no such socket in /proc/net/tcp)", ra)
	}
	link := "socket:[" + inode + "]"
	ps := allProcs(true, selfStart)
	kids := map[int][]int{}
	for _, q := range ps {
		kids[q.ppid] = append(kids[q.ppid], q.pid)
	}
	cand := map[int]bool{p.pid: true}
	stack := []int{p.pid}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range kids[x] {
			if !cand[k] {
				cand[k] = true
				stack = append(stack, k)
			}
		}
	}
	for _, q := range ps {
		if q.tag == p.tag {
			cand[q.pid] = true
		}
	}
	for pid := range cand {
		if hasFd(pid, link) {
			return true, ""
		}
	}
	for _, q := range ps {
		if hasFd(q.pid, link) {
			return false, fmt.Sprintf("%s, pid %d (%s)", ra, q.pid, q.comm)
		}
	}
	return false, fmt.Sprintf("%s (a process tourney cannot inspect)", ra)
}

// peerInode finds the inode of the TCP socket whose local port is lport
// and remote port rport.
func peerInode(lport, rport int) string {
	want := fmt.Sprintf(":%04X", lport)
	wantR := fmt.Sprintf(":%04X", rport)
	for _, file := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 10 || !strings.HasSuffix(fs[1], want) || !strings.HasSuffix(fs[2], wantR) || fs[9] == "0" {
				continue
			}
			f.Close()
			return fs[9]
		}
		f.Close()
	}
	return ""
}

func hasFd(pid int, link string) bool {
	dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if l, err := os.Readlink(dir + e.Name()); err == nil && l == link {
			return true
		}
	}
	return false
}

// botState tells what process pid is doing (settle): stateRunning if a
// thread runs or is runnable (state R in /proc/PID/task/TID/stat),
// stateReading if none does and one waits in a pipe read (its wait
// channel), stateIdle if none does (a poll, a sleep; or wait channels
// hidden), stateUnknown where /proc does not say.
func botState(pid int) int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return stateUnknown
	}
	st := stateIdle
	for _, e := range ents {
		b, err := os.ReadFile(dir + "/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || i+2 >= len(b) {
			return stateUnknown
		}
		if b[i+2] == 'R' {
			return stateRunning
		}
		if w, _ := os.ReadFile(dir + "/" + e.Name() + "/wchan"); bytes.Contains(w, []byte("pipe")) {
			st = stateReading
		}
	}
	return st
}
