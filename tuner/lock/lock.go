//go:build unix

package lock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// FileName is the lock file Dir keeps in a results directory. It
// stays after the run (removing it would let two later processes lock two
// different files); it holds the pid of the last process that locked it.
const FileName = ".tourney.lock"

// Dir takes an exclusive lock on a results directory (flock on
// DIR/.tourney.lock, created as needed; dir must exist), so that two
// processes never write one directory at once (two `sweep --resume DIR`).
// The lock is released by unlock, or by the kernel when the process ends
// however it ends (kill -9 included). A directory locked by another
// process gives an error naming it and that process.
func Dir(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %v", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder := ""
		if b, rerr := os.ReadFile(path); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				holder = fmt.Sprintf(" (pid %d)", pid)
			}
		}
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s: results directory is in use by another tourney process%s; wait for it to end or choose another directory", dir, holder)
		}
		return nil, fmt.Errorf("locking %s: %v", dir, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
