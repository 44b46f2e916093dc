package external

import "syscall"

// On Windows killGroup does nothing: the process itself is killed by its
// owner (proc.go); what it started is not tracked.

func procAttr() *syscall.SysProcAttr { return nil }

func killGroup(int) {}
