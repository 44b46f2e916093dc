package external

import "syscall"

// procAttr puts a bot in its own process group (so that a kill reaches
// the JVM or interpreter it may start) and asks the kernel to kill it
// when tourney dies without cleaning up (SIGKILL of tourney).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killGroup(pid int) {
	if pid > 0 {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
}
