//go:build unix

package lock

import (
	"os/exec"
	"strings"
	"testing"
)

// A directory locked by one holder refuses a second (in this process:
// flock locks belong to the open file, so a second open conflicts) and
// another process; unlocking frees it.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	unlock, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Dir(dir)
	if err == nil || !strings.Contains(err.Error(), "in use by another tourney process (pid ") {
		t.Fatalf("second lock: %v", err)
	}
	if flock, err := exec.LookPath("flock"); err == nil {
		// Another process: flock(1) -n fails at once when the lock is held.
		if err := exec.Command(flock, "-n", dir+"/"+FileName, "true").Run(); err == nil {
			t.Error("another process took the held lock")
		}
	}
	unlock()
	unlock2, err := Dir(dir)
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	unlock2()
	if _, err := Dir(dir + "/missing"); err == nil {
		t.Error("locked a missing directory")
	}
}
