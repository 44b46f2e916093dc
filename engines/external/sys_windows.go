package external

import "syscall"

// Windows has no process groups for os/exec to use: killGroup does nothing,
// and the process itself is killed by its owner (proc.go).

func procAttr() *syscall.SysProcAttr { return nil }

func killGroup(int) {}
