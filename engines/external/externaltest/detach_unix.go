//go:build unix

package externaltest

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// startDetached starts this binary in ModeSleeper in a new session.
func startDetached() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	c := exec.Command(exe)
	c.Env = append(os.Environ(), Env+"="+ModeSleeper)
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := c.Start(); err != nil {
		return err
	}
	if f := os.Getenv("TOURNEY_FAKE_PIDFILE"); f != "" {
		os.WriteFile(f, []byte(strconv.Itoa(c.Process.Pid)), 0o644)
	}
	return nil
}
