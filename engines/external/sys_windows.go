package external

import "syscall"

func procAttr() *syscall.SysProcAttr { return nil }

func killGroup(int) {}
